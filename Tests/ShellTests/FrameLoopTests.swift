import Foundation
import Geometry
import Gestures
import Testing
@testable import Shell
import Trace
import Viewer

@Suite("The frame loop driven without SDL: bursts per frame from a scripted source, a clock set by the test")
struct FrameLoopTests {
    @Test("a click in a burst opens the photo; the trace it records replays to the live state log byte for byte")
    func clickReplays() throws {
        let h = try FrameLoopHarness()
        try h.frames(from: 0, until: 0.1)
        // The first photo's cell is at the grid's top left; press and release arrive in one frame.
        try h.frame(at: 0.1, [.pointer(.move, 100, 100, button: nil), .pointer(.down, 100, 100), .pointer(.up, 100, 100)])
        try h.frames(from: 0.1 + 1.0 / 60, until: 1.2)
        let last = try #require(h.states.lines.last)
        #expect(last.contains(#""phase":"presented","photo":0"#), "the photo did not open: \(last)")
        #expect(try h.replayedStates() == h.states.text)
    }

    @Test("the window's quit ends the loop after the frame it arrived in; a q key press asks the viewer to quit")
    func quits() throws {
        let h = try FrameLoopHarness()
        try h.frame(at: 0)
        #expect(h.loop.isRunning)
        try h.frame(at: 1.0 / 60, [.quit])
        #expect(!h.loop.isRunning)
        #expect(h.states.lines.count == 2, "the frame the quit arrived in is still produced")

        let k = try FrameLoopHarness()
        try k.frame(at: 0, [.key(.down, "q"), .key(.up, "q")])
        #expect(!k.loop.isRunning)
    }

    @Test("a resize input changes the loop's window size and is recorded")
    func resize() throws {
        let h = try FrameLoopHarness()
        try h.frame(at: 0.5, [.input(.resize(Size(1000, 700)))])
        #expect(h.loop.windowSize == Size(1000, 700))
        #expect(try h.recordedEvents().contains { $0.kind == .resize(Size(1000, 700)) })
    }
}
