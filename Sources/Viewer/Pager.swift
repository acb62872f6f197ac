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
package struct Pager: Sendable {
    /// The current photo's slot displacement.
    package var offset: SpringAnimation<Double>
    /// The drag holding the pager, if any.
    package private(set) var hold: Hold?

    /// A drag holding the pager.
    package struct Hold: Sendable {
        /// The raw (unbanded) offset when the drag took hold.
        var startRaw: Double
        /// The manipulation the drag is measured from (nil: its own start).
        var base: Manipulation?
        /// The latest manipulation as the recognizer reported it.
        var latest: Manipulation
        /// The latest manipulation measured from `base`.
        package var gesture: Manipulation { latest.rebased(on: base) }
    }

    /// What the pager needs to know of the window and the photos beside the current one.
    package struct Frame: Sendable {
        /// The window's width, points.
        var width: Double
        var hasPrevious: Bool
        var hasNext: Bool
        var feel: Feel
        /// Slot pitch: one window width plus the gap.
        var slot: Double { Pager.slot(windowWidth: width, feel: feel) }
    }

    init(feel: Feel) {
        offset = SpringAnimation(value: 0, spring: feel.pagingSpring, restTolerance: 0.25, restVelocityTolerance: 2)
    }

    /// A drag that starts paging the presented photo: the photo catches up with the pointer's
    /// travel since the press.
    init(dragging m: Manipulation, frame: Frame) {
        self.init(feel: frame.feel)
        hold = Hold(startRaw: 0, base: nil, latest: m)
        drag(m, frame: frame)
    }

    var isHeld: Bool { hold != nil }
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

    // MARK: - Drag

    /// A drag catches the pager while it settles: held where it is.
    mutating func grab(_ m: Manipulation, frame: Frame) {
        let shown = offset.value
        let banded = shown > 0 && !frame.hasPrevious || shown < 0 && !frame.hasNext
        let startRaw = banded
            ? RubberBand.unband(shown, dimension: frame.width, coefficient: frame.feel.rubberBandCoefficient) : shown
        hold = Hold(startRaw: startRaw, base: m, latest: m)
        offset.pause()
        offset.hold(at: shown)
    }

    /// The drag moved: the offset follows it, rubber-banded where there is no neighbour. One page
    /// per drag: the neighbour can be pulled as far as the middle, not past it.
    mutating func drag(_ m: Manipulation, frame: Frame) {
        guard var h = hold else { return }
        h.latest = m
        hold = h
        let raw = min(max(h.startRaw + h.gesture.translation.x, -frame.slot), frame.slot)
        let shown = Pager.banded(raw, hasPrevious: frame.hasPrevious, hasNext: frame.hasNext, width: frame.width, feel: frame.feel)
        if !offset.isPaused { offset.pause() }
        offset.hold(at: shown)
    }

    /// What releasing the drag now as `g` (measured from the hold's base) would do: the release
    /// velocity (zero when cancelled or held past the middle, rubber-banded past the first and last
    /// photo, capped) and the decision on it. The one place a paging release is decided: the
    /// release and the decision overlay both ask it.
    package func decision(releasing g: Manipulation, frame: Frame, cancelled: Bool) -> Decision? {
        guard let start = hold?.startRaw else { return nil }
        let feel = frame.feel, slot = frame.slot
        let raw = min(max(start + g.translation.x, -slot), slot)
        let banded = raw > 0 && !frame.hasPrevious || raw < 0 && !frame.hasNext
        // Held at the middle (the drag went past it) the photos were not moving.
        var v = cancelled || abs(start + g.translation.x) > slot ? 0 : g.velocity.x
        if banded { v *= RubberBand.slope(raw, dimension: max(1, frame.width), coefficient: feel.rubberBandCoefficient) }
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        v = min(max(v, -maxSpeed), maxSpeed)
        return Pager.decision(offset: offset.value, velocity: v, width: frame.width,
                              hasPrevious: frame.hasPrevious, hasNext: frame.hasNext, feel: feel, cancelled: cancelled)
    }

    /// The drag lets go: the paging spring takes over with `velocity`.
    mutating func letGo(velocity: Double) {
        hold = nil
        offset.resume(velocity: velocity)
    }

    /// Sends the offset home (to 0) on the paging spring.
    mutating func settle(feel: Feel) {
        offset.retarget(to: 0, spring: feel.pagingSpring)
    }

    /// A page turned by `step` (±1): the offset shifts by one slot so nothing on screen moves, then
    /// settles home.
    mutating func turn(by step: Int, slot: Double, feel: Feel) {
        offset.jump(to: offset.value + Double(step) * slot, velocity: offset.velocity)
        settle(feel: feel)
        offset.spring = Pager.turnSpring(offset: offset.value, velocity: offset.velocity, slot: slot, feel: feel)
    }

    /// The spring that brings a turned page home from `offset` with `velocity`: the paging spring,
    /// unless its peak speed would pass `P = max(r · release speed, P_min · n)` (the feel's
    /// `pagingPeakSpeedRatio` `r` and `pagingMinimumPeakPointsPerSecond` `P_min`),
    /// `n` the slots still to go (at least 1: pages turned in quick succession keep a page's pace);
    /// then the critically damped spring whose peak is `P`.
    ///
    /// Critically damped from distance `x` with speed `u` toward home, the speed is
    /// `s(t) = e^{−ω₀t}·(u + ω₀(ω₀x − u)·t)`: it only falls when `ω₀x ≤ 2u`, else it peaks at
    /// `t* = (ω₀x − 2u) / (ω₀(ω₀x − u))` at `e^{−ω₀t*}·(ω₀x − u)`, which grows with `ω₀`; `ω₀` is
    /// found by bisection. The page then leaves at the finger's speed and never runs away from it.
    static func turnSpring(offset: Double, velocity: Double, slot: Double, feel: Feel) -> Spring {
        let x = abs(offset)
        guard x > 1e-6, offset.isFinite, velocity.isFinite else { return feel.pagingSpring }
        let u = offset > 0 ? -velocity : velocity
        let slots = slot > 0 ? max(1, x / slot) : 1
        let limit = max(feel.pagingPeakSpeedRatio * max(u, 0), feel.pagingMinimumPeakPointsPerSecond * slots)
        guard limit.isFinite, limit > 0 else { return feel.pagingSpring }
        func peak(_ w: Double) -> Double {
            guard w * x > 2 * u else { return abs(u) }
            let t = (w * x - 2 * u) / (w * (w * x - u))
            return exponential(-w * t) * (w * x - u)
        }
        let (stiffest, _) = feel.pagingSpring.honouredConstants
        guard peak(stiffest) > limit else { return feel.pagingSpring }
        var lo = 1e-3, hi = stiffest
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if peak(mid) > limit { hi = mid } else { lo = mid }
        }
        return Spring(responseSeconds: 2 * Double.pi / lo, dampingRatio: 1)
    }

    /// What a release would do: the verdict, the rule that decided it and the figures it used.
    package struct Decision: Sendable, Equatable {
        package var verdict: ReleaseVerdict
        package var reason: DecisionReason
        /// The displayed offset at the release, pt.
        package var offset: Double
        /// The velocity handed to the paging spring, pt/s.
        package var velocity: Double
        /// `offset` plus the momentum projection of `velocity`, pt.
        package var projectedOffset: Double
    }

    /// The decision for a release with `velocity` (pt/s) at the displayed `offset`: a neighbour when
    /// the projected offset passes `pagingDistanceFraction` of the `width` toward it, or a flick
    /// toward it faster than `pagingFlickSpeedPointsPerSecond` with the offset on that side; else stay.
    static func decision(offset: Double, velocity: Double, width: Double, hasPrevious: Bool, hasNext: Bool,
                         feel: Feel, cancelled: Bool = false) -> Decision {
        let projected = offset + Momentum.project(velocity: velocity, decelerationRate: feel.decelerationRatePerMillisecond)
        let half = width * feel.pagingDistanceFraction
        let flick = feel.pagingFlickSpeedPointsPerSecond
        func result(_ verdict: ReleaseVerdict, _ reason: DecisionReason) -> Decision {
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
