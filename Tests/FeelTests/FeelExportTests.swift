import Foundation
import Motion
import Testing
@testable import FeelModel

@Suite("Feel export: every platform's code reproduces the feel's springs, curve and thresholds")
struct FeelExportTests {
    /// A feel unlike the presets in every spring, so no number can come from elsewhere.
    static var feel: Feel {
        var feel = Feel.defaults
        feel.openSpring = Spring(responseSeconds: 0.45, dampingRatio: 0.85)
        feel.closeSpring = Spring(responseSeconds: 0.31, dampingRatio: 1.2)
        feel.cancelSpring = Spring(responseSeconds: 0.52, dampingRatio: 0.4)
        feel.pagingSpring = Spring(responseSeconds: 0.33, dampingRatio: 1)
        feel.zoomSpring = Spring(responseSeconds: 0.61, dampingRatio: 0.72)
        feel.scrollSpring = Spring(responseSeconds: 0.27, dampingRatio: 0.95)
        feel.backdropCurve = CubicBezier(0.3, 0.1, 0.7, 0.95)
        feel.dragRadiusPoints = 173
        feel.decelerationRatePerMillisecond = 0.9965
        feel.cancelReversalSpeedPointsPerSecond = 140
        return feel
    }

    static let export = FeelExport(feel: feel, name: "test")

    /// The numbers after `label` up to the next `)` or `,` on each line that holds it, in order.
    static func numbers(after label: String, in text: String) -> [Double] {
        var out: [Double] = []
        for line in text.split(separator: "\n") {
            var rest = Substring(line)
            while let range = rest.range(of: label) {
                rest = rest[range.upperBound...]
                let digits = rest.prefix { "0123456789.-".contains($0) }
                if let v = Double(digits) { out.append(v) }
            }
        }
        return out
    }

