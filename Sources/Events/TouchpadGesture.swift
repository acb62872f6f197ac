import Geometry

/// One touchpad gesture event as the window system reports it (X11: XInput 2.4's
/// `XI_GesturePinch*` and `XI_GestureSwipe*`, which libinput and Xwayland make from real touchpads):
/// the trace's `touchpad` event.
///
/// Its time is the event's (the X server's, on the session clock); the viewer turns it into
/// fingers of its own (`TouchpadFingers`), so a touchpad pinch or swipe moves the photo exactly
/// as real fingers on a touch screen do.
public struct TouchpadGesture: Hashable, Sendable {
    /// Which gesture: a pinch (two or more fingers closing, opening or turning) or a swipe (three or
    /// more fingers travelling together; two-finger travel is the wheel's).
    package enum Gesture: String, Hashable, Sendable, CaseIterable {
        case pinch, swipe
    }

    /// The gesture's step: the first report, a change, the fingers lifting, or the server taking
    /// the gesture away (`cancel`, which ends like a lifted hand).
    package enum Phase: String, Hashable, Sendable, CaseIterable {
        case begin, update, end, cancel
    }

    package var gesture: Gesture
    package var phase: Phase
    /// Fingers on the pad (2 or more for a pinch, 3 or more for a swipe as libinput reports them).
    package var fingers: Int
    /// The pointer's position in window points: where the gesture happens (the pointer stays
    /// still while the fingers pinch or swipe).
    package var position: Point
    /// The fingers' centre's travel since the last event, window points (accelerated like the
    /// pointer's motion).
    package var delta: Point
    /// The pinch's scale since its begin (1 at the begin; the fingers' spread over the spread
    /// they began with). 1 for a swipe.
    package var scale: Double
    /// The pinch's turn since the last event, degrees, clockwise on screen positive. 0 for a swipe.
    package var angleDelta: Double

    package init(gesture: Gesture, phase: Phase, fingers: Int, position: Point, delta: Point = .zero,
                scale: Double = 1, angleDelta: Double = 0) {
        self.gesture = gesture
        self.phase = phase
        self.fingers = fingers
        self.position = position
        self.delta = delta
        self.scale = scale
        self.angleDelta = angleDelta
    }

    /// True when every number is finite.
    package var isFinite: Bool {
        position.isFinite && delta.isFinite && scale.isFinite && angleDelta.isFinite
    }
}
