import Geometry
import Gestures
import Testing
@testable import Viewing
import Events

@Suite("Touchpad gestures in the viewer: a pinch is the two-finger touch gesture, a three-finger swipe a one-finger drag")
struct TouchpadTests {
    /// A pinch in of `steps` updates every 10 ms at (640, 400), to `scale`, turning `degrees` each step.
    static func pinch(to scale: Double, degrees: Double, steps: Int) -> [TouchpadGesture] {
        let at = Point(640, 400)
        var out = [TouchpadGesture(gesture: .pinch, phase: .begin, fingers: 2, position: at)]
        for i in 1...steps {
            out.append(TouchpadGesture(gesture: .pinch, phase: .update, fingers: 2, position: at, delta: Point(1, 2),
                                       scale: 1 + (scale - 1) * Double(i) / Double(steps), angleDelta: degrees))
        }
        out.append(TouchpadGesture(gesture: .pinch, phase: .end, fingers: 2, position: at, scale: scale))
        return out
    }

    @Test("a touchpad pinch moves the photo exactly as two touch-screen fingers at the same places do, frame by frame, release and decision included")
    func pinchIsTheTouchGesture() {
        var pad = ViewerScript(), touch = ViewerScript()
        pad.openAndSettle(5)
        touch.openAndSettle(5)
        var fingers = TouchpadFingers()
        for g in Self.pinch(to: 0.6, degrees: 2, steps: 12) {
            pad.send(.touchpad(g), after: 0.01)
            // The touch script gets the fingers the rule gives, at the same instant.
            touch.now = pad.now
            for f in fingers.touches(for: g, slopPoints: touch.viewer.feel.clickSlopPoints) {
                touch.send(.touch(phase: f.phase, id: f.id, position: f.position), after: 0)
            }
            pad.frame()
            touch.frame()
        }
        pad.settle()
        touch.settle()
        #expect(pad.snapshots == touch.snapshots)
        #expect(pad.notes == touch.notes)
        let release = pad.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }.first
        // 0.6 and 24° in: a deliberate pinch in, projected below dismissPinchCloseScale (0.75).
        #expect(release?.decision == .close, "\(String(describing: release))")
        #expect(release?.gesture == .pinchRotate)
        // Every component's velocity handed over: the updates' rates, −0.4 / 12 scale and 2° per
        // step of 10 ms + a frame (1/60 s), the centre's (1, 2) pt per step.
        let step = 0.01 + 1.0 / 60
        let expected = (scale: -0.4 / 12 / step, rotation: 2 * Double.pi / 180 / step, centre: Point(1, 2) / step)
        #expect(abs((release?.scaleVelocity ?? 0) - expected.scale) < 1e-6 * abs(expected.scale), "\(String(describing: release))")
        #expect(abs((release?.rotationVelocity ?? 0) - expected.rotation) < 1e-6 * expected.rotation, "\(String(describing: release))")
        #expect((release?.velocity ?? .zero).distance(to: expected.centre) < 1e-6 * expected.centre.length, "\(String(describing: release))")
    }

    @Test("a three-finger swipe to the left pages to the next photo; a two-finger one does nothing")
    func swipePages() {
        var s = ViewerScript()
        s.openAndSettle(5)
        let at = Point(640, 400)
        for fingers in [2, 3] {
            s.send(.touchpad(TouchpadGesture(gesture: .swipe, phase: .begin, fingers: fingers, position: at)))
            for _ in 0..<12 {
                s.send(.touchpad(TouchpadGesture(gesture: .swipe, phase: .update, fingers: fingers, position: at, delta: Point(-40, 0))), after: 0.01)
                s.frame()
            }
            s.send(.touchpad(TouchpadGesture(gesture: .swipe, phase: .end, fingers: fingers, position: at)))
            s.settle()
            #expect(s.viewer.session?.photo == (fingers == 2 ? 5 : 6), "\(fingers) fingers")
        }
    }
}