    /// The springs read back from (stiffness, damping) pairs must be the feel's, to the two-decimal rounding:
    /// ζ = c/(2√k) moves by at most ζ·(0.005/c + 0.005/(2k)), response = 2π/√k by response·0.005/(2k).
    static func expectSprings(stiffness: [Double], damping: [Double], format: FeelExport.Format) {
        let springs = FeelExport.springRoles.map { feel[keyPath: $0.path] }
        #expect(stiffness.count == springs.count, "\(format): \(stiffness.count) stiffnesses")
        #expect(damping.count == springs.count, "\(format): \(damping.count) dampings")
        for (i, spring) in springs.enumerated() where i < stiffness.count && i < damping.count {
            let back = Spring(stiffness: stiffness[i], damping: damping[i], mass: 1)
            let k = spring.stiffness(), c = spring.damping()
            #expect(abs(back.responseSeconds - spring.responseSeconds) <= spring.responseSeconds * 0.005 / (2 * k) + 1e-12,
                    "\(format) \(FeelExport.springRoles[i].key): response \(back.responseSeconds)")
            #expect(abs(back.dampingRatio - spring.dampingRatio) <= spring.dampingRatio * (0.005 / c + 0.005 / (2 * k)) + 1e-12,
                    "\(format) \(FeelExport.springRoles[i].key): ζ \(back.dampingRatio)")
        }
    }

    @Test("a spring the feel leaves unset is not exported; set, it is, like every other")
    func optionalSprings() {
        let unset = FeelExport(feel: Self.feel, name: "test").code(.swiftui)
        #expect(!unset.contains("static let pinchLandingSpring") && !unset.contains("static let followSpring") && !unset.contains("static let landingSpring"))
        var feel = Self.feel
        feel.pinchLandingSpring = Spring(responseSeconds: 0.37, dampingRatio: 0.7)
        let set = FeelExport(feel: feel, name: "test").code(.swiftui)
        #expect(set.contains("static let pinchLandingSpring = Spring(response: 0.37, dampingRatio: 0.7)"), "\(set)")
        #expect(!set.contains("static let followSpring"))
        #expect(FeelExport(feel: feel, name: "test").springs.map(\.role.key) == FeelExport.springRoles.map(\.key) + ["pinchLandingSpring"])
    }

    @Test("SwiftUI: Spring(response:dampingRatio:) and .spring(response:dampingFraction:) carry the feel's own numbers")
    func swiftUI() {
        let code = Self.export.code(.swiftui)
        let springs = FeelExport.springRoles.map { Self.feel[keyPath: $0.path] }
        #expect(Self.numbers(after: "Spring(response: ", in: code) == springs.map(\.responseSeconds))
        #expect(Self.numbers(after: "dampingRatio: ", in: code) == springs.map(\.dampingRatio))
        #expect(Self.numbers(after: "Animation.spring(response: ", in: code) == springs.map(\.responseSeconds))
        #expect(Self.numbers(after: "dampingFraction: ", in: code) == springs.map(\.dampingRatio))
        #expect(code.contains("static let openSpring = Spring(response: 0.45, dampingRatio: 0.85)"))
        #expect(code.contains("UnitPoint(x: 0.3, y: 0.1), endControlPoint: UnitPoint(x: 0.7, y: 0.95)"))
        #expect(code.contains("static let dragRadiusPoints: CGFloat = 173"))
        #expect(code.contains("static let decelerationRatePerMillisecond: CGFloat = 0.9965"))
        #expect(code.contains("static let cancelReversalSpeedPointsPerSecond: CGFloat = 140"))
    }

    @Test("UIKit: UISpringTimingParameters' stiffness and damping are k = 4π²/response², c = 4πζ/response")
    func uiKit() {
        let code = Self.export.code(.uikit)
        Self.expectSprings(stiffness: Self.numbers(after: "mass: 1, stiffness: ", in: code),
                           damping: Self.numbers(after: ", damping: ", in: code), format: .uikit)
        // 0.45 s, ζ 0.85: k = 4π²/0.2025 = 194.955, c = 4π·0.85/0.45 = 23.7365.
        #expect(code.contains("UISpringTimingParameters(mass: 1, stiffness: 194.96, damping: 23.74, initialVelocity: initialVelocity)"))
        #expect(code.contains("UIScrollView.DecelerationRate(rawValue: 0.9965)"))
        // UIKit's timing parameters are main-actor types: the type that makes them is too (Swift 6).
        #expect(code.contains("import UIKit\n\n@MainActor\nenum PhotoZoomFeel {"))
    }

    @Test("Compose and Android: ζ and k at mass 1")
    func android() {
        for format in [FeelExport.Format.compose, .android] {
            let code = Self.export.code(format)
            let k = Self.numbers(after: format == .compose ? "stiffness = " : "setStiffness(", in: code)
            let z = Self.numbers(after: format == .compose ? "dampingRatio = " : "setDampingRatio(", in: code)
            // c = 2ζ√k at mass 1.
            Self.expectSprings(stiffness: k, damping: zip(z, k).map { 2 * $0 * $1.squareRoot() }, format: format)
            #expect(z == FeelExport.springRoles.map { Self.feel[keyPath: $0.path].dampingRatio })
            #expect(code.contains("const val DRAG_RADIUS_DP = 173f"))
            #expect(code.contains("const val CANCEL_REVERSAL_SPEED_DP_PER_SECOND = 140f"))
        }
        #expect(Self.export.code(.compose).contains("CubicBezierEasing(0.3f, 0.1f, 0.7f, 0.95f)"))
        #expect(Self.export.code(.android).contains("PathInterpolator(0.3f, 0.1f, 0.7f, 0.95f)"))
    }

    @Test("web: motion libraries' stiffness, damping and mass 1")
    func web() {
        let code = Self.export.code(.web)
        Self.expectSprings(stiffness: Self.numbers(after: "stiffness: ", in: code),
                           damping: Self.numbers(after: ", damping: ", in: code), format: .web)
        #expect(code.contains("dragRadiusPx: 173,"))
    }

    /// The `linear(…)` stops of a CSS or web line: (time fraction, progress).
    static func stops(_ easing: Substring) -> [SpringStepResponse.Stop] {
        let parts = easing.split(separator: ",").map { $0.split(separator: " ") }
        return parts.enumerated().map { i, p in
            let progress = Double(p[0])!
            let time = p.count > 1 ? Double(p[1].dropLast())! / 100 : (i == 0 ? 0 : 1)
            return SpringStepResponse.Stop(time: time, progress: progress)
        }
    }

    @Test("CSS and the Web Animations timing: linear() within the stated 0.3 % of the spring over its duration to rest, its peak a stop")
    func cssAndWebTiming() {
        for format in [FeelExport.Format.css, .web] {
            let code = Self.export.code(format)
            let easings = code.split(separator: "\n").compactMap { line -> Substring? in
                guard let start = line.range(of: "linear(0"), let end = line[start.upperBound...].firstIndex(of: ")") else { return nil }
                return line[line.index(before: start.upperBound)..<end]
            }
            let durations = Self.numbers(after: format == .css ? "-duration: " : "duration: ", in: code)
            #expect(easings.count == FeelExport.springRoles.count && durations.count == easings.count, "\(format)")
            for (i, role) in FeelExport.springRoles.enumerated() where i < easings.count && i < durations.count {
                let response = SpringStepResponse(spring: Self.feel[keyPath: role.path])
                // The duration is the settle time in whole milliseconds.
                #expect(abs(durations[i] / 1000 - response.settleSeconds) <= 0.0005, "\(format) \(role.key)")
                // The eased curve over the printed duration against the closed form at 20 000 instants.
                let stops = Self.stops(easings[i])
                let duration = durations[i] / 1000
                var worst = 0.0
                for j in 0...20_000 {
                    let f = Double(j) / 20_000
                    let b = stops.firstIndex { $0.time >= f } ?? stops.count - 1
                    let a = max(0, b - 1)
                    let eased = stops[b].time > stops[a].time
                        ? stops[a].progress + (stops[b].progress - stops[a].progress) * (f - stops[a].time) / (stops[b].time - stops[a].time)
                        : stops[b].progress
                    worst = max(worst, abs(eased - response.progress(at: duration * f)))
                }
                #expect(worst <= 0.003, "\(format) \(role.key): \(worst) of the travel off")
                // A bouncing spring's easing reaches its full overshoot, 1 + e^(−πζ/√(1−ζ²)), at t = π/ω_d.
                if let peak = response.peakSeconds, peak < response.settleSeconds {
                    let top = stops.max { $0.progress < $1.progress }!
                    #expect(abs(top.progress - (1 + response.overshootFraction)) <= 5e-5, "\(format) \(role.key)")
                    #expect(abs(top.time * response.settleSeconds - peak) <= 1e-4 * response.settleSeconds, "\(format) \(role.key)")
                }
            }
        }
        let css = Self.export.code(.css)
        #expect(css.contains("--pz-backdrop-easing: cubic-bezier(0.3, 0.1, 0.7, 0.95);"))
        #expect(css.contains("--pz-drag-radius: 173px;"))
    }
}

