import Foundation
import Testing

@Suite("--reduced-motion on run and replay: a top feel layer that the trace header carries")
struct ReducedMotionCommandTests {
    /// The first line of a trace, parsed.
    func header(ofTrace path: String) throws -> [String: Any] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        return try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    }

    /// The state log's lines, parsed.
    func states(_ log: String) throws -> [[String: Any]] {
        try log.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("run --reduced-motion records reducedMotion true in the trace header's feel, over a feel file that says false")
    func runRecordsIt() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("reduced-run")
        let feel = folder.appendingPathComponent("feel.json").path
        try #"{"reducedMotion": false, "dragRadiusPoints": 90}"#.write(toFile: feel, atomically: false, encoding: .utf8)
        let reduced = folder.appendingPathComponent("reduced.trace.jsonl").path
        let plain = folder.appendingPathComponent("plain.trace.jsonl").path
        let r = try await PhotoZoomProcess.run(["run", "--quit-after", "0.5", "--size", "640x480", "--feel", feel,
                                          "--record", reduced, "--reduced-motion"])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try await PhotoZoomProcess.run(["run", "--quit-after", "0.5", "--size", "640x480", "--feel", feel, "--record", plain])
        #expect(p.status == 0, "\(p.stderr)")

        let reducedFeel = try #require(try header(ofTrace: reduced)["feel"] as? [String: Any])
        let plainFeel = try #require(try header(ofTrace: plain)["feel"] as? [String: Any])
        #expect(reducedFeel["reducedMotion"] as? Bool == true)
        #expect(plainFeel["reducedMotion"] as? Bool == false)
        // The layer changes that one key only: the file's other values are in force beneath it.
        #expect(reducedFeel["dragRadiusPoints"] as? Double == 90)
        #expect(plainFeel["dragRadiusPoints"] as? Double == 90)
        // And the header's line in the trace is written as one compact object: the raw text says so.
        let text = try String(contentsOfFile: reduced, encoding: .utf8)
        #expect(text.split(separator: "\n").first?.contains(#""reducedMotion":true"#) == true)
    }

    @Test("replay --reduced-motion of a click trace cross-fades: the photo stays on its full frame while progress and backdrop move")
    func replayCrossFades() async throws {
        let trace = PhotoZoomProcess.goldenFolder.appendingPathComponent("open-and-close.trace.jsonl").path
        let flown = try await PhotoZoomProcess.run(["replay", trace, "--states", "-"])
        let faded = try await PhotoZoomProcess.run(["replay", trace, "--reduced-motion", "--states", "-"])
        #expect(flown.status == 0 && faded.status == 0, "\(flown.stderr)\(faded.stderr)")
        let flownLines = try states(flown.stdout), fadedLines = try states(faded.stdout)
        #expect(flownLines.count == fadedLines.count)

        func frame(_ line: [String: Any]) -> [Double]? {
            guard let i = line["image"] as? [String: Any] else { return nil }
            return ["x", "y", "w", "h", "rotation"].compactMap { i[$0] as? Double }
        }
        // The full frame: where the flown photo sits once presented.
        let presented = try #require(flownLines.first { $0["phase"] as? String == "presented" })
        let fullFrame = try #require(frame(presented))
        // Flying, the photo starts on its cell, far from the full frame; cross-fading, it never leaves it.
        let flownFrames = flownLines.compactMap(frame)
        #expect(flownFrames.contains { $0 != fullFrame })
        let fadedFrames = fadedLines.compactMap(frame)
        #expect(!fadedFrames.isEmpty)
        #expect(fadedFrames.allSatisfy { $0 == fullFrame }, "\(Set(fadedFrames.map { "\($0)" }))")

        // Both phases happen, and progress moves linearly: frames 16 ms apart over a 0.25 s fade
        // add 0.016 / 0.25 = 0.064 of progress each, up while opening, down while closing.
        let phases = fadedLines.compactMap { $0["phase"] as? String }
        #expect(phases.contains("opening") && phases.contains("presented") && phases.contains("closing"))
        let opening = fadedLines.filter { $0["phase"] as? String == "opening" }.compactMap { $0["progress"] as? Double }
        let closing = fadedLines.filter { $0["phase"] as? String == "closing" }.compactMap { $0["progress"] as? Double }
        #expect(opening.count >= 3 && closing.count >= 3)
        for steps in [zip(opening, opening.dropFirst()).map { $1 - $0 }, zip(closing, closing.dropFirst()).map { $0 - $1 }] {
            for step in steps { #expect(abs(step - 0.064) < 1e-3, "progress step \(step)") }
        }
        let backdrops = Set(fadedLines.compactMap { $0["backdrop"] as? Double })
        #expect(backdrops.contains { $0 > 0 && $0 < 1 })
    }

    @Test("replay --reduced-motion holds over a trace's own feel events, as the run's layer did")
    func replayHoldsOverFeelEvents() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("reduced-feel-event")
        let golden = try String(contentsOf: PhotoZoomProcess.goldenFolder.appendingPathComponent("open-and-close.trace.jsonl"),
                                encoding: .utf8)
        var lines = golden.split(separator: "\n").map(String.init)
        // A live reload just before the click, whose feel says reducedMotion false.
        let click = try #require(lines.firstIndex { $0.contains(#""phase":"down""#) })
        lines.insert(#"{"t":0.199,"type":"feel","feel":{"reducedMotion":false}}"#, at: click)
        let trace = folder.appendingPathComponent("t.trace.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: trace, atomically: false, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["replay", trace, "--reduced-motion", "--states", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let sizes = Set(try states(r.stdout).compactMap { ($0["image"] as? [String: Any])?["w"] as? Double })
        #expect(sizes.count == 1, "the photo changed size: \(sizes)")
    }
}
