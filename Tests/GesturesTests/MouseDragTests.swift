import Geometry
import Motion
import Testing
@testable import Gestures

@Suite("Mouse drags: plain, Alt (mirrored) and Alt + Shift (travelling)")
struct MouseDragTests {
    let pivot = Point(500, 400)

    @Test("a plain drag pans; its release velocity is the tracker's figure for the same samples")
    func plainDragVelocity() throws {
        var script = GestureScript()
        var tracker = PointVelocityTracker()
        script.feed(.pointer(.down, 0, 100, 100))
        tracker.add(time: 0, point: Point(100, 100))
        // Accelerating to the right, drifting down: x = 100 + 400 t + 3000 t², y = 100 + 50 t.
        for i in 1...8 {
            let t = Double(i) * 0.008
            let p = Point(100 + 400 * t + 3000 * t * t, 100 + 50 * t)
            script.feed(.pointer(.move, t, p.x, p.y))
            tracker.add(time: t, point: p)
        }
        let last = Point(100 + 400 * 0.064 + 3000 * 0.064 * 0.064, 100 + 50 * 0.064)
        script.feed(.pointer(.up, 0.07, last.x, last.y))
        let end = try #require(script.last)
        #expect(end.phase == .ended && end.kind == .pan && end.source == .mouse)
        #expect(end.translation == last - Point(100, 100))
        #expect(end.velocity == tracker.velocity(at: 0.07))
        #expect(end.velocity.x > 400)
        #expect(end.scale == 1 && end.rotation == 0 && end.scaleVelocity == 0 && end.rotationVelocity == 0)
        // The first move (x = 100 + 3.2 + 0.192 = 103.392) is inside the slop; the second begins the
        // pan, the other six change it. The first move still counts towards the velocity.
        #expect(script.manipulations.map(\.phase) == [.began] + Array(repeating: .changed, count: 6) + [.ended])
    }

