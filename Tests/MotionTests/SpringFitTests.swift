import Geometry
import Testing
import TestSupport
@testable import Motion

@Suite("Spring fit: response and damping ratio recovered by least squares from a recorded motion")
struct SpringFitTests {
    /// A card opening from a grid cell to a 402 × 874 pt screen: its left, top, right and bottom
    /// edges, each from its cell edge to the screen's.
    static let edges: [(name: String, from: Double, to: Double)] = [
        ("left", 150, 0), ("top", 400, 0), ("right", 270, 402), ("bottom", 580, 874),
    ]

    /// 60 Hz samples of `spring` let go at `startTime` with `velocities` (pt/s per edge), from 0 to
    /// `duration` s, frames `dropped` left out (a recording that dropped them), and uniform noise of
    /// ±`noise` pt from a seeded generator.
    static func recording(_ spring: Spring, startTime: Double = 0, velocities: [Double] = [0, 0, 0, 0],
                          duration: Double = 0.8, dropped: Set<Int> = [], noise: Double = 0, seed: UInt64 = 30) -> SampledMotion {
        var random = SplitMix64(seed: seed)
        let frames = (0...Int(duration * 60)).filter { !dropped.contains($0) }
        let times = frames.map { Double($0) / 60 }
        let quantities = edges.enumerated().map { i, edge in
            SampledMotion.Quantity(name: edge.name, values: times.map { t in
                let exact = t <= startTime ? edge.from
                    : spring.value(at: t - startTime, from: edge.from, to: edge.to, velocity: velocities[i])
                return exact + (noise > 0 ? random.uniform(-noise...noise) : 0)
            })
        }
        return SampledMotion(times: times, quantities: quantities)
    }

    /// iOS's zoom push (critically damped, ω 19 rad/s: response 2π/19 = 0.331 s) and its pinch
    /// landing (ω 17, ζ 0.7: response 0.370 s), and a bouncier spring.
    static let springs = [
        Spring(responseSeconds: 2 * Double.pi / 19, dampingRatio: 1),
        Spring(responseSeconds: 2 * Double.pi / 17, dampingRatio: 0.7),
        Spring(responseSeconds: 0.5, dampingRatio: 0.45),
    ]

    @Test("exact samples give the spring back to 1e-4 and an RMS under 1e-6 pt", arguments: springs)
    func exactSamples(spring: Spring) throws {
        let fit = try #require(SpringFit.fit(Self.recording(spring)))
        #expect(abs(fit.spring.responseSeconds / spring.responseSeconds - 1) < 1e-4)
        #expect(abs(fit.spring.dampingRatio / spring.dampingRatio - 1) < 1e-4)
        #expect(fit.rmsError < 1e-6)
        for (q, edge) in zip(fit.quantities, Self.edges) {
            #expect(abs(q.start - edge.from) < 1e-4 && abs(q.target - edge.to) < 1e-4, "\(q.name)")
        }
    }

