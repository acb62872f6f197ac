import Geometry
import Testing
@testable import Motion

@Suite("Spring: parameterisations and the closed-form solution")
struct SpringTests {
    // MARK: Parameterisations

    @Test("duration 0.5 s with bounce 0.3 and mass 1 is stiffness 157.914 and damping 17.593")
    func durationAndBounce() {
        let spring = Spring(durationSeconds: 0.5, bounce: 0.3)
        // ζ = 1 − bounce = 0.7; ω₀ = 2π / 0.5 = 4π.
        // k = m·ω₀² = 16π² = 157.9137; c = 4π·ζ·m / response = 4π·0.7 / 0.5 = 5.6π = 17.5929.
        #expect(abs(spring.dampingRatio - 0.7) < 1e-15)
        #expect(abs(spring.stiffness() - 157.914) < 5e-4)
        #expect(abs(spring.damping() - 17.593) < 5e-4)
        #expect(abs(spring.stiffness() - 16 * Double.pi * Double.pi) < 1e-12)
        #expect(abs(spring.damping() - 5.6 * Double.pi) < 1e-12)
        #expect(abs(spring.bounce - 0.3) < 1e-15)
        #expect(spring.durationSeconds == 0.5)
    }

    @Test("stiffness 100 and damping 10 is response 0.62832 s and damping ratio 0.5")
    func stiffnessAndDamping() {
        let spring = Spring(stiffness: 100, damping: 10)
        // ω₀ = √(k/m) = 10 rad/s → response = 2π/10 = 0.628319 s; ζ = c / (2√(k·m)) = 10/20 = 0.5.
        #expect(abs(spring.responseSeconds - 0.62832) < 5e-6)
        #expect(abs(spring.responseSeconds - 2 * Double.pi / 10) < 1e-15)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-15)
        // And back: k = m·ω₀², c = 4π·ζ·m / response, for another mass too.
        #expect(abs(spring.stiffness() - 100) < 1e-12)
        #expect(abs(spring.damping() - 10) < 1e-12)
        let heavy = Spring(stiffness: 300, damping: 24, mass: 3)
        // ω₀ = √(300/3) = 10; ζ = 24 / (2·√900) = 0.4.
        #expect(abs(heavy.angularFrequency - 10) < 1e-12)
        #expect(abs(heavy.dampingRatio - 0.4) < 1e-15)
        #expect(abs(heavy.stiffness(mass: 3) - 300) < 1e-10)
        #expect(abs(heavy.damping(mass: 3) - 24) < 1e-12)
    }

    @Test("a negative bounce is over-damped: ζ = 1/(1 + bounce), and bounce reads back")
    func negativeBounce() {
        let spring = Spring(durationSeconds: 0.4, bounce: -0.5)
        // ζ = 1 / (1 − 0.5) = 2; bounce = 1/ζ − 1 = −0.5.
        #expect(spring.dampingRatio == 2)
        #expect(abs(spring.bounce + 0.5) < 1e-15)
    }

    @Test("isValid wants a finite positive response and damping ratio, and says which field is wrong")
    func validity() {
        #expect(Spring(responseSeconds: 0.45, dampingRatio: 0.85).isValid)
        #expect(Spring(responseSeconds: 0.45, dampingRatio: 0.85).invalidityReason == nil)
        for bad in [0.0, -1, .nan, .infinity] {
            let spring = Spring(responseSeconds: bad, dampingRatio: 1)
            #expect(!spring.isValid)
            #expect(spring.invalidityReason?.hasPrefix("responseSeconds") == true)
        }
        for bad in [0.0, -0.5, .nan, .infinity] {
            let spring = Spring(responseSeconds: 0.5, dampingRatio: bad)
            #expect(!spring.isValid)
            #expect(spring.invalidityReason?.hasPrefix("dampingRatio") == true)
        }
        #expect(!Spring(durationSeconds: 0.5, bounce: -1).isValid)   // ζ = 1/0 = ∞
    }

    // MARK: The figures

    @Test("critically damped, response 0.5 s, 0 → 1 from rest: x(0.25) = 0.821026")
    func criticalValue() {
        let spring = Spring(responseSeconds: 0.5, dampingRatio: 1)
        // x(t) = 1 − e^{−ω₀t}(1 + ω₀t), ω₀ = 4π; at t = 0.25, ω₀t = π: 1 − e^{−π}(1 + π) = 0.821026.
        let x = spring.value(at: 0.25, from: 0, to: 1)
        #expect(abs(x - 0.821026) < 5e-7)
        #expect(abs(x - (1 - exponential(-Double.pi) * (1 + Double.pi))) < 1e-15)
    }

