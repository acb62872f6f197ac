import Geometry
import Motion

/// One scrollable coordinate (the grid's scroll offset, one axis of a zoomed photo's centre): held
/// by a drag, coasting on release momentum, or riding a spring toward a target, rubber-banded past
/// its bounds the way UIScrollView does it.
///
/// Coasting is the continuous form of UIScrollView's deceleration: with a rate `r` per millisecond
/// the velocity decays as `v(t) = v₀·e^{−kt}`, `k = −1000·ln r` per second, and the value travels
/// `x(t) = x₀ + v₀/k·(1 − e^{−kt})` — in total `v₀/k`, `Momentum.project` to within 0.1 %. When a
/// coast reaches a bound, the spring takes over at that instant with the velocity it has there and
/// pulls back to the bound. Everything is solved in closed form, so frames may fall anywhere.
package struct ScrollAxis: Sendable {
    package enum Drive: Sendable, Equatable {
        /// Still.
        case rest
        /// A drag writes the value.
        case held
        /// Coasting on momentum.
        case coasting
        /// Riding `spring` toward `target`.
        case spring
    }

    /// The bounds the value rests within; equal bounds pin it.
    private(set) var lower: Double
    private(set) var upper: Double
    /// The extent over which overshoot is rubber-banded (the viewport's length), points.
    var dimension: Double
    var rubberBandCoefficient: Double
    var decelerationRatePerMillisecond: Double
    /// Coasting ends below this speed, units per second.
    var stopSpeed: Double
    /// Release speeds are limited to this, units per second.
    var maximumSpeed: Double
    package var spring: Spring
    /// Within this distance of the target and `restVelocityTolerance` in speed, a spring lands.
    package var restTolerance: Double
    var restVelocityTolerance: Double

    package private(set) var value: Double
    package private(set) var velocity: Double = 0
    package private(set) var target: Double
    package private(set) var drive: Drive = .rest

    init(value: Double, lower: Double, upper: Double, dimension: Double, feel: Feel, spring: Spring,
         restTolerance: Double, restVelocityTolerance: Double) {
        self.value = value
        self.target = value
        self.lower = lower
        self.upper = max(lower, upper)
        self.dimension = dimension
        self.rubberBandCoefficient = feel.rubberBandCoefficient
        self.decelerationRatePerMillisecond = feel.decelerationRatePerMillisecond
        self.stopSpeed = feel.momentumStopSpeedPointsPerSecond
        self.maximumSpeed = feel.maximumFlingSpeedPointsPerSecond
        self.spring = spring
        self.restTolerance = restTolerance
        self.restVelocityTolerance = restVelocityTolerance
    }

    /// Takes the feel's momentum and rubber-band numbers and a new spring; motion in flight keeps going.
    mutating func apply(feel: Feel, spring newSpring: Spring) {
        rubberBandCoefficient = feel.rubberBandCoefficient
        decelerationRatePerMillisecond = feel.decelerationRatePerMillisecond
        stopSpeed = feel.momentumStopSpeedPointsPerSecond
        maximumSpeed = feel.maximumFlingSpeedPointsPerSecond
        spring = newSpring
    }

    var isAtRest: Bool { drive == .rest }

    /// True when the value lies outside its bounds (rubber-banded).
    var isOutOfBounds: Bool { value < lower || value > upper }

    /// `value` limited to the bounds.
    func clamped(_ v: Double) -> Double { min(max(v, lower), upper) }

    // MARK: - Rubber band

    /// The displayed value for a raw (finger-driven) value: inside the bounds unchanged, past them banded.
    func banded(_ raw: Double) -> Double {
        RubberBand.clamp(raw, lower: lower, upper: upper, dimension: dimension, coefficient: rubberBandCoefficient)
    }

    /// The raw value that displays as `shown`: the inverse of `banded`.
    func unbanded(_ shown: Double) -> Double {
        RubberBand.unclamp(shown, lower: lower, upper: upper, dimension: dimension, coefficient: rubberBandCoefficient)
    }

    /// d(banded)/d(raw) at the raw value `raw`: 1 inside the bounds, `c / (|o|·c/D + 1)²` past them.
    func bandSlope(atRaw raw: Double) -> Double {
        let over = raw > upper ? raw - upper : (raw < lower ? lower - raw : 0)
        guard over > 0, dimension > 0 else { return 1 }
        return RubberBand.slope(over, dimension: dimension, coefficient: rubberBandCoefficient)
    }

    // MARK: - Driving

    /// New bounds (a resize, a new zoom scale). A still value left outside springs back.
    mutating func setBounds(lower newLower: Double, upper newUpper: Double) {
        lower = newLower
        upper = max(newLower, newUpper)
        if drive == .rest, isOutOfBounds { animate(to: clamped(value)) }
        if drive == .coasting, isOutOfBounds { animate(to: clamped(value)) }
    }

    /// A drag writes the value directly (already banded by the caller, or use `hold(raw:)`).
    mutating func hold(at shown: Double) {
        guard shown.isFinite else { return }
        drive = .held
        value = shown
        velocity = 0
        target = shown
    }

    /// A drag writes a raw value; past the bounds it shows rubber-banded.
    mutating func hold(raw: Double) { hold(at: banded(raw)) }

    /// The drag lets go with `releaseVelocity` (units per second, of the displayed value):
    /// out of bounds it springs back to the nearer bound with that velocity; inside it coasts.
    mutating func release(velocity releaseVelocity: Double) {
        let v = releaseVelocity.isFinite ? min(max(releaseVelocity, -maximumSpeed), maximumSpeed) : 0
        velocity = v
        if isOutOfBounds {
            target = clamped(value)
            drive = .spring
        } else if abs(v) > stopSpeed {
            drive = .coasting
        } else {
            velocity = 0
            drive = .rest
        }
    }

    /// Springs toward `newTarget` from where it is, keeping its velocity.
    mutating func animate(to newTarget: Double) {
        guard newTarget.isFinite else { return }
        target = newTarget
        drive = .spring
        landIfClose()
    }

    /// Moves the spring's target by `delta` (a wheel step), rubber-banding a target past the bounds.
    mutating func nudge(by delta: Double) {
        guard delta.isFinite else { return }
        let base = drive == .spring ? target : value
        animate(to: banded(unbanded(base) + delta))
    }

    /// Sends a target left past the bounds (by `nudge`) back to the nearer bound.
    mutating func settleOvershoot() {
        if drive == .spring, target < lower || target > upper { animate(to: clamped(target)) }
        if drive == .rest, isOutOfBounds { animate(to: clamped(value)) }
    }

    /// Places the value with no motion.
    mutating func jump(to newValue: Double) {
        guard newValue.isFinite else { return }
        value = newValue
        target = newValue
        velocity = 0
        drive = .rest
    }

    /// Shifts value and target together (content re-anchored under the viewport): motion keeps going.
    mutating func shift(by delta: Double) {
        guard delta.isFinite else { return }
        value += delta
        target += delta
    }

    /// Stops where it is (a press on a coasting list); out of bounds it springs back.
    mutating func stop() {
        velocity = 0
        drive = .rest
        if isOutOfBounds { animate(to: clamped(value)) }
    }

    // MARK: - Time

    mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        switch drive {
        case .rest, .held: return
        case .spring: stepSpring(dt)
        case .coasting: stepCoast(dt)
        }
    }

    private mutating func stepSpring(_ dt: Double) {
        guard dt > 0 else { return }
        let k = spring.coefficients(at: dt)
        let x0 = value - target
        value = target + k.xx * x0 + k.xv * velocity
        velocity = k.vx * x0 + k.vv * velocity
        landIfClose()
    }

    private mutating func landIfClose() {
        if abs(value - target) <= restTolerance && abs(velocity) <= restVelocityTolerance {
            value = target
            velocity = 0
            drive = .rest
        }
    }

    private mutating func stepCoast(_ dt: Double) {
        let r = decelerationRatePerMillisecond
        guard r > 0, r < 1, velocity != 0 else { velocity = 0; drive = .rest; return }
        if isOutOfBounds { animate(to: clamped(value)); stepSpring(dt); return }
        let span = min(dt, Momentum.duration(velocity: velocity, restSpeed: stopSpeed, decelerationRate: r))
        let travel = Momentum.offset(after: span, velocity: velocity, decelerationRate: r)
        let bound = velocity > 0 ? upper : lower
        if (velocity > 0 && value + travel > bound) || (velocity < 0 && value + travel < bound) {
            // The instant t* the coast reaches the bound: offset(t*) = total·(1 − r^{1000t*}) = bound − x₀,
            // so r^{1000t*} = 1 − (bound − x₀)/total, and the velocity there is v₀·r^{1000t*}.
            let total = Momentum.projectContinuous(velocity: velocity, decelerationRate: r)
            let remaining = max(1e-12, 1 - (bound - value) / total)
            let tHit = min(span, max(0, logarithm(remaining) / (1000 * logarithm(r))))
            velocity *= remaining
            value = bound
            target = bound
            drive = .spring
            stepSpring(dt - tHit)
            return
        }
        value += travel
        velocity = Momentum.velocity(after: span, velocity: velocity, decelerationRate: r)
        if span < dt || abs(velocity) <= stopSpeed {
            velocity = 0
            drive = .rest
        }
    }
}
