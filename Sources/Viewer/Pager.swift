import Geometry
import Gestures
import Motion

/// Horizontal paging between neighbouring photos (PhotoSwipe, Loupe).
///
/// `offset` is the horizontal displacement of the current photo's slot, points; the neighbours sit
/// one slot (`window width + pagingGapPoints`) to either side. A drag writes the offset (rubber-
/// banded past the first and last photo); a release decides on the projected offset (past
/// `pagingDistanceFraction` of the width) or a flick in the drag's direction, and the paging spring
/// carries the release velocity. Turning a page moves the current index and shifts the offset by one
/// slot in the same instant, so nothing on screen moves.
struct Pager: Sendable {
    /// The current photo's slot displacement.
    var offset: SpringAnimation<Double>
    /// The raw (unbanded) offset when the drag took hold; nil when no drag holds the pager.
    var dragStartRaw: Double?
    /// The manipulation the drag is measured from (nil: its own start).
    var base: Manipulation?
    /// The latest manipulation, measured from `base`.
    var gesture: Manipulation?

    init(feel: Feel) {
        offset = SpringAnimation(value: 0, spring: feel.pagingSpring, restTolerance: 0.25, restVelocityTolerance: 2)
    }

    var isHeld: Bool { dragStartRaw != nil }
    var isAtRest: Bool { !isHeld && offset.isAtRest && offset.value == 0 }

    /// Slot pitch: one window width plus the gap.
    static func slot(windowWidth: Double, feel: Feel) -> Double { windowWidth + max(0, feel.pagingGapPoints) }

    /// Displayed offset for a raw drag offset: banded where there is no neighbour to show.
    static func banded(_ raw: Double, hasPrevious: Bool, hasNext: Bool, width: Double, feel: Feel) -> Double {
        if raw > 0 && !hasPrevious || raw < 0 && !hasNext {
            return RubberBand.band(raw, dimension: width, coefficient: feel.rubberBandCoefficient)
        }
        return raw
    }

    /// The verdict a release with `velocity` (pt/s) at the displayed `offset` would give.
    static func verdict(offset: Double, velocity: Double, width: Double, hasPrevious: Bool, hasNext: Bool,
                        feel: Feel) -> DismissPreview.Verdict {
        let projected = offset + Momentum.project(velocity: velocity, decelerationRate: feel.decelerationRatePerMillisecond)
        let half = width * feel.pagingDistanceFraction
        let flick = feel.pagingFlickSpeedPointsPerSecond
        if hasNext && (projected < -half || (velocity < -flick && offset < 0)) { return .next }
        if hasPrevious && (projected > half || (velocity > flick && offset > 0)) { return .previous }
        return .stay
    }
}
