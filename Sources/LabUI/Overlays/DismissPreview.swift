import Geometry
import Viewing
import FeelModel

/// While a gesture holds the photo (dismissing or paging): what a release would do now and why,
/// with every figure the release rule uses, for the decision overlay.
///
/// The verdict and reason come from the function the release itself calls, so the preview never
/// disagrees with the release that follows it. Window points, origin top-left; speeds in points per
/// second; scales are multiples of the scale at the grab.
public struct DismissPreview: Hashable, Sendable {
    public typealias Verdict = ReleaseVerdict

    /// The gesture's pivot: where it started, where it is, how fast it goes and where momentum
    /// would carry it, and the offset the rule measures with its momentum projection.
    public struct Travel: Hashable, Sendable {
        public var start: Point
        public var current: Point
        /// Release velocity if let go now, pt/s (paging: the velocity handed to the paging spring).
        public var velocity: Point
        /// Where momentum would carry the pivot.
        public var projected: Point
        /// The pivot's travel from the start (dismissal) or the displayed paging offset, horizontal
        /// (paging), pt.
        public var offset: Point
        /// `offset` plus the momentum projection of the velocity, pt.
        public var projectedOffset: Point

        /// The travel from `start` to `current`; the offsets default to the pivot's own travel.
        package init(start: Point, current: Point, velocity: Point, projected: Point,
                    offset: Point? = nil, projectedOffset: Point? = nil) {
            self.start = start; self.current = current; self.velocity = velocity; self.projected = projected
            self.offset = offset ?? current - start
            self.projectedOffset = projectedOffset ?? projected - start
        }
    }

    /// One figure of a two-finger gesture (the pinch scale, or the rotation in radians, positive
    /// clockwise on screen): its value now, its velocity per second, where momentum would carry it,
    /// and the threshold past which that closes (a scale below it, a rotation beyond it).
    public struct Measure: Hashable, Sendable {
        public var value: Double
        public var velocity: Double
        public var projected: Double
        public var threshold: Double

        /// A measure whose projection defaults to its value (no momentum).
        package init(value: Double, velocity: Double = 0, projected: Double? = nil, threshold: Double) {
            self.value = value; self.velocity = velocity; self.projected = projected ?? value; self.threshold = threshold
        }

        /// An unpinched scale (1) that closes below the default pinch-close scale.
        package static let unpinched = Measure(value: 1, threshold: Feel.defaults.dismissPinchCloseScale)
        /// No rotation; it closes past the default dismiss angle.
        package static let upright = Measure(value: 0, threshold: Feel.defaults.dismissRotationRadians)
    }

    /// The feel's distances and speeds the release rule compares with.
    public struct Limits: Hashable, Sendable {
        /// Progress reaches 0 when the pivot is this far from the start, pt; a projected distance
        /// past it closes.
        public var dragRadiusPoints: Double
        /// Dismissal: moving back toward the start faster than this returns the photo, pt/s.
        public var reversalSpeedPointsPerSecond: Double
        /// Paging: a projected offset past this distance either way pages, pt (0: not paging).
        public var pageDistancePoints: Double
        /// Paging: a flick faster than this toward the side the offset is on pages, pt/s.
        public var flickSpeedPointsPerSecond: Double

        public init(dragRadiusPoints: Double,
                    reversalSpeedPointsPerSecond: Double = Feel.defaults.cancelReversalSpeedPointsPerSecond,
                    pageDistancePoints: Double = 0, flickSpeedPointsPerSecond: Double = 0) {
            self.dragRadiusPoints = dragRadiusPoints; self.reversalSpeedPointsPerSecond = reversalSpeedPointsPerSecond
            self.pageDistancePoints = pageDistancePoints; self.flickSpeedPointsPerSecond = flickSpeedPointsPerSecond
        }
    }

    /// The gesture: pan, pinch, rotate, pinch+rotate (dismissal) or page.
    public var gesture: GestureName
    public var verdict: Verdict
    /// The rule that decided the verdict, with the figures it compared; nil only in a preview made
    /// by hand.
    public var reason: DecisionReason?
    public var travel: Travel
    public var scale: Measure
    public var rotation: Measure
    /// Dismissal: the speed back toward the start, pt/s (0 within the click slop).
    public var backSpeed: Double
    public var limits: Limits
    /// Virtual or real fingers, and the pivot of a mouse-made pinch.
    public var fingers: [Point]
    public var pivot: Point?

    package init(gesture: GestureName = .pan, verdict: Verdict, reason: DecisionReason? = nil, travel: Travel,
                scale: Measure = .unpinched, rotation: Measure = .upright, backSpeed: Double = 0, limits: Limits,
                fingers: [Point] = [], pivot: Point? = nil) {
        self.gesture = gesture; self.verdict = verdict; self.reason = reason; self.travel = travel
        self.scale = scale; self.rotation = rotation; self.backSpeed = backSpeed; self.limits = limits
        self.fingers = fingers; self.pivot = pivot
    }

    /// True while paging (the verdict is next, previous or stay).
    public var isPaging: Bool { gesture == .page }
}
