import Geometry
import Events

/// Taps and double taps, from mouse clicks and single-finger touches alike.
///
/// A press makes a tap `possible`; moving farther than the slop from the press point, a second
/// finger, or a wheel gesture while held makes it `failed`; a release while still possible ends it
/// as a tap, reported at once with `count` 1. A tap whose press comes within the double-tap
/// interval of the previous tap's release, within the double-tap distance of its press, with the
/// same button, is reported with `count` 2; after a double tap the count starts again (a third
/// quick tap is a single tap, a fourth a double again). A failed tap breaks the chain.
struct TapRecognizer: Sendable {
    /// The slop and double-tap limits.
    var settings: GestureSettings
    /// The tap state machine's state (`failed` while nothing is pressed).
    private(set) var state: RecognizerState = .failed
    private var press: (location: Point, time: Double, button: PointerButton, modifiers: Modifiers)?
    /// The last single tap, which a quick second tap would make a double tap.
    private var previous: (location: Point, releaseTime: Double, button: PointerButton)?

    init(settings: GestureSettings) {
        self.settings = settings
    }

    /// A press at `location`: a tap is possible.
    mutating func press(at location: Point, time: Double, button: PointerButton, modifiers: Modifiers) {
        press = (location, time, button, modifiers)
        state = .possible
    }

    /// The press moved to `location`: beyond the slop the tap fails. Returns true when it failed now.
    @discardableResult
    mutating func move(to location: Point) -> Bool {
        guard state == .possible, let press else { return false }
        if location.distance(to: press.location) > settings.clickSlopPoints {
            fail()
            return true
        }
        return false
    }

    /// Something other than a tap happened (a second finger, a wheel gesture, a cancel).
    mutating func fail() {
        if state == .possible { state = .failed }
        previous = nil
    }

    /// The press was released at `time`: the tap, if it is still possible, located at the press.
    mutating func release(time: Double) -> GestureEvent? {
        defer { press = nil }
        guard state == .possible, let press else {
            state = .failed
            return nil
        }
        state = .ended
        var count = 1
        if let previous, previous.button == press.button,
           press.time - previous.releaseTime <= settings.doubleTapIntervalSeconds,
           press.location.distance(to: previous.location) <= settings.doubleTapDistancePoints {
            count = 2
            self.previous = nil
        } else {
            self.previous = (press.location, time, press.button)
        }
        return .tap(location: press.location, count: count, button: press.button, modifiers: press.modifiers, time: time)
    }
}
