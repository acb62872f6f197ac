import Geometry
import Events

/// One wheel event read as a gesture step: Ctrl + wheel pinches about the pointer, Ctrl + Shift +
/// wheel rotates about it. Any other modifier mix (or none) is not a step: it is a scroll.
///
/// The amount is `dy` (positive away from the user: pinch out, i.e. scale up, and turn clockwise);
/// for Ctrl + Shift, where a system turns Shift + wheel into horizontal motion (`dy` 0), `dx`
/// stands in.
enum WheelStep: Hashable, Sendable {
    /// Multiply the scale by `exp(logScale)`.
    case pinch(logScale: Double)
    /// Turn by `radians`, positive clockwise on screen.
    case rotate(radians: Double)

    /// The step for a wheel event, or nil when it is a scroll.
    init?(modifiers: Modifiers, delta: Point, settings: GestureSettings) {
        switch modifiers {
        case [.ctrl]:
            self = .pinch(logScale: delta.y * settings.wheelPinchLogScalePerUnit)
        case [.ctrl, .shift]:
            let units = delta.y != 0 ? delta.y : delta.x
            self = .rotate(radians: units * settings.wheelRotateRadiansPerUnit)
        default:
            return nil
        }
    }

    /// True when the step does nothing (a zero delta).
    var isEmpty: Bool {
        switch self {
        case let .pinch(logScale): logScale == 0
        case let .rotate(radians): radians == 0
        }
    }

    /// The step as a motion about `pointer`.
    func motion(about pointer: Point) -> SegmentMotion {
        switch self {
        case let .pinch(logScale):
            SegmentMotion(from: pointer, to: pointer, scale: exponential(logScale), rotation: 0)
        case let .rotate(radians):
            SegmentMotion(from: pointer, to: pointer, scale: 1, rotation: radians)
        }
    }

    var isPinch: Bool { if case .pinch = self { true } else { false } }
    var isRotate: Bool { !isPinch }
}
