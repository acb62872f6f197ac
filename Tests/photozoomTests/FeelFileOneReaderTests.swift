import FeelFiles
import Foundation
import Testing
import Viewing
import FeelModel

/// Issue 31, "one feel decoder … one module for the feel file": a feel file is read by one reader,
/// `FeelFile.read(path:)`, whether it is the live app's file reloaded while it runs or a
/// `--feel FILE` given to `run`, `replay`, `compare` or `play`. The same bad file therefore gives the
/// same one line on every path, `FILE:LINE: key: what is wrong`, and the live app keeps the last
/// good parameters.
@Suite("One feel-file reader: a bad file is the same one line live and on the command line")
struct FeelFileOneReaderTests {
    /// Bad files of each kind a person makes, with the line their message must be (the formula:
    /// the path, the line of the value at fault, the dotted key, the reason).
    static func cases(in folder: URL) -> [(text: String, message: String)] {
        let p = folder.appendingPathComponent("feel.json").path
        return [
            // Out of range on line 2: ζ must be > 0.
            ("{\n  \"openSpring\": {\"responseSeconds\": 0.45, \"dampingRatio\": 0}\n}\n",
             "\(p):2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)"),
            // A word where a number belongs, line 3: `  "clickSlopPoints": ` is 21 bytes, so column 22.
            ("{\n  \"dragRadiusPoints\": 150,\n  \"clickSlopPoints\": six\n}\n",
             "\(p):3: clickSlopPoints: expected a value, found 's' (column 22)"),
            // A string where a number belongs.
            (#"{"openSpring": {"dampingRatio": "bouncy"}}"#,
             "\(p):1: openSpring.dampingRatio: expected a number (0 < value ≤ 10), found a string"),
            // Not an object at all: no key to name, so the column follows the line.
            ("[]\n", "\(p):1:1: a feel file is a JSON object of parameters, found an array"),
        ]
    }

    @Test("live reload of a bad file keeps the last good parameters; run --feel and replay --feel print the same line")
    func sameLineOnEveryPath() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("one-feel-reader")
        let path = folder.appendingPathComponent("feel.json").path
        let trace = folder.appendingPathComponent("t.trace.jsonl").path
        try (ReplayCommandTests.handWritten(frames: 3).joined(separator: "\n") + "\n").write(toFile: trace, atomically: false, encoding: .utf8)
        for (text, message) in Self.cases(in: folder) {
            // The live app: started on a good file, which is then edited into a bad one.
            var good = Feel.defaults
            good.dragRadiusPoints = 130
            try good.jsonText().write(toFile: path, atomically: false, encoding: .utf8)
            var warnings: [String] = []
            let live = try LiveFeelFile(argument: path, saveFolder: folder.path) { warnings.append($0) }
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            // The watcher reads a change once it has looked the same for two polls.
            let first = live.poll(at: 1.0)
            let event = try #require(first ?? live.poll(at: 1.1), "the edit was not noticed: \(text)")
            #expect(event.kind == .effect(.feelReloadFailed(message: message)))
            #expect(warnings == ["photozoom: \(message) (keeping the last good parameters)"])
            #expect(live.initial == good)
            // The last good parameters are what a save writes beside the bad file (it is never replaced).
            guard case let .feelSaved(savedPath, _) = live.save(good) else { Issue.record("save failed"); continue }
            #expect(savedPath != path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            try FileManager.default.removeItem(atPath: savedPath)

            // The command line: the same file, the same line, exit status 2.
            let run = try await PhotoZoomProcess.run(["run", "--feel", path, "--quit-after", "0"])
            #expect(run.status == 2)
            #expect(run.stderr == "photozoom: \(message)\n")
            let replay = try await PhotoZoomProcess.run(["replay", trace, "--feel", path])
            #expect(replay.status == 2)
            #expect(replay.stderr == "photozoom: \(message)\n")
        }
    }
}
