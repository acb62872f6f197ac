import Testing
@testable import Continuity
import Geometry
import Gestures
@testable import Viewing

/// The live window's software renderer gives way to the accelerated one before a waiting input is
/// read (`RendererHandOver`): the frame loop stands still 80–130 ms, and the input, stamped with
/// the X server's time from before the wait, arrives in one burst with the next frame (issue 20).
@Suite("Continuity: input read after the renderer hand-over's wait")
struct StalledFrameJumpTests {
    /// The script's events and frames, each read by a jump detector.
    struct Watched {
        var s = ViewerScript()
        var detector = JumpDetector()
        init() { detector.observe(s.viewer.motionSample) }
        mutating func look() { detector.observe(s.viewer.motionSample) }
        /// The next frame `gap` seconds after the last event or frame.
        mutating func frame(after gap: Double) {
            s.now += gap - s.frameInterval
            s.frame()
            look()
        }
        mutating func settle() {
            let start = s.now
            while !s.viewer.isAtRest && s.now - start < 5 { s.frame(); look() }
        }
    }

    @Test("a click made during the wait opens its photo without a jump (measured: a click 20 ms after the window, the next frame 125 ms later)")
    func clickDuringWait() {
        var w = Watched()
        let cell = w.s.viewer.scene().cells[1].frame.center
        // Press and release in the same millisecond, as xdotool clicks.
        w.s.press(cell)
        w.look()
        w.s.lift(cell, after: 0)
        w.look()
        w.frame(after: 0.125)
        w.settle()
        #expect(w.s.phase == .presented && w.s.snapshot.photo == 1)
        #expect(w.detector.jumps.isEmpty, "\(w.detector.jumps.map(\.description))")
    }

    @Test("a 1000 Hz drag begun during the wait, read as one burst, carries the grid without a jump")
    func dragDuringWait() {
        var w = Watched()
        let start = Point(640, 600)
        w.s.press(start)
        w.look()
        // 100 ms of motion at 1 ms a step, 3 pt a step upwards, all before the next frame.
        for i in 1...100 {
            w.s.move(Point(640, 600 - Double(i) * 3))
            w.look()
        }
        w.frame(after: 0.025)
        for i in 1...20 {
            w.s.move(Point(640, 300 - Double(i) * 3), after: 0.004)
            w.look()
            if i % 4 == 0 { w.s.frame(); w.look() }
        }
        w.s.lift(Point(640, 240))
        w.look()
        w.settle()
        // The grid went up with the hand (360 pt of drag, then its fling).
        #expect(w.s.viewer.scrollOffset > 300, "\(w.s.viewer.scrollOffset)")
        #expect(w.detector.jumps.isEmpty, "\(w.detector.jumps.map(\.description))")
    }
}
