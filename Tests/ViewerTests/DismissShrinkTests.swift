import Testing
@testable import Viewing
import FeelModel

@Suite("Dismiss shrink: linear as before for every preset but ios; ios holds the measured iOS scale")
struct DismissShrinkTests {
    /// The reference's screen: iPhone 17, 874 pt tall.
    static let height = 874.0

    @Test("every preset but ios (no dead zone, no knee) shrinks by today's formula, bit for bit, and its slope")
    func othersUnchanged() {
        for preset in Feel.presets where preset.name != "ios" {
            let feel = preset.feel
            let shrink = DismissShrink(feel: feel)
            for height in [600.0, 800, 1080] {
                let reach = max(1, feel.dismissShrinkDistanceFraction * height)
                for dy in stride(from: -50.0, through: 1500, by: 0.37) {
                    // The formula as DismissInteraction wrote it before the knee.
                    let before = max(0, 1 - (1 - feel.dismissMinimumScale) * min(max(dy / reach, 0), 1))
                    #expect(shrink.factor(dy: dy, height: height) == before, "\(preset.name) dy \(dy)")
                    let slope = dy > 0 && dy < reach ? -(1 - feel.dismissMinimumScale) / reach : 0
                    #expect(shrink.slope(dy: dy, height: height) == slope, "\(preset.name) dy \(dy)")
                }
            }
        }
    }

    /// The reference's held scale at a downward finger travel `u` (fraction of the height):
    /// still for the 18 pt slop, then 1 − 0.67 × travel / height, linear to the knee.
    static func referenceLinear(_ u: Double) -> Double { 1 - 0.67 * max(0, u * height - 18) / height }

    @Test("ios: within 0.01 of the reference's held scale at 15–80 % of the height (0.693 at 0.49, 0.545 at 0.8)")
    func iosHeldScale() throws {
        let ios = try #require(Feel.preset(named: "ios"))
        let shrink = DismissShrink(feel: ios)
        for percent in 15...49 {
            let u = Double(percent) / 100
            let f = shrink.factor(dy: u * Self.height, height: Self.height)
            #expect(abs(f - Self.referenceLinear(u)) < 1e-12, "\(percent) %: \(f)")
        }
        // The reference's own figures past the linear part: 0.693 at 0.49 and 0.545 at 0.8 of the height.
        #expect(abs(shrink.factor(dy: 0.49 * Self.height, height: Self.height) - 0.693) < 0.01)
        #expect(abs(shrink.factor(dy: 0.8 * Self.height, height: Self.height) - 0.545) < 0.01)
        // Past the knee it eases toward the 0.37 floor and never reaches it; it never grows back (to 3 heights).
        var previous = 1.0
        for percent in 15...300 {
            let f = shrink.factor(dy: Double(percent) / 100 * Self.height, height: Self.height)
            #expect(f > 0.37 && f <= previous, "\(percent) %: \(f)")
            previous = f
        }
        // The dead zone: nothing for the first 18 pt.
        #expect(shrink.factor(dy: 17.9, height: Self.height) == 1)
    }

    @Test("ios: the slope is the factor's derivative everywhere (central differences), continuous at the knee")
    func iosSlope() throws {
        let shrink = DismissShrink(feel: try #require(Feel.preset(named: "ios")))
        let h = 1e-4
        for dy in stride(from: 20.0, through: 2000, by: 7.3) {
            let numeric = (shrink.factor(dy: dy + h, height: Self.height) - shrink.factor(dy: dy - h, height: Self.height)) / (2 * h)
            #expect(abs(shrink.slope(dy: dy, height: Self.height) - numeric) < 1e-8, "dy \(dy)")
        }
        // At the knee (18 + 0.52·874 pt) both sides have the linear slope 0.67/874.
        let knee = 18 + 0.52 * Self.height
        #expect(abs(shrink.slope(dy: knee - 1e-6, height: Self.height) + 0.67 / Self.height) < 1e-9)
        #expect(abs(shrink.slope(dy: knee + 1e-6, height: Self.height) + 0.67 / Self.height) < 1e-9)
    }

    @Test("the path slope is the slope within the linear stretch, and the secant across the shrink's start: a hand jittering there passes on almost nothing (property seed 165)")
    func pathSlope() {
        let feel = Feel.defaults
        let shrink = DismissShrink(feel: feel)
        let height = 800.0
        let g = (1 - feel.dismissMinimumScale) / (feel.dismissShrinkDistanceFraction * height)
        // 200 pt down, moving 500 pt/s: the last 0.1 s covered 150–200 pt, all linear.
        #expect(abs(shrink.pathSlope(dy: 200, velocity: 500, seconds: 0.1, height: height) + g) < 1e-12)
        // 0.7 pt past the start, moving 500 pt/s down: 50 pt of path of which 0.7 shrank,
        // a mean slope of −g·0.7/50 (the slope there is −g).
        let across = shrink.pathSlope(dy: 0.7, velocity: 500, seconds: 0.1, height: height)
        #expect(abs(across - (-g * 0.7 / 50)) < 1e-12)
        #expect(abs(shrink.slope(dy: 0.7, height: height) + g) < 1e-12)
        // A hand at rest: the slope.
        #expect(shrink.pathSlope(dy: 0.7, velocity: 0, seconds: 0.1, height: height) == shrink.slope(dy: 0.7, height: height))
    }
}
