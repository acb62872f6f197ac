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
///
/// `pan` for one finger or a mouse drag (plain or Alt + Shift). For two fingers, real or mirrored
/// (Alt + drag), `pinchRotate`, narrowed to `pinch` once only the scale has moved more than
/// `GestureSettings.pinchKindScaleThreshold` from 1, or to `rotate` once only the rotation has
/// passed `rotateKindThresholdRadians`; `pinchRotate` again once both have. A Ctrl + wheel step is
/// a `pinch`, a Ctrl + Shift + wheel step a `rotate`. A component once seen stays in the kind to
/// the end of the manipulation (a pinch that then travels, or goes on with one finger, is still a
/// pinch).
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
    /// The pivot at `began`, fixed for the whole manipulation: the press point of a plain or
    /// Alt + Shift drag, the mirror pivot of an Alt + drag, the fingers' centroid, the pointer of a
    /// wheel gesture.
    public var startPivot: Point
    /// Cumulative translation of the pivot since `began`, points: where the point that was under
    /// `startPivot` has been carried. Continuous through modifier switches and finger changes.
    public var translation: Point
    /// Cumulative scale since `began` (1 = unchanged).
    public var scale: Double
    /// Cumulative rotation since `began`, radians, unwrapped, positive clockwise on screen.
    public var rotation: Double
    /// Velocity of `pivot`, points per second (the tracker's estimate; final at `ended`; zero at
    /// `cancelled`).
    public var velocity: Point
    /// Scale velocity, scale units per second (d scale / dt, not logarithmic).
    public var scaleVelocity: Double
    /// Angular velocity, radians per second, positive clockwise on screen.
    public var rotationVelocity: Double
    /// The (real or virtual) finger positions now, for drawing: one for a plain drag or one finger,
    /// two for Alt + drag, Alt + Shift + drag or two fingers, none for a wheel gesture.
    public var fingers: [Point]
    /// The point the fingers turn about now, for drawing, window points: the centroid of the real
    /// fingers, the mirror pivot of Alt + drag, the midpoint of the Alt + Shift pair, the pointer of
    /// a wheel gesture. (Not `pivot`: that is where the point grabbed at `began` has been carried.)
    public var fingerCentre: Point
    /// Time of this update, seconds.
    public var time: Double

    /// A manipulation; `fingerCentre` defaults to `pivot`.
    package init(phase: GesturePhase, kind: ManipulationKind, source: GestureSource, startPivot: Point,
                translation: Point = .zero, scale: Double = 1, rotation: Double = 0, velocity: Point = .zero,
                scaleVelocity: Double = 0, rotationVelocity: Double = 0, fingers: [Point] = [],
                fingerCentre: Point? = nil, time: Double) {
        self.phase = phase; self.kind = kind; self.source = source; self.startPivot = startPivot
        self.translation = translation; self.scale = scale; self.rotation = rotation; self.velocity = velocity
        self.scaleVelocity = scaleVelocity; self.rotationVelocity = rotationVelocity; self.fingers = fingers
        self.fingerCentre = fingerCentre ?? startPivot + translation
        self.time = time
    }

    /// The pivot now.
    public var pivot: Point { startPivot + translation }

    /// Where a point that was at `p` when the gesture began is now.
    public func map(_ p: Point) -> Point {
        pivot + ((p - startPivot) * scale).rotated(by: rotation)
    }
}
