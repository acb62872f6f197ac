import Foundation
import Testing
@testable import Trace
import Viewing

/// The summary's times say their clock: viewer time (the state log's and the plots'), and where
/// slow motion was on, wall time too (the trace's, which the player's timeline counts).
///
/// Before, a session slowed to 0.25× printed viewer times only ("0.14 s open …", "… frames over
/// 0.62 s"), while the player counted the same session's 2.19 s of wall time.
@Suite("Summary: times in viewer time, with wall time where slow motion was on")
struct SummaryClockTests {
    /// The golden open-and-close with `s` pressed at 0.1 s: from then on viewer time runs at 0.25×,
    /// `viewer(t) = 0.1 + 0.25·(t − 0.1)`.
    static func slowed() throws -> String {
        let text = try String(contentsOf: GoldenTraceTests.folder.appendingPathComponent("open-and-close.trace.jsonl"), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix(#"{"t":0.112,"#) })
        lines.insert(#"{"t":0.1,"type":"key","phase":"down","key":"s","mods":[]}"#, at: at)
        lines.insert(#"{"t":0.11,"type":"key","phase":"up","key":"s","mods":[]}"#, at: at + 1)
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("slowed: each line gives its wall time beside the viewer time, the last line both lengths")
    func slowMotion() throws {
        let summary = try #require(try GoldenTraceTests.replayWithSummary(Self.slowed(), name: "slowed").summary)
        #expect(summary.slowMotionWasOn)
        let open = try #require(summary.entries.first)
        // The click's release at 0.26 s of wall time: 0.1 + 0.25 · 0.16 = 0.14 s of viewer time.
        #expect(abs(open.time - 0.14) < 1e-9)
        #expect(abs(summary.wallTime(atViewer: open.time) - 0.26) < 1e-9)
        #expect(summary.line(open).hasPrefix("0.14 s [wall 0.26 s] open photo 6 (coffee.jpg) by click"), "\(summary.line(open))")
        // The last frame at 2.192 s of wall time: 0.1 + 0.25 · 2.092 = 0.623 s of viewer time.
        let last = try #require(summary.text.split(separator: "\n").last.map(String.init))
        #expect(last.hasPrefix("137 frames over 0.62 s of viewer time (2.19 s of wall time"), "\(last)")
    }

    @Test("not slowed: one clock, said once")
    func realTime() throws {
        let text = try String(contentsOf: GoldenTraceTests.folder.appendingPathComponent("open-and-close.trace.jsonl"), encoding: .utf8)
        let summary = try #require(try GoldenTraceTests.replayWithSummary(text, name: "open-and-close").summary)
        #expect(!summary.slowMotionWasOn)
        #expect(!summary.text.contains("[wall"))
        #expect(summary.text.contains("137 frames over 2.19 s (viewer time, no slow motion); "))
    }
}
