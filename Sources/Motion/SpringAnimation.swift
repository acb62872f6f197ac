import Geometry

/// A value riding a spring toward a target: the state of an animation, not its physics.
///
/// Each `advance(by:)` re-solves the spring from the current value and velocity in closed form, so
/// the position at a given time does not depend on how the time was cut into frames. Retargeting
/// keeps value and velocity; pausing freezes both while a gesture writes the value.
public struct SpringAnimation<Value: Animatable>: Sendable {
    /// How a gesture's velocity joins the animation on resume.
    public enum VelocityMode: Sendable { case set, add }

    public var spring: Spring
    public private(set) var value: Value
    public private(set) var velocity: Value
    public private(set) var target: Value
    /// While paused, time passes without moving the value (Material Motion's PausesSpring).
    public private(set) var isPaused: Bool = false
    /// Displacement tolerance at rest, per component.
    public var restTolerance: Value
    /// Velocity tolerance at rest, per component, per second.
    public var restVelocityTolerance: Value

    public init(value: Value, target: Value? = nil, velocity: Value = .zero, spring: Spring,
                restTolerance: Value, restVelocityTolerance: Value) {
        self.value = value
        self.target = target ?? value
        self.velocity = velocity
        self.spring = spring
        self.restTolerance = restTolerance
        self.restVelocityTolerance = restVelocityTolerance
        snapIfAtRest()
    }

    /// True when the value sits exactly on the target with zero velocity.
    public var isAtRest: Bool { value == target && velocity == .zero }

    /// Moves time forward by `dt` seconds (ignored while paused, or for a non-positive `dt`).
    public mutating func advance(by dt: Double) {
        guard !isPaused, dt > 0, !isAtRest else { return }
        let k = spring.coefficients(at: dt)
        let x0 = value - target
        let v0 = velocity
        value = target + x0.scaled(by: k.xx) + v0.scaled(by: k.xv)
        velocity = x0.scaled(by: k.vx) + v0.scaled(by: k.vv)
        snapIfAtRest()
    }

    /// Sends the animation toward a new target from where it is, with the velocity it has.
    public mutating func retarget(to newTarget: Value, spring newSpring: Spring? = nil) {
        target = newTarget
        if let newSpring { spring = newSpring }
        if !isPaused { snapIfAtRest() }
    }

    /// Freezes value and velocity; the target may still change.
    public mutating func pause() {
        isPaused = true
    }

    /// While paused, a gesture writes the value directly (velocity stays zero until resume).
    public mutating func hold(at newValue: Value) {
        value = newValue
        velocity = .zero
    }

    /// Sets value and velocity at once, keeping the target (for cross-fades and hand-offs).
    public mutating func jump(to newValue: Value, velocity newVelocity: Value = .zero) {
        value = newValue
        velocity = newVelocity
        if !isPaused { snapIfAtRest() }
    }

    /// Lets time move the value again, with a gesture's velocity set or added (AppliesVelocity).
    public mutating func resume(velocity gestureVelocity: Value? = nil, mode: VelocityMode = .set) {
        isPaused = false
        if let gestureVelocity {
            velocity = mode == .set ? gestureVelocity : velocity + gestureVelocity
        }
        snapIfAtRest()
    }

    /// An estimate of the seconds until rest: the time for the envelope `e^{−ζω₀t}` (or the slow
    /// over-damped root) to bring the present displacement and velocity inside the tolerances,
    /// found by stepping the closed form in 1/120 s steps (at most 10 s).
    public func settlingTimeEstimate() -> Double {
        if isAtRest { return 0 }
        var t = 0.0
        let step = 1.0 / 120
        while t < 10 {
            t += step
            let k = spring.coefficients(at: t)
            let x0 = value - target
            let x = x0.scaled(by: k.xx) + velocity.scaled(by: k.xv)
            let v = x0.scaled(by: k.vx) + velocity.scaled(by: k.vv)
            if x.isWithin(restTolerance) && v.isWithin(restVelocityTolerance) { return t }
        }
        return t
    }

    private mutating func snapIfAtRest() {
        guard !isPaused else { return }
        if (value - target).isWithin(restTolerance) && velocity.isWithin(restVelocityTolerance) {
            value = target
            velocity = .zero
        }
    }
}