    @Test("critically damped, response 0.5 s: |1 − x| first falls to 1e-3 at t ≈ 0.734772 s")
    func criticalSettling() {
        let spring = Spring(responseSeconds: 0.5, dampingRatio: 1)
        let w0 = 4 * Double.pi
        // |1 − x| = e^{−u}(1 + u) with u = ω₀t, decreasing for u > 0. Solve e^{−u}(1 + u) = 1e-3
        // by Newton on f(u) = ln(1 + u) − u − ln(1e-3), f′(u) = 1/(1 + u) − 1: u = 9.23335…
        var u = 9.0
        for _ in 0..<20 {
            u -= (logarithm(1 + u) - u - logarithm(1e-3)) / (1 / (1 + u) - 1)
        }
        let crossing = u / w0
        #expect(abs(crossing - 0.734772) < 5e-7)
        // The spring agrees with the formula there, and only there is the threshold reached.
        #expect(abs(abs(1 - spring.value(at: crossing, from: 0, to: 1)) - 1e-3) < 1e-15)
        #expect(abs(1 - spring.value(at: crossing - 1e-6, from: 0, to: 1)) > 1e-3)
        #expect(abs(1 - spring.value(at: crossing + 1e-6, from: 0, to: 1)) < 1e-3)
    }

    @Test("damping ratio 0.5, response 0.5 s: the first peak is at 0.288675 s, x = 1.163034, velocity 0")
    func firstPeak() {
        let spring = Spring(responseSeconds: 0.5, dampingRatio: 0.5)
        // ω_d = ω₀√(1 − ζ²) = 4π·√0.75; the first peak is at t = π/ω_d = 1/(4√0.75) = 0.288675 s,
        // where x = 1 + e^{−ζω₀t} = 1 + e^{−πζ/√(1 − ζ²)} = 1 + e^{−π/√3} = 1.163034.
        let t = 1 / (4 * 0.75.squareRoot())
        #expect(abs(t - 0.288675) < 5e-7)
        let x = spring.value(at: t, from: 0, to: 1)
        #expect(abs(x - 1.163034) < 5e-7)
        #expect(abs(x - (1 + exponential(-Double.pi / 3.0.squareRoot()))) < 1e-14)
        #expect(abs(spring.velocity(at: t, from: 0, to: 1)) < 1e-13)
        // A true maximum: lower on both sides.
        #expect(spring.value(at: t - 1e-3, from: 0, to: 1) < x)
        #expect(spring.value(at: t + 1e-3, from: 0, to: 1) < x)
    }

    // MARK: Exactness near ζ = 1

    /// The solution through power series in `m = (1 − ζ²)·ω₀²·t²`, a different route from the
    /// implementation's: `C = Σ (−m)ⁿ/(2n)!`, `S = t·Σ (−m)ⁿ/(2n+1)!`, exact on both sides of ζ = 1.
    static func seriesCoefficients(_ spring: Spring, _ t: Double) -> Spring.Coefficients {
        let w0 = 2 * Double.pi / spring.responseSeconds
        let z = spring.dampingRatio
        let a = z * w0
        let m = (1 - z) * (1 + z) * w0 * w0 * t * t
        var cSum = 0.0, sSum = 0.0, term = 1.0   // term = (−m)ⁿ / (2n)!
        for n in 0..<40 {
            cSum += term
            sSum += term / Double(2 * n + 1)
            term *= -m / Double((2 * n + 1) * (2 * n + 2))
        }
        let e = exponential(-a * t)
        let c = e * cSum, s = e * t * sSum
        return Spring.Coefficients(xx: c + a * s, xv: s, vx: -w0 * w0 * s, vv: c - a * s)
    }

    @Test("just above, at and just below ζ = 1 the solution is exact to rounding (no critical band)",
          arguments: [-1e-2, -1e-4, -1e-6, -5e-7, -1e-9, -1e-12, 0, 1e-12, 1e-9, 5e-7, 1e-6, 1e-4, 1e-2])
    func nearCritical(offset: Double) {
        let spring = Spring(responseSeconds: 0.5, dampingRatio: 1 + offset)
        for t in [0.001, 0.01, 0.1, 0.25, 0.5, 1, 2] {
            let k = spring.coefficients(at: t)
            let r = Self.seriesCoefficients(spring, t)
            // A band treating |ζ − 1| < 1e-6 as critical would be off by about |ζ − 1|·ω₀t·e^{−ω₀t},
            // 1e-7 at ζ = 1 ± 5e-7; this asks for 1e-13 of each coefficient's scale.
            #expect(abs(k.xx - r.xx) < 1e-13, "xx at ζ − 1 = \(offset), t = \(t)")
            #expect(abs(k.xv - r.xv) < 1e-13 * t, "xv at ζ − 1 = \(offset), t = \(t)")
            #expect(abs(k.vx - r.vx) < 1e-13 * 160, "vx at ζ − 1 = \(offset), t = \(t)")
            #expect(abs(k.vv - r.vv) < 1e-13, "vv at ζ − 1 = \(offset), t = \(t)")
        }
    }

    // MARK: Consistency in every regime

