import Geometry

/// A value riding a spring toward a target: the state of an animation, not its physics.
///
/// Each `advance(by:)` re-solves the spring in closed form from the current value and velocity.
/// The solution's flow composes exactly (`K(a)·K(b) = K(a + b)`), so where the value is at a given
/// time does not depend on how that time was cut into frames, up to rounding (about 1e-15 of the
/// distance per frame).
///
/// Interruptions keep the motion continuous:
/// - `retarget(to:spring:)` changes where it goes, never where it is or how fast it moves;
/// - `pause()` freezes value and velocity while a gesture holds the property (Material Motion's
///   PausesSpring), `hold(at:)` lets the gesture write the value, and the target may still change;
/// - `resume(velocity:mode:)` hands the gesture's velocity to the spring, set or added
///   (Material Motion's AppliesVelocity).
///
/// At rest — at the end of an `advance`, every component's energy speed `√(v² + ω₀²x²)` within
/// `restVelocityTolerance` and within `ω₀·restTolerance` (so within both tolerances) — the value
/// snaps exactly onto the target and the velocity to zero. Only `advance` snaps: the other
/// operations never move the value, so they never cause a jump. The energy speed never rises
/// along the spring's motion, so a state once at rest stays at rest: whether the animation is at
/// rest at an instant does not depend on the frames drawn before it (a box on `x` and `v` alone
/// could be entered and left again between two frames, and a frame that fell inside snapped a
/// spring that other frame rates let swing on).
///
/// Non-finite arguments (NaN, ±∞) are ignored: the animation keeps its previous state and never
/// produces a NaN.
public struct SpringAnimation<Value: Animatable>: Sendable {
    /// How a gesture's velocity joins the animation on resume.
    public enum VelocityMode: Sendable, Hashable {
        /// The gesture's velocity replaces the animation's.
        case set
        /// The gesture's velocity is added to the animation's.
        case add
    }

    /// The physics; may be changed at any time (the value and velocity carry over).
    public var spring: Spring
    /// Displacement tolerance at rest, per component, in the value's units.
    public var restTolerance: Value
    /// Velocity tolerance at rest, per component, in the value's units per second.
    public var restVelocityTolerance: Value

    @usableFromInline var currentValue: Value
    @usableFromInline var currentVelocity: Value
    @usableFromInline var currentTarget: Value
    @usableFromInline var paused: Bool = false

    /// The present value.
    @inlinable public var value: Value { currentValue }
    /// The present velocity, in the value's units per second.
    @inlinable public var velocity: Value { currentVelocity }
    /// Where the spring pulls the value.
    @inlinable public var target: Value { currentTarget }
    /// While paused, time passes without moving the value (Material Motion's PausesSpring).
    @inlinable public var isPaused: Bool { paused }

    /// An animation at `value` moving with `velocity` toward `target` (the value itself when nil).
    ///
    /// Non-finite arguments fall back: a value to the target (or zero), a target to the value, a
    /// velocity to zero.
    public init(value: Value, target: Value? = nil, velocity: Value = .zero, spring: Spring,
                restTolerance: Value, restVelocityTolerance: Value) {
        let finiteTarget = target.flatMap { $0.isFinite ? $0 : nil }
        let start = value.isFinite ? value : (finiteTarget ?? .zero)
        self.currentValue = start
        self.currentTarget = finiteTarget ?? start
        self.currentVelocity = velocity.isFinite ? velocity : .zero
        self.spring = spring
        self.restTolerance = restTolerance
        self.restVelocityTolerance = restVelocityTolerance
    }

    /// True when the value sits exactly on the target with zero velocity.
    @inlinable
    public var isAtRest: Bool { currentValue == currentTarget && currentVelocity == .zero }

    // MARK: - Time

    /// Moves time forward by `dt` seconds: ignored while paused or at rest, and for a non-positive
    /// or NaN `dt`. Snaps onto the target when the new state is within the rest tolerances.
    @inlinable
    public mutating func advance(by dt: Double) {
        guard !paused, dt > 0, !isAtRest else { return }
        let (x, v) = displacementAndVelocity(after: dt)
        if isRest(displacement: x, velocity: v) {
            currentValue = currentTarget
            currentVelocity = .zero
        } else {
            currentValue = currentTarget + x
            currentVelocity = v
        }
    }

    /// True when a state `displacement` from the target at `velocity` counts as at rest: every
    /// component's energy speed `√(v² + ω₀²x²)` at most the speed tolerance and at most `ω₀` times
    /// the displacement tolerance. A rule of time: the energy speed only falls, so once true it
    /// stays true until something moves the target or the value.
    @usableFromInline
    func isRest(displacement x: Value, velocity v: Value) -> Bool {
        let w = spring.honouredConstants.omega
        let e = x.energySpeed(velocity: v, angularFrequency: w)
        return e.isWithin(restVelocityTolerance) && e.scaled(by: 1 / w).isWithin(restTolerance)
    }

