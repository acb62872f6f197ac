import Foundation
import Testing

/// Nothing the user made is destroyed (issue 33): every output of `replay`, `plot` and `compare`
/// follows `run --record`'s rule (a file already there is kept and the output goes to the next free
/// name, unless --force), and an output that is the same file as an input is refused, whatever it
/// is called.
@Suite("Outputs never destroy inputs, through the real command line")
struct OutputProtectionTests {
    static let trace = ReplayCommandTests.handWritten()

    func write(_ lines: [String], _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("replay rec.trace.jsonl --states rec.trace.jsonl is refused (exit 2) and the recording is intact; so through a link and ./ spelling")
    func statesOverTheTrace() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("states-over-trace")
        let trace = try write(Self.trace, "rec.trace.jsonl", in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: trace))
        let link = folder.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: trace)
        let hard = folder.appendingPathComponent("hard.jsonl").path
        try FileManager.default.linkItem(atPath: trace, toPath: hard)
        for output in [trace, link, hard, folder.path + "/./rec.trace.jsonl"] {
            for force in [false, true] {
                let r = try await PhotoZoomProcess.run(["replay", trace, "--states", output] + (force ? ["--force"] : []))
                #expect(r.status == 2, "\(output) force \(force): \(r.status) \(r.stderr)")
                #expect(r.stderr.contains("--states") && r.stderr.contains("that is the input"), "\(r.stderr)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
            }
        }
    }

    @Test("two outputs naming one file (--states v.mp4 --video v.mp4) are refused before either is written")
    func outputsCollide() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("outputs-collide")
        let trace = try write(Self.trace, "rec.trace.jsonl", in: folder)
        let video = folder.appendingPathComponent("v.mp4").path
        let r = try await PhotoZoomProcess.run(["replay", trace, "--states", video, "--video", folder.path + "/./v.mp4"])
        #expect(r.status == 2 && r.stderr.contains("--states writes that file too"), "\(r.status) \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: video))
    }

    @Test("replay --states onto an existing log keeps it and writes log-2; --force replaces it")
    func statesKeepExisting() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("states-keep")
        let trace = try write(Self.trace, "rec.trace.jsonl", in: folder)
        let log = folder.appendingPathComponent("log.states.jsonl").path
        try "mine\n".write(toFile: log, atomically: false, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["replay", trace, "--states", log])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "mine\n")
        let second = folder.appendingPathComponent("log-2.states.jsonl").path
        // 48 frames: one state line each.
        #expect((try String(contentsOfFile: second, encoding: .utf8)).split(separator: "\n").count == 48)
        #expect(r.stderr.contains("exists (kept)") && r.stderr.contains("log-2.states.jsonl") && r.stderr.contains("--force"), "\(r.stderr)")
        let forced = try await PhotoZoomProcess.run(["replay", trace, "--states", log, "--force"])
        #expect(forced.status == 0)
        #expect((try String(contentsOfFile: log, encoding: .utf8)).split(separator: "\n").count == 48)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("log-3.states.jsonl").path))
    }

    @Test("replay --frames into a folder that holds files writes to frames-2; an empty folder is used")
    func framesKeepExisting() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("frames-keep")
        let trace = try write(Array(Self.trace.prefix(4)), "rec.trace.jsonl", in: folder)  // header, 3 frames
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let r1 = try await PhotoZoomProcess.run(["replay", trace, "--frames", frames.path])
        #expect(r1.status == 0, "\(r1.stderr)")
        let first = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(first.count == 3)
        let mine = frames.appendingPathComponent(first[0]).path
        try Data("mine".utf8).write(to: URL(fileURLWithPath: mine))
        let r2 = try await PhotoZoomProcess.run(["replay", trace, "--frames", frames.path])
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: mine)) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames-2").path).count == 3)
    }

    @Test("plot s.jsonl --out s.jsonl is refused and the log intact; plot --out and --data keep existing files")
    func plotOutputs() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("plot-outputs")
        let trace = try write(Self.trace, "rec.trace.jsonl", in: folder)
        let log = folder.appendingPathComponent("s.jsonl").path
        #expect(try await PhotoZoomProcess.run(["replay", trace, "--states", log]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: log))
        let r = try await PhotoZoomProcess.run(["plot", log, "--out", log])
        #expect(r.status == 2 && r.stderr.contains("that is the input"), "\(r.status) \(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == before)
        let png = folder.appendingPathComponent("plot.png").path, csv = folder.appendingPathComponent("f.csv").path
        try "mine".write(toFile: png, atomically: false, encoding: .utf8)
        try "mine".write(toFile: csv, atomically: false, encoding: .utf8)
        let kept = try await PhotoZoomProcess.run(["plot", log, "--out", png, "--data", csv])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try String(contentsOfFile: png, encoding: .utf8) == "mine" && (try String(contentsOfFile: csv, encoding: .utf8)) == "mine")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("plot-2.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f-2.csv").path))
    }

    @Test("compare --out onto the trace is refused; onto an existing PNG keeps it")
    func compareOutputs() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("compare-outputs")
        let trace = try write(Self.trace, "rec.trace.jsonl", in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: trace))
        let r = try await PhotoZoomProcess.run(["compare", trace, "--feel", "ios", "--feel", "snappy", "--out", trace])
        #expect(r.status == 2 && r.stderr.contains("that is the input"), "\(r.status) \(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
        let png = folder.appendingPathComponent("c.png").path
        try "mine".write(toFile: png, atomically: false, encoding: .utf8)
        let kept = try await PhotoZoomProcess.run(["compare", trace, "--feel", "ios", "--feel", "snappy", "--out", png])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try String(contentsOfFile: png, encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("c-2.png").path))
    }
}

@Suite("run --record and --states never write over an input")
struct RunOutputProtectionTests {
    @Test("run --feel f.json --record f.json --force is refused and the feel file intact; so --states onto a photo")
    func recordOverFeel() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("record-over-feel")
        let feel = folder.appendingPathComponent("f.json").path
        try #"{"closeSpring": {"responseSeconds": 0.4}}"#.write(toFile: feel, atomically: false, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: feel))
        let r = try await PhotoZoomProcess.run(["run", "--feel", feel, "--record", feel, "--force", "--quit-after", "0.2"])
        #expect(r.status == 2 && r.stderr.contains("--record") && r.stderr.contains("that is the input"), "\(r.status) \(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: feel)) == before)
        let photo = try #require(BundledPhoto.copy(into: folder))
        let photoBytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let s = try await PhotoZoomProcess.run(["run", photo, "--states", photo, "--force", "--quit-after", "0.2"])
        #expect(s.status == 2 && s.stderr.contains("--states"), "\(s.status) \(s.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == photoBytes)
    }
}

/// A bundled photo copied into a test's folder.
enum BundledPhoto {
    static func copy(into folder: URL) -> String? {
        let source = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Photos/coffee.jpg")
        let copy = folder.appendingPathComponent("coffee.jpg")
        try? FileManager.default.copyItem(at: source, to: copy)
        return FileManager.default.fileExists(atPath: copy.path) ? copy.path : nil
    }
}
