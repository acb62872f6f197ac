import ArgumentParser
import Foundation
import Shell
import Trace
import Viewer

/// `photozoom compare TRACE --feel A --feel B --out FILE.png`: one recorded gesture under two (or
/// more) feel settings, plotted together, with their summaries side by side.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay one trace under two or more feel settings; plot them together and compare their figures.",
        discussion: """
            Each --feel is a feel file (its keys laid over the trace's own feel, as `replay --feel` does) \
            or a preset name (default, ios, material, photoswipe, snappy, soft: the whole set). The table lists, for \
            each open, close, release and interruption, what each run decided, its settle time (from the \
            event to rest), its overshoot and its velocity hand-off error (|photo velocity in the next \
            frame − gesture velocity| for a release), and the same for the drawn size (pt/s) and the rotation (rad/s).
            """
    )

    @Argument(help: "The gesture trace (.trace.jsonl; - reads standard input).")
    var trace: String
    @Option(name: .customLong("feel"), help: "A feel file or preset name; give it two or more times.")
    var feels: [String] = []
    @Option(help: "The PNG to write.")
    var out: String
    @Option(help: "Image size in pixels, WxH.")
    var size: WindowSizeArgument = WindowSizeArgument(argument: "1280x960")!
    @Option(help: "Plot only the Nth release or interruption (from 1, in the first run), with a margin before and after.")
    var gesture: Int?
    @Option(help: "Plot from this time, seconds.")
    var from: Double?
    @Option(help: "Plot up to this time, seconds.")
    var to: Double?
    @Option(help: "Write the plotted gestures' figures to this file: .csv or .json.")
    var data: String?
    @Flag(help: "Let --out and --data replace a file already there (else they write to the next free name, e.g. compare-2.png).")
    var force = false

    func validate() throws {
        if feels.count < 2 { throw ValidationError("--feel: give two or more (a file or a preset name each)") }
    }

    func run() throws {
        try reportingErrors {
            do {
                try compare()
            } catch let error as TraceError {
                throw ShellError(error.description, exitStatus: error.exitStatus)
            }
        }
    }

    /// One replay's outcome.
    struct Run {
        var label: String
        var log: PlotLog
        var summary: SessionSummary
    }

    private func compare() throws {
        // Standard input can be read once: keep its text for every run.
        let stdinText = trace == "-" ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : nil
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var runs: [Run] = []
        var warned = false
        for (i, argument) in feels.enumerated() {
            if case let .file(path) = try FeelFile.resolve(argument) {
                _ = try FeelFile.read(path: path)            // refuses a bad file naming line, key and range
            }
            let layer = try FeelLayer.resolve(argument)
            let override = layer.object, name = layer.name
            // Warnings about the trace (skipped lines, a cut-off end) are the same each run: print once.
            let quiet = warned
            let warn: (String) -> Void = { line in if !quiet { printError(line) } }
            let reader: TraceReader
            if let stdinText {
                reader = try TraceReader(text: stdinText, name: "-", warn: warn)
            } else {
                reader = try TraceReader(path: trace, warn: warn)
            }
            warned = true
            let states = MemoryLineSink()
            let session = try TraceReplay.session(for: reader, feelOverride: override, states: states, summarize: true)
            try TraceReplay.run(reader, through: session)
            let label = "\(i < letters.count ? String(letters[i]) : String(i + 1)): \(name)"
            // Centre x across page turns: the slot pitch is the window width plus this run's paging gap.
            let pitch = reader.header.windowSize.width + session.viewer.feel.pagingGapPoints
            let log = try PlotLog.parse(states.text, name: label, file: "\(trace) under \(argument)").continuingAcrossPages(pitch: pitch)
            runs.append(Run(label: label, log: log, summary: session.summary ?? SessionSummary(photos: reader.header.photos)))
        }
        let logs = PlotLog.sharingScale(runs.map(\.log))
        let span = try PlotSpan.choose(logs, gesture: gesture, from: from, to: to)
        // Outputs never destroy inputs: neither is the trace or a feel file, neither replaces a file without --force.
        let inputs = [trace] + feels
        let out = try OutputPath.resolve(self.out, option: "--out", inputs: inputs, force: force, warn: printError)
        let data = try self.data.map { try OutputPath.resolve($0, option: "--data", inputs: inputs + [out], force: force, warn: printError) }
        try PlotRenderer.save(logs, to: out, width: Int(size.size.width), height: Int(size.size.height), time: span.time, figures: span.figures)
        if let data { try FiguresTable.write(span.figures, to: data) }
        print(PrintablePath.escapedLines(Self.table(runs, trace: trace, width: TerminalWidth.columns())), terminator: "")
    }

    // MARK: - The side-by-side table

    /// One run's cells for one event.
    struct Cells {
        var outcome = "—", settle = "—", overshoot = "—", handOff = "—", sizeHandOff = "—", rotationHandOff = "—"
        var all: [String] { [outcome, settle, overshoot, handOff, sizeHandOff, rotationHandOff] }
    }

    static let eventWidth = 30
    static let headings = ["outcome", "settle", "overshoot", "hand-off", "size h-o", "turn h-o"]
    static let cellWidths = [10, 9, 10, 10, 10, 11]

    /// The table, its runs side by side in as many blocks as `width` columns need (nil: one block):
    /// each block repeats the event column, so every line fits.
    static func table(_ runs: [Run], trace: String, width: Int? = nil) -> String {
        let measured = runs.map { $0.summary.entries.filter(\.isMeasured) }
        let first = runs.first?.summary
        var lines = ["\(trace): \(first?.frameCount ?? 0) frames over \(fixed(first?.endTime ?? 0, 2)) s"]
        let groupWidth = cellWidths.reduce(0, +) + cellWidths.count
        let perBlock = width.map { max(1, ($0 - eventWidth) / groupWidth) } ?? max(1, runs.count)
        for blockStart in stride(from: 0, to: runs.count, by: perBlock) {
            let block = blockStart..<min(runs.count, blockStart + perBlock)
            if blockStart > 0 { lines.append("") }
            lines += self.block(Array(runs[block]), measured: Array(measured[block]), all: measured)
        }
        lines.append("settle: seconds from the event to rest (cut: the next event came first); overshoot: pt past "
                     + "the resting place; hand-off: pt/s between the gesture's and the photo's velocity; size h-o: "
                     + "pt/s between the drawn size's rate before and after; turn h-o: rad/s, the same for the rotation")
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    /// One block of runs: their header, a row per measured event (named from whichever of `all` has
    /// it), and their totals.
    private static func block(_ runs: [Run], measured: [[SessionSummary.Entry]], all: [[SessionSummary.Entry]]) -> [String] {
        let rows = all.map(\.count).max() ?? 0
        let groupWidth = cellWidths.reduce(0, +) + cellWidths.count
        var lines: [String] = []
        lines.append(pad("", eventWidth) + runs.map { " " + pad($0.label, groupWidth - 1) }.joined())
        lines.append(pad("event", eventWidth) + runs.map { _ in
            zip(headings, cellWidths).map { " " + leftPad($0, $1) }.joined()
        }.joined())
        for row in 0..<rows {
            let event = all.lazy.compactMap { row < $0.count ? $0[row] : nil }.first!
            var line = pad(fixed(event.time, 2) + " s " + eventName(event), eventWidth)
            for entries in measured {
                let c = row < entries.count ? cells(entries[row]) : Cells()
                line += zip(c.all, cellWidths).map { " " + leftPad($0, $1) }.joined()
            }
            lines.append(line)
        }
        // Totals: when the last motion came to rest, the largest overshoot, the mean hand-off error.
        var totals = pad("all", eventWidth)
        for entries in measured {
            let settled = entries.compactMap(\.settledAt).max()
            let overshoot = entries.compactMap(\.overshootPoints).max()
            func mean(_ values: [Double], _ places: Int) -> String {
                values.isEmpty ? "—" : "mean " + fixed(values.reduce(0, +) / Double(values.count), places)
            }
            let cells = ["", settled.map { "at " + fixed($0, 2) + " s" } ?? "—", overshoot.map { "max " + fixed($0, 1) } ?? "—",
                         mean(entries.compactMap(\.handOffErrorPointsPerSecond), 0),
                         mean(entries.compactMap(\.sizeHandOffErrorPointsPerSecond), 0),
                         mean(entries.compactMap(\.rotationHandOffErrorRadiansPerSecond), 2)]
            totals += zip(cells, cellWidths).map { " " + leftPad($0, $1) }.joined()
        }
        lines.append(totals)
        return lines
    }

    static func eventName(_ e: SessionSummary.Entry) -> String {
        switch e.kind {
        case .opened: "open"
        case .closing: "close"
        case let .released(r): "\(r.gesture.rawValue) release"
        case let .interrupted(from, _): "\(from.rawValue) interrupted"
        case .grabbed, .paged, .settled: "—"
        }
    }

    static func cells(_ e: SessionSummary.Entry) -> Cells {
        var c = Cells()
        switch e.kind {
        case let .opened(trigger), let .closing(trigger): c.outcome = trigger.rawValue
        case let .released(r): c.outcome = "→ " + r.decision.rawValue
        case let .interrupted(_, to): c.outcome = "→ " + to.rawValue
        default: break
        }
        if let settled = e.settledAt {
            c.settle = fixed(settled - e.time, 2) + " s"
        } else if let cut = e.cutShortAt {
            c.settle = "cut " + fixed(cut - e.time, 2)
        } else {
            c.settle = "moving"
        }
        c.overshoot = e.overshootPoints.map { fixed($0, 1) + " pt" } ?? "—"
        c.handOff = e.handOffErrorPointsPerSecond.map { fixed($0, 0) + " pt/s" } ?? "—"
        c.sizeHandOff = e.sizeHandOffErrorPointsPerSecond.map { fixed($0, 0) + " pt/s" } ?? "—"
        c.rotationHandOff = e.rotationHandOffErrorRadiansPerSecond.map { fixed($0, 2) + " rad/s" } ?? "—"
        return c
    }

    static func fixed(_ v: Double, _ places: Int) -> String {
        v.isFinite ? FeelNumber.fixed(v, places: places) : "—"
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? String(s.prefix(width - 1)) + " " : s + String(repeating: " ", count: width - s.count)
    }

    static func leftPad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}
