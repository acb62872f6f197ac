import Geometry
import Gestures
import Motion
import FeelModel

/// Horizontal paging between neighbouring photos (PhotoSwipe, Loupe).
///
/// `offset` is the horizontal displacement of the current photo's slot, points; the neighbours sit
/// one slot (`window width + pagingGapPoints`) to either side. A drag writes the offset (rubber-
/// banded past the first and last photo); a release decides on the projected offset (past
/// `pagingDistanceFraction` of the width) or a flick in the drag's direction, and the paging spring
/// carries the release velocity. Turning a page moves the current index and shifts the offset by one
/// slot in the same instant, so nothing on screen moves.
///
/// The current photo is the page the strip heads for; flicks quicker than the strip can follow
/// leave it more than a slot behind (one flick, one page). A drag then takes hold of the strip
/// exactly where it is drawn, and a page turns back only when the hand goes back (`decision`).
package struct Pager: Sendable {
    /// The current photo's slot displacement.
    package var offset: SpringAnimation<Double>
    /// What holds the strip: nothing, a press, or a drag.
    package private(set) var grip: Grip = .free
    /// Photos that left the current slot before their pose had reached their full frame (a page
    /// turned while the photo was still opening, returning from a pull or zoomed): each is drawn in
    /// its own slot at its own pose, which carries on to that frame on its spring.
    package var leaving: [Leaving] = []

    /// A photo in the strip still settling onto its full frame (pose in its own slot's coordinates,
    /// as if it were the current photo).
    package struct Leaving: Sendable {
        /// Every stored property, as the memberwise initializer takes them (for Viewer's module).
        package init(photo: Int, pose: SpringAnimation<PhotoPose>) {
            self.photo = photo
            self.pose = pose
        }

        package var photo: Int
        package var pose: SpringAnimation<PhotoPose>
    }

    /// What holds the strip, one at a time (house style 13).
    package enum Grip: Sendable {
        /// Nothing: the offset rides its spring.
        case free
        /// A press caught the strip while it settled (`catchOffset`): it stands where it was
        /// caught, the offset spring not advanced, keeping its velocity for what follows.
        case caught
        /// A drag holds the strip: the offset spring is paused and the drag writes the offset.
        case held(Hold)
    }

    /// The drag holding the pager, if any.
    package var hold: Hold? {
        if case let .held(h) = grip { return h }
        return nil
    }

    /// A drag holding the pager.
    package struct Hold: Sendable {
        /// The raw (unbanded) offset when the drag took hold.
        package var startRaw: Double
        /// The manipulation the drag is measured from (nil: its own start).
        package var base: Manipulation?
        /// The latest manipulation as the recognizer reported it.
        package var latest: Manipulation
        /// The latest manipulation measured from `base`.
        package var gesture: Manipulation { latest.rebased(on: base) }
    }

    /// What the pager needs to know of the window and the photos beside the current one.
    package struct Frame: Sendable {
        /// Every stored property, as the memberwise initializer takes them (for Viewer's module).
        package init(width: Double, hasPrevious: Bool, hasNext: Bool, feel: Feel) {
            self.width = width
            self.hasPrevious = hasPrevious
            self.hasNext = hasNext
            self.feel = feel
        }

        /// The window's width, points.
        package var width: Double
        package var hasPrevious: Bool
        package var hasNext: Bool
        package var feel: Feel
        /// Slot pitch: one window width plus the gap.
        package var slot: Double { Pager.slot(windowWidth: width, feel: feel) }
    }

    package init(feel: Feel) {
        offset = SpringAnimation(value: 0, spring: feel.pagingSpring, restTolerance: 0.25, restVelocityTolerance: 2)
    }

    /// A drag that starts paging the presented photo: the photo catches up with the pointer's
    /// travel since the press.
    package init(dragging m: Manipulation, frame: Frame) {
        self.init(feel: frame.feel)
        grip = .held(Hold(startRaw: 0, base: nil, latest: m))
        drag(m, frame: frame)
    }

    package var isHeld: Bool { hold != nil }
    /// True while a press holds the strip still (`Grip.caught`).
    package var isCaught: Bool {
        if case .caught = grip { return true }
        return false
    }

    /// A press on the settling strip stops it where it is, its velocity kept (`Grip.caught`);
    /// false when nothing is caught (a drag holds it, it is caught already, or it rests).
    package mutating func catchOffset() -> Bool {
        guard case .free = grip, !isAtRest else { return false }
        grip = .caught
        return true
    }

    /// The press that caught the strip let go with neither a click nor a drag taking over: the
    /// offset goes on with the velocity it had. False when the strip was not caught.
    package mutating func releaseCatch() -> Bool {
        guard case .caught = grip else { return false }
        grip = .free
        return true
    }

    /// Moves the offset on by `dt` on its spring: held or caught, it stays where it is.
    package mutating func advanceOffset(by dt: Double) {
        guard case .free = grip else { return }
        offset.advance(by: dt)
    }
    package var isAtRest: Bool { !isHeld && offset.isAtRest && offset.value == 0 && leaving.isEmpty }

    /// The settling pose of photo `photo` in the strip, if it has one.
    package func leavingPose(of photo: Int) -> SpringAnimation<PhotoPose>? {
        leaving.first { $0.photo == photo }?.pose
    }

    /// The raw offset a drag that took hold at `start` reaches: it follows the hand up to one slot
    /// past the current photo's slot or past where it took hold, whichever is farther, either way,
    /// and on past that through a rubber band within `dimension` (the window's width), so the
    /// strip never stops under a moving hand (a hard stop there froze it under a pointer dragged
    /// out of a small window) and a drag still shows one page, not two. From a photo at rest the
    /// neighbour can be pulled as far as the middle; a strip caught more than a slot behind its
    /// page (quick flicks) is held where it is, never pulled to a limit.
    package static func limited(_ raw: Double, start: Double, slot: Double, dimension: Double, coefficient: Double) -> Double {
        RubberBand.clamp(raw, lower: min(start, 0) - slot, upper: max(start, 0) + slot, dimension: max(1, dimension),
                         coefficient: coefficient)
    }

    /// `d limited / d raw` at `raw`: 1 within a slot, the band's slope past it.
    package static func limitedSlope(_ raw: Double, start: Double, slot: Double, dimension: Double, coefficient: Double) -> Double {
        let lower = min(start, 0) - slot, upper = max(start, 0) + slot
        let over = raw < lower ? raw - lower : raw > upper ? raw - upper : 0
        return over == 0 ? 1 : RubberBand.slope(over, dimension: max(1, dimension), coefficient: coefficient)
    }

    /// Slot pitch: one window width plus the gap.
    package static func slot(windowWidth: Double, feel: Feel) -> Double { windowWidth + max(0, feel.pagingGapPoints) }

    /// Displayed offset for a raw drag offset: banded where there is no neighbour to show.
    package static func banded(_ raw: Double, hasPrevious: Bool, hasNext: Bool, width: Double, feel: Feel) -> Double {
        if raw > 0 && !hasPrevious || raw < 0 && !hasNext {
            return RubberBand.band(raw, dimension: width, coefficient: feel.rubberBandCoefficient)
        }
        return raw
    }

    // MARK: - Drag

    /// A drag catches the pager while it settles: held where it is.
    package mutating func grab(_ m: Manipulation, frame: Frame) {
        let shown = offset.value
        let banded = shown > 0 && !frame.hasPrevious || shown < 0 && !frame.hasNext
        let startRaw = banded
            ? RubberBand.unband(shown, dimension: frame.width, coefficient: frame.feel.rubberBandCoefficient) : shown
        grip = .held(Hold(startRaw: startRaw, base: m, latest: m))
        offset.pause()
        offset.hold(at: shown)
    }

    /// The drag moved: the offset follows it, rubber-banded where there is no neighbour. One page
    /// per drag: the offset stays within a slot of the page or of where the drag took hold (`limited`).
    package mutating func drag(_ m: Manipulation, frame: Frame) {
        guard var h = hold else { return }
        h.latest = m
        grip = .held(h)
        let raw = Pager.limited(h.startRaw + h.gesture.translation.x, start: h.startRaw, slot: frame.slot, dimension: frame.width,
                                coefficient: frame.feel.rubberBandCoefficient)
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
        let feel = frame.feel
        let raw = Pager.limited(start + g.translation.x, start: start, slot: frame.slot, dimension: frame.width,
                                coefficient: feel.rubberBandCoefficient)
        let banded = raw > 0 && !frame.hasPrevious || raw < 0 && !frame.hasNext
        // Past the limit the strip followed through its band: it passes on the band's share.
        var v = cancelled ? 0 : g.velocity.x * Pager.limitedSlope(start + g.translation.x, start: start, slot: frame.slot,
                                                                  dimension: frame.width, coefficient: feel.rubberBandCoefficient)
        if banded { v *= RubberBand.slope(raw, dimension: max(1, frame.width), coefficient: feel.rubberBandCoefficient) }
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        v = min(max(v, -maxSpeed), maxSpeed)
        return Pager.decision(offset: offset.value, velocity: v, width: frame.width, hasPrevious: frame.hasPrevious,
                              hasNext: frame.hasNext, feel: feel, cancelled: cancelled, travel: raw - start)
    }

    /// The drag lets go: the paging spring takes over with `velocity`.
    package mutating func letGo(velocity: Double) {
        grip = .free
        offset.resume(velocity: velocity)
    }

    /// Sends the offset home (to 0) on the paging spring.
    package mutating func settle(feel: Feel) {
        offset.retarget(to: 0, spring: feel.pagingSpring)
    }

    /// The window resized: the offset (value, velocity) keeps its share of the slot, `ratio` the new
    /// slot over the old, so a page turn carries on from the same point of its way. A drag holding
    /// the strip takes hold again where it is now drawn (`grab`), in the new window's terms: scaling
    /// its raw offset instead would not be scaling what is drawn past a band.
    package mutating func rescale(by ratio: Double, frame: Frame) {
        guard ratio.isFinite, ratio > 0 else { return }
        offset.jump(to: offset.value * ratio, velocity: offset.velocity * ratio)
        if let h = hold { grab(h.latest, frame: frame) }
    }

    /// Moves the settling photos on by `dt` toward their full frames (`full`), and forgets those at rest.
    package mutating func advanceLeaving(by dt: Double, full: (Int) -> PhotoPose) {
        for i in leaving.indices {
            leaving[i].pose.retarget(to: full(leaving[i].photo))
            leaving[i].pose.advance(by: dt)
        }
        leaving.removeAll { $0.pose.isAtRest }
    }

    /// A page turned by `step` (±1): the offset shifts by one slot so nothing on screen moves, then
    /// settles home. A page a hand let go (`byHand`) keeps the hand's pace (`turnSpring`); one
    /// turned by a key, a wheel swipe, the slideshow or an undo has no hand to keep pace with and
    /// settles on the paging spring itself (by default within 2 pt of its slot in 0.49 s:
    /// critically damped from rest, `(1 + ω₀t)·e^{−ω₀t} = 2 / 1,304` at `ω₀t = 8.76`, `ω₀ = 2π / 0.35 s`).
    package mutating func turn(by step: Int, slot: Double, feel: Feel, byHand: Bool) {
        offset.jump(to: offset.value + Double(step) * slot, velocity: offset.velocity)
        settle(feel: feel)
        if byHand {
            offset.spring = Pager.turnSpring(offset: offset.value, velocity: offset.velocity, slot: slot, feel: feel)
        }
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
    package static func turnSpring(offset: Double, velocity: Double, slot: Double, feel: Feel) -> Spring {
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
    /// toward it faster than `pagingFlickSpeedPointsPerSecond` with the hand's travel on that side;
    /// else stay. A page turns only the way the hand went: toward the next photo only when the hand's
    /// `travel` since it took hold plus its projected momentum is leftward, toward the previous only
    /// when rightward. (A strip caught behind its page is still on the previous side of it: held
    /// and let go, or flicked on, it must not turn back.) `travel` nil: the drag began with the strip
    /// at home, and the offset is its travel.
    package static func decision(offset: Double, velocity: Double, width: Double, hasPrevious: Bool, hasNext: Bool,
                         feel: Feel, cancelled: Bool = false, travel: Double? = nil) -> Decision {
        let momentum = Momentum.project(velocity: velocity, decelerationRate: feel.decelerationRatePerMillisecond)
        let projected = offset + momentum
        let hand = travel ?? offset
        let handProjected = hand + momentum
        let half = width * feel.pagingDistanceFraction
        let flick = feel.pagingFlickSpeedPointsPerSecond
        func result(_ verdict: ReleaseVerdict, _ reason: DecisionReason) -> Decision {
            Decision(verdict: verdict, reason: reason, offset: offset, velocity: velocity, projectedOffset: projected)
        }
        if cancelled { return result(.stay, .cancelled) }
        let towardNext = (projected < -half && handProjected < 0, velocity < -flick && hand < 0)
        let towardPrevious = (projected > half && handProjected > 0, velocity > flick && hand > 0)
        if hasNext && towardNext.0 { return result(.next, .projectedPastPageDistance(projectedOffset: projected, distance: half)) }
        if hasNext && towardNext.1 { return result(.next, .flick(speed: velocity, limit: flick)) }
        if hasPrevious && towardPrevious.0 { return result(.previous, .projectedPastPageDistance(projectedOffset: projected, distance: half)) }
        if hasPrevious && towardPrevious.1 { return result(.previous, .flick(speed: velocity, limit: flick)) }
        if !hasNext && (towardNext.0 || towardNext.1) { return result(.stay, .noNeighbour(isNext: true)) }
        if !hasPrevious && (towardPrevious.0 || towardPrevious.1) { return result(.stay, .noNeighbour(isNext: false)) }
        if projected < -half && hasNext || projected > half && hasPrevious {
            // Past the distance as drawn, but the hand did not go that way: a strip caught behind
            // its page stays on it.
            return result(.stay, .handWentOtherWay(projectedOffset: projected, distance: half, handTravel: handProjected))
        }
        // The speed that could count as a flick: along the side the offset is on.
        let along = offset < 0 ? max(0, -velocity) : offset > 0 ? max(0, velocity) : 0
        return result(.stay, .shortOfPaging(projectedOffset: projected, distance: half, speed: along, limit: flick))
    }
}
