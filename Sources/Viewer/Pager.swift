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

    /// What a release would do: the verdict, the rule that decided it and the figures it used.
    struct Decision: Sendable, Equatable {
        var verdict: DismissPreview.Verdict
        var reason: DecisionReason
        /// The displayed offset at the release, pt.
        var offset: Double
        /// The velocity handed to the paging spring, pt/s.
        var velocity: Double
        /// `offset` plus the momentum projection of `velocity`, pt.
        var projectedOffset: Double
    }

    /// The decision for a release with `velocity` (pt/s) at the displayed `offset`: a neighbour when
    /// the projected offset passes `pagingDistanceFraction` of the `width` toward it, or a flick
    /// toward it faster than `pagingFlickSpeedPointsPerSecond` with the offset on that side; else stay.
    static func decision(offset: Double, velocity: Double, width: Double, hasPrevious: Bool, hasNext: Bool,
                         feel: Feel, cancelled: Bool = false) -> Decision {
        let projected = offset + Momentum.project(velocity: velocity, decelerationRate: feel.decelerationRatePerMillisecond)
        let half = width * feel.pagingDistanceFraction
        let flick = feel.pagingFlickSpeedPointsPerSecond
        func result(_ verdict: DismissPreview.Verdict, _ reason: DecisionReason) -> Decision {
            Decision(verdict: verdict, reason: reason, offset: offset, velocity: velocity, projectedOffset: projected)
        }
        if cancelled { return result(.stay, .cancelled) }
        let towardNext = (projected < -half, velocity < -flick && offset < 0)
        let towardPrevious = (projected > half, velocity > flick && offset > 0)
        if hasNext && towardNext.0 { return result(.next, .projectedPastPageDistance(projectedOffset: projected, distance: half)) }
        if hasNext && towardNext.1 { return result(.next, .flick(speed: velocity, limit: flick)) }
        if hasPrevious && towardPrevious.0 { return result(.previous, .projectedPastPageDistance(projectedOffset: projected, distance: half)) }
        if hasPrevious && towardPrevious.1 { return result(.previous, .flick(speed: velocity, limit: flick)) }
        if !hasNext && (towardNext.0 || towardNext.1) { return result(.stay, .noNeighbour(isNext: true)) }
        if !hasPrevious && (towardPrevious.0 || towardPrevious.1) { return result(.stay, .noNeighbour(isNext: false)) }
        // The speed that could count as a flick: along the side the offset is on.
        let along = offset < 0 ? max(0, -velocity) : offset > 0 ? max(0, velocity) : 0
        return result(.stay, .shortOfPaging(projectedOffset: projected, distance: half, speed: along, limit: flick))
    }
}
