import Geometry
import Events

/// The touch-screen fingers a touchpad gesture stands for, so the viewer's one touch path
/// (`TouchGestureRecognizer`, the photo's catch and release) moves the photo for both.
///
/// - A pinch is two fingers `radiusPoints` × scale either side of the gesture's centre, on a line
///   turned by the gesture's angle: the centre starts at the pointer and travels by the deltas,
///   the spread follows the cumulative `scale`, the line turns by each `angleDelta` (degrees,
///   clockwise on screen). Two real fingers placed there would make the same manipulation: its
///   pivot is the centre, its scale the gesture's scale, its rotation the gesture's angle, and
///   the velocity trackers see every component as they see a touch screen's.
/// - A swipe of three or more fingers is one finger starting at the pointer and travelling by the
///   deltas, as a finger dragged on a touch screen: horizontal travel pages, vertical travel
///   dismisses (a swipe of fewer fingers is ignored: two-finger travel is the wheel's).
/// - The end lifts the fingers where the last update left them, and so does a cancel (the
///   server took the gesture away: it ends like a lifted hand). A swipe that never travelled beyond the click
///   slop lifts as a cancelled touch, so it is never a tap.
///
/// Pure state: the same gestures give the same fingers, bit for bit.
package struct TouchpadFingers: Hashable, Sendable {
    /// The ids of the pinch's two fingers and the swipe's finger: negative, so no touch screen's
    /// finger shares them.
    package static let pinchIDs = (first: -2_901, second: -2_902)
    package static let swipeID = -2_903
    /// Half the pinch's fingers' spread at scale 1, window points: wide enough that a pinch in to
    /// scale 0.1 keeps them above the recognizer's minimum span.
    package static let radiusPoints = 150.0

    private enum Held: Hashable, Sendable {
        case none
        /// A pinch: its centre, its angle in radians and its cumulative scale.
        case pinch(centre: Point, angle: Double, scale: Double)
        /// A swipe: where its finger started and where it is.
        case swipe(start: Point, position: Point)
    }

    private var held: Held = .none

    package init() {}

    /// True while a touchpad gesture holds fingers down.
    package var isHolding: Bool { held != .none }

    /// True while a pinch holds its two fingers down.
    package var isPinching: Bool {
        if case .pinch = held { return true }
        return false
    }

    /// The touch events (phase, id, position) that `gesture` makes, in order.
    ///
    /// - Parameter slopPoints: the click slop: a swipe's finger that ends within it of its start is
    ///   lifted as `cancel`.
    package mutating func touches(for gesture: TouchpadGesture, slopPoints: Double) -> [(phase: TouchPhase, id: Int, position: Point)] {
        guard gesture.isFinite, gesture.scale > 0 else { return [] }
        var out: [(phase: TouchPhase, id: Int, position: Point)] = []
        if gesture.phase == .begin, held != .none {
            // A begin without the end of the gesture before it: that one is lifted first.
            out += lift(slopPoints: slopPoints)
        }
        switch (gesture.gesture, held) {
        case (.pinch, .none):
            guard gesture.phase == .begin else { return out }
            let centre = gesture.position + gesture.delta
            held = .pinch(centre: centre, angle: gesture.angleDelta * .pi / 180, scale: gesture.scale)
            let (a, b) = pinchFingers()
            out += [(.down, Self.pinchIDs.first, a), (.down, Self.pinchIDs.second, b)]
        case let (.pinch, .pinch(centre, angle, _)):
            guard gesture.phase == .update else {
                // The end (or cancel) lifts the fingers where the last update left them, as a hand
                // lifts after its last motion: libinput's end repeats the last scale with no travel,
                // and a move recomputed from it would be a pause sample for the velocity trackers.
                out += lift(slopPoints: slopPoints)
                break
            }
            held = .pinch(centre: centre + gesture.delta, angle: angle + gesture.angleDelta * .pi / 180, scale: gesture.scale)
            let (a, b) = pinchFingers()
            out += [(.move, Self.pinchIDs.first, a), (.move, Self.pinchIDs.second, b)]
        case (.swipe, .none):
            guard gesture.phase == .begin, gesture.fingers >= 3 else { return out }
            let position = gesture.position + gesture.delta
            held = .swipe(start: gesture.position, position: position)
            out.append((.down, Self.swipeID, gesture.position))
            if position != gesture.position { out.append((.move, Self.swipeID, position)) }
        case let (.swipe, .swipe(start, position)):
            let next = position + gesture.delta
            held = .swipe(start: start, position: next)
            if next != position { out.append((.move, Self.swipeID, next)) }
            if gesture.phase == .end || gesture.phase == .cancel { out += lift(slopPoints: slopPoints) }
        case (.pinch, .swipe), (.swipe, .pinch):
            // The other gesture's events while one is held: not this gesture's.
            break
        }
        return out
    }

    /// The pinch's two fingers: either side of the centre, `radiusPoints` × scale away, on the
    /// line at `angle`.
    private func pinchFingers() -> (Point, Point) {
        guard case let .pinch(centre, angle, scale) = held else { return (.zero, .zero) }
        let r = Self.radiusPoints * scale
        let arm = Point(r * cosine(angle), r * sine(angle))
        return (centre - arm, centre + arm)
    }

    /// Lifts whatever is held, where it is.
    private mutating func lift(slopPoints: Double) -> [(phase: TouchPhase, id: Int, position: Point)] {
        defer { held = .none }
        switch held {
        case .none:
            return []
        case .pinch:
            let (a, b) = pinchFingers()
            return [(.up, Self.pinchIDs.first, a), (.up, Self.pinchIDs.second, b)]
        case let .swipe(start, position):
            return [(position.distance(to: start) > slopPoints ? .up : .cancel, Self.swipeID, position)]
        }
    }
}
