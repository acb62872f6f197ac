import Geometry
import Gestures
import Testing
@testable import Shell
import Player
import Trace
import Viewer

@Suite("Player loop: the person's input from the event source moves the player; the clock plays it")
struct PlayerLoopTests {
    /// Two seconds at 60 Hz: a click opens photo 2 at 0.2 s.
    static func trace() -> PlaybackTrace {
        let header = TraceHeader(windowSize: FrameLoopHarness.windowSize, scale: 1, photos: FrameLoopHarness.photos, feel: nil)
        let cell = GridLayout(windowSize: header.windowSize, photoCount: header.photos.count).cellRect(2, scroll: 0).center
        var events: [InputEvent] = []
        for k in 1...120 {
            let t = Double(k) / 60
            if k == 12 { events += [.pointer(.down, t - 0.01, cell.x, cell.y), .pointer(.up, t - 0.004, cell.x, cell.y)] }
            events.append(.frame(t))
        }
        return PlaybackTrace(name: "loop", header: header, events: events)
    }

    @Test("a burst of keys steps and plays; wall time at 0.5× moves the playhead half as far; closing the window quits")
    func loopDrivesPlayer() throws {
        let controls = PlayerControls(player: try TracePlayer(trace: Self.trace()), windowSize: FrameLoopHarness.windowSize)
        let source = ScriptedEventSource(), clock = ManualClock()
        let loop = PlayerLoop(controls: controls, source: source, clock: clock)
        source.bursts = [[.key(.down, "right"), .key(.up, "right"), .key(.down, "right")], [.key(.down, "["), .key(.down, "space")], [], [.quit]]
        clock.time = 5
        try loop.step()
        #expect(controls.player.frame == 3)
        try loop.step()
        #expect(controls.player.isPlaying && controls.player.speed == 0.5)
        let start = controls.player.time
        clock.time = 5.2
        try loop.step()
        // 0.2 s of wall time at 0.5×: 0.1 s of the trace.
        #expect(abs(controls.player.time - (start + 0.1)) < 1e-12)
        #expect(controls.player.frame == controls.player.trace.frame(atTime: start + 0.1))
        #expect(loop.isRunning)
        try loop.step()
        #expect(!loop.isRunning)
    }
}
