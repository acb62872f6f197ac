import Foundation
import Motion
import Viewing
import FeelFiles
import PhotoFiles
import Diagnostics
import FeelModel

/// A recorded motion read for `fit` and `parity`: a CSV with a time column (seconds) and one or
/// more quantities, or a PhotoZoom state log, whose quantities are the photo's edges, centre and size
/// (points), scale, rotation and backdrop.
package enum ReferenceMotion {
    /// Which part of a recording to read.
    package enum Span: Hashable, Sendable {
        /// Everything (a CSV); for a state log, its first flight.
        case whole
        /// A state log's Nth flight (from 1): a run of opening or closing frames and the frame after it.
        case flight(Int)
        /// Samples from `from` to `to` seconds, both included.
        case between(from: Double, to: Double)
    }

    /// The quantities a state log offers, points unless said: the photo's left, top, right and
    /// bottom edges (axis-aligned, before rotation), centre, size, scale (width over the first
    /// presented width), rotation (rad) and backdrop (opacity 0–1).
    package static let stateLogQuantities = ["left", "top", "right", "bottom", "x", "y", "width", "height",
                                            "scale", "rotation", "backdrop"]

    /// The names a time column goes by when none is named (case-insensitive).
    package static let timeColumnNames = ["t", "time", "seconds", "time_s"]

    /// True when `path` holds a state log (a `.jsonl` file, or text that starts with `{`).
    package static func isStateLog(path: String, text: String) -> Bool {
        path.hasSuffix(".jsonl") || text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }.first == "{"
    }

    /// Reads `path` (CSV or state log): the quantities `names` (nil: every CSV column but time; a
    /// state log's left, top, right and bottom) over `span`.
    package static func read(path: String, names: [String]?, timeColumn: String? = nil, span: Span = .whole,
                            warn: (String) -> Void = { _ in }) throws(CommandLineError) -> SampledMotion {
        let text = try FeelFile.contents(path: path)
        let motion: SampledMotion
        if isStateLog(path: path, text: text) {
            let log = try PlotLog.parse(text, name: (path as NSString).lastPathComponent, file: path, warn: warn)
            motion = try stateLog(log, names: names ?? ["left", "top", "right", "bottom"], span: span, file: path)
        } else {
            let table = try csv(text, file: path, timeColumn: timeColumn, names: names)
            if case let .between(from, to) = span { motion = table.slice(from: from, to: to) } else { motion = table }
        }
        guard motion.times.count >= 4 else {
            throw CommandLineError.badInput("\(path): \(motion.times.count) samples in the span read; a fit needs at least 4")
        }
        return motion
    }

    // MARK: - CSV

    /// Parses CSV text: a header line of column names, then one row of numbers per sample, times
    /// strictly increasing. Blank lines and lines starting with `#` are skipped. Errors name the
    /// file, the line and the column: `ref.csv:7: column 3 (right): "abc" is not a number`.
    package static func csv(_ text: String, file: String, timeColumn: String? = nil, names: [String]? = nil) throws(CommandLineError) -> SampledMotion {
        var header: [String]?
        var timeIndex = 0
        var picked: [Int] = []
        var times: [Double] = []
        var columns: [[Double]] = []
        // "\r\n" is one Character in Swift: split on any line break.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard let columnsNamed = header else {
                header = fields
                if let timeColumn {
                    guard let i = fields.firstIndex(where: { $0.lowercased() == timeColumn.lowercased() }) else {
                        throw CommandLineError.badInput("\(file):\(number): no column named \"\(timeColumn)\" (columns: \(fields.joined(separator: ", ")))")
                    }
                    timeIndex = i
                } else {
                    timeIndex = fields.firstIndex { timeColumnNames.contains($0.lowercased()) } ?? 0
                }
                if let names {
                    for name in names {
                        guard let i = fields.firstIndex(where: { $0.lowercased() == name.lowercased() }) else {
                            throw CommandLineError.badInput("\(file):\(number): no column named \"\(name)\" (columns: \(fields.joined(separator: ", ")))")
                        }
                        picked.append(i)
                    }
                } else {
                    picked = fields.indices.filter { $0 != timeIndex }
                }
                guard !picked.isEmpty else {
                    throw CommandLineError.badInput("\(file):\(number): no quantity besides the time column \"\(fields[timeIndex])\"")
                }
                columns = picked.map { _ in [] }
                continue
            }
            guard fields.count == columnsNamed.count else {
                throw CommandLineError.badInput("\(file):\(number): expected \(columnsNamed.count) columns as in the header, found \(fields.count)")
            }
            func value(_ i: Int) throws(CommandLineError) -> Double {
                guard let v = Double(fields[i]), v.isFinite else {
                    throw CommandLineError.badInput("\(file):\(number): column \(i + 1) (\(columnsNamed[i])): \"\(fields[i])\" is not a number")
                }
                return v
            }
            let t = try value(timeIndex)
            if let last = times.last, t <= last {
                throw CommandLineError.badInput("\(file):\(number): column \(timeIndex + 1) (\(columnsNamed[timeIndex])): "
                    + "\(FeelNumber.text(t)) s is not after the previous row's \(FeelNumber.text(last)) s")
            }
            times.append(t)
            for (k, i) in picked.enumerated() { columns[k].append(try value(i)) }
        }
        guard let header else { throw CommandLineError.badInput("\(file): empty (expected a header line and rows)") }
        return SampledMotion(times: times, quantities: zip(picked, columns).map { .init(name: header[$0], values: $1) })
    }

    // MARK: - State log

    /// The flights of a state log: index ranges of its runs of opening or closing frames, each with
    /// the frame after it when that frame still shows the photo.
    package static func flights(in log: PlotLog) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var i = 0
        let s = log.samples
        while i < s.count {
            guard s[i].phase == .opening || s[i].phase == .closing else { i += 1; continue }
            let phase = s[i].phase
            var end = i
            while end + 1 < s.count, s[end + 1].phase == phase { end += 1 }
            if end + 1 < s.count, s[end + 1].width != nil { end += 1 }
            runs.append(i...end)
            i = end + 1
        }
        return runs
    }

    /// The quantities `names` of `log` over `span`; frames that show no photo are left out.
    package static func stateLog(_ log: PlotLog, names: [String], span: Span, file: String) throws(CommandLineError) -> SampledMotion {
        for name in names where !stateLogQuantities.contains(name) {
            throw CommandLineError.badInput("\(file): a state log has no quantity \"\(name)\" (it has \(stateLogQuantities.joined(separator: ", ")))")
        }
        var indices: [Int]
        switch span {
        case .whole, .flight:
            var n = 1
            if case let .flight(k) = span { n = k }
            let runs = flights(in: log)
            guard n >= 1, n <= runs.count else {
                throw CommandLineError.badInput("\(file): no flight \(n) (the log has \(runs.count) opening or closing flight\(runs.count == 1 ? "" : "s"))")
            }
            indices = Array(runs[n - 1])
        case let .between(from, to):
            indices = log.samples.indices.filter { log.samples[$0].time >= from && log.samples[$0].time <= to }
        }
        indices = indices.filter { log.samples[$0].width != nil && log.samples[$0].center != nil }
        let samples = indices.map { log.samples[$0] }
        // A flight's first frame is already under way (the click or key came between frames).
        var beginsInMotion = false
        if case .between = span {} else { beginsInMotion = true }
        func quantity(_ name: String, _ s: PlotLog.Sample) -> Double {
            let c = s.center ?? .zero, w = s.width ?? 0, h = s.height ?? 0
            switch name {
            case "left": return c.x - w / 2
            case "right": return c.x + w / 2
            case "top": return c.y - h / 2
            case "bottom": return c.y + h / 2
            case "x": return c.x
            case "y": return c.y
            case "width": return w
            case "height": return h
            case "scale": return s.scale ?? 0
            case "rotation": return s.rotation ?? 0
            default: return s.backdrop
            }
        }
        return SampledMotion(times: samples.map(\.time),
                             quantities: names.map { name in .init(name: name, values: samples.map { quantity(name, $0) }) },
                             beginsInMotion: beginsInMotion)
    }
}
