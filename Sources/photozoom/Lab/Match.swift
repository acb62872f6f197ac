import ArgumentParser
import Foundation
import PhotoFiles
import Plotting
import Viewing
import Diagnostics
import Motion

/// `photozoom match OURS REFERENCE`: how near a state log's motion is to a reference recording.
struct Match: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare a state log's motion with a reference recording (CSV): RMS, largest error, 50 %/90 % times; matched or not.",
        discussion: """
            The reference is a CSV (a time column in seconds and quantities) or another state log. Each \
            reference quantity is compared with the state log's quantity of the same name (left, top, right, \
            bottom, x, y, width, height, scale, rotation, backdrop) or the one --as COLUMN=QUANTITY names. \
            Both are aligned on their first moving sample (a quantity more than max(1 pt, 2 % of its travel) \
            from its first value), resampled at 120 Hz over their overlap, and compared: the RMS and the \
            largest difference, and the times at which each has covered 50 % and 90 % of its own travel. \
            A quantity is matched when its RMS is at most 2 pt (--rms) and both times are within 17 ms \
            (--within, one frame at 60 Hz). Exit status 0 when every quantity is matched, 1 when one is not. \
            --out draws both motions' centre, scale and speeds, aligned, as `plot` does.
            """
    )

    @Argument(help: "Our motion: a state log (.states.jsonl).")
    var ours: String
    @Argument(help: "The reference: a CSV, or a state log.")
    var reference: String
    @Option(name: .customLong("as"), help: "COLUMN=QUANTITY: the reference column COLUMN is the state log's QUANTITY (repeat).")
    var renames: [String] = []
    @Option(name: .customLong("quantity"), help: "Compare only these reference columns (repeat; default: all but time).")
    var quantities: [String] = []
    @Option(help: "The reference CSV's time column (seconds).")
    var time: String?
    @Option(help: "Our state log's Nth opening or closing flight (from 1; default 1).")
    var flight: Int?
    @Option(help: "Our motion from this time, seconds (instead of a flight).")
    var from: Double?
    @Option(help: "Our motion up to this time, seconds.")
    var to: Double?
    @Option(help: "The largest RMS difference that matches, pt.")
    var rms: Double = 2
    @Option(help: "The largest 50 % or 90 % time difference that matches, ms.")
    var within: Double = 17
    @Option(help: "Draw both motions into this PNG.")
    var out: String?
    @Option(help: "Image size in pixels, WxH.")
    var size: WindowSizeArgument = WindowSizeArgument(argument: "1280x960")!

    func validate() throws {
        if flight != nil, from != nil || to != nil { throw ValidationError("--flight and --from/--to: give one") }
        if (from == nil) != (to == nil) { throw ValidationError("--from and --to go together") }
        if !(rms.isFinite && rms >= 0) { throw ValidationError("--rms must be 0 pt or more") }
        if !(within.isFinite && within >= 0) { throw ValidationError("--within must be 0 ms or more") }
        for r in renames where r.split(separator: "=").count != 2 { throw ValidationError("--as \(r): expected COLUMN=QUANTITY") }
    }

    func run() throws {
        var matched = false
        try reportingErrors {
            let ourSpan: ReferenceMotion.Span = flight.map { .flight($0) } ?? from.map { .between(from: $0, to: to ?? .infinity) } ?? .whole
            let theirs = try ReferenceMotion.read(path: reference, names: quantities.isEmpty ? nil : quantities,
                                                  timeColumn: time, span: .whole, warn: printError)
            var mapping: [String: String] = [:]
            for r in renames {
                let parts = r.split(separator: "=").map(String.init)
                mapping[parts[0].lowercased()] = parts[1]
            }
            let ourNames = theirs.quantities.map { mapping[$0.name.lowercased()] ?? $0.name.lowercased() }
            let mine = try ReferenceMotion.read(path: ours, names: ourNames, span: ourSpan, warn: printError)
            // The reference's quantities under our names, so the plot reads both alike.
            var renamed = theirs
            for i in renamed.quantities.indices { renamed.quantities[i].name = ourNames[i] }
            guard let parity = MotionParity.compare(mine, with: renamed, rule: .init(rms: rms, timeSeconds: within / 1000)) else {
                throw CommandLineError.badInput("\(ours), \(reference): one of them does not move, or they do not overlap once aligned")
            }
            for line in MotionParityReport.lines(parity, ours: ours, reference: reference) { print(line) }
            if let out {
                for input in [ours, reference] where URL(fileURLWithPath: input).standardizedFileURL == URL(fileURLWithPath: out).standardizedFileURL {
                    throw CommandLineError.badInput("--out \(out): that is an input of this command; outputs never replace inputs")
                }
                let widthOf: (SampledMotion) -> Double? = { m in
                    let q = Dictionary(m.quantities.map { ($0.name, $0.values.last!) }) { a, _ in a }
                    return q["width"] ?? q["right"].flatMap { r in q["left"].map { r - $0 } }
                }
                let width = widthOf(renamed)
                let logs = [PlotLog(motion: mine, name: (ours as NSString).lastPathComponent, onset: parity.oursOnset, referenceWidth: width),
                            PlotLog(motion: renamed, name: (reference as NSString).lastPathComponent, onset: parity.referenceOnset, referenceWidth: width)]
                try PlotRenderer.save(logs, to: out, width: Int(size.size.width), height: Int(size.size.height))
                print("drew \(out)")
            }
            matched = parity.matched
        }
        if !matched { throw ExitCode(1) }
    }
}
