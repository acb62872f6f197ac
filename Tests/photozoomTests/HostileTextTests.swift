import Foundation
import Testing

/// The rest of issue 33's item 9, through the real command line: hostile text in messages is
/// escaped and stays on one line; a standard output that cannot be written is exit status 1 with
/// a message; `plot` reads a state log of any length.
@Suite("Hostile text, full disks and long logs on the command line")
struct HostileTextTests {
    /// ESC ] 0 ; … BEL retitles a terminal; a newline splits the promised one-line message.
    static let hostile = "\u{1B}]0;pwned\u{07}\nforged line"

    func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// True when `text` holds no control character but the newline that ends each line.
    static func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) }
    }

    @Test("a feel file whose key holds a terminal escape and a newline: exit 2, one line, the escape written as \\x1B")
    func feelKey() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("hostile-feel-key")
        let key = Self.hostile.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u001b")
            .replacingOccurrences(of: "\u{07}", with: "\\u0007")
        let file = try write("{\"\(key)\": 1}\n", "feel.json", in: folder)
        let r = try await PhotoZoomProcess.run(["feel", "--check", file])
        #expect(r.status == 2)
        #expect(Self.isInert(r.stderr), "\(r.stderr.debugDescription)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("\\x1B]0;pwned\\x07\\nforged line"), "\(r.stderr.debugDescription)")
    }

    @Test("a trace with an unknown event type holding an escape: the warning is one inert line")
    func eventType() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("hostile-event-type")
        var lines = ReplayCommandTests.handWritten(frames: 4)
        lines.insert(#"{"t":0.05,"type":"\u001b]0;pwned\u0007\nforged","x":1}"#, at: 2)
        let trace = try write(lines.joined(separator: "\n") + "\n", "t.trace.jsonl", in: folder)
        let r = try await PhotoZoomProcess.run(["replay", trace, "--summary"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.isInert(r.stderr), "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains("\\x1B]0;pwned\\x07\\nforged"), "\(r.stderr.debugDescription)")
    }

    @Test("replay --summary of a trace whose photo is named with a terminal escape prints the name escaped; the summary keeps its lines")
    func summaryNames() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("hostile-summary")
        let golden = PhotoZoomProcess.goldenFolder.appendingPathComponent("pan-dismissal.trace.jsonl")
        // The golden trace opens chelsea.jpg; here that photo's name retitles a terminal.
        let text = try String(contentsOf: golden, encoding: .utf8)
            .replacingOccurrences(of: #""name":"chelsea.jpg""#, with: #""name":"\u001b]0;pwned\u0007chelsea.jpg""#)
        let trace = try write(text, "t.trace.jsonl", in: folder)
        let r = try await PhotoZoomProcess.run(["replay", trace, "--summary"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.isInert(r.stdout), "\(r.stdout.debugDescription)")
        #expect(r.stdout.contains("open photo 3 (\\x1B]0;pwned\\x07chelsea.jpg) by click"), "\(r.stdout)")
        // 3 events and the closing count: four lines, as for the plain trace.
        #expect(r.stdout.split(separator: "\n").count == 4)
    }

    @Test("replay --summary, feel --defaults, --version and feel --export into a full disk (/dev/full): exit 1 saying so",
          arguments: [["replay", "TRACE", "--summary"], ["feel", "--defaults"], ["--version"], ["feel", "--export", "css"]])
    func fullStandardOutput(_ arguments: [String]) async throws {
        let folder = try PhotoZoomProcess.scratchFolder("dev-full-\(arguments[0])")
        let trace = try write(ReplayCommandTests.handWritten().joined(separator: "\n") + "\n", "t.trace.jsonl", in: folder)
        let binary = try #require(PhotoZoomProcess.binary)
        let args = arguments.map { $0 == "TRACE" ? trace : $0 }
        // The shell sends standard output to /dev/full (every write: ENOSPC).
        let script = "exec \"$0\" \"$@\" > /dev/full"
        let r = try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", script, binary.path] + args,
                                                      environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 1, "\(r.status): \(r.stderr)")
        // The reason when the last write failed (ENOSPC); an earlier failed write is said without one.
        #expect(r.stderr.contains("photozoom: cannot write to standard output ("), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test("plot reads a state log of over 1 MB (about two minutes of session) that it used to refuse as a feel file")
    func longLog() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("long-log")
        // 9,000 frames at 60 fps: 150 s, about 1.9 MB of state lines.
        let trace = try write(ReplayCommandTests.handWritten(frames: 9_000).joined(separator: "\n") + "\n", "t.trace.jsonl", in: folder)
        let log = folder.appendingPathComponent("long.states.jsonl").path
        #expect(try await PhotoZoomProcess.run(["replay", trace, "--states", log]).status == 0)
        let size = (try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(size > 1 << 20, "\(size) bytes")
        let r = try await PhotoZoomProcess.run(["plot", log, "--out", folder.appendingPathComponent("p.png").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("feel file"))
    }
}