@Suite("Feel export: every parameter that shapes motion or a decision is in every export")
struct FeelExportCompletenessTests {
    /// The name a parameter's constant has in each format.
    static func constant(_ key: String, _ format: FeelExport.Format) -> String {
        switch format {
        case .swiftui, .uikit: "static let \(key)"
        case .compose, .android:
            "const val " + FeelExport.screamingSnake(key).replacingOccurrences(of: "_POINTS", with: "_DP")
        case .css: "--pz-" + FeelExport.kebab(key).replacingOccurrences(of: "-points-per-", with: "-px-per-")
            .replacingOccurrences(of: "-points", with: "") + ":"
        case .web: "  " + key.replacingOccurrences(of: "Points", with: "Px") + ":"
        }
    }

    @Test("every parameter outside the springs and the backdrop's curve is a constant; an unset spring is named with what takes its role",
          arguments: FeelExport.Format.allCases)
    func everyParameter(format: FeelExport.Format) {
        let code = FeelExport(feel: .defaults, name: "default").code(format)
        let scalars = Feel.parameters.filter { !$0.key.contains(".") }
        // 81 parameters: 9 springs × 2, the curve's 4, and 59 others (pointer prediction's look-ahead the latest).
        #expect(scalars.count == 59)
        let missing = scalars.filter { !code.contains(Self.constant($0.key, format)) }.map(\.key)
        #expect(missing.isEmpty, "\(format): \(missing.count) of \(scalars.count) missing: \(missing)")
        // The defaults leave the landing, pinch landing and follow springs unset.
        for key in ["landingSpring", "pinchLandingSpring", "followSpring"] {
            #expect(code.contains("\(key): unset"), "\(format): \(key)")
        }
        // A switch is a Boolean where the language has one.
        switch format {
        case .swiftui, .uikit: #expect(code.contains("static let reducedMotion = false"))
        case .compose, .android: #expect(code.contains("const val REDUCED_MOTION = false"))
        case .web: #expect(code.contains("  reducedMotion: false,"))
        case .css: #expect(code.contains("--pz-reduced-motion: 0;"))
        }
    }
}
