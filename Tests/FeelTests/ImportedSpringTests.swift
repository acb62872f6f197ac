import Foundation
import Motion
import Testing
@testable import FeelModel

@Suite("Import: a spring as another tool writes it, its true settle time and how far the tool's label is from it")
struct ImportedSpringTests {
    /// Seconds until an over-damped step (x₀ = −1, v₀ = 0) is within `within` of its target:
    /// `x(t) = −(f·e^{−st} − s·e^{−ft}) / (f − s)` with the roots `s, f = ω₀(ζ ∓ √(ζ² − 1))`,
    /// `ω₀ = √(k/m)`, `ζ = c / (2√(k·m))`; |x| falls monotonically, so bisection finds the crossing.
    static func overDampedSettle(stiffness k: Double, damping c: Double, mass m: Double, within: Double) -> Double {
        let w0 = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot())
        let root = (z * z - 1).squareRoot()
        let s = w0 * (z - root), f = w0 * (z + root)
        func x(_ t: Double) -> Double { (f * exp(-s * t) - s * exp(-f * t)) / (f - s) }
        var lo = 0.0, hi = 100.0
        while hi - lo > 1e-9 { let mid = (lo + hi) / 2; if x(mid) > within { lo = mid } else { hi = mid } }
        return hi
    }

    @Test("Figma's 80/30/1, labelled 400 ms, settles in 2.37 s: the explanation says so and how far the label is")
    func figma() throws {
        let imported = try ImportedSpring(kind: .figma, arguments: ["80", "30", "1"])
        let settle = Self.overDampedSettle(stiffness: 80, damping: 30, mass: 1, within: 1e-3)
        #expect(abs(imported.settleSeconds - settle) < 1e-6, "\(imported.settleSeconds) vs \(settle)")
        // ζ = 30 / (2√80) = 1.677: over-damped.
        #expect(abs(imported.spring.dampingRatio - 30 / (2 * 80.0.squareRoot())) < 1e-12)
        let text = imported.explanation(labelSeconds: 0.4).joined(separator: "\n")
        #expect(text.contains("settles in \(FeelNumber.trimmed(settle, places: 3)) s"), "\(text)")
        #expect(text.contains("label 400 ms is \(FeelNumber.trimmed(settle - 0.4, places: 3)) s short of the settle"), "\(text)")
        #expect(text.contains("over-damped, no overshoot"))
        // Without a label Figma's form has none to compare.
        #expect(!imported.explanation().joined().contains("short of"))
    }

    @Test("each tool's form gives the spring its documentation describes", arguments: ImportedSpring.Kind.allCases)
    func forms(kind: ImportedSpring.Kind) throws {
        // The reference spring: response 0.5 s, ζ 0.8 → k = 4π²/0.25 = 157.91, c = 4π·0.8/0.5 = 20.106.
        let k = 4 * Double.pi * Double.pi / 0.25, c = 4 * Double.pi * 0.8 / 0.5
        let arguments: [String]
        switch kind {
        case .figma, .motionPhysical, .reactSpring: arguments = ["\(k / 2)", "\(c / 2)", "0.5"]   // the same spring at mass 0.5
        case .swiftui: arguments = ["0.5", "0.2"]
        case .swiftuiResponse: arguments = ["0.5", "0.8"]
        case .compose: arguments = ["0.8", "\(k)"]
        case .motion: arguments = ["\(0.5 / 1.2)", "0.2"]           // ω₀ = 2π/(1.2·visualDuration)
        case .uikit:
            // UIKit's duration is the time to rest: the reference spring's 1e-3 settle.
            let settle = SpringStepResponse(spring: Spring(responseSeconds: 0.5, dampingRatio: 0.8), threshold: ImportedSpring.settleThreshold).settleSeconds
            arguments = ["0.8", "\(settle)"]
        case .m3:
            // expressive-spatial-default: ζ 0.8, k 380 → response 2π/√380.
            let s = try ImportedSpring(kind: .m3, arguments: ["expressive-spatial-default"]).spring
            #expect(abs(s.responseSeconds - 2 * Double.pi / 380.0.squareRoot()) < 1e-12 && abs(s.dampingRatio - 0.8) < 1e-12)
            return
        }
        let s = try ImportedSpring(kind: kind, arguments: arguments).spring
        #expect(abs(s.responseSeconds - 0.5) < 1e-6 && abs(s.dampingRatio - 0.8) < 1e-6, "\(kind): \(s)")
    }

    @Test("SwiftUI's negative bounce is over-damped: bounce −0.5 is ζ 2; its label is its duration")
    func negativeBounce() throws {
        let imported = try ImportedSpring(kind: .swiftui, arguments: ["0.4", "-0.5"])
        #expect(imported.spring.dampingRatio == 2)
        let text = imported.explanation().joined(separator: "\n")
        #expect(text.contains("SwiftUI's duration 400 ms is"), "\(text)")
    }

    @Test("Material 3's twelve spring tokens, standard and expressive, spatial and effects, are presets")
    func m3Tokens() throws {
        #expect(ImportedSpring.m3Tokens.count == 12)
        let fast = try ImportedSpring(kind: .m3, arguments: ["expressive-spatial-fast"])
        // ζ 0.6: overshoot e^(−π·0.6/0.8) = 9.48 %.
        #expect(fast.explanation().joined().contains("overshoots \(FeelNumber.trimmed(exp(-Double.pi * 0.6 / 0.8) * 100, places: 2)) %"))
    }

    @Test("bad values name the figure at fault")
    func badValues() {
        #expect(throws: FeelError(key: "--import figma", reason: "mass must be above 0, got 0")) {
            try ImportedSpring(kind: .figma, arguments: ["80", "30", "0"])
        }
        #expect(throws: FeelError(key: "--import compose", reason: "stiffness must be a number, got 'stiff'")) {
            try ImportedSpring(kind: .compose, arguments: ["0.8", "stiff"])
        }
        #expect(throws: FeelError(key: "--import swiftui", reason: "expected duration bounce, got 1 value(s)")) {
            try ImportedSpring(kind: .swiftui, arguments: ["0.5"])
        }
    }
}