    @Test("a drag that rests longer than the stop gap before release ends with zero velocity")
    func restBeforeRelease() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, 120, 100), .pointer(.move, 0.02, 140, 100),
                     .pointer(.up, 0.07, 140, 100)])
        let end = try #require(script.last)
        // last motion at 0.02, release at 0.07: 0.05 ≥ velocityStopGapSeconds (0.04).
        #expect(end.phase == .ended && end.velocity == .zero)
    }

    @Test("Alt + drag from pivot+(100,0) to pivot+(0,50) gives scale 0.5 and +π/2 (clockwise, y down)")
    func mirroredFigure() throws {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed([.pointer(.down, 0, pivot.x + 100, pivot.y, mods: [.alt]),
                     .pointer(.move, 0.05, pivot.x, pivot.y + 50, mods: [.alt])])
        let m = try #require(script.last)
        #expect(m.phase == .began && m.source == .mouseMirrored && m.kind == .pinchRotate)
        // span: |2·(pointer − pivot)| goes 200 → 100.
        #expect(m.scale == 0.5)
        // direction of (mirror − pointer) = −2·(pointer − pivot): angle π → −π/2, the short way: +π/2.
        #expect(close(m.rotation, Double.pi / 2, 1e-12))
        // The mirror pivot is the centre of the pair, and it never moves.
        #expect(m.startPivot == pivot && m.translation == .zero)
        #expect(m.fingers == [Point(500, 450), Point(500, 350)] && m.fingerCentre == pivot)
        // A point right of the pivot swings below it: pivot + ((200, 0) · 0.5) turned a quarter clockwise.
        #expect(close(m.map(pivot + Point(200, 0)), pivot + Point(0, 100)))
    }

    @Test("Alt + drag turned past half a turn reports the rotation unwrapped")
    func mirroredUnwrapped() throws {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed(.pointer(.down, 0, pivot.x + 100, pivot.y, mods: [.alt]))
        // The pointer walks round the pivot in eighths of a turn: 1.5 turns in 12 steps.
        for k in 1...12 {
            let angle = Double(k) * Double.pi / 4
            script.feed(.pointer(.move, Double(k) * 0.01, pivot.x + 100 * cosine(angle), pivot.y + 100 * sine(angle),
                                 mods: [.alt]))
        }
        let m = try #require(script.last)
        #expect(close(m.rotation, 3 * Double.pi, 1e-9))
        #expect(close(m.scale, 1, 1e-12) && m.kind == .rotate)
    }

    @Test("Alt + drag's scale and rotation velocities are the trackers' figures for the same values")
    func mirroredVelocities() throws {
        var script = GestureScript(mirrorPivot: pivot)
        var scales = VelocityTracker(), rotations = VelocityTracker()
        script.feed(.pointer(.down, 0, pivot.x + 100, pivot.y, mods: [.alt]))
        scales.add(time: 0, value: 1)
        rotations.add(time: 0, value: 0)
        for k in 1...6 {
            // radius 100 → 160, angle 0 → 0.3 rad: scale = r / 100, rotation = angle.
            let t = Double(k) * 0.01, r = 100 + 10 * Double(k), a = 0.05 * Double(k)
            script.feed(.pointer(.move, t, pivot.x + r * cosine(a), pivot.y + r * sine(a), mods: [.alt]))
            let m = try #require(script.last)
            #expect(close(m.scale, r / 100, 1e-12) && close(m.rotation, a, 1e-12))
            scales.add(time: t, value: m.scale)
            rotations.add(time: t, value: m.rotation)
        }
        script.feed(.pointer(.up, 0.06, pivot.x + 160 * cosine(0.3), pivot.y + 160 * sine(0.3), mods: [.alt]))
        let end = try #require(script.last)
        #expect(end.phase == .ended)
        #expect(end.scaleVelocity == scales.velocity(at: 0.06))
        #expect(end.rotationVelocity == rotations.velocity(at: 0.06))
        // d(r/100)/dt = 10 per 0.01 s / 100 = 10 /s; dθ/dt = 0.05 per 0.01 s = 5 rad/s.
        #expect(close(end.scaleVelocity, 10, 1e-6) && close(end.rotationVelocity, 5, 1e-6))
        #expect(end.velocity == .zero)
    }

    @Test("Alt + Shift + drag moves both virtual fingers together: translation only, scale and rotation frozen")
    func travellingPair() throws {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed([.pointer(.down, 0, 600, 400, mods: [.alt, .shift]),
                     .pointer(.move, 0.02, 630, 440, mods: [.alt, .shift])])
        let m = try #require(script.last)
        #expect(m.source == .mouseTranslated && m.kind == .pan)
        #expect(m.scale == 1 && m.rotation == 0)
        #expect(m.translation == Point(30, 40))
        // The second finger starts where the mirror would be (2·pivot − press = (400, 400)) and keeps its offset.
        #expect(m.fingers == [Point(630, 440), Point(430, 440)])
        #expect(m.fingerCentre == Point(530, 440))
    }

    @Test("Ctrl or GUI held with a drag changes nothing: it is a plain pan")
    func ctrlDrag() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100, mods: [.ctrl, .gui]), .pointer(.move, 0.02, 150, 100, mods: [.ctrl, .gui])])
        let m = try #require(script.last)
        #expect(m.source == .mouse && m.translation == Point(50, 0))
    }

    @Test("Alt + drag started with the pointer on the pivot pans nothing until the fingers are apart, then pinches from there")
    func mirroredFromPivot() throws {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed([.pointer(.down, 0, pivot.x, pivot.y, mods: [.alt]),
                     .pointer(.move, 0.01, pivot.x + 8, pivot.y, mods: [.alt])])
        let held = try #require(script.last)
        // span 16 < minimumFingerSpanPoints (20): only the centre may move, and it is the pivot.
        #expect(held.scale == 1 && held.rotation == 0 && held.translation == .zero)
        script.feed(.pointer(.move, 0.02, pivot.x + 10, pivot.y, mods: [.alt]))
        // span reaches 20: the segment restarts there, so from here the scale is span / 20.
        script.feed(.pointer(.move, 0.03, pivot.x + 40, pivot.y, mods: [.alt]))
        let m = try #require(script.last)
        #expect(m.scale == 80.0 / 20.0 && m.rotation == 0)
        #expect(m.manipulationIsFinite)
    }
}

extension Manipulation {
    var manipulationIsFinite: Bool { GestureEvent.manipulation(self).isFinite }
}
