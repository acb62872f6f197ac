import Geometry

/// One stretch of a manipulation during which the same points are tracked: it measures how the
/// tracked points have moved since the stretch began, as a `SegmentMotion`.
///
/// One point: a translation. Two points: the centre translates, the span's length gives the scale
/// (span now / span at the start) and its direction the rotation, unwrapped step by step (each
/// step taken the short way round), so turning past half a turn keeps counting.
///
/// While two points are closer than the minimum span, scale and rotation hold their last values
/// and only the centre moves; when they are that far apart again the segment asks to be
/// restarted there, so scale and rotation are measured afresh from a span that means something.
struct FingerSegment: Hashable, Sendable {
    /// The centre at the start, window points.
    let referenceCentre: Point
    /// How many points the segment tracks.
    let pointCount: Int
    private let referenceSpan: Double
    private let minimumSpan: Double
    private var lastAngle: Double
    private var scale = 1.0
    private var rotation = 0.0
    private var lastCentre: Point
    /// True while the two points are (or started) closer than the minimum span.
    private(set) var isHeld: Bool

    /// A segment starting at `grip`'s points now.
    init(grip: Grip, minimumSpan: Double) {
        referenceCentre = grip.centre
        lastCentre = referenceCentre
        pointCount = grip.tracked.count
        self.minimumSpan = minimumSpan
        if grip.tracked.count == 2 {
            let v = grip.tracked[1] - grip.tracked[0]
            referenceSpan = v.length
            lastAngle = v.angle
            isHeld = !(referenceSpan >= minimumSpan) || referenceSpan == 0
        } else {
            referenceSpan = 0
            lastAngle = 0
            isHeld = false
        }
    }

    /// The motion from the segment's start to `grip` now, and whether the segment should be
    /// restarted at `grip` (two points apart again after being held, or a grip of another shape).
    mutating func motion(to grip: Grip) -> (motion: SegmentMotion, restart: Bool) {
        guard grip.tracked.count == pointCount else {
            // A grip of another shape cannot be measured against this one: hold still, restart.
            return (SegmentMotion(from: referenceCentre, to: lastCentre, scale: scale, rotation: rotation), true)
        }
        let centre = grip.centre
        var restart = false
        if pointCount == 2 {
            let v = grip.tracked[1] - grip.tracked[0]
            let span = v.length
            if isHeld {
                restart = span >= minimumSpan
            } else if span >= minimumSpan {
                scale = span / referenceSpan
                let angle = v.angle
                rotation += wrapAngle(angle - lastAngle)
                lastAngle = angle
            } else {
                isHeld = true
            }
        }
        lastCentre = centre
        return (SegmentMotion(from: referenceCentre, to: centre, scale: scale, rotation: rotation), restart)
    }
}
