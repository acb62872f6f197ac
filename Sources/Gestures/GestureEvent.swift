import Geometry

/// The state-machine phase of a continuous gesture (after `possible`).
public enum GesturePhase: String, Hashable, Sendable {
    case began, changed, ended, cancelled
}

/// What produced a manipulation, so the viewer can draw it and the summary can name it.
public enum GestureSource: String, Hashable, Sendable {
    /// Plain mouse drag.
    case mouse
    /// Alt + drag: two virtual fingers mirrored through a fixed pivot.
    case mouseMirrored
    /// Alt + Shift + drag: both virtual fingers travel with the pointer.
    case mouseTranslated
    /// Ctrl + wheel (pinch) or Ctrl + Shift + wheel (rotate) about the pointer.
    case wheel
    /// Real touch-screen fingers.
    case touch
}

/// Which components a manipulation is moving, as the state log names them.
public enum ManipulationKind: String, Hashable, Sendable {
    case pan, pinch, rotate
    case pinchRotate = "pinch+rotate"
}

/// A continuous manipulation: translation, scale and rotation relative to its start, with the
/// velocities of each. Everything is cumulative since `began`, so a consumer can map the photo as
///
///     centre = pivot + ((centreAtStart − startPivot) · scale).rotated(by: rotation)
///
/// where `pivot = startPivot + translation`.
public struct Manipulation: Hashable, Sendable {
    public var phase: GesturePhase
    public var kind: ManipulationKind
    public var source: GestureSource
    /// The pivot at `began` (the centroid of the fingers, or the mirrored pointer's fixed pivot).
    public var startPivot: Point
    /// Cumulative translation of the pivot since `began`, points.
    public var translation: Point
    /// Cumulative scale since `began` (1 = unchanged).
    public var scale: Double
    /// Cumulative rotation since `began`, radians, unwrapped, positive clockwise on screen.
    public var rotation: Double
    /// Translation velocity, points per second (the tracker's estimate; final at `ended`).
    public var velocity: Point
    /// Scale velocity, scale units per second.
    public var scaleVelocity: Double
    /// Angular velocity, radians per second.
    public var rotationVelocity: Double
    /// The (real or virtual) finger positions now, for drawing.
    public var fingers: [Point]
    /// Time of this update, seconds.
    public var time: Double

    public init(phase: GesturePhase, kind: ManipulationKind, source: GestureSource, startPivot: Point,
                translation: Point = .zero, scale: Double = 1, rotation: Double = 0, velocity: Point = .zero,
                scaleVelocity: Double = 0, rotationVelocity: Double = 0, fingers: [Point] = [], time: Double) {
        self.phase = phase; self.kind = kind; self.source = source; self.startPivot = startPivot
        self.translation = translation; self.scale = scale; self.rotation = rotation; self.velocity = velocity
        self.scaleVelocity = scaleVelocity; self.rotationVelocity = rotationVelocity; self.fingers = fingers
        self.time = time
    }

    /// The pivot now.
    public var pivot: Point { startPivot + translation }

    /// Where a point that was at `p` when the gesture began is now.
    public func map(_ p: Point) -> Point {
        pivot + ((p - startPivot) * scale).rotated(by: rotation)
    }
}

/// What the recognizers report to the viewer.
public enum GestureEvent: Hashable, Sendable {
    /// A click or finger tap within the slop; `count` 2 for the second tap of a double tap.
    case tap(location: Point, count: Int, button: PointerButton, modifiers: Modifiers, time: Double)
    /// A pan, pinch, rotate or any of them together.
    case manipulation(Manipulation)
    /// A plain wheel motion (no pinch or rotate modifier), in wheel units.
    case scroll(location: Point, delta: Point, modifiers: Modifiers, time: Double)
}

/// The recognizers' tunable numbers (the viewer fills them from its feel parameters).
public struct GestureSettings: Hashable, Sendable {
    public var clickSlopPoints = 6.0
    public var doubleTapIntervalSeconds = 0.3
    public var doubleTapDistancePoints = 20.0
    public var wheelQuietSeconds = 0.15
    public var wheelPinchLogScalePerUnit = 0.1
    public var wheelRotateRadiansPerUnit = 0.08
    public var velocityWindowSeconds = 0.1
    public var velocitySampleLimit = 20
    public var velocityStopGapSeconds = 0.04
    public init() {}
}

/// The context a recognizer needs from the viewer when a gesture begins.
public struct GestureContext: Hashable, Sendable {
    /// The pivot for mirrored virtual fingers: the centre of the photo under the pointer, or of the window.
    public var mirrorPivot: Point
    public init(mirrorPivot: Point) { self.mirrorPivot = mirrorPivot }
}
