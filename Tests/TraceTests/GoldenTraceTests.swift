import Foundation
import Testing
@testable import Trace
import Viewing
import TestSupport

/// Golden traces: each committed trace replays to its committed state log, byte for byte.
///
/// The Viewer's behaviour is the thing under test, so when it changes on purpose, re-record:
///
///     PHOTOZOOM_RERECORD=1 swift test --filter Golden
///
/// which writes `Golden/NAME.trace.jsonl` (from `GoldenScenarios`) and `Golden/NAME.states.jsonl`
/// (from replaying it); review the diff of the state logs, then commit both.
@Suite("Golden traces: each replays to its committed state log, byte for byte")
struct GoldenTraceTests {
    static let folder = Repository.path("Tests/TraceTests/Golden", isDirectory: true)
    static let rerecord = ProcessInfo.processInfo.environment["PHOTOZOOM_RERECORD"] == "1"
    static let howToRerecord = "if the Viewer's behaviour changed on purpose, re-record: PHOTOZOOM_RERECORD=1 swift test --filter Golden"

    static func replay(_ text: String, name: String) throws -> String {
        try replayWithSummary(text, name: name).states
    }

    /// The state log and the summary (with the jump detector's findings) of a replay.
    static func replayWithSummary(_ text: String, name: String) throws -> (states: String, summary: SessionSummary?) {
        let reader = try TraceReader(text: text, name: name, warn: { Issue.record("\(name): \($0)") })
        let states = MemoryLineSink()
        let session = try TraceReplay.session(for: reader, states: states, summarize: true)
        try TraceReplay.run(reader, through: session)
        return (states.text, session.summary)
    }

    @Test("the jump detector finds no jump in the golden trace", arguments: GoldenScenarios.all)
    func noJumps(scenario: GoldenScenarios.Scenario) throws {
        let summary = try #require(try Self.replayWithSummary(scenario.traceText, name: scenario.name).summary)
        #expect(summary.jumps.isEmpty, "\(summary.jumps.map(\.description).joined(separator: "\n"))")
    }

    @Test("the committed trace replays to the committed state log", arguments: GoldenScenarios.all)
    func replaysToItsLog(scenario: GoldenScenarios.Scenario) throws {
        let traceURL = Self.folder.appendingPathComponent(scenario.name + ".trace.jsonl")
        let statesURL = Self.folder.appendingPathComponent(scenario.name + ".states.jsonl")
        if Self.rerecord {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try scenario.traceText.write(to: traceURL, atomically: true, encoding: .utf8)
            try Self.replay(scenario.traceText, name: traceURL.path).write(to: statesURL, atomically: true, encoding: .utf8)
            return
        }
        let trace = try String(contentsOf: traceURL, encoding: .utf8)
        let expected = try String(contentsOf: statesURL, encoding: .utf8)
        #expect(trace == scenario.traceText, "\(scenario.name).trace.jsonl no longer matches GoldenScenarios; \(Self.howToRerecord)")
        let actual = try Self.replay(trace, name: traceURL.path)
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            Issue.record("""
                \(scenario.name): the replay differs from \(statesURL.lastPathComponent) first at line \(first + 1)
                  expected: \(first < e.count ? String(e[first]) : "(end)")
                  replayed: \(first < a.count ? String(a[first]) : "(end)")
                \(Self.howToRerecord)
                """)
        }
    }
}
