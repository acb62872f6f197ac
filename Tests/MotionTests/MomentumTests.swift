import Testing
@testable import Motion

@Suite("Momentum projection and rubber banding")
struct MomentumTests {
    @Test("1000 pt/s at 0.998 per ms projects 499 pt (discrete sum) or 499.4998 pt (continuous)")
    func projection() {
        // Σₙ₌₁^∞ (v/1000)·rⁿ = (v/1000)·r/(1 − r) = 1·0.998/0.002 = 499.
        #expect(abs(Momentum.project(velocity: 1000, decelerationRate: 0.998) - 499) < 1e-9)
        #expect(abs(Momentum.project(velocity: -1000) + 499) < 1e-9)
        // ∫₀^∞ v·r^{1000t} dt = v / (−1000·ln r) = 1 / 0.00200200267 = 499.49983 (≈ 499.5).
        let continuous = Momentum.projectContinuous(velocity: 1000, decelerationRate: 0.998)
        #expect(abs(continuous - 499.4998) < 5e-5)
        #expect(abs(continuous - 499.5) < 1e-3)
        // Inverses.
        #expect(abs(Momentum.velocity(toTravel: 499) - 1000) < 1e-9)
        #expect(abs(Momentum.velocityContinuous(toTravel: continuous) - 1000) < 1e-9)
        // Bad rates and velocities project nowhere.
        for rate in [0.0, 1, 1.2, -0.5, .nan] { #expect(Momentum.project(velocity: 1000, decelerationRate: rate) == 0) }
        #expect(Momentum.project(velocity: .nan) == 0 && Momentum.projectContinuous(velocity: .infinity) == 0)
    }

    @Test("the continuous decay: offset, velocity and duration in closed form")
    func decay() {
        // x(t) = D·(1 − r^{1000t}), D = 499.4998; at t = 0.5: r⁵⁰⁰ = 0.998⁵⁰⁰ = 0.367511 → 315.93 pt.
        let offset = Momentum.offset(after: 0.5, velocity: 1000)
        #expect(abs(offset - 499.4998 * (1 - 0.367511)) < 1e-3)
        #expect(Momentum.offset(after: 0, velocity: 1000) == 0)
        #expect(abs(Momentum.offset(after: .infinity, velocity: 1000) - Momentum.projectContinuous(velocity: 1000)) < 1e-12)
        // v(t) = v·r^{1000t}: 1000·0.998¹⁰⁰⁰ = 135.0645 pt/s at t = 1, the offset's derivative.
        #expect(abs(Momentum.velocity(after: 1, velocity: 1000) - 135.0645) < 1e-4)
        let h = 1e-6
        let derivative = (Momentum.offset(after: 1 + h, velocity: 1000) - Momentum.offset(after: 1 - h, velocity: 1000)) / (2 * h)
        #expect(abs(derivative - Momentum.velocity(after: 1, velocity: 1000)) < 1e-5)
        // Down to 1 pt/s: ln(1/1000) / (1000·ln 0.998) = 3.4504 s.
        #expect(abs(Momentum.duration(velocity: 1000, restSpeed: 1) - 3.4504) < 1e-4)
        #expect(Momentum.duration(velocity: 0.5, restSpeed: 1) == 0)
    }

    @Test("rubber band, c = 0.55, dimension 300: 100 → 46.4789, 1000 → 194.1176")
    func rubberBand() {
        // (1 − 1/(x·c/d + 1))·d: x = 100 → (1 − 1/1.183333)·300 = 46.4789;
        // x = 1000 → (1 − 1/2.833333)·300 = 194.1176.
        #expect(abs(RubberBand.band(100, dimension: 300, coefficient: 0.55) - 46.4789) < 5e-5)
        #expect(abs(RubberBand.band(1000, dimension: 300) - 194.1176) < 5e-5)
        #expect(abs(RubberBand.band(-100, dimension: 300) + 46.4789) < 5e-5)   // odd
        // Slope c at the limit, never reaching the dimension.
        #expect(abs(RubberBand.band(1e-6, dimension: 300) / 1e-6 - 0.55) < 1e-6)
        #expect(RubberBand.band(1e12, dimension: 300) < 300)
        // Inverse.
        for x in [-5000.0, -100, -1, 0, 0.5, 100, 1000, 1e5] {
            let banded = RubberBand.band(x, dimension: 300)
            #expect(abs(RubberBand.unband(banded, dimension: 300) - x) < 1e-9 * max(1, abs(x)))
        }
        #expect(RubberBand.unband(300, dimension: 300).isFinite)
        // clamp / unclamp round trip around the limits 0...1000.
        for x in [-400.0, -10, 0, 500, 1000, 1010, 2500] {
            let shown = RubberBand.clamp(x, lower: 0, upper: 1000, dimension: 800)
            #expect(abs(RubberBand.unclamp(shown, lower: 0, upper: 1000, dimension: 800) - x) < 1e-9)
        }
        #expect(RubberBand.clamp(500, lower: 0, upper: 1000, dimension: 800) == 500)
        // Bad input gives 0, never NaN.
        #expect(RubberBand.band(.nan, dimension: 300) == 0)
        #expect(RubberBand.band(100, dimension: 0) == 0 && RubberBand.band(100, dimension: .nan) == 0)
        #expect(RubberBand.unband(.nan, dimension: 300) == 0)
    }
}
