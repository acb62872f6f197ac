import Geometry

// A spring whose target moves during a step: the value follows in closed form.
extension SpringAnimation {
    /// Moves time forward by `dt` seconds while the target moves from where it is now, at
    /// `velocity`, to `end`, arriving at `endVelocity` (units per second), along the cubic that
    /// joins them (Hermite). The value follows in closed form, so a target that moves along a cubic
    /// of time (a thrown close's aim, `ThrownCarry`) is followed exactly, however the time is cut
    /// into frames; any other motion is matched to fourth order in `dt`.
    ///
    /// With the target at `a(τ) = a₀ + a₁τ + a₂τ² + a₃τ³`, the spring `x″ + 2ζω₀x′ + ω₀²(x − a) = 0`
    /// has the particular solution `p(τ) = c₀ + c₁τ + c₂τ² + c₃τ³` with
    /// `c₃ = a₃`, `c₂ = a₂ − 6ζc₃/ω₀`, `c₁ = a₁ − (4ζω₀c₂ + 6c₃)/ω₀²`, `c₀ = a₀ − (2ζω₀c₁ + 2c₂)/ω₀²`;
    /// the rest, `x − p`, is a free spring solved as `advance(by:)` solves it. Steps shorter than a
    /// millisecond take the target as moving in a straight line (the cubic's coefficients would
    /// divide rounding by `dt³`). Snaps to rest as `advance(by:)` does, but only onto a target that
    /// has stopped (`endVelocity` zero). Ignored while paused, for a non-positive `dt`, and for
    /// non-finite arguments (then nothing moves).
    public mutating func advance(by dt: Double, targetMovingTo end: Value, velocity: Value, endVelocity: Value) {
        guard !paused, dt > 0, dt.isFinite, end.isFinite, velocity.isFinite, endVelocity.isFinite else { return }
        let d = end - currentTarget
        if d == .zero, velocity == .zero, endVelocity == .zero {
            advance(by: dt)
            return
        }
        // The target's path relative to where it is now: a₁τ + a₂τ² + a₃τ³.
        let a1: Value, a2: Value, a3: Value
        if dt >= 1e-3 {
            a1 = velocity
            a2 = (d.scaled(by: 3) - (velocity.scaled(by: 2) + endVelocity).scaled(by: dt)).scaled(by: 1 / (dt * dt))
            a3 = ((velocity + endVelocity).scaled(by: dt) - d.scaled(by: 2)).scaled(by: 1 / (dt * dt * dt))
        } else {
            a1 = d.scaled(by: 1 / dt)
            a2 = .zero
            a3 = .zero
        }
        let (w, z) = spring.honouredConstants
        let c3 = a3
        let c2 = a2 - c3.scaled(by: 6 * z / w)
        let c1 = a1 - (c2.scaled(by: 4 * z * w) + c3.scaled(by: 6)).scaled(by: 1 / (w * w))
        let c0 = Value.zero - (c1.scaled(by: 2 * z * w) + c2.scaled(by: 2)).scaled(by: 1 / (w * w))
        // The free part: displacement from the particular solution and its rate, now and after dt.
        let y0 = (currentValue - currentTarget) - c0
        let u0 = currentVelocity - c1
        let k = spring.coefficients(at: dt)
        let y = y0.scaled(by: k.xx) + u0.scaled(by: k.xv)
        let u = y0.scaled(by: k.vx) + u0.scaled(by: k.vv)
        let p = c0 + c1.scaled(by: dt) + c2.scaled(by: dt * dt) + c3.scaled(by: dt * dt * dt)
        let pRate = c1 + c2.scaled(by: 2 * dt) + c3.scaled(by: 3 * dt * dt)
        let displacement = p + y - d
        let newVelocity = pRate + u
        guard displacement.isFinite, newVelocity.isFinite else { return }
        currentTarget = end
        if endVelocity == .zero, isRest(displacement: displacement, velocity: newVelocity) {
            currentValue = currentTarget
            currentVelocity = .zero
        } else {
            currentValue = currentTarget + displacement
            currentVelocity = newVelocity
        }
    }
}
