import Foundation
import Testing
import TestSupport

@Suite("photozoom run: recording options fail early and clearly")
struct RecordingOptionTests {
    @Test("a trace or state log that cannot be created: exit status 2 before any window opens", arguments: ["--record", "--states"])
    func unwritable(option: String) async throws {
        let r = try await PhotoZoomProcess.run(["run", option, "/nonexistent-folder/x.jsonl"])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: /nonexistent-folder/x.jsonl: cannot create: No such file or directory\n")
    }

    @Test("an existing trace or state log is kept: the recording goes to the next free name, said on stderr",
          arguments: ["--record", "--states"])
    func keepsExistingFile(option: String) async throws {
        let folder = try PhotoZoomProcess.scratchFolder("keep\(option)")
        let taken = folder.appendingPathComponent("live.trace.jsonl").path
        try "a 160 s session\n".write(toFile: taken, atomically: false, encoding: .utf8)
        try "also taken\n".write(toFile: folder.appendingPathComponent("live-2.trace.jsonl").path, atomically: false, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["run", option, taken, "--quit-after", "0.2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "a 160 s session\n")
        let fresh = folder.appendingPathComponent("live-3.trace.jsonl").path
        let what = option == "--record" ? "recording the trace" : "writing the state log"
        #expect(r.stderr.contains("photozoom: \(taken) exists (kept); \(what) to \(fresh) (--force overwrites)\n"), "\(r.stderr)")
        let written = try String(contentsOfFile: fresh, encoding: .utf8)
        #expect(written.hasPrefix(option == "--record" ? #"{"trace":"photozoom""# : #"{"frame":"#), "\(written.prefix(80))")
    }

    @Test("-r records same-named photos of two subfolders by their paths under the folder; replay draws each from its own file")
    func sameNamesAcrossSubfolders() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("samenames")
        let photos = folder.appendingPathComponent("photos")
        let fixture = Repository.path("Tests/Fixtures/Photos")
        for (sub, source) in [("a", "coffee.jpg"), ("b", "chelsea.jpg")] {
            try FileManager.default.createDirectory(at: photos.appendingPathComponent(sub), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(source), to: photos.appendingPathComponent("\(sub)/x.jpg"))
        }
        let trace = folder.appendingPathComponent("t.trace.jsonl").path
        // A small window: what is tested is which file each name draws from, not the size of the
        // frames (with the dummy video driver the loop is unpaced, some 2,000 frames a second).
        // A header read after start-up's 50 ms budget is recorded when it comes, if the session
        // still runs: on a busy machine 0.5 s can end it first, so a session that ends with a size
        // still unread (0 × 0 in the header and no `photo` event) is run again, longer.
        var lines: [Substring] = []
        for seconds in ["0.5", "2", "8", "30"] {
            try? FileManager.default.removeItem(atPath: trace)
            let r = try await PhotoZoomProcess.run(["run", photos.path, "-r", "--record", trace, "--quit-after", seconds, "--size", "320x200"])
            #expect(r.status == 0, "\(r.stderr)")
            lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            let unread = lines.first.map { $0.components(separatedBy: #""w":0,"h":0}"#).count - 1 } ?? 0
            if unread <= lines.filter({ $0.contains(#""type":"photo","#) }).count { break }
        }
        let header = try #require(lines.first)
        // coffee.jpg is 600 × 400, chelsea.jpg 451 × 300: each name carries its own file's size.
        func hasSize(_ index: Int, _ name: String, _ w: Int, _ h: Int) -> Bool {
            PhotoZoomProcess.traceGivesSize(lines, index: index, name: name, w, h)
        }
        #expect(header.contains(#""photos":[{"name":"a/x.jpg","#) && header.contains(#"{"name":"b/x.jpg","#), "\(header)")
        #expect(hasSize(0, "a/x.jpg", 600, 400) && hasSize(1, "b/x.jpg", 451, 300), "\(lines.prefix(1) + lines.filter { $0.contains(#""type":"photo","#) })")
        let frames = folder.appendingPathComponent("frames").path
        // Both photos are in every frame of the grid: every 50th frame draws each from its file.
        let replay = try await PhotoZoomProcess.run(["replay", trace, "--frames", frames, "--every", "50", "--photos", photos.path])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(!replay.stderr.contains("placeholders"), "\(replay.stderr)")
    }

    @Test("--force replaces an existing trace")
    func forceReplaces() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("force")
        let taken = folder.appendingPathComponent("t.jsonl").path
        try "old\n".write(toFile: taken, atomically: false, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["run", "--record", taken, "--force", "--quit-after", "0.2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8).hasPrefix(#"{"trace":"photozoom""#))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t-2.jsonl").path))
    }

    @Test("a feel file with a wrong value: exit status 2 naming the key, before any window opens")
    func badFeel() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("run-bad-feel")
        let feel = folder.appendingPathComponent("feel.json").path
        try "{\n  \"dragRadiusPoints\": true\n}\n".write(toFile: feel, atomically: false, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["run", "--feel", feel])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("photozoom: \(feel)"), "\(r.stderr)")
        #expect(r.stderr.contains("dragRadiusPoints") && r.stderr.contains("expected a number"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }
}