    /// The value `dt` seconds from now if nothing interrupts (no rest snapping; the present value
    /// while paused).
    @inlinable
    public func value(after dt: Double) -> Value {
        guard !paused else { return currentValue }
        return currentTarget + displacementAndVelocity(after: dt).displacement
    }

    /// The velocity `dt` seconds from now if nothing interrupts (zero while paused).
    @inlinable
    public func velocity(after dt: Double) -> Value {
        guard !paused else { return .zero }
        return displacementAndVelocity(after: dt).velocity
    }

    /// The closed-form displacement from the target and the velocity `dt` seconds from now.
    @inlinable
    func displacementAndVelocity(after dt: Double) -> (displacement: Value, velocity: Value) {
        let k = spring.coefficients(at: dt)
        let x0 = currentValue - currentTarget
        let v0 = currentVelocity
        return (x0.scaled(by: k.xx) + v0.scaled(by: k.xv), x0.scaled(by: k.vx) + v0.scaled(by: k.vv))
    }

    // MARK: - Interruptions

    /// Sends the animation toward a new target, optionally on a new spring, from where it is with
    /// the velocity it has: value and velocity are untouched, so the motion stays continuous.
    /// Works while paused too (the new target applies on resume). A non-finite target is ignored.
    @inlinable
    public mutating func retarget(to newTarget: Value, spring newSpring: Spring? = nil) {
        if newTarget.isFinite { currentTarget = newTarget }
        if let newSpring { spring = newSpring }
    }

    /// Freezes value and velocity (the velocity is kept for `resume(velocity:mode:)`); the target
    /// may still change.
    @inlinable
    public mutating func pause() {
        paused = true
    }

    /// A gesture writes the value directly; the velocity becomes zero (the gesture's own velocity
    /// arrives with `resume(velocity:mode:)`). Meant for a paused animation: while running, the
    /// spring carries on from the new value at rest. A non-finite value is ignored.
    @inlinable
    package mutating func hold(at newValue: Value) {
        guard newValue.isFinite else { return }
        currentValue = newValue
        currentVelocity = .zero
    }

    /// Sets value and velocity at once, keeping the target (for hand-offs between animations).
    /// Ignored if either is non-finite.
    @inlinable
    public mutating func jump(to newValue: Value, velocity newVelocity: Value = .zero) {
        guard newValue.isFinite, newVelocity.isFinite else { return }
        currentValue = newValue
        currentVelocity = newVelocity
    }

    /// Lets time move the value again, with a gesture's velocity (units per second) set or added
    /// (Material Motion's AppliesVelocity). Without a velocity, the one kept at `pause()` (zero
    /// after a `hold(at:)`) carries on. A non-finite velocity is ignored.
    @inlinable
    package mutating func resume(velocity gestureVelocity: Value? = nil, mode: VelocityMode = .set) {
        paused = false
        if let gestureVelocity, gestureVelocity.isFinite {
            switch mode {
            case .set: currentVelocity = gestureVelocity
            case .add: currentVelocity = currentVelocity + gestureVelocity
            }
        }
    }

    // MARK: - Settling

    /// An estimate of the seconds until `advance` snaps the animation to rest if nothing
    /// interrupts it: the first instant at which the closed-form displacement and velocity are both
    /// within the rest tolerances. 0 when already within them; counted from `resume` while paused.
    ///
    /// Found by scanning the closed form in steps of at most 1/240 s (and at most a 24th of the
    /// response, so no oscillation is skipped), then bisecting the step where the state enters the
    /// tolerances to 1 µs. Driven by frames of length `h`, the animation comes to rest on the first
    /// frame at or after this instant (the rest check only gets truer with time), so the measured
    /// time to rest lies in `[estimate, estimate + h)`.
    /// - Parameter limitSeconds: the longest time searched; returned when the state has not settled
    ///   by then.
    package func settlingTimeEstimate(limitSeconds: Double = 60) -> Double {
        if isAtRest { return 0 }
        func settled(_ t: Double) -> Bool {
            let (x, v) = displacementAndVelocity(after: t)
            return isRest(displacement: x, velocity: v)
        }
        if settled(0) { return 0 }
        let response = spring.responseSeconds.isFinite ? max(spring.responseSeconds, Spring.minimumResponseSeconds)
                                                       : Spring.maximumResponseSeconds
        let step = min(1.0 / 240, response / 24)
        let limit = limitSeconds.isFinite ? max(limitSeconds, 0) : 60
        return FirstInstant.find(from: 0, to: limit, step: step, precision: 1e-6, settled) ?? limit
    }
}