    @Test("60 Hz, ±1 pt of noise and three dropped frames: within 2 % and one frame on the 50 % and 90 % times",
          arguments: springs)
    func noisySamplesWithDroppedFrames(spring: Spring) throws {
        for seed in UInt64(1)...3 {
            let motion = Self.recording(spring, dropped: [4, 11, 19], noise: 1, seed: seed)
            #expect(motion.times.count == 49 - 3)
            let fit = try #require(SpringFit.fit(motion))
            let responseError = fit.spring.responseSeconds / spring.responseSeconds - 1
            let ratioError = fit.spring.dampingRatio / spring.dampingRatio - 1
            #expect(abs(responseError) < 0.02, "seed \(seed): response \(fit.spring.responseSeconds) s for \(spring.responseSeconds) s")
            #expect(abs(ratioError) < 0.02, "seed \(seed): ζ \(fit.spring.dampingRatio) for \(spring.dampingRatio)")
            // Noise uniform in ±1 pt has an RMS of 1/√3 = 0.577 pt; a right fit leaves about that.
            #expect(fit.rmsError < 0.7 && fit.rmsError > 0.45, "seed \(seed): RMS \(fit.rmsError)")
            for (index, edge) in Self.edges.enumerated() {
                for fraction in [0.5, 0.9] {
                    // The truth: the closed form's first crossing.
                    let truth = try #require(TravelTime.firstCrossing(fraction, in: 0...2, from: edge.from, to: edge.to) {
                        spring.value(at: $0, from: edge.from, to: edge.to)
                    })
                    let times = fit.travelTimes(fraction, quantity: index, of: motion)
                    let reference = try #require(times.reference), fitted = try #require(times.fit)
                    #expect(abs(fitted - truth) < 1.0 / 60, "seed \(seed) \(edge.name) \(fraction): fit \(fitted) s, truth \(truth) s")
                    #expect(abs(fitted - reference) < 1.0 / 60, "seed \(seed) \(edge.name) \(fraction): fit \(fitted) s, samples \(reference) s")
                }
            }
        }
    }

    @Test("a spring let go between two frames with a velocity: start time and velocity recovered when asked")
    func startTimeAndVelocity() throws {
        let spring = Spring(responseSeconds: 0.33, dampingRatio: 0.9)
        // Let go 7 ms after the frame at 50 ms, each edge already moving toward its target at 600 pt/s.
        let velocities = Self.edges.map { $0.to > $0.from ? 600.0 : -600.0 }
        let motion = Self.recording(spring, startTime: 0.057, velocities: velocities)
        let fit = try #require(SpringFit.fit(motion, options: .init(fitsInitialVelocity: true, fitsStartTime: true)))
        #expect(abs(fit.spring.responseSeconds / 0.33 - 1) < 1e-3)
        #expect(abs(fit.spring.dampingRatio / 0.9 - 1) < 1e-3)
        #expect(abs(fit.startTime - 0.057) < 1e-3)
        for (q, v) in zip(fit.quantities, velocities) {
            #expect(abs(q.initialVelocity / v - 1) < 0.02, "\(q.name): \(q.initialVelocity) pt/s for \(v)")
        }
        // Without them the same samples fit worse: the instrument tells the two models apart.
        let plain = try #require(SpringFit.fit(motion))
        #expect(plain.rmsError > 100 * fit.rmsError + 0.1)
    }

    @Test("a motion that is no spring (a straight ramp) is not hidden: its RMS and largest error are several points")
    func notASpring() throws {
        // 300 pt at a constant 1000 pt/s from 50 ms, then still: a spring cannot turn that corner.
        let times = (0...48).map { Double($0) / 60 }
        let ramp = times.map { t in 100 + min(max(t - 0.05, 0) * 1000, 300) }
        let fit = try #require(SpringFit.fit(SampledMotion(times: times, quantities: [.init(name: "left", values: ramp)])))
        #expect(fit.rmsError > 2, "RMS \(fit.rmsError)")
        #expect(fit.largestError > 5, "largest \(fit.largestError)")
    }

    @Test("nothing moving, or too few samples: no fit")
    func nothingToFit() {
        let times = (0...10).map { Double($0) / 60 }
        #expect(SpringFit.fit(SampledMotion(times: times, quantities: [.init(name: "x", values: times.map { _ in 5 })])) == nil)
        #expect(SpringFit.fit(SampledMotion(times: [0, 0.1, 0.2], quantities: [.init(name: "x", values: [0, 5, 6])])) == nil)
    }
}

@Suite("Travel times and motion onset: when a recorded motion starts and covers half and nine tenths of its way")
struct TravelTimeTests {
    @Test("a ramp from 0 to 100 over 1 s crosses 50 and 90 at 0.5 s and 0.9 s, between samples too")
    func ramp() {
        let times = [0, 0.3, 0.45, 0.7, 1.0]
        let values = times.map { $0 * 100 }
        #expect(abs(TravelTime.firstCrossing(0.5, times: times, values: values, from: 0, to: 100)! - 0.5) < 1e-12)
        #expect(abs(TravelTime.firstCrossing(0.9, times: times, values: values, from: 0, to: 100)! - 0.9) < 1e-12)
        // Downward travel reads the same way.
        #expect(abs(TravelTime.firstCrossing(0.5, times: times, values: values.map { 100 - $0 }, from: 100, to: 0)! - 0.5) < 1e-12)
        #expect(TravelTime.firstCrossing(0.5, times: times, values: values, from: 0, to: 0) == nil)
        #expect(TravelTime.firstCrossing(0.5, times: [0, 1], values: [0, 40], from: 0, to: 100) == nil)
    }

