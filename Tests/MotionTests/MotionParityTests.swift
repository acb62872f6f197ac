import Geometry
import Testing
@testable import Motion

@Suite("Motion parity: aligned on the first moving sample, resampled, matched by RMS ≤ 2 pt and times within 17 ms")
struct MotionParityTests {
    /// A card's left edge from 150 to 0 and its right edge from 270 to 402 on `spring`, sampled at
    /// `rate` Hz from `clock` seconds, still for `stillFrames` samples before the spring lets go
    /// (on a sample), plus `offset` pt on every sample.
    static func card(_ spring: Spring, rate: Double = 60, clock: Double = 0, stillFrames: Int = 3, offset: Double = 0) -> SampledMotion {
        let count = Int(0.9 * rate) + stillFrames
        let times = (0..<count).map { clock + Double($0) / rate }
        let start = clock + Double(stillFrames - 1) / rate
        func edge(_ from: Double, _ to: Double) -> [Double] {
            times.map { t in (t <= start ? from : spring.value(at: t - start, from: from, to: to)) + offset }
        }
        return SampledMotion(times: times, quantities: [.init(name: "left", values: edge(150, 0)), .init(name: "right", values: edge(270, 402))])
    }

    static let push = Spring(responseSeconds: 2 * Double.pi / 19, dampingRatio: 1)

    @Test("the same spring on another clock with another lead-in is matched, to rounding")
    func sameSpring() throws {
        let parity = try #require(MotionParity.compare(Self.card(Self.push, clock: 12.5, stillFrames: 7), with: Self.card(Self.push)))
        #expect(parity.matched)
        for q in parity.quantities {
            #expect(q.largest < 1e-9, "\(q.name): largest \(q.largest)")
            #expect(abs(q.difference50!) < 1e-9 && abs(q.difference90!) < 1e-9)
        }
        // The first moving samples: one frame after each let go.
        #expect(abs(parity.oursOnset - (12.5 + 7.0 / 60)) < 1e-9)
        #expect(abs(parity.referenceOnset - 3.0 / 60) < 1e-9)
    }

    @Test("120 Hz against 60 Hz: both first pass the 3 pt threshold 1/60 s after the let-go, so their times agree")
    func alignmentAcrossRates() throws {
        // At 1/120 s the edge has moved 150·(19/120)²/2 = 1.9 pt, under max(1, 2 % of 150) = 3 pt; at
        // 1/60 s, 7.5 pt: both onsets lie one 60 Hz frame after the let-go.
        let parity = try #require(MotionParity.compare(Self.card(Self.push, rate: 120), with: Self.card(Self.push)))
        #expect(parity.matched)
        for q in parity.quantities {
            #expect(abs(q.difference50!) < 0.002 && abs(q.difference90!) < 0.002, "\(q.name): Δ50 \(q.difference50!), Δ90 \(q.difference90!)")
            // The 60 Hz curve read linearly between frames errs by at most h²/8·|y″| = (1/60)²/8·19²·150 = 1.9 pt.
            #expect(q.largest < 1.9, "\(q.name): largest \(q.largest)")
        }
    }

    @Test("a planted 3 pt offset fails on RMS (3 pt > 2), and its times still agree")
    func offsetFailsRMS() throws {
        let parity = try #require(MotionParity.compare(Self.card(Self.push, offset: 3), with: Self.card(Self.push)))
        #expect(!parity.matched)
        for q in parity.quantities {
            #expect(abs(q.rms - 3) < 0.05, "\(q.name): RMS \(q.rms)")
            #expect(abs(q.difference50!) < 1e-9 && abs(q.difference90!) < 1e-9)
        }
    }

    @Test("a slower spring (ω 15 against 19) fails on time: 50 % comes 1.678·(1/15 − 1/19) = 23.6 ms later")
    func slowerSpringFailsTime() throws {
        let slow = Spring(responseSeconds: 2 * Double.pi / 15, dampingRatio: 1)
        // At 60 Hz both first move one frame after the let-go (ω 15: 150·(15/60)²/2 = 4.7 pt past the 3 pt
        // threshold), so both onsets sit alike.
        let parity = try #require(MotionParity.compare(Self.card(slow), with: Self.card(Self.push)))
        #expect(!parity.matched)
        let q = parity.quantities[0]
        // Critically damped: progress 1 − (1 + ωt)e^{−ωt} is ½ at ωt = 1.67835.
        #expect(abs(q.difference50! - 1.67835 * (1.0 / 15 - 1.0 / 19)) < 0.002, "Δ50 \(q.difference50!)")
        #expect(q.difference50! > 0.017)
    }

    @Test("a rule is a rule: 3 pt of offset matches under RMS ≤ 3.1 pt")
    func ruleIsAnArgument() throws {
        let parity = try #require(MotionParity.compare(Self.card(Self.push, offset: 3), with: Self.card(Self.push),
                                                       rule: .init(rms: 3.1, timeSeconds: 0.017)))
        #expect(parity.matched)
    }

    @Test("nothing moving is no comparison")
    func stillIsNil() {
        let still = SampledMotion(times: [0, 0.1, 0.2], quantities: [.init(name: "left", values: [1, 1, 1])])
        #expect(MotionParity.compare(still, with: Self.card(Self.push)) == nil)
    }
}
