import Geometry

/// A damped harmonic oscillator described the ways people know, solved in closed form.
///
/// The spring pulls a displacement `x = value − target` toward 0:
/// `m·x″ + c·x′ + k·x = 0`, with natural angular frequency `ω₀ = 2π / response = √(k/m)` and
/// damping ratio `ζ = c / (2·√(k·m))`. Value and velocity at any time come from the exact solution
/// for the under-, critically and over-damped cases; nothing is integrated numerically, so the
/// answer does not depend on the frame rate.
public struct Spring: Hashable, Sendable, Codable {
    /// Seconds for one undamped oscillation (`2π / ω₀`); SwiftUI's `response`.
    public var responseSeconds: Double
    /// ζ: 1 is critical (no overshoot), below 1 bounces, above 1 creeps.
    public var dampingRatio: Double

    /// A spring from its response (seconds) and damping ratio, SwiftUI's convention.
    public init(responseSeconds: Double, dampingRatio: Double) {
        self.responseSeconds = responseSeconds
        self.dampingRatio = dampingRatio
    }

    /// A spring from physical constants: stiffness `k` (N/m), damping `c` (N·s/m), mass `m` (kg).
    ///
    /// `ω₀ = √(k/m)`, `response = 2π / ω₀`, `ζ = c / (2·√(k·m))`.
    public init(stiffness: Double, damping: Double, mass: Double = 1) {
        let omega = (stiffness / mass).squareRoot()
        self.responseSeconds = 2 * Double.pi / omega
        self.dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
    }

    /// A spring from a perceptual duration (seconds, taken as the response) and bounce.
    ///
    /// `bounce = 1 − ζ` for `ζ ≤ 1`; a negative bounce is over-damped, `ζ = 1 / (1 + bounce)`.
    public init(durationSeconds: Double, bounce: Double) {
        self.responseSeconds = durationSeconds
        self.dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// ω₀ in radians per second.
    public var angularFrequency: Double { 2 * Double.pi / responseSeconds }

    /// k = m·ω₀².
    public func stiffness(mass: Double = 1) -> Double { mass * angularFrequency * angularFrequency }

    /// c = 4π·ζ·m / response.
    public func damping(mass: Double = 1) -> Double { 4 * Double.pi * dampingRatio * mass / responseSeconds }

    /// 1 − ζ for ζ ≤ 1, and `1/ζ − 1` (negative) when over-damped.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// True when response and damping ratio are finite and positive.
    public var isValid: Bool {
        responseSeconds.isFinite && responseSeconds > 0 && dampingRatio.isFinite && dampingRatio > 0
    }

    // MARK: - Closed-form solution

    /// The linear map from the initial displacement `x₀` and velocity `v₀` to displacement and
    /// velocity at time `t`: `x(t) = xx·x₀ + xv·v₀`, `v(t) = vx·x₀ + vv·v₀`.
    public struct Coefficients: Hashable, Sendable {
        public var xx: Double, xv: Double, vx: Double, vv: Double
        @inlinable
        public init(xx: Double, xv: Double, vx: Double, vv: Double) {
            self.xx = xx; self.xv = xv; self.vx = vx; self.vv = vv
        }
    }

    /// The solution's coefficients at `t` seconds after the initial state.
    @inlinable
    public func coefficients(at t: Double) -> Coefficients {
        let w0 = 2 * Double.pi / responseSeconds
        let z = dampingRatio
        if t <= 0 { return Coefficients(xx: 1, xv: 0, vx: 0, vv: 1) }
        // Within 1e-6 of ζ = 1 the critically damped form is used: the under- and over-damped
        // forms divide by ω₀·√|1 − ζ²|, which vanishes there.
        if abs(z - 1) < 1e-6 {
            // x = e^{−ω₀t}·(x₀ + (v₀ + ω₀x₀)·t)
            let e = exponential(-w0 * t)
            return Coefficients(xx: e * (1 + w0 * t), xv: e * t,
                                vx: -e * w0 * w0 * t, vv: e * (1 - w0 * t))
        } else if z < 1 {
            // x = e^{−ζω₀t}·(x₀·cos ω_d t + (v₀ + ζω₀x₀)/ω_d · sin ω_d t)
            let a = z * w0
            let wd = w0 * (1 - z * z).squareRoot()
            let e = exponential(-a * t)
            let c = cosine(wd * t), s = sine(wd * t)
            return Coefficients(xx: e * (c + a / wd * s), xv: e * s / wd,
                                vx: -e * (a * a / wd + wd) * s, vv: e * (c - a / wd * s))
        } else {
            // x = c₁e^{r₁t} + c₂e^{r₂t}, r₁,₂ = −ω₀(ζ ∓ √(ζ²−1)),
            // c₁ = (v₀ − r₂x₀)/(r₁ − r₂), c₂ = x₀ − c₁.
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let e1 = exponential(r1 * t), e2 = exponential(r2 * t)
            let d = r1 - r2
            return Coefficients(xx: (-r2 * e1 + r1 * e2) / d, xv: (e1 - e2) / d,
                                vx: (-r2 * r1 * e1 + r1 * r2 * e2) / d, vv: (r1 * e1 - r2 * e2) / d)
        }
    }

    /// Displacement from the target at `t` for initial displacement `x0` and velocity `v0`.
    public func displacement(at t: Double, from x0: Double, velocity v0: Double) -> Double {
        let k = coefficients(at: t)
        return k.xx * x0 + k.xv * v0
    }

    /// Velocity at `t` for initial displacement `x0` and velocity `v0`.
    public func velocity(at t: Double, from x0: Double, velocity v0: Double) -> Double {
        let k = coefficients(at: t)
        return k.vx * x0 + k.vv * v0
    }

    /// The value at `t` of a spring released at `from` with `velocity`, pulled toward `to`.
    public func value(at t: Double, from: Double, to: Double, velocity v0: Double = 0) -> Double {
        to + displacement(at: t, from: from - to, velocity: v0)
    }
}
