import Foundation
import Testing

@Suite("photozoom run: recording options fail early and clearly")
struct RecordingOptionTests {
    @Test("a trace or state log that cannot be created: exit status 2 before any window opens", arguments: ["--record", "--states"])
    func unwritable(option: String) throws {
        let r = try PhotoZoomProcess.run(["run", option, "/nonexistent-folder/x.jsonl"])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: /nonexistent-folder/x.jsonl: cannot create: No such file or directory\n")
    }

    @Test("a feel file with a wrong value: exit status 2 naming the key, before any window opens")
    func badFeel() throws {
        let folder = try PhotoZoomProcess.scratchFolder("run-bad-feel")
        let feel = folder.appendingPathComponent("feel.json").path
        try "{\n  \"dragRadiusPoints\": true\n}\n".write(toFile: feel, atomically: false, encoding: .utf8)
        let r = try PhotoZoomProcess.run(["run", "--feel", feel])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("photozoom: \(feel)"), "\(r.stderr)")
        #expect(r.stderr.contains("dragRadiusPoints") && r.stderr.contains("expected a number"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }
}
