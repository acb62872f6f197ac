import Geometry
import Testing
@testable import Motion
import TestSupport

/// A property-style sweep: many seeded random springs driven through random frame sequences with
/// random interruptions. Every case is reproducible from its seed, printed on failure.
@Suite("Spring sweep: no NaN, continuity and frame-rate independence over random cases")
struct SpringSweepTests {
    /// A random spring: response log-uniform in 0.05…3 s; damping ratio near 1 (within 1e-12…1e-3),
    /// heavily over-damped, or uniform in 0.05…3.
    static func randomSpring(_ g: inout SplitMix64) -> Spring {
        let response = g.logUniform(0.05...3)
        let ratio: Double
        switch g.uniform(0...1) {
        case ..<0.3: ratio = 1 + (g.uniform(0...1) < 0.5 ? -1 : 1) * g.logUniform(1e-12...1e-3)
        case ..<0.4: ratio = g.logUniform(3...1e4)
        default: ratio = g.uniform(0.05...3)
        }
        return Spring(responseSeconds: response, dampingRatio: ratio)
    }

    static func randomPose(_ g: inout SplitMix64, scale: Double) -> PhotoPose {
        PhotoPose(center: Point(g.uniform(-scale...scale), g.uniform(-scale...scale)),
                  size: Size(g.uniform(0...scale), g.uniform(0...scale)),
                  scale: g.uniform(0...3) * scale / 1000, rotation: g.uniform(-6...6) * scale / 1000)
    }

    @Test("1000 random animations: finite throughout, retarget and resume continuous, stepping equals one evaluation")
    func sweep() {
        for seed in UInt64(1)...1000 {
            var g = SplitMix64(seed: seed)
            var spring = Self.randomSpring(&g)
            let start = Self.randomPose(&g, scale: 1000)
            var animation = SpringAnimation(value: start, target: Self.randomPose(&g, scale: 1000),
                                            velocity: Self.randomPose(&g, scale: 3000), spring: spring,
                                            restTolerance: exactPose, restVelocityTolerance: exactPose)
            // The state at the last interruption, and the time since: the stepped animation must
            // equal one closed-form evaluation from there.
            var anchor = animation
            var sinceAnchor = 0.0
            for step in 0..<60 {
                let label = "seed \(seed), step \(step), \(spring)"
                switch g.uniform(0...1) {
                case ..<0.1:
                    let before = animation
                    if g.uniform(0...1) < 0.5 { spring = Self.randomSpring(&g) }
                    animation.retarget(to: Self.randomPose(&g, scale: 1000), spring: spring)
                    #expect(animation.value == before.value && animation.velocity == before.velocity, "\(label)")
                    anchor = animation; sinceAnchor = 0
                case ..<0.15:
                    animation.pause()
                    let frozen = animation.value
                    animation.advance(by: g.uniform(0.004...0.5))
                    animation.hold(at: frozen + Self.randomPose(&g, scale: 20))
                    let gesture = Self.randomPose(&g, scale: 2000)
                    let mode: SpringAnimation<PhotoPose>.VelocityMode = g.uniform(0...1) < 0.5 ? .set : .add
                    animation.resume(velocity: gesture, mode: mode)
                    #expect(animation.velocity == gesture, "\(label)")   // hold zeroed it, so set = add
                    anchor = animation; sinceAnchor = 0
                default:
                    let dt = g.uniform(0.004...0.034)
                    animation.advance(by: dt)
                    sinceAnchor += dt
                }
                #expect(animation.value.isFinite && animation.velocity.isFinite, "\(label)")
                let exactValue = anchor.value(after: sinceAnchor)
                let exactVelocity = anchor.velocity(after: sinceAnchor)
                // Rounding grows by about 1e-16 of the distance per frame: 1e-9 with 2000-point values
                // over 60 frames leaves a margin of a hundred.
                #expect(poseDistance(animation.value, exactValue) < 1e-9, "\(label)")
                #expect(poseDistance(animation.velocity, exactVelocity) < 1e-9 * max(1, spring.angularFrequency), "\(label)")
            }
        }
    }

    @Test("500 random springs settle: finite, within the estimate's frame, exactly on the target")
    func settlingSweep() {
        for seed in UInt64(5001)...5500 {
            var g = SplitMix64(seed: seed)
            // Springs the app could be tuned to: response 0.1…1 s, damping ratio 0.3…3.
            let spring = Spring(responseSeconds: g.uniform(0.1...1), dampingRatio: g.uniform(0.3...3))
            let target = Self.randomPose(&g, scale: 1000)
            var animation = SpringAnimation(value: Self.randomPose(&g, scale: 1000), target: target,
                                            velocity: Self.randomPose(&g, scale: 3000), spring: spring)
            let estimate = animation.settlingTimeEstimate()
            let frame = 1.0 / 240
            var elapsed = 0.0
            while !animation.isAtRest && elapsed < 60 {
                animation.advance(by: frame)
                elapsed += frame
                #expect(animation.value.isFinite, "seed \(seed)")
            }
            #expect(animation.value == target, "seed \(seed)")
            // Entering the tolerances can happen only between two frames for an under-damped
            // spring (a brief pass through them); the frames then rest later, never earlier.
            #expect(elapsed >= estimate - 1e-6, "seed \(seed): \(spring), estimate \(estimate), measured \(elapsed)")
            if spring.dampingRatio >= 1 {
                #expect(elapsed < estimate + frame + 1e-6, "seed \(seed): \(spring), estimate \(estimate), measured \(elapsed)")
            }
        }
    }
}
