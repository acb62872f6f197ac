import Geometry
@testable import Motion
import Testing

/// A spring following a target that moves during a step (a thrown close's aim, a cell riding the
/// grid's scroll): the closed form against a fine numerical integration, and against itself cut
/// into frames at different rates.
@Suite("A spring chasing a moving target: exact for a cubic path, whatever the frame rate")
struct SpringMovingTargetTests {
    /// The aim of a thrown close: 300 pt eased to 0 by the smoothstep over T = 0.3 s.
    static let carry = ThrownCarry(offset: Point(0, 300), start: 0, seconds: 0.3)

    static func animation() -> SpringAnimation<Point> {
        SpringAnimation(value: Point(0, 300), target: Point(0, 300), velocity: Point(0, 1500),
                        spring: Spring(responseSeconds: 0.35, dampingRatio: 1),
                        restTolerance: Point(0.1, 0.1), restVelocityTolerance: Point(1, 1))
    }

    /// Chases the carry's aim from 0 to `end` in frames of `1/fps` (the last one shorter).
    static func chase(fps: Double, until end: Double) -> SpringAnimation<Point> {
        var a = animation()
        var t = 0.0
        while t < end - 1e-12 {
            let next = min(end, t + 1 / fps)
            a.advance(by: next - t, targetMovingTo: carry.aim(at: next), velocity: carry.velocity(at: t),
                      endVelocity: carry.velocity(at: next))
            t = next
        }
        return a
    }

    /// RK4 on x″ = −2ζω₀x′ − ω₀²(x − aim(t)) in steps of 10 µs: the reference.
    static func integrated(until end: Double) -> (Double, Double) {
        let spring = Spring(responseSeconds: 0.35, dampingRatio: 1)
        let w = spring.angularFrequency, z = spring.dampingRatio
        func accel(_ t: Double, _ x: Double, _ v: Double) -> Double { -2 * z * w * v - w * w * (x - carry.aim(at: t).y) }
        var x = 300.0, v = 1500.0, t = 0.0
        let h = 1e-5
        while t < end - 1e-12 {
            let k1x = v, k1v = accel(t, x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(t + h / 2, x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(t + h / 2, x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(t + h, x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        return (x, v)
    }

    @Test("following the smoothstep aim, the value at 0.25 s matches a 10 µs RK4 integration within 1e-6 pt", arguments: [30.0, 60, 144, 240, 600])
    func matchesIntegration(fps: Double) {
        let a = Self.chase(fps: fps, until: 0.25)
        let (x, v) = Self.integrated(until: 0.25)
        #expect(abs(a.value.y - x) < 1e-6, "\(fps) fps: \(a.value.y) against \(x)")
        #expect(abs(a.velocity.y - v) < 1e-4, "\(fps) fps: \(a.velocity.y) against \(v)")
    }

    @Test("30, 60, 144, 240 and 600 frames a second reach the same point at 0.3 s (within 1e-9 pt)")
    func rateInvariant() {
        let values = [30.0, 60, 144, 240, 600].map { Self.chase(fps: $0, until: 0.3).value.y }
        #expect(values.max()! - values.min()! < 1e-9, "\(values)")
    }

    @Test("the target retargeted once a frame instead (the old way) differs by more than 10 pt between 30 and 240 fps")
    func retargetingPerFrameIsNot() {
        func stepwise(_ fps: Double) -> Double {
            var a = Self.animation()
            var t = 0.0
            while t < 0.3 - 1e-12 {
                let next = min(0.3, t + 1 / fps)
                a.retarget(to: Self.carry.aim(at: next))
                a.advance(by: next - t)
                t = next
            }
            return a.value.y
        }
        #expect(abs(stepwise(30) - stepwise(240)) > 10)
    }

    @Test("a target that stands still is followed exactly as advance(by:) follows it")
    func stillTarget() {
        var a = Self.animation(), b = Self.animation()
        a.retarget(to: Point(0, 0)); b.retarget(to: Point(0, 0))
        a.advance(by: 0.1)
        b.advance(by: 0.1, targetMovingTo: Point(0, 0), velocity: .zero, endVelocity: .zero)
        #expect(a.value == b.value && a.velocity == b.velocity)
    }

    @Test("steps shorter than a millisecond (a 1000 Hz mouse's events between frames) stay finite and close to the integration")
    func tinySteps() {
        var a = Self.animation()
        var t = 0.0
        for _ in 0..<250 {
            let next = t + 0.0004
            a.advance(by: next - t, targetMovingTo: Self.carry.aim(at: next), velocity: Self.carry.velocity(at: t),
                      endVelocity: Self.carry.velocity(at: next))
            t = next
        }
        let (x, _) = Self.integrated(until: t)
        #expect(abs(a.value.y - x) < 0.05, "\(a.value.y) against \(x)")
    }
}
