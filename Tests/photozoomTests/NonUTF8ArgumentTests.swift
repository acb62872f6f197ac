import Foundation
import Testing

/// A photo whose name is not UTF-8, given on the command line (issue 19): it opens, and a missing
/// one is named escaped.
@Suite("Command-line paths that are not UTF-8", .serialized)
struct NonUTF8ArgumentTests {
    @Test("photozoom caf\\xE9.jpg opens that photo in its folder; a missing one is named with \\xE9")
    func opensAndNamesEscaped() async throws {
        let binary = try #require(PhotoZoomProcess.binary)
        let folder = try PhotoZoomProcess.scratchFolder("non-utf8-argument")
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/Photos").standardized
        // Bytes go through bash's printf: Foundation's Process would pass the names as UTF-8.
        let script = #"""
        set -e
        cp "$2/boats.jpg" "$1/$(printf 'caf\xe9.jpg')"
        cp "$2/fig.jpg" "$1/good.jpg"
        "$0" run "$1/$(printf 'caf\xe9.jpg')" --quit-after 1 --size 320x240 --record "$1/t.trace.jsonl" 2>"$1/open.stderr"
        "$0" run "$1/$(printf 'nope\xe9.jpg')" 2>"$1/missing.stderr" || echo "exit $?" > "$1/missing.status"
        """#
        let run = try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/bin/bash"), ["-c", script, binary.path, folder.path, bundled.path],
                                                  environment: ["SDL_VIDEODRIVER": "dummy"])
        try #require(run.status == 0, "\(run.stderr)")
        func text(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let openErrors = try text("open.stderr")
        #expect(openErrors.isEmpty, "\(openErrors)")
        let header = try #require(try text("t.trace.jsonl").split(separator: "\n").first)
        // Opened at start (index 0: caf\xE9 sorts before good), its size read from its header.
        #expect(header.contains(#""open":0"#) && header.contains(#""w":2048,"h":1280}"#), "\(header)")
        #expect(try text("missing.stderr") == "photozoom: \(folder.path)/nope\\xE9.jpg: no such file or folder\n")
        #expect(try text("missing.status") == "exit 2\n")
    }
}
