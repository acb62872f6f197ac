import Geometry
import Gestures

// MARK: - Touchpad gestures

extension Viewer {
    /// A touchpad pinch or swipe: handled as the touch-screen fingers it stands for
    /// (`TouchpadFingers`), each one an input of its own at the gesture's time, so it catches a
    /// photo in flight, pinches, turns, pages and dismisses exactly as real fingers do and hands
    /// every component's velocity to the springs when it ends.
    mutating func handleTouchpad(_ gesture: TouchpadGesture, time t: Double) {
        for touch in touchpadFingers.touches(for: gesture, slopPoints: feel.clickSlopPoints) {
            handle(InputEvent(time: t, kind: .touch(phase: touch.phase, id: touch.id, position: touch.position)))
        }
    }

    /// True while a touchpad pinch holds its two fingers down (the decision overlay marks its centre).
    package var isTouchpadPinch: Bool { touchpadFingers.isPinching }
}