    @Test("the first crossing on a curve is bisected to 1e-7 s: a critically damped step reaches 50 % at 1.678/ω")
    func curve() {
        // 1 − (1 + ωt)e^{−ωt} = ½ at ωt = 1.67835 (solved numerically).
        let spring = Spring(responseSeconds: 2 * Double.pi / 19, dampingRatio: 1)
        let t = TravelTime.firstCrossing(0.5, in: 0...1, from: 0, to: 1) { spring.value(at: $0, from: 0, to: 1) }!
        #expect(abs(t - 1.678347 / 19) < 1e-6)
    }

    @Test("the onset is the first sample more than max(1 pt, 2 % of the travel) from the first value")
    func onset() {
        let times = (0..<6).map { Double($0) / 60 }
        // 200 pt of travel: 4 pt is the threshold; 3 pt of drift is not motion, 5 pt is.
        let motion = SampledMotion(times: times, quantities: [
            .init(name: "still", values: [10, 10, 10, 10, 10, 10]),
            .init(name: "left", values: [0, 3, -3, 5, 100, 200]),
        ])
        #expect(MotionOnset.firstMovingIndex(of: motion) == 3)
        #expect(MotionOnset.firstMovingIndex(of: SampledMotion(times: times, quantities: [.init(name: "still", values: [1, 1, 1.5, 1, 1, 1])])) == nil)
    }
}

@Suite("Spring forms: response/ζ, SwiftUI's duration/bounce and stiffness/damping/mass convert both ways")
struct SpringFormTests {
    @Test("every form gives back the spring it was written from, for bouncy, critical and over-damped springs")
    func roundTrip() {
        let springs = [Spring(responseSeconds: 0.45, dampingRatio: 0.85), Spring(responseSeconds: 0.331, dampingRatio: 1),
                       Spring(responseSeconds: 0.6, dampingRatio: 0.3), Spring(responseSeconds: 0.5, dampingRatio: 1.6)]
        for spring in springs {
            for form in SpringForm.allCases {
                for mass in [1.0, 2.5] {
                    let values = form.figures(of: spring, mass: mass).map(\.value)
                    let back = form.spring(from: values)!
                    #expect(abs(back.responseSeconds - spring.responseSeconds) < 1e-12 * spring.responseSeconds * 10, "\(form) \(spring)")
                    #expect(abs(back.dampingRatio - spring.dampingRatio) < 1e-12 * 10, "\(form) \(spring)")
                }
            }
        }
    }

    @Test("the numbers platforms document: 0.45 s, ζ 0.85 is k 194.96, c 23.74; bounce 0.15; ζ 1.6 is bounce −0.375")
    func knownFigures() {
        let spring = Spring(responseSeconds: 0.45, dampingRatio: 0.85)
        let physical = SpringForm.physical.figures(of: spring)
        // k = 4π²/0.45² = 194.955, c = 4π·0.85/0.45 = 23.736.
        #expect(abs(physical[0].value - 194.955) < 1e-3 && abs(physical[1].value - 23.7365) < 1e-4 && physical[2].value == 1)
        #expect(abs(SpringForm.durationBounce.figures(of: spring)[1].value - 0.15) < 1e-12)
        // Over-damped: bounce = 1/ζ − 1 = 1/1.6 − 1 = −0.375, and back: ζ = 1/(1 + bounce).
        #expect(abs(SpringForm.durationBounce.figures(of: Spring(responseSeconds: 0.5, dampingRatio: 1.6))[1].value + 0.375) < 1e-12)
        // Material's tension 342, friction 30 at mass 1: response 2π/√342 = 0.3398 s, ζ = 30/(2√342) = 0.8111.
        let material = SpringForm.physical.spring(from: [342, 30, 1])!
        #expect(abs(material.responseSeconds - 0.33976) < 1e-5 && abs(material.dampingRatio - 0.81111) < 1e-5)
    }

    @Test("numbers that describe no spring are refused: a bounce of −1 or 1, no stiffness, no mass, the wrong count")
    func refused() {
        #expect(SpringForm.durationBounce.spring(from: [0.5, -1]) == nil)
        #expect(SpringForm.durationBounce.spring(from: [0.5, 1]) == nil)
        #expect(SpringForm.physical.spring(from: [0, 10, 1]) == nil)
        #expect(SpringForm.physical.spring(from: [100, 10, 0]) == nil)
        #expect(SpringForm.response.spring(from: [0.5]) == nil)
        #expect(SpringForm.response.spring(from: [-0.5, 1]) == nil)
    }
}
