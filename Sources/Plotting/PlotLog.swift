import Foundation
import Geometry
import LabUI
import Viewing
import PhotoFiles
import Diagnostics
import JSON
import FeelModel

/// One state log (`.states.jsonl`) read for plotting: per frame the photo's centre, scale,
/// rotation and the backdrop against time, plus the release and interruption instants.
package struct PlotLog: Sendable {
    /// One frame.
    package struct Sample: Hashable, Sendable {
        /// Seconds.
        package var time: Double
        /// Centre, window points; nil in the grid.
        package var center: Point?
        /// Displayed width over the photo's presented width (1 = fully open); nil in the grid.
        package var scale: Double?
        /// Radians; nil in the grid.
        package var rotation: Double?
        /// Backdrop opacity, 0...1.
        package var backdrop: Double
        /// The photo out of the grid and its displayed width (points), for the scale reference.
        package var photo: Int?
        package var width: Double?
        /// The displayed height, points; nil in the grid.
        package var height: Double?
        /// The viewer's phase in this frame.
        package var phase: Phase = .grid
        /// True in the paging phase.
        package var isPaging = false
        /// Velocities over the 1/60 s of motion that ends here (a least-squares slope; the frame
        /// before's difference where the window holds no other), nil where the frame before shows
        /// no photo or another one: centre, pt/s; scale, per second; rotation, rad/s.
        package var centerVelocity: Point?
        package var scaleVelocity: Double?
        package var angularVelocity: Double?
        /// The frame as the log records it (before `continuingAcrossPages`), for `MotionFigures`.
        package var frame: MotionFigures.Frame
        /// |centerVelocity|, pt/s.
        package var centerSpeed: Double? { centerVelocity?.length }
    }

    /// The name shown in the legend (the file's name).
    package var name: String
    package var samples: [Sample]
    package var marks: [CurveMark]
    /// Each photo's width in its first presented frame, points.
    package var presentedWidths: [Int: Double] = [:]

    package init(name: String, samples: [Sample], marks: [CurveMark]) {
        self.name = name; self.samples = samples; self.marks = marks
    }

    /// Reads the state log at `path`. A malformed line is bad input naming `file:line` and the
    /// field; a last line cut off mid-way (a crash while writing) is left out with a warning.
    package static func read(path: String, warn: (String) -> Void = { _ in }) throws(CommandLineError) -> PlotLog {
        // Any length, a line at a time (issue 33), not the feel file's reader and its 1 MB.
        var lines = try LogLines(path: path)
        defer { lines.close() }
        return try parse(&lines, name: (path as NSString).lastPathComponent, file: path, warn: warn)
    }

    /// Parses state-log text. `file` names it in messages.
    package static func parse(_ text: String, name: String, file: String, warn: (String) -> Void = { _ in }) throws(CommandLineError) -> PlotLog {
        var lines = LogLines(text: text)
        return try parse(&lines, name: name, file: file, warn: warn)
    }

    /// Parses a state log's lines. `file` names it in messages.
    package static func parse(_ lines: inout LogLines, name: String, file: String, warn: (String) -> Void) throws(CommandLineError) -> PlotLog {
        struct Row {
            var time: Double; var phase: Phase; var gesture: GestureName; var photo: Int?; var image: StateSnapshot.Image?; var backdrop: Double
            var event: Double?
        }
        var rows: [Row] = []
        var number = 0
        while let (raw, terminated) = try lines.next() {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw[...]
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            func fail(_ field: String?, _ message: String) throws(CommandLineError) -> Never {
                throw CommandLineError.badInput("\(file):\(number): " + (field.map { "\($0): " } ?? "") + message)
            }
            let value: JSONValue
            do {
                value = try JSONReader.parse(String(line))
            } catch {
                if !terminated && number > 1 {  // only a last line cut off mid-way lacks its newline
                    warn("\(file):\(number): cut off mid-line; plotting up to line \(number - 1)")
                    break
                }
                try fail(nil, "column \(error.column): \(error.message)")
            }
            guard case .object = value else { try fail(nil, "expected a state object, found \(value.kindName)") }
            // A gesture trace's header: the input, not what was drawn; say how to get the state log.
            if number == 1, case .string("photozoom")? = value["trace"] {
                let base = name.hasSuffix(".trace.jsonl") ? String(name.dropLast(".trace.jsonl".count)) : name
                try fail(nil, "a gesture trace, not a state log; plot its replay: photozoom replay \(file) --states \(base).states.jsonl, "
                         + "then photozoom plot \(base).states.jsonl --out FILE.png")
            }

            func numberField(_ key: String, in object: JSONValue, prefix: String = "") throws(CommandLineError) -> Double {
                guard let v = object[key] else { try fail(prefix + key, "missing") }
                guard case let .number(n) = v, n.isFinite else { try fail(prefix + key, "expected a number, found \(v.kindName)") }
                return n
            }
            let t = try numberField("t", in: value)
            if let last = rows.last, t < last.time {
                try fail("t", "\(FeelNumber.text(t)) is earlier than the previous frame's \(FeelNumber.text(last.time))")
            }
            guard case let .string(phaseName)? = value["phase"] else {
                try fail("phase", value["phase"].map { "expected a string, found \($0.kindName)" } ?? "missing")
            }
            guard let phase = Phase(rawValue: phaseName) else {
                try fail("phase", "unknown phase \"\(phaseName)\" (grid, opening, presented, interacting, closing, paging, zoomed)")
            }
            guard case let .string(gestureName)? = value["gesture"] else {
                try fail("gesture", value["gesture"].map { "expected a string, found \($0.kindName)" } ?? "missing")
            }
            guard let gesture = GestureName(rawValue: gestureName) else {
                try fail("gesture", "unknown gesture \"\(gestureName)\" (none, tap, pan, pinch, rotate, pinch+rotate, page, scroll)")
            }
            var photo: Int?
            switch value["photo"] {
            case .null?, nil: photo = nil
            case let .number(n)? where n == n.rounded() && n >= 0 && n < 1e9: photo = Int(n)
            case let other?: try fail("photo", "expected a photo index or null, found \(other.kindName)")
            }
            var image: StateSnapshot.Image?
            switch value["image"] {
            case .null?: image = nil
            case nil: try fail("image", "missing")
            case let object? where object.objectValue != nil:
                let x = try numberField("x", in: object, prefix: "image."), y = try numberField("y", in: object, prefix: "image.")
                let w = try numberField("w", in: object, prefix: "image."), h = try numberField("h", in: object, prefix: "image.")
                let r = try numberField("rotation", in: object, prefix: "image.")
                if w < 0 { try fail("image.w", "\(FeelNumber.text(w)) is negative") }
                if h < 0 { try fail("image.h", "\(FeelNumber.text(h)) is negative") }
                image = StateSnapshot.Image(center: Point(x, y), size: Size(w, h), rotation: r)
            case let other?: try fail("image", "expected an object or null, found \(other.kindName)")
            }
            let backdrop = try numberField("backdrop", in: value)
            // The instant of the release or interruption this frame is the first after (optional).
            let event = value["event"] == nil ? nil : try numberField("event", in: value)
            rows.append(Row(time: t, phase: phase, gesture: gesture, photo: photo, image: image, backdrop: backdrop, event: event))
        }
        guard !rows.isEmpty else { throw CommandLineError.badInput("\(file): no frames (an empty state log)") }

        var samples: [Sample] = []
        var marks: [CurveMark] = []
        var presentedWidths: [Int: Double] = [:]
        for (i, row) in rows.enumerated() {
            var s = Sample(time: row.time, backdrop: row.backdrop,
                           frame: MotionFigures.Frame(time: row.time, photo: row.photo, image: row.image, backdrop: row.backdrop))
            s.isPaging = row.phase == .paging
            s.phase = row.phase
            if let image = row.image {
                s.center = image.center
                s.rotation = image.rotation
                s.photo = row.photo
                s.width = image.size.width
                s.height = image.size.height
                if row.phase == .presented, let p = row.photo, presentedWidths[p] == nil, image.size.width > 0 {
                    presentedWidths[p] = image.size.width
                }
            }
            samples.append(s)
            if i > 0, let mark = CurveMark.between(previousPhase: rows[i - 1].phase, previousGesture: rows[i - 1].gesture,
                                                   phase: row.phase, gesture: row.gesture, time: row.event.map { min($0, row.time) } ?? row.time) {
                marks.append(mark)
            }
        }
        var log = PlotLog(name: name, samples: samples, marks: marks)
        log.presentedWidths = presentedWidths
        return PlotLog.sharingScale([log])[0]
    }

    /// `logs` with every sample's scale measured against one width per photo: its width in the
    /// first presented frame of any of the logs (the same window and photo present alike under any
    /// feel), else its widest frame in any of them. Plotted together, equal sizes then read as equal scales.
    package static func sharingScale(_ logs: [PlotLog]) -> [PlotLog] {
        var reference: [Int: Double] = [:]
        for log in logs { reference.merge(log.presentedWidths) { first, _ in first } }
        var widest: [Int: Double] = [:]
        for log in logs {
            for s in log.samples {
                if let p = s.photo, let w = s.width, w > 0 { widest[p] = max(widest[p] ?? 0, w) }
            }
        }
        reference.merge(widest) { presented, _ in presented }
        return logs.map { log in
            var log = log
            for i in log.samples.indices {
                if let p = log.samples[i].photo, let w = log.samples[i].width, let r = reference[p], r > 0 {
                    log.samples[i].scale = w / r
                }
            }
            log.computeVelocities()
            return log
        }
    }
}
