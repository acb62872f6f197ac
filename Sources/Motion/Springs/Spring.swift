import Geometry

/// A damped harmonic oscillator described the ways people know, solved in closed form.
///
/// The spring pulls a displacement `x = value − target` toward 0:
/// `m·x″ + c·x′ + k·x = 0`, with natural angular frequency `ω₀ = 2π / response = √(k/m)` and
/// damping ratio `ζ = c / (2·√(k·m))`. Value and velocity at any time come from the exact solution
/// for the under-, critically and over-damped cases; nothing is integrated numerically, so the
/// answer does not depend on the frame rate.
///
/// The mass only matters when converting to and from stiffness and damping: the motion itself
/// depends on the response and the damping ratio alone.
public struct Spring: Hashable, Sendable, Codable {
    /// Seconds for one undamped oscillation (`2π / ω₀`); SwiftUI's `response`.
    public var responseSeconds: Double
    /// ζ, dimensionless: 1 is critical (no overshoot), below 1 bounces, above 1 creeps.
    public var dampingRatio: Double

    /// A spring from its response (seconds) and damping ratio, SwiftUI's convention.
    public init(responseSeconds: Double, dampingRatio: Double) {
        self.responseSeconds = responseSeconds
        self.dampingRatio = dampingRatio
    }

    /// A spring from physical constants: stiffness `k` (N/m), damping `c` (N·s/m), mass `m` (kg).
    ///
    /// `ω₀ = √(k/m)`, `response = 2π / ω₀ = 2π·√(m/k)`, `ζ = c / (2·√(k·m))`.
    public init(stiffness: Double, damping: Double, mass: Double = 1) {
        self.responseSeconds = 2 * Double.pi * (mass / stiffness).squareRoot()
        self.dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
    }

