import ArgumentParser
import Foundation
import Decoding
import FeelFiles
import ImageFormats
import PhotoFiles
import Plotting
import Trace
import Viewing
import Diagnostics
import FeelModel

/// `photozoom compare TRACE --feel A --feel B --out FILE.png`: one recorded gesture under two (or
/// more) feel settings, plotted together, with their summaries side by side.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay one trace under two or more feel settings; plot them together and compare their figures.",
        discussion: """
            Each --feel is a feel file (its keys laid over the trace's own feel, as `replay --feel` does) \
            or a preset name (default, ios, material, photoswipe, snappy, soft: the whole set, as shipped). \
            Numbers tuned in the recorded session's panel are not replayed over it unless --with-panel-edits \
            is given; the table's heading says which. The table lists, for each open, close, release and \
            interruption, what each run decided, its settle time and overshoot (docs/feel-lab.md, "The \
            figures"), and its hand-off (|the photo's velocity the instant after − its velocity before|, \
            pt/s, as the summary and `plot` give it), and the same for the drawn size (pt/s) and the rotation (rad/s). \
            Rows are paired by the input that caused them (the same press, wheel burst or key at the same \
            instant); a row where the feels decide differently is marked ≠.
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
    @Option(help: "Plot from this time, seconds of viewer time: the summary's clock (with slow motion on, behind the player's wall clock).")
    var from: Double?
    @Option(help: "Plot up to this time, seconds of viewer time, as --from.")
    var to: Double?
    @Option(help: "Write the plotted gestures' figures to this file: .csv or .json.")
    var data: String?
    @Flag(help: "Replay the numbers tuned in the recorded session's panel on top of each --feel (by default a preset plays as shipped).")
    var withPanelEdits = false
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
                throw CommandLineError(error.description, exitStatus: error.exitStatus)
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
            let session = try TraceReplay.session(for: reader, feelOverride: override, replaysPanelEdits: withPanelEdits,
                                                  states: states, summarize: true)
            try TraceReplay.run(reader, through: session)
            let layering = withPanelEdits ? " + panel edits" : layer.isPreset ? " as shipped" : ""
            let label = "\(i < letters.count ? String(letters[i]) : String(i + 1)): \(name)\(layering)"
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
        var outcome = "—", response = "—", settle = "—", overshoot = "—", handOff = "—", sizeHandOff = "—", rotationHandOff = "—"
        var all: [String] { [outcome, response, settle, overshoot, handOff, sizeHandOff, rotationHandOff] }
    }

    static let eventWidth = 30
    static let headings = ["outcome", "90 %", "settle", "overshoot", "hand-off", "size h-o", "turn h-o"]
    static let cellWidths = [10, 8, 9, 10, 10, 10, 11]

    /// The table, its runs side by side in as many blocks as `width` columns need (nil: one block):
    /// each block repeats the event column, so every line fits.
    static func table(_ runs: [Run], trace: String, width: Int? = nil) -> String {
        let rows = pairedRows(runs.map { $0.summary.entries.filter(\.isMeasured) })
        let first = runs.first?.summary
        let title = "\(trace): \(first?.frameCount ?? 0) frames over \(fixed(first?.endTime ?? 0, 2)) s (viewer time)"
        var lines = width.map { wrap(title, width: $0) } ?? [title]
        let groupWidth = cellWidths.reduce(0, +) + cellWidths.count
        if let width, width < eventWidth + groupWidth {
            // Not even one run's columns fit: each event's figures stacked under it, run by run.
            lines += stacked(runs, rows: rows, width: width)
        } else {
            let perBlock = width.map { max(1, ($0 - eventWidth) / groupWidth) } ?? max(1, runs.count)
            for blockStart in stride(from: 0, to: runs.count, by: perBlock) {
                let block = blockStart..<min(runs.count, blockStart + perBlock)
                if blockStart > 0 { lines.append("") }
                lines += self.block(Array(runs[block]), rows: rows, columns: block)
            }
        }
        let legend = "90 %: seconds from the event until 90 % of the travel is covered; settle: seconds from the event until every drawn quantity stays within its rest tolerance of where it "
            + "comes to rest (cut: the next event came first); overshoot: pt past the resting place along the travel; "
            + "hand-off: |the photo's velocity the instant after − its velocity before|, pt/s (as the summary and plot give it); "
            + "size h-o: the same for the drawn size, pt/s; turn h-o: the same for the rotation, rad/s; ≠: the feels decide differently "
            + "here (another outcome, or an event only some runs have)"
        lines += width.map { wrap(legend, width: $0) } ?? [legend]
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    /// The runs' measured events paired by the input that caused them: the same instant (a press,
    /// a release, a wheel burst's end, a key) and, among events at that instant, the same place in
    /// order. Each row holds every run's event for that input, nil where a run has none, so a
    /// decision that differs (one run closes, the other returns and is grabbed again) never shifts
    /// the rows after it.
    static func pairedRows(_ measured: [[SessionSummary.Entry]]) -> [[SessionSummary.Entry?]] {
        struct Key: Hashable, Comparable {
            var time: Double
            var ordinal: Int
            static func < (a: Key, b: Key) -> Bool { (a.time, a.ordinal) < (b.time, b.ordinal) }
        }
        var byKey: [[Key: SessionSummary.Entry]] = []
        var keys = Set<Key>()
        for entries in measured {
            var map: [Key: SessionSummary.Entry] = [:]
            var last: Double?, ordinal = 0
            for e in entries {
                ordinal = e.time == last ? ordinal + 1 : 0
                last = e.time
                let key = Key(time: e.time, ordinal: ordinal)
                map[key] = e
                keys.insert(key)
            }
            byKey.append(map)
        }
        return keys.sorted().map { key in byKey.map { $0[key] } }
    }

    /// True when the runs decide differently for one input: another outcome, or an event only some have.
    static func decidesDifferently(_ row: [SessionSummary.Entry?]) -> Bool {
        let outcomes = row.map { $0.map { cells($0).outcome } }
        return Set(outcomes.map { $0 ?? "" }).count > 1
    }

    /// One block of runs (`columns` of every row): their header, a row per paired event, and their totals.
    private static func block(_ runs: [Run], rows: [[SessionSummary.Entry?]], columns: Range<Int>) -> [String] {
        let groupWidth = cellWidths.reduce(0, +) + cellWidths.count
        var lines: [String] = []
        lines.append(pad("", eventWidth) + runs.map { " " + pad($0.label, groupWidth - 1) }.joined())
        lines.append(pad("event", eventWidth) + runs.map { _ in
            zip(headings, cellWidths).map { " " + leftPad($0, $1) }.joined()
        }.joined())
        for row in rows {
            let event = row.compactMap { $0 }.first!
            let mark = decidesDifferently(row) ? "≠ " : "  "
            var line = pad(mark + fixed(event.time, 2) + " s " + eventName(event), eventWidth)
            for entry in row[columns] {
                let c = entry.map(cells) ?? Cells()
                line += zip(c.all, cellWidths).map { " " + leftPad($0, $1) }.joined()
            }
            lines.append(line)
        }
        // Totals: when the last motion came to rest, the largest overshoot, the mean hand-off error.
        var totals = pad("all", eventWidth)
        for run in runs {
            totals += zip(self.totals(run), cellWidths).map { " " + leftPad($0, $1) }.joined()
        }
        lines.append(totals)
        return lines
    }

    /// A run's totals, a cell a heading: when the last motion came to rest, the largest overshoot,
    /// the mean hand-off errors ("" under outcome and 90 %).
    static func totals(_ run: Run) -> [String] {
        let entries = run.summary.entries.filter(\.isMeasured)
        let settled = entries.compactMap(\.settledAt).max()
        let overshoot = entries.compactMap(\.overshootPoints).max()
        func mean(_ values: [Double], _ places: Int) -> String {
            values.isEmpty ? "—" : "mean " + fixed(values.reduce(0, +) / Double(values.count), places)
        }
        return ["", "", settled.map { "at " + fixed($0, 2) + " s" } ?? "—", overshoot.map { "max " + fixed($0, 1) } ?? "—",
                mean(entries.compactMap(\.handOffPointsPerSecond), 0),
                mean(entries.compactMap(\.sizeHandOffPointsPerSecond), 0),
                mean(entries.compactMap(\.rotationHandOffRadiansPerSecond), 2)]
    }

    /// The table for a terminal narrower than one run's columns: the runs' labels, then each event
    /// on a line of its own with one line a run under it (`  A  → close · 90 % 0.396 s · …`), each
    /// figure kept whole on a line, wrapped at `width`, and the totals the same way.
    static func stacked(_ runs: [Run], rows: [[SessionSummary.Entry?]], width: Int) -> [String] {
        let letters = runs.map { String($0.label.prefix { $0 != ":" }) }
        var lines = runs.flatMap { wrap($0.label, width: width) }
        func figures(_ letter: String, _ values: [String]) -> [String] {
            let pieces = zip(headings, values).filter { !$1.isEmpty }.map { $0 == "outcome" ? $1 : "\($0) \($1)" }
            return wrap(pieces: pieces, separator: " · ", width: width, first: "  \(letter)  ", indent: 5)
        }
        for row in rows {
            let event = row.compactMap { $0 }.first!
            lines += wrap((decidesDifferently(row) ? "≠ " : "") + fixed(event.time, 2) + " s " + eventName(event), width: width)
            for (letter, entry) in zip(letters, row) {
                lines += figures(letter, (entry.map(cells) ?? Cells()).all)
            }
        }
        lines.append("all")
        for (letter, run) in zip(letters, runs) {
            lines += figures(letter, totals(run))
        }
        return lines
    }

    /// Prose in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        wrap(pieces: text.split(separator: " ").map(String.init), separator: " ", width: width)
    }

    /// `pieces` joined by `separator` in lines of at most `width` characters, never breaking a
    /// piece: the first line starts with `first`, the others with `indent` spaces; a piece longer
    /// than a line stands alone on it.
    static func wrap(pieces: [String], separator: String, width: Int, first: String = "", indent: Int = 0) -> [String] {
        var lines: [String] = []
        var line = first, empty = true
        for piece in pieces {
            if empty { line += piece; empty = false; continue }
            if line.count + separator.count + piece.count <= width { line += separator + piece; continue }
            lines.append(line)
            line = String(repeating: " ", count: indent) + piece
        }
        if !empty { lines.append(line) }
        return lines
    }

    static func eventName(_ e: SessionSummary.Entry) -> String {
        switch e.kind {
        case .opened: "open"
        case .closing: "close"
        case let .released(r): "\(r.gesture.rawValue) release"
        case let .interrupted(from, _): "\(from.rawValue) interrupted"
        case .grabbed, .paged, .settled: "—"
        case let .ignored(i): "\(i.input) ignored"
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
            c.settle = fixed(settled - e.time, 3) + " s"
        } else if let cut = e.cutShortAt {
            c.settle = "cut " + fixed(cut - e.time, 2)
        } else {
            c.settle = "moving"
        }
        c.overshoot = e.overshootPoints.map { fixed($0, 1) + " pt" } ?? "—"
        c.response = e.settledAt == nil ? "—" : e.figures.responseSeconds.map { fixed($0, 3) + " s" } ?? "—"
        c.handOff = e.handOffPointsPerSecond.map { fixed($0, 0) + " pt/s" } ?? "—"
        c.sizeHandOff = e.sizeHandOffPointsPerSecond.map { fixed($0, 0) + " pt/s" } ?? "—"
        c.rotationHandOff = e.rotationHandOffRadiansPerSecond.map { fixed($0, 2) + " rad/s" } ?? "—"
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
