import Geometry
import Testing
@testable import Motion

@Suite("Spring step response: overshoot, settle time and CSS linear() stops from the closed form")
struct SpringStepResponseTests {
    /// Springs across the regimes: bouncy, the app's, critical, over-damped.
    static let springs: [Spring] = [
        Spring(responseSeconds: 0.45, dampingRatio: 0.85), Spring(responseSeconds: 0.35, dampingRatio: 1),
        Spring(responseSeconds: 0.4, dampingRatio: 0.8), Spring(responseSeconds: 0.6, dampingRatio: 0.3),
        Spring(responseSeconds: 0.25, dampingRatio: 0.5), Spring(responseSeconds: 0.5, dampingRatio: 1.5),
        Spring(responseSeconds: 0.3, dampingRatio: 3), Spring(responseSeconds: 1.2, dampingRatio: 0.95),
    ]

    @Test("response 0.45 s, ζ 0.85 is stiffness 194.96 N/m and damping 23.74 N·s/m at mass 1")
    func platformConstants() {
        let spring = Spring(responseSeconds: 0.45, dampingRatio: 0.85)
        // k = 4π²·m / response² = 39.4784 / 0.2025 = 194.955; c = 4π·ζ·m / response = 10.6814 / 0.45 = 23.7365.
        #expect(abs(spring.stiffness(mass: 1) - 194.955) < 1e-3)
        #expect(abs(spring.damping(mass: 1) - 23.7365) < 1e-4)
        // And back from the two-decimal figures: rounding by at most 0.005 moves ζ = c/(2√k) by at
        // most 0.85·(0.005/23.74 + 0.005/(2·194.96)) = 1.9e-4, response = 2π/√k by 0.45·0.005/(2·194.96) = 5.8e-6.
        let back = Spring(stiffness: 194.96, damping: 23.74, mass: 1)
        #expect(abs(back.responseSeconds - 0.45) < 6e-6)
        #expect(abs(back.dampingRatio - 0.85) < 1.9e-4)
    }

    @Test("overshoot is e^(−πζ/√(1−ζ²)) of the travel, the curve's largest excess; none at ζ ≥ 1")
    func overshoot() {
        for spring in Self.springs {
            let response = SpringStepResponse(spring: spring)
            // The excess over 1, scanned at 1/10000 of the response over five responses.
            let step = spring.responseSeconds / 10_000
            let peak = (0..<50_000).map { response.progress(at: Double($0) * step) }.max()! - 1
            if spring.dampingRatio < 1 {
                let z = spring.dampingRatio
                let closed = exponential(-Double.pi * z / (1 - z * z).squareRoot())
                #expect(abs(response.overshootFraction - closed) < 1e-12)
                #expect(abs(peak - closed) < 1e-6, "ζ \(z): scanned \(peak), closed form \(closed)")
            } else {
                #expect(response.overshootFraction == 0)
                #expect(peak <= 1e-12, "ζ \(spring.dampingRatio): scanned \(peak)")
            }
        }
    }

    @Test("the step is at rest from its settle time on and out of rest just before it")
    func settleTime() {
        for spring in Self.springs {
            let response = SpringStepResponse(spring: spring)
            let settle = response.settleSeconds
            #expect(settle > 0)
            #expect(!response.isAtRest(at: settle - 1e-6), "ζ \(spring.dampingRatio): at rest before \(settle) s")
            // From then on, at every 1/1000 of the response for ten responses.
            let step = spring.responseSeconds / 1000
            let late = (0..<10_000).map { settle + Double($0) * step }.first { !response.isAtRest(at: $0) }
            #expect(late == nil, "ζ \(spring.dampingRatio): out of rest again at \(late ?? 0) s after settling at \(settle) s")
        }
    }

    @Test("a critically damped step settles where 1 − (1 + ω₀t)e^{−ω₀t} meets the threshold")
    func criticalSettleFromFormula() {
        let spring = Spring(responseSeconds: 0.35, dampingRatio: 1)
        let response = SpringStepResponse(spring: spring)
        let w = spring.angularFrequency, t = response.settleSeconds
        // x(t) = −(1 + ω₀t)e^{−ω₀t}, v(t) = ω₀²·t·e^{−ω₀t}: one of them sits on its threshold.
        let x = (1 + w * t) * exponential(-w * t), v = w * w * t * exponential(-w * t)
        let onThreshold = abs(x - RestThreshold.opacity.displacement) < 1e-9 || abs(v - RestThreshold.opacity.speed) < 1e-7
        #expect(onThreshold, "x \(x), v \(v) at \(t) s")
        #expect(x <= RestThreshold.opacity.displacement + 1e-9 && v <= RestThreshold.opacity.speed + 1e-7)
    }

    @Test("CSS linear() stops follow the spring within 0.3 % of the travel at every instant, the overshoot peak a stop")
    func linearStops() {
        for spring in Self.springs {
            let response = SpringStepResponse(spring: spring)
            let stops = response.linearEasingStops()
            #expect(stops.first == SpringStepResponse.Stop(time: 0, progress: 0))
            #expect(stops.last == SpringStepResponse.Stop(time: 1, progress: 1))
            #expect(zip(stops, stops.dropFirst()).allSatisfy { $0.time < $1.time }, "times must increase")
            let error = response.maximumError(of: stops, resolution: 40_000)
            #expect(error <= 0.003, "ζ \(spring.dampingRatio): \(error) off with \(stops.count) stops")
            if let peak = response.peakSeconds, peak < response.settleSeconds {
                // The peak, t = π/ω_d, is a stop at the full overshoot (rounded to 1e-4 as printed).
                let f = peak / response.settleSeconds
                #expect(stops.contains { abs($0.time - f) <= 5e-5 && abs($0.progress - (1 + response.overshootFraction)) <= 5e-5 },
                        "ζ \(spring.dampingRatio): no stop at the peak \(f)")
            }
            #expect(stops.count <= 40, "ζ \(spring.dampingRatio): \(stops.count) stops")
        }
    }

    @Test("the error measure catches a planted fault: one stop moved by 1 % of the travel reads 1 % off")
    func errorMeasureCatchesAFault() {
        let response = SpringStepResponse(spring: Spring(responseSeconds: 0.45, dampingRatio: 0.85))
        var stops = response.linearEasingStops()
        #expect(response.maximumError(of: stops, resolution: 20_000) <= 0.003)
        stops[stops.count / 2].progress += 0.01
        #expect(response.maximumError(of: stops, resolution: 20_000) >= 0.0099)
    }
}
