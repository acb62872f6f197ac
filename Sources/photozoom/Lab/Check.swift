import ArgumentParser
import Foundation
import PhotoFiles
import Trace
import Diagnostics
import Rendering

/// `photozoom check FOLDER`: every trace in a folder replayed against its saved golden
/// (docs/goldens.md); exit 1 with a readable diff when a decision differs or a drawn quantity drifts.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay every trace in a folder against its golden: exit 1 when a decision differs or a drawn quantity drifts.",
        discussion: """
            For each NAME.trace.jsonl in FOLDER, the replay's decisions (opens, closes, releases and their \
            verdicts, pages, interruptions, grabs), each release's velocity and every frame's drawn \
            quantities are compared with NAME.golden.json: the decisions must be the same; positions, sizes \
            and scroll within --tolerance pt (default 1) at every instant both have, rotation within 0.001 \
            rad, backdrop and progress within 0.002, release velocities within 1 pt/s. Exit 0 when every \
            trace matches, 1 with what differs when one does not, 2 for bad input. --update writes the \
            goldens from the replays instead (the same bytes every run), each with NAME.filmstrip.png: \
            eight frames at evenly spaced instants, a quarter size, side by side, photos as placeholders. --feel lays a feel file or a \
            preset over each trace's own, as `replay --feel`: a feel change checked against the goldens.
            """
    )

    @Argument(help: "The folder of traces (NAME.trace.jsonl) and their goldens (NAME.golden.json).")
    var folder: String
    @Option(help: "Feel parameters laid over each trace's: a feel file (any subset of the keys) or a preset name.")
    var feel: String?
    @Option(help: "The largest drift of a position, size or scroll, pt.")
    var tolerance: Double = 1
    @Flag(help: "Write each trace's golden from its replay instead of checking it.")
    var update = false

    func validate() throws {
        if !(tolerance.isFinite && tolerance >= 0) { throw ValidationError("--tolerance must be 0 pt or more") }
    }

    func run() throws {
        var failed = 0
        try reportingErrors {
            let layer = try feel.map { try FeelLayer.resolve($0) }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".trace.jsonl") }
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            } catch {
                throw CommandLineError.badInput("\(PrintablePath.escaped(folder)): cannot list the folder (\(error.localizedDescription))")
            }
            if names.isEmpty { throw CommandLineError.badInput("\(PrintablePath.escaped(folder)): no traces (NAME.trace.jsonl)") }
            for name in names {
                let base = String(name.dropLast(".trace.jsonl".count))
                let tracePath = (folder as NSString).appendingPathComponent(name)
                let goldenPath = (folder as NSString).appendingPathComponent(base + ".golden.json")
                let reader = try TraceReader(path: tracePath, warn: printError)
                var strip = update ? try FilmstripRecording(tracePath: tracePath, header: reader.header) : nil
                let replayed = try MotionGolden.record(reader, trace: name, feelOverride: layer?.object) { session in
                    try strip?.frame(session)
                }
                if update {
                    let stripPath = (folder as NSString).appendingPathComponent(base + ".filmstrip.png")
                    let png = try strip?.pngBytes() ?? []
                    do {
                        try replayed.jsonText.write(toFile: goldenPath, atomically: true, encoding: .utf8)
                        try Data(png).write(to: URL(fileURLWithPath: stripPath), options: .atomic)
                    } catch {
                        throw CommandLineError("\(PrintablePath.escaped(goldenPath)): cannot write the golden (\(error.localizedDescription))")
                    }
                    print("\(base): wrote \(base).golden.json (\(replayed.decisions.count) decisions, \(replayed.frames.count) frames) and \(base).filmstrip.png")
                    continue
                }
                guard let text = try? String(contentsOfFile: goldenPath, encoding: .utf8) else {
                    throw CommandLineError.badInput("\(PrintablePath.escaped(goldenPath)): no golden to check against; write it with photozoom check \(PrintablePath.escaped(folder)) --update")
                }
                let golden: MotionGolden
                do { golden = try MotionGolden(jsonText: text, file: PrintablePath.escaped(goldenPath)) } catch let error as GoldenError {
                    throw CommandLineError.badInput(error.message)
                }
                let differences = replayed.differences(from: golden, tolerance: MotionGolden.Tolerance(points: tolerance))
                if differences.isEmpty {
                    print("\(base): ok (\(golden.decisions.count) decisions, \(golden.frames.count) frames)")
                } else {
                    failed += 1
                    print("\(base): differs from \(base).golden.json")
                    for line in differences { print("  " + line) }
                }
            }
            if failed > 0 {
                let feelName = layer.map { " with \($0.name)" } ?? ""
                print("\(failed) of \(names.count) traces differ from their goldens\(feelName); if the change is meant, write them again: photozoom check \(PrintablePath.escaped(folder)) --update")
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
