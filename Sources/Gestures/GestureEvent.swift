import Geometry
import Events

/// What the recognizers report to the viewer.
package enum GestureEvent: Hashable, Sendable {
    /// A click or finger tap within the slop; `count` 2 for the second tap of a double tap.
    case tap(location: Point, count: Int, button: PointerButton, modifiers: Modifiers, time: Double)
    /// A pan, pinch, rotate or any of them together.
    case manipulation(Manipulation)
    /// A plain wheel motion (no pinch or rotate modifier), in wheel units.
    case scroll(location: Point, delta: Point, modifiers: Modifiers, time: Double)
}