    @Test("the flow composes (K(a)·K(b) = K(a + b)) and velocity is the derivative of value",
          arguments: [0.05, 0.5, 0.85, 0.999999, 1, 1.000001, 1.5, 3, 50, 1e4])
    func flowConsistency(ratio: Double) {
        let spring = Spring(responseSeconds: 0.45, dampingRatio: ratio)
        let w0 = spring.angularFrequency
        for (a, b) in [(0.004, 0.03), (0.1, 0.2), (0.3, 0.45), (1.0, 0.7)] {
            let ka = spring.coefficients(at: a), kb = spring.coefficients(at: b)
            let kab = spring.coefficients(at: a + b)
            // [xx xv; vx vv](a+b) = [xx xv; vx vv](b) · [xx xv; vx vv](a)
            #expect(abs(kb.xx * ka.xx + kb.xv * ka.vx - kab.xx) < 1e-12)
            #expect(abs(kb.xx * ka.xv + kb.xv * ka.vv - kab.xv) < 1e-12 / w0)
            #expect(abs(kb.vx * ka.xx + kb.vv * ka.vx - kab.vx) < 1e-12 * w0)
            #expect(abs(kb.vx * ka.xv + kb.vv * ka.vv - kab.vv) < 1e-12)
            // Central difference: (x(t + h) − x(t − h)) / 2h = v(t) + O(h²·x‴).
            let h = 1e-6 / max(ratio, 1)
            for (x0, v0) in [(1.0, 0.0), (0.0, 1.0)] {
                let derivative = (spring.displacement(at: a + h, from: x0, velocity: v0)
                    - spring.displacement(at: a - h, from: x0, velocity: v0)) / (2 * h)
                let v = spring.velocity(at: a, from: x0, velocity: v0)
                #expect(abs(derivative - v) < 1e-6 * (abs(v) + w0), "ζ = \(ratio), t = \(a)")
            }
        }
    }

    @Test("a very over-damped spring creeps at the slow rate ω₀/(ζ + √(ζ² − 1)) without cancellation")
    func heavilyOverDamped() {
        let spring = Spring(responseSeconds: 0.5, dampingRatio: 1e4)
        let w0 = 4 * Double.pi
        let z = 1e4
        let root = (z * z - 1).squareRoot()
        let slow = w0 / (z + root), fast = w0 * (z + root)
        // From rest at x₀ = 1: x(t) = (fast·e^{−slow·t} − slow·e^{−fast·t}) / (fast − slow);
        // after the fast term has died, x = fast/(fast − slow)·e^{−slow·t}, v = −slow·x.
        for t in [0.01, 1, 100, 1000] {
            let x = spring.displacement(at: t, from: 1, velocity: 0)
            let expected = fast / (fast - slow) * exponential(-slow * t)
            #expect(abs(x - expected) < 1e-14 * max(expected, 1e-300) + 1e-300)
            let v = spring.velocity(at: t, from: 1, velocity: 0)
            #expect(abs(v + slow * expected) < 1e-12 * slow * expected + 1e-300)
        }
    }

    // MARK: Robustness

    @Test("no NaN or infinity for any time, response or damping ratio; energy never grows")
    func robustness() {
        let responses = [0, -1, .nan, 1e-300, 1e-9, 1e-6, 0.5, 1e6, 1e300, .infinity]
        let ratios = [0, 1e-300, 0.5, 1, 2, 1e300, .infinity, .nan, -1]
        let times = [-1, 0, 1e-300, 1e-9, 1.0 / 60, 0.5, 1e6, 1e300, .infinity, .nan]
        for response in responses {
            for ratio in ratios {
                let spring = Spring(responseSeconds: response, dampingRatio: ratio)
                for t in times {
                    let k = spring.coefficients(at: t)
                    let label = "response \(response), ζ \(ratio), t \(t): \(k)"
                    #expect(k.xx.isFinite && k.xv.isFinite && k.vx.isFinite && k.vv.isFinite, "\(label)")
                    // With damping ≥ 0 the energy v²/2 + ω₀²x²/2 never grows, so from (1, 0)
                    // |x| ≤ 1, and from (0, 1) |v| ≤ 1.
                    #expect(abs(k.xx) <= 1 + 1e-12 && abs(k.vv) <= 1 + 1e-12, "\(label)")
                }
            }
        }
    }

    @Test("t ≤ 0 or NaN leaves the state unchanged; t = ∞ or a zero response settles it")
    func limits() {
        let spring = Spring(responseSeconds: 0.5, dampingRatio: 0.7)
        #expect(spring.coefficients(at: 0) == .identity)
        #expect(spring.coefficients(at: -3) == .identity)
        #expect(spring.coefficients(at: .nan) == .identity)
        #expect(spring.coefficients(at: .infinity) == .settled)
        #expect(Spring(responseSeconds: 0, dampingRatio: 1).coefficients(at: 0.01) == .settled)
    }
}
