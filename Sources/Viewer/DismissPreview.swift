import Geometry

/// While a gesture holds the photo (dismissing or paging): what a release would do now and why,
/// with every figure the release rule uses, for the decision overlay.
///
/// The verdict and reason come from the function the release itself calls, so the preview never
/// disagrees with the release that follows it. Window points, origin top-left; speeds in points per
/// second; scales are multiples of the scale at the grab.
public struct DismissPreview: Hashable, Sendable {
    public typealias Verdict = ReleaseVerdict

    /// Where the gesture's pivot started, window points.
    public var start: Point
    /// Where it is now.
    public var current: Point
    /// Release velocity if let go now, pt/s (paging: the velocity handed to the paging spring).
    public var velocity: Point
    /// Where momentum would carry the pivot.
    public var projected: Point
    /// Progress reaches 0 when the pivot is this far from the start, pt; a projected distance past
    /// it closes.
    public var dragRadiusPoints: Double
    public var verdict: Verdict
    /// Virtual or real fingers, and the pivot of a mouse-made pinch.
    public var fingers: [Point]
    public var pivot: Point?

    /// The gesture: pan, pinch, rotate, pinch+rotate (dismissal) or page.
    public var gesture: GestureName
    /// The rule that decided the verdict, with the figures it compared; nil only in a preview made
    /// by hand.
    public var reason: DecisionReason?
    /// The offset the rule measures, pt: the pivot's travel from the start (dismissal) or the
    /// displayed paging offset, horizontal (paging).
    public var offset: Point
    /// `offset` plus the momentum projection of the velocity, pt.
    public var projectedOffset: Point
    /// Pinch scale now (1: unpinched) and its velocity, scale per second.
    public var scale: Double
    public var scaleVelocity: Double
    /// The pinch scale momentum would carry to, and the scale below which that closes.
    public var projectedScale: Double
    public var pinchCloseScale: Double
    /// Rotation since the grab, radians (positive clockwise on screen), and its velocity, rad/s.
    public var rotation: Double
    public var rotationVelocity: Double
    /// The rotation momentum would carry to, radians, and the angle past which that closes.
    public var projectedRotation: Double
    public var rotationCloseRadians: Double
    /// Dismissal: the speed back toward the start, pt/s (0 within the click slop), and the speed
    /// above which that returns the photo whatever the projection says.
    public var backSpeed: Double
    public var reversalSpeedPointsPerSecond: Double
    /// Paging: a projected offset past this distance, pt, either way pages; so does a flick
    /// faster than the flick speed, pt/s, toward the side the offset is on.
    public var pageDistancePoints: Double
    public var flickSpeedPointsPerSecond: Double

    public init(start: Point, current: Point, velocity: Point, projected: Point, dragRadiusPoints: Double,
                verdict: Verdict, fingers: [Point], pivot: Point?, gesture: GestureName = .pan,
                reason: DecisionReason? = nil, offset: Point? = nil, projectedOffset: Point? = nil,
                scale: Double = 1, scaleVelocity: Double = 0, projectedScale: Double? = nil,
                pinchCloseScale: Double = Feel.defaults.dismissPinchCloseScale, rotation: Double = 0, rotationVelocity: Double = 0,
                backSpeed: Double = 0,
                reversalSpeedPointsPerSecond: Double = Feel.defaults.cancelReversalSpeedPointsPerSecond,
                pageDistancePoints: Double = 0, flickSpeedPointsPerSecond: Double = 0,
                projectedRotation: Double? = nil,
                rotationCloseRadians: Double = Feel.defaults.dismissRotationRadians) {
        self.start = start; self.current = current; self.velocity = velocity; self.projected = projected
        self.dragRadiusPoints = dragRadiusPoints; self.verdict = verdict; self.fingers = fingers; self.pivot = pivot
        self.gesture = gesture; self.reason = reason
        self.offset = offset ?? current - start
        self.projectedOffset = projectedOffset ?? projected - start
        self.scale = scale; self.scaleVelocity = scaleVelocity; self.projectedScale = projectedScale ?? scale
        self.pinchCloseScale = pinchCloseScale; self.rotation = rotation; self.rotationVelocity = rotationVelocity
        self.backSpeed = backSpeed; self.reversalSpeedPointsPerSecond = reversalSpeedPointsPerSecond
        self.pageDistancePoints = pageDistancePoints; self.flickSpeedPointsPerSecond = flickSpeedPointsPerSecond
        self.projectedRotation = projectedRotation ?? rotation; self.rotationCloseRadians = rotationCloseRadians
    }

    /// True while paging (the verdict is next, previous or stay).
    public var isPaging: Bool { gesture == .page }
}