    /// A spring from a perceptual duration (seconds, taken as the response) and a bounce, SwiftUI's
    /// `Spring(duration:bounce:)`.
    ///
    /// `ζ = 1 − bounce` for `bounce ≥ 0`; a negative bounce is over-damped, `ζ = 1 / (1 + bounce)`.
    /// A bounce of −1 or less has no spring (see `isValid`).
    public init(durationSeconds: Double, bounce: Double) {
        self.responseSeconds = durationSeconds
        self.dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// ω₀ in radians per second: `2π / response`.
    public var angularFrequency: Double { 2 * Double.pi / responseSeconds }

    /// Stiffness in N/m for a mass in kg: `k = m·ω₀² = 4π²·m / response²`.
    package func stiffness(mass: Double = 1) -> Double { mass * angularFrequency * angularFrequency }

    /// Damping in N·s/m for a mass in kg: `c = 2ζ·√(k·m) = 4π·ζ·m / response`.
    package func damping(mass: Double = 1) -> Double { 4 * Double.pi * dampingRatio * mass / responseSeconds }

    /// The perceptual duration in seconds (SwiftUI's `duration`): the response.
    public var durationSeconds: Double { responseSeconds }

    /// `1 − ζ` for `ζ ≤ 1`, and `1/ζ − 1` (negative) when over-damped: the inverse of
    /// `init(durationSeconds:bounce:)`.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// True when the response and the damping ratio are finite and positive.
    public var isValid: Bool { invalidityReason == nil }

    /// Why the spring is not valid, naming the field and what was expected; nil for a valid spring.
    public var invalidityReason: String? {
        if !(responseSeconds.isFinite && responseSeconds > 0) {
            return "responseSeconds must be a finite number of seconds above 0, got \(responseSeconds)"
        }
        if !(dampingRatio.isFinite && dampingRatio > 0) {
            return "dampingRatio must be a finite number above 0, got \(dampingRatio)"
        }
        return nil
    }

    // MARK: - Closed-form solution

    /// The shortest response the solution honours, in seconds; shorter ones are treated as this.
    @inlinable package static var minimumResponseSeconds: Double { 1e-6 }
    /// The longest response the solution honours, in seconds; longer ones are treated as this.
    @inlinable package static var maximumResponseSeconds: Double { 1e6 }
    /// The largest damping ratio the solution honours; larger ones are treated as this.
    @inlinable package static var maximumDampingRatio: Double { 1e6 }

    /// The linear map from the initial displacement `x₀` and velocity `v₀` to displacement and
    /// velocity `t` seconds later: `x(t) = xx·x₀ + xv·v₀`, `v(t) = vx·x₀ + vv·v₀`.
    ///
    /// Units: `xx` and `vv` are dimensionless, `xv` is in seconds, `vx` in 1/s².
    public struct Coefficients: Hashable, Sendable {
        public var xx: Double, xv: Double, vx: Double, vv: Double
        @inlinable
        package init(xx: Double, xv: Double, vx: Double, vv: Double) {
            self.xx = xx; self.xv = xv; self.vx = vx; self.vv = vv
        }
        /// No time has passed: the state is unchanged.
        @inlinable package static var identity: Coefficients { Coefficients(xx: 1, xv: 0, vx: 0, vv: 1) }
        /// The spring has fully settled: displacement and velocity are 0.
        @inlinable public static var settled: Coefficients { Coefficients(xx: 0, xv: 0, vx: 0, vv: 0) }
    }

    /// The solution's coefficients at `t` seconds after the initial state.
    ///
    /// With `a = ζω₀` and `q = 1 − ζ²`, every regime is one formula,
    /// `x(t) = e^{−at}·[x₀·C(t) + (v₀ + a·x₀)·S(t)]`, `v(t) = e^{−at}·[v₀·C(t) − (a·v₀ + ω₀²·x₀)·S(t)]`,
    /// where, with `β = ω₀·√|q|`:
    /// - under-damped (`q > 0`): `C = cos βt`, `S = sin(βt) / β`;
    /// - critically damped (`q = 0`): `C = 1`, `S = t`;
    /// - over-damped (`q < 0`): `C = cosh βt`, `S = sinh(βt) / β`.
    ///
    /// Each form tends to the critical one as `β → 0` and is evaluated without cancellation there
    /// (`sin(βt)/β` and `sinh(βt)/β` are accurate for small arguments; `q` is formed as
    /// `(1 − ζ)(1 + ζ)`), so no band around `ζ = 1` is needed: the result is exact to rounding on
    /// both sides of critical damping. For `βt ≥ 1` the over-damped products `e^{−at}·cosh βt` are
    /// formed from the two real exponentials `e^{−(a∓β)t}` instead, which cannot overflow, with
    /// the slow rate `a − β = ω₀ / (ζ + √(ζ² − 1))` computed without cancellation.
    ///
    /// Never NaN or infinite: `t ≤ 0` or NaN gives the identity, `t = ∞` the settled state; a
    /// response outside `minimumResponseSeconds...maximumResponseSeconds` is clamped into it (a NaN
    /// or non-positive response settles at once), a damping ratio is clamped into
    /// `0...maximumDampingRatio` (NaN counts as 1).
    @inlinable
    public func coefficients(at t: Double) -> Coefficients {
        guard t > 0 else { return .identity }
        guard t < .infinity, responseSeconds > 0 else { return .settled }
        let response = min(max(responseSeconds, Spring.minimumResponseSeconds), Spring.maximumResponseSeconds)
        let z = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0), Spring.maximumDampingRatio)
        let w0 = 2 * Double.pi / response
        let a = z * w0
        let q = (1 - z) * (1 + z)
        // c = e^{−at}·C(t), s = e^{−at}·S(t).
        let c: Double, s: Double
        if q > 0 {
            let beta = w0 * q.squareRoot()
            let e = exponential(-a * t)
            c = e * cosine(beta * t)
            s = e * sine(beta * t) / beta
        } else if q < 0 {
            let root = (-q).squareRoot()
            let beta = w0 * root
            let bt = beta * t
            if bt < 1 {
                let e = exponential(-a * t)
                c = e * hyperbolicCosine(bt)
                s = e * hyperbolicSine(bt) / beta
            } else {
                let slowRate = w0 / (z + root)   // a − β
                let fastRate = a + beta
                let slow = exponential(-slowRate * t), fast = exponential(-fastRate * t)
                // Written out so that C − a·S does not cancel when ζ is large:
                // xx = (fast·e_slow − slow·e_fast)/2β, vv = (fast·e_fast − slow·e_slow)/2β.
                let d = 2 * beta
                return Coefficients(xx: (fastRate * slow - slowRate * fast) / d,
                                    xv: (slow - fast) / d,
                                    vx: -w0 * w0 * (slow - fast) / d,
                                    vv: (fastRate * fast - slowRate * slow) / d)
            }
        } else {
            let e = exponential(-w0 * t)
            c = e
            s = e * t
        }
        return Coefficients(xx: c + a * s, xv: s, vx: -w0 * w0 * s, vv: c - a * s)
    }

    /// Displacement from the target at `t` seconds for initial displacement `x0` and velocity `v0`
    /// (units per second).
    @inlinable
    package func displacement(at t: Double, from x0: Double, velocity v0: Double) -> Double {
        let k = coefficients(at: t)
        return k.xx * x0 + k.xv * v0
    }

    /// Velocity (units per second) at `t` seconds for initial displacement `x0` and velocity `v0`.
    @inlinable
    public func velocity(at t: Double, from x0: Double, velocity v0: Double) -> Double {
        let k = coefficients(at: t)
        return k.vx * x0 + k.vv * v0
    }

    /// The value at `t` seconds of a spring released at `from` with `velocity`, pulled toward `to`.
    @inlinable
    public func value(at t: Double, from: Double, to: Double, velocity v0: Double = 0) -> Double {
        to + displacement(at: t, from: from - to, velocity: v0)
    }

    /// The velocity at `t` seconds of a spring released at `from` with `velocity`, pulled toward `to`.
    @inlinable
    public func velocity(at t: Double, from: Double, to: Double, velocity v0: Double = 0) -> Double {
        velocity(at: t, from: from - to, velocity: v0)
    }
}
