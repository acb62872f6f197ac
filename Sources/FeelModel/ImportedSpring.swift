import Motion

/// A spring as another tool writes it, read into PhotoZoom's response and damping ratio, with what
/// it really does (its settle time) set against the tool's own label for its length
/// (`photozoom feel --import KIND VALUES…`).
///
/// Each tool's conversion is its documented one (the same the export's parity tests check):
/// - Figma, Motion's and react-spring's physical forms: stiffness `k`, damping `c`, mass `m`
///   (`ω₀ = √(k/m)`, `ζ = c / (2√(k·m))`);
/// - SwiftUI `Spring(duration:bounce:)`: response = duration, `ζ = 1 − bounce`, over-damped
///   `ζ = 1/(1 + bounce)`; `Spring(response:dampingRatio:)` as it is;
/// - Compose `spring(dampingRatio, stiffness)` and Material 3's tokens: unit mass;
/// - Motion `{ visualDuration, bounce }`: `ω₀ = 2π / (1.2·visualDuration)`, `ζ = clamp(1 − bounce, 0.05, 1)`;
/// - UIKit `UIViewPropertyAnimator(duration:dampingRatio:)`: the animation ends at `duration`, so
///   the spring is the one with that damping ratio that settles (within 1e-3 of its travel) in
///   `duration`; UIKit does not document its own threshold, so this is PhotoZoom's reading.
package struct ImportedSpring: Hashable, Sendable {
    /// The tools and their forms.
    package enum Kind: String, CaseIterable, Hashable, Sendable {
        case figma
        case swiftui
        case swiftuiResponse = "swiftui-response"
        case compose
        case motion
        case motionPhysical = "motion-physical"
        case reactSpring = "react-spring"
        case uikit
        case m3

        /// The numbers the form takes, in order (a token name for `m3`).
        package var names: [String] {
            switch self {
            case .figma, .motionPhysical: ["stiffness", "damping", "mass"]
            case .swiftui: ["duration", "bounce"]
            case .swiftuiResponse: ["response", "dampingFraction"]
            case .compose: ["dampingRatio", "stiffness"]
            case .motion: ["visualDuration", "bounce"]
            case .reactSpring: ["tension", "friction", "mass"]
            case .uikit: ["dampingRatio", "duration"]
            case .m3: ["token"]
            }
        }

        /// The tool's name in messages.
        package var tool: String {
            switch self {
            case .figma: "Figma"
            case .swiftui: "SwiftUI Spring(duration:bounce:)"
            case .swiftuiResponse: "SwiftUI Spring(response:dampingRatio:)"
            case .compose: "Compose spring(dampingRatio, stiffness)"
            case .motion: "Motion { visualDuration, bounce }"
            case .motionPhysical: "Motion { stiffness, damping, mass }"
            case .reactSpring: "react-spring { tension, friction, mass }"
            case .uikit: "UIKit UIViewPropertyAnimator(duration:dampingRatio:)"
            case .m3: "Material 3 Expressive"
            }
        }

        /// The figure the tool shows as the spring's length, when the form has one.
        var labelIndex: Int? {
            switch self {
            case .swiftui, .swiftuiResponse, .motion: 0
            case .uikit: 1
            default: nil
            }
        }
    }

    /// A Material 3 spring token: `MotionScheme`'s standard and expressive schemes, spatial and
    /// effects, fast, default and slow (androidx.compose.material3 tokens StandardMotionTokens and
    /// ExpressiveMotionTokens; m3.material.io, Motion › Specs).
    package struct M3Token: Hashable, Sendable {
        package var name: String
        package var dampingRatio: Double
        package var stiffness: Double
    }

    /// Every Material 3 spring token, standard then expressive, spatial then effects, fast, default
    /// then slow. The effects springs are the same in both schemes: ζ 1, stiffness 3800, 1600, 800.
    package static let m3Tokens: [M3Token] = {
        let speeds = ["fast", "default", "slow"]
        let spatial: [(scheme: String, ratios: [Double], stiffnesses: [Double])] = [
            ("standard", [0.9, 0.9, 0.9], [1400, 700, 300]),
            ("expressive", [0.6, 0.8, 0.8], [800, 380, 200]),
        ]
        return spatial.flatMap { s in
            speeds.indices.map { M3Token(name: "\(s.scheme)-spatial-\(speeds[$0])", dampingRatio: s.ratios[$0], stiffness: s.stiffnesses[$0]) }
                + zip(speeds, [3800.0, 1600, 800]).map { M3Token(name: "\(s.scheme)-effects-\($0)", dampingRatio: 1, stiffness: $1) }
        }
    }()

    package var kind: Kind
    /// The arguments as given.
    package var arguments: [String]
    package var spring: Spring
    /// The tool's label for the spring's length: what it calls it and the seconds it shows.
    package var label: (name: String, seconds: Double)? {
        get { labelName.map { ($0, labelSeconds) } }
        set { labelName = newValue?.name; labelSeconds = newValue?.seconds ?? 0 }
    }
    private var labelName: String?
    private var labelSeconds = 0.0

    /// Rest for the settle time: within 1e-3 of the travel, for good (no speed condition).
    package static let settleThreshold = RestThreshold(displacement: 1e-3, speed: .infinity)

    /// Reads `arguments` as `kind`'s figures; a message naming the figure at fault otherwise.
    package init(kind: Kind, arguments: [String]) throws(FeelError) {
        self.kind = kind
        self.arguments = arguments
        let names = kind.names
        guard arguments.count == names.count else {
            throw FeelError(key: "--import \(kind.rawValue)", reason: "expected \(names.joined(separator: " ")), got \(arguments.count) value(s)")
        }
        if kind == .m3 {
            guard let token = Self.m3Tokens.first(where: { $0.name == arguments[0] }) else {
                throw FeelError(key: "--import m3", reason: "no token '\(arguments[0])' (\(Self.m3Tokens.map(\.name).joined(separator: ", ")))")
            }
            spring = Spring(stiffness: token.stiffness, damping: 2 * token.dampingRatio * token.stiffness.squareRoot(), mass: 1)
            return
        }
        var values: [Double] = []
        for (name, text) in zip(names, arguments) {
            guard let value = Double(text), value.isFinite else {
                throw FeelError(key: "--import \(kind.rawValue)", reason: "\(name) must be a number, got '\(text)'")
            }
            values.append(value)
        }
        func positive(_ i: Int) throws(FeelError) {
            if !(values[i] > 0) { throw FeelError(key: "--import \(kind.rawValue)", reason: "\(names[i]) must be above 0, got \(arguments[i])") }
        }
        switch kind {
        case .figma, .motionPhysical, .reactSpring:
            try positive(0); try positive(2)
            if values[1] < 0 { throw FeelError(key: "--import \(kind.rawValue)", reason: "\(names[1]) must be 0 or more, got \(arguments[1])") }
            spring = Spring(stiffness: values[0], damping: values[1], mass: values[2])
        case .swiftui:
            try positive(0)
            guard values[1] > -1, values[1] < 1 else {
                throw FeelError(key: "--import swiftui", reason: "bounce must be above −1 and below 1, got \(arguments[1])")
            }
            spring = Spring(durationSeconds: values[0], bounce: values[1])
        case .swiftuiResponse:
            try positive(0); try positive(1)
            spring = Spring(responseSeconds: values[0], dampingRatio: values[1])
        case .compose:
            try positive(0); try positive(1)
            spring = Spring(stiffness: values[1], damping: 2 * values[0] * values[1].squareRoot(), mass: 1)
        case .motion:
            try positive(0)
            let ratio = min(1, max(0.05, 1 - values[1]))
            spring = Spring(responseSeconds: values[0] * 1.2, dampingRatio: ratio)
        case .uikit:
            try positive(0); try positive(1)
            spring = Self.spring(settlingIn: values[1], dampingRatio: values[0])
        case .m3:
            fatalError("read above")
        }
        if let i = kind.labelIndex { label = (names[i], values[i]) }
    }

    /// The spring with damping ratio `ratio` that settles in `seconds`: the settle time scales with
    /// the response, so one measurement at a response of 1 s gives it.
    static func spring(settlingIn seconds: Double, dampingRatio ratio: Double) -> Spring {
        let unit = SpringStepResponse(spring: Spring(responseSeconds: 1, dampingRatio: ratio), threshold: settleThreshold).settleSeconds
        return Spring(responseSeconds: unit > 0 ? seconds / unit : seconds, dampingRatio: ratio)
    }

    /// Seconds from the release until the step is within 1e-3 of its travel for good.
    package var settleSeconds: Double { SpringStepResponse(spring: spring, threshold: Self.settleThreshold).settleSeconds }

    /// The explanation `photozoom feel --import` prints: the spring as PhotoZoom reads it, its true
    /// settle time, how far the tool's label (or `labelSeconds`, what the tool shows) is from it, the
    /// fraction of the travel covered at the label, and the spring in the feel file's and the
    /// other tools' forms.
    package func explanation(labelSeconds given: Double? = nil) -> [String] {
        let n = { (v: Double, p: Int) in FeelNumber.trimmed(v, places: p) }
        let step = SpringStepResponse(spring: spring)
        let settle = settleSeconds
        let figures = zip(kind.names, arguments).map { "\($0) \($1)" }.joined(separator: ", ")
        var lines = ["\(kind.tool): \(figures)"]
        let regime = spring.dampingRatio < 1 ? "overshoots \(n(step.overshootFraction * 100, 2)) %"
            : spring.dampingRatio == 1 ? "critically damped, no overshoot" : "over-damped, no overshoot"
        lines.append("PhotoZoom: response \(n(spring.responseSeconds, 4)) s, ζ \(n(spring.dampingRatio, 4)) (\(regime))")
        lines.append("settles in \(n(settle, 3)) s (within 0.1 % of the travel for good)")
        let shown = given.map { ("label", $0) } ?? label.map { ($0.name, $0.seconds) }
        if let (name, seconds) = shown {
            let covered = step.progress(at: seconds) * 100
            let gap = settle - seconds
            let side = gap >= 0 ? "\(n(gap, 3)) s short of" : "\(n(-gap, 3)) s past"
            lines.append("\(kind.tool.split(separator: " ").first!)'s \(name) \(n(seconds * 1000, 1)) ms is \(side) the settle "
                         + "(\(n(seconds / settle * 100, 1)) % of it); at \(n(seconds * 1000, 1)) ms the spring has covered \(n(covered, 1)) % of its travel")
        }
        let k = spring.stiffness(mass: 1), c = spring.damping(mass: 1)
        lines.append("feel file: {\"responseSeconds\": \(n(spring.responseSeconds, 4)), \"dampingRatio\": \(n(spring.dampingRatio, 4))}")
        var forms = ["SwiftUI Spring(duration: \(n(spring.responseSeconds, 4)), bounce: \(n(spring.bounce, 4)))",
                     "Compose spring(dampingRatio = \(n(spring.dampingRatio, 4))f, stiffness = \(n(k, 2))f)",
                     "stiffness \(n(k, 2)), damping \(n(c, 2)), mass 1 (Figma, Motion)"]
        let react = FeelExport.reactSpringConfig(spring)
        forms.append("react-spring { tension: \(n(react.tension, 2)), friction: \(n(react.friction, 2)), mass: 1 } (fitted to its 1 ms steps)")
        if let visual = FeelExport.motionVisual(spring) {
            forms.append("Motion { visualDuration: \(n(visual.duration, 4)), bounce: \(n(visual.bounce, 4)) }")
        }
        return lines + forms.map { "  " + $0 }
    }
}
