import Foundation
import Testing
import TestSupport

/// A photo whose name is not UTF-8, given on the command line (issue 19): it opens, and a missing
/// one is named escaped.
@Suite("Command-line paths that are not UTF-8", .serialized)
struct NonUTF8ArgumentTests {
    @Test("photozoom caf\\xE9.jpg opens that photo in its folder; a missing one is named with \\xE9")
    func opensAndNamesEscaped() async throws {
        let binary = try #require(PhotoZoomProcess.binary)
        let folder = try PhotoZoomProcess.scratchFolder("non-utf8-argument")
        let bundled = Repository.path("Resources/Photos")
        // Bytes go through bash's printf: Foundation's Process would pass the names as UTF-8.
        let script = #"""
        set -e
        cp "$2/boats.jpg" "$1/$(printf 'caf\xe9.jpg')"
        cp "$2/fig.jpg" "$1/good.jpg"
        # Until its size is in the trace (its header is read by a helper process, late on a busy
        # machine), 60 s at most.
        "$0" run "$1/$(printf 'caf\xe9.jpg')" --quit-after 60 --size 320x240 --record "$1/t.trace.jsonl" 2>"$1/open.stderr" &
        APP=$!
        for i in $(seq 1 600); do grep -q '"w":2048,"h":1280' "$1/t.trace.jsonl" 2>/dev/null && break; sleep 0.1; done
        # SIGKILL: the test runner's blocked signals are the app's too (the trace is whole lines).
        kill -9 $APP; wait $APP || true
        "$0" run "$1/$(printf 'nope\xe9.jpg')" --quit-after 1 --size 320x240 2>"$1/missing.stderr"; echo "exit $?" > "$1/missing.status"
        """#
        let run = try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/bin/bash"), ["-c", script, binary.path, folder.path, bundled.path],
                                                  environment: ["SDL_VIDEODRIVER": "dummy"])
        try #require(run.status == 0, "\(run.stderr)")
        func text(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let openErrors = try text("open.stderr")
        #expect(openErrors.isEmpty, "\(openErrors)")
        let lines = try text("t.trace.jsonl").split(separator: "\n")
        let header = try #require(lines.first)
        // Opened at start (index 0: caf\xE9 sorts before good), its size read from its header.
        #expect(header.contains(#""open":0"#), "\(header)")
        // The byte 0xE9 is spelt U+10FFE9 in a trace (`PhotoName`).
        #expect(PhotoZoomProcess.traceGivesSize(lines, index: 0, name: "caf\u{10FFE9}.jpg", 2048, 1280), "\(lines.prefix(3))")
        #expect(try text("missing.stderr") == "photozoom: \(folder.path)/nope\\xE9.jpg: no such file or folder\n")
        // A missing photo opens the window saying so (`StartSelection`), and the run ends well.
        #expect(try text("missing.status") == "exit 0\n")
    }
}
