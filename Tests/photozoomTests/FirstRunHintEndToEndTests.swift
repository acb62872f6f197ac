import Foundation
import Testing

/// The first-run hint (issue 42) through the app itself, under SDL's dummy driver: the first run
/// with no state file shows "Press ? for every control" and remembers it in state.json; a run that
/// opens with a folder problem's notice leaves the hint for a later run; the hint is never traced.
@Suite("The first-run hint: shown once, remembered in state.json, never in the trace")
struct FirstRunHintEndToEndTests {
    /// state.json's text in `dir`'s config folder after running `photozoom run ARGUMENTS` there.
    static func stateAfterRun(_ arguments: [String], in dir: URL) async throws -> (state: String, trace: String) {
        // The trace is written afresh (a run never overwrites one).
        try? FileManager.default.removeItem(at: dir.appendingPathComponent("t.trace.jsonl"))
        let (outcome, _, effects) = try await PhotoFolderArgumentTests.open(arguments, in: dir)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let state = try String(contentsOf: dir.appendingPathComponent("config/photozoom/state.json"), encoding: .utf8)
        return (state, effects.joined(separator: "\n"))
    }

    @Test("a first run on a folder of photos remembers helpHintShown and traces no effect for the hint; a run that opens with a folder problem's notice does not")
    func shownOnceAndRemembered() async throws {
        let dir = try PhotoZoomProcess.freshFolder("hint")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("Pictures").path
        let problem = try await Self.stateAfterRun(["--photos", missing], in: dir)
        #expect(!problem.state.contains("helpHintShown"), "\(problem.state)")
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: DailyBasicsEndToEndTests.bundled.appendingPathComponent("kite.jpg"),
                                         to: photos.appendingPathComponent("kite.jpg"))
        let first = try await Self.stateAfterRun([photos.path], in: dir)
        #expect(first.state.contains(#""helpHintShown":true"#), "\(first.state)")
        #expect(first.trace.isEmpty, "the hint is not an input: nothing traced (\(first.trace))")
    }
}
