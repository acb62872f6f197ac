import Foundation
import Geometry
import Gestures
import Testing
@testable import App
import Trace
import Viewing

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
        try h.frame(at: 0.5, [.input(.resize(Size(1000, 700)), serverTime: nil)])
        #expect(h.loop.windowSize == Size(1000, 700))
        #expect(try h.recordedEvents().contains { $0.kind == .resize(Size(1000, 700)) })
    }

    @Test("the pacer's horizon is recorded before a frame when it moves by half a millisecond (12.3 ms as 12.5 ms, then 13 ms); the replay's states are the live ones")
    func horizonRecorded() throws {
        let h = try FrameLoopHarness()
        h.loop.horizon = 0.0123
        try h.frame(at: 0)
        try h.frame(at: 1.0 / 60)
        h.loop.horizon = 0.0124
        try h.frame(at: 2.0 / 60)
        h.loop.horizon = 0.0131
        try h.frame(at: 3.0 / 60)
        let events = try h.recordedEvents()
        let horizons = events.compactMap { e -> Double? in if case let .horizon(s) = e.kind { s } else { nil } }
        // Rounded to 0.5 ms: 12.3 and 12.4 ms are both 12.5 ms (written once), 13.1 ms is 13 ms.
        #expect(horizons.count == 2)
        #expect(abs(horizons[0] - 0.0125) < 1e-12 && abs(horizons[1] - 0.013) < 1e-12)
        // Each comes just before its frame, at the frame's instant.
        for (i, e) in events.enumerated() where { if case .horizon = e.kind { true } else { false } }() {
            #expect(i + 1 < events.count && events[i + 1].kind == .frame && events[i + 1].time == e.time)
        }
        #expect(try h.replayedStates() == h.states.text)
    }

    /// A harness with photo 0 open and at rest (clicked at 0.1 s, frames to 1.3 s).
    static func openPhoto() throws -> FrameLoopHarness {
        let h = try FrameLoopHarness()
        try h.frames(from: 0, until: 0.1)
        try h.frame(at: 0.1, [.pointer(.down, 100, 100, server: nil), .pointer(.up, 100, 100, server: nil)])
        try h.frames(from: 0.1 + 1.0 / 60, until: 1.3)
        return h
    }

    @Test("a 1000 Hz drag arriving 16 moves per frame is recorded at the server's times: every gap as the server saw it")
    func serverGaps() throws {
        let h = try Self.openPhoto()
        let truth = try h.drag(start: 1.31, speed: 600, seconds: 0.2, hz: 1000, jitterMilliseconds: 1)
        let moves = try h.recordedEvents().filter { if case .pointer = $0.kind { return $0.time > 1.3 } else { return false } }
        #expect(moves.count == truth.count)
        // The server's clock is whole ms. The offset is the lowest bound (poll − server time) seen
        // so far; it drops by under 1 ms (the grain) as faster events arrive, and only a gap across
        // such a drop differs from the server's (by the drop). Every other recorded gap is exactly
        // the gap of the floored true times, to the µs rounding.
        let recordedGaps = zip(moves, moves.dropFirst()).map { $1.time - $0.time }
        let serverMs = truth.map { ($0 * 1000).rounded(.down) }
        let serverGaps = zip(serverMs, serverMs.dropFirst()).map { ($1 - $0) / 1000 }
        let errors = zip(recordedGaps, serverGaps).map { abs($0 - $1) }
        let exact = errors.filter { $0 < 2e-6 }.count
        #expect(exact >= errors.count * 95 / 100, "\(errors.count - exact) of \(errors.count) gaps differ: \(errors.filter { $0 >= 2e-6 })")
        #expect(errors.allSatisfy { $0 < 0.001 })
    }

    @Test("a slow 45 pt drag at 150 pt/s from a 1000 Hz mouse returns; its release velocity is 150 pt/s within 5 %")
    func slowDragReturns() throws {
        let h = try Self.openPhoto()
        try h.drag(start: 1.31, speed: 150, seconds: 0.3, hz: 1000, jitterMilliseconds: 1)
        try h.frames(from: 1.7, until: 3)
        let release = try #require(h.releases.last)
        // The true velocity is 150 pt/s down; stamped at poll time it read ~290,000 pt/s.
        #expect(abs(release.velocity.y - 150) <= 0.05 * 150, "release velocity \(release.velocity)")
        #expect(release.decision == .return)
        #expect(h.states.lines.last?.contains(#""phase":"presented""#) == true)
        #expect(try h.replayedStates() == h.states.text)
    }

    @Test("a 1,500 pt/s flick from a 1000 Hz mouse closes, at 1,500 pt/s within 5 %")
    func flickCloses() throws {
        let h = try Self.openPhoto()
        try h.drag(start: 1.31, speed: 1500, seconds: 0.06, hz: 1000, jitterMilliseconds: 1)
        try h.frames(from: 1.4, until: 3)
        let release = try #require(h.releases.last)
        #expect(abs(release.velocity.y - 1500) <= 0.05 * 1500, "release velocity \(release.velocity)")
        #expect(release.decision == .close)
    }

    @Test("the again key is recorded as an again effect naming the pull's press; the re-run shows from the next frame; the trace replays to the live log")
    func againIsRecorded() throws {
        let h = try Self.openPhoto()
        // The slow 45 pt pull that returns (the test above), then the again key at 3 s.
        try h.drag(start: 1.31, speed: 150, seconds: 0.3, hz: 1000)
        try h.frames(from: 1.7, until: 3.0)
        let press = try #require(h.recordedEvents().first { if case .pointer(.down, _, _, _) = $0.kind { return $0.time > 1.3 } else { return false } })
        #expect(h.session.againFrom == press.time)
        try h.frame(at: 3.0, [.key(.down, "a"), .key(.up, "a")])
        #expect(try h.recordedEffects() == [.again(from: press.time)])
        // The effect came after the frame the key arrived in: that frame is drawn live.
        #expect(h.session.again == nil)
        try h.frame(at: 3.0 + 1.0 / 60)
        let run = try #require(h.session.again)
        #expect(run.from == press.time)
        // One live frame in: the re-run stands where the gesture stood 1/60 s after its press.
        #expect(run.rerun.time <= press.time + 1.0 / 60)
        try h.frames(from: 3.0 + 2.0 / 60, until: 6)
        #expect(h.session.again == nil, "the re-run ended and the window is live again")
        #expect(try h.replayedStates() == h.states.text)
    }
}
