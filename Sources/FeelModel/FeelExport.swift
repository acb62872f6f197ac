import Motion

/// A feel written as ready-to-paste code for another platform: every spring and the backdrop's
/// curve named after its role, the thresholds as named constants, and in comments the conversion
/// from PhotoZoom's response and damping ratio (`photozoom feel --export FORMAT`).
///
/// The conversions, for a mass `m` of 1 (every platform below takes or assumes it):
/// - stiffness `k = m·ω₀² = 4π²·m / response²` (N/m), damping `c = 4π·ζ·m / response` (N·s/m);
/// - SwiftUI's `response`/`dampingFraction` and `Spring(response:dampingRatio:)` are PhotoZoom's own;
/// - Jetpack Compose's `spring(dampingRatio, stiffness)` and Android's `SpringForce` take `ζ` and `k`;
/// - CSS has no spring: a `linear()` easing sampled from the closed-form step response, run for the
///   time the step takes to come to rest (`SpringStepResponse`).
public struct FeelExport: Sendable {
    /// The platforms.
    public enum Format: String, CaseIterable, Sendable {
        case swiftui, uikit, compose, android, css, web
    }

    /// One spring of the feel and what it moves.
    public struct SpringRole: Sendable {
        /// The feel file's key, `openSpring`.
        public var key: String
        /// What it moves, for comments and the tuning panel.
        public var summary: String
        public var path: KeyPath<Feel, Spring> & Sendable
    }

    /// Every spring of the feel, in the feel file's order.
    package static let springRoles: [SpringRole] = [
        SpringRole(key: "openSpring", summary: "grid cell → full screen", path: \.openSpring),
        SpringRole(key: "closeSpring", summary: "back to the cell", path: \.closeSpring),
        SpringRole(key: "cancelSpring", summary: "back to full screen after a cancelled dismissal", path: \.cancelSpring),
        SpringRole(key: "pagingSpring", summary: "paging between neighbours", path: \.pagingSpring),
        SpringRole(key: "zoomSpring", summary: "zoom and pan settling inside the photo", path: \.zoomSpring),
        SpringRole(key: "scrollSpring", summary: "grid scrolling", path: \.scrollSpring),
    ]

    /// The springs a feel may leave unset (response 0: another spring, or none, takes the role);
    /// exported only where set, and written by `fit --into` like the others.
    package static let optionalSpringRoles: [SpringRole] = [
        SpringRole(key: "landingSpring", summary: "a committed dismissal's flight into the cell (unset: the close spring)", path: \.landingSpring),
        SpringRole(key: "pinchLandingSpring", summary: "a committed pinch's flight into the cell (unset: the landing spring)", path: \.pinchLandingSpring),
        SpringRole(key: "followSpring", summary: "the held photo trailing the hand (unset: it follows exactly)", path: \.followSpring),
    ]

    /// Every spring of the feel, set or not: `springRoles`, then `optionalSpringRoles`.
    package static var allSpringRoles: [SpringRole] { springRoles + optionalSpringRoles }

    /// Every parameter outside the springs and the backdrop's curve, exported as constants: the
    /// feel file's key, its unit, what it does, and whether it is a switch. The thresholds of
    /// `curatedThresholds` first, then the rest in the feel file's order: every one shapes a motion
    /// or a decision (or what a gesture is taken for), so a client that copies one copies all.
    static var thresholds: [(key: String, unit: String, summary: String, isBoolean: Bool)] {
        let curated = curatedThresholds.map { t in (t.key, t.unit, t.summary, false) }
        let rest = Feel.parameters.filter { p in !p.key.contains(".") && !curatedThresholds.contains { $0.key == p.key } }
            .map { ($0.key, $0.unit, $0.summary, $0.isBoolean) }
        return curated + rest
    }

    /// The thresholds a release's decision reads most, with the export's own summaries.
    static let curatedThresholds: [(key: String, unit: String, summary: String)] = [
        ("dragRadiusPoints", "pt", "drag distance that maps to the whole open ↔ close transition"),
        ("decelerationRatePerMillisecond", "/ms", "projection rate: a release at v pt/s travels v/1000 · r/(1 − r) pt"),
        ("cancelReversalSpeedPointsPerSecond", "pt/s", "releasing back toward the start faster than this returns"),
        ("dismissPinchCloseScale", "×", "a pinch released with its projected scale below this closes"),
        ("dismissMinimumScale", "×", "the scale a downward drag shrinks toward"),
        ("pagingDistanceFraction", "window widths", "a projected page offset past this pages"),
        ("pagingFlickSpeedPointsPerSecond", "pt/s", "a horizontal flick faster than this pages"),
        ("rubberBandCoefficient", "", "resistance past a limit: offset = (1 − 1/(x·c/d + 1))·d"),
        ("maximumZoomScale", "×", "the largest zoom"),
    ]

    public var feel: Feel
    /// The feel's name in the header comment: a preset's or a file's.
    public var name: String

    package init(feel: Feel, name: String) {
        self.feel = feel
        self.name = name
    }

    /// One spring's figures: its own numbers and the ones the platforms take.
    public struct SpringFigures: Sendable {
        public var role: SpringRole
        public var spring: Spring
        public var stiffness: Double
        public var damping: Double
        public var response: SpringStepResponse
        public var overshootPercent: Double
        public var settleSeconds: Double
        /// CSS `linear()` stops over `settleSeconds`.
        public var linearStops: [SpringStepResponse.Stop]
    }

    /// The figures of every spring, in `springRoles`' order, then each optional one that is set.
    public var springs: [SpringFigures] { springs(withStops: true) }

    /// The same; without the CSS `linear()` stops (left empty) unless `withStops`, for the formats
    /// that print none (placing them is most of an export's work).
    func springs(withStops: Bool) -> [SpringFigures] {
        (Self.springRoles + Self.optionalSpringRoles.filter { feel[keyPath: $0.path].isSet }).map { role in
            let spring = feel[keyPath: role.path]
            let response = SpringStepResponse(spring: spring)
            return SpringFigures(role: role, spring: spring, stiffness: spring.stiffness(mass: 1),
                                 damping: spring.damping(mass: 1), response: response,
                                 overshootPercent: response.overshootFraction * 100,
                                 settleSeconds: response.settleSeconds, linearStops: withStops ? response.linearEasingStops() : [])
        }
    }

    /// The code for `format`, ending with a newline.
    public func code(_ format: Format) -> String {
        let lines: [String]
        switch format {
        case .swiftui: lines = swiftUI()
        case .uikit: lines = uiKit()
        case .compose: lines = compose()
        case .android: lines = android()
        case .css: lines = css()
        case .web: lines = web()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Numbers and names

    /// Up to `places` decimals, trailing zeros dropped ("194.96", "1", "0.4").
    static func number(_ value: Double, _ places: Int = 2) -> String {
        FeelNumber.trimmed(value, places: places)
    }

    /// `openSpring` → `OPEN_SPRING`; a unit word at the end becomes `suffix`.
    static func screamingSnake(_ key: String) -> String {
        var out = ""
        for c in key {
            if c.isUppercase, !out.isEmpty { out += "_" }
            out += c.uppercased()
        }
        return out
    }

    /// `openSpring` → `open-spring`.
    static func kebab(_ key: String) -> String {
        screamingSnake(key).lowercased().replacingUnderscores()
    }

    /// The feel's value for a threshold key.
    func value(_ key: String) -> Double {
        Feel.parameter(key).map { $0.value(in: feel) } ?? .nan
    }

    /// The common first comment lines.
    func header(_ comment: String, _ platform: String) -> [String] {
        [
            "\(comment) PhotoZoom feel \"\(name)\" for \(platform), written by `photozoom feel --export`.",
            "\(comment) Springs: response (s, one undamped period 2π/ω₀) and damping ratio ζ; at mass m = 1,",
            "\(comment) stiffness k = 4π²·m / response² (N/m) and damping c = 4π·ζ·m / response (N·s/m).",
            "\(comment) Overshoot of a step: e^(−πζ/√(1−ζ²)) below ζ = 1; settles: until the step is within 0.1 %",
            "\(comment) of its travel and slower than 2 % of it per second. Points (pt) are dp on Android and px in CSS.",
        ]
    }

    func springComment(_ s: SpringFigures) -> String {
        "\(s.role.summary): response \(Self.number(s.spring.responseSeconds, 4)) s, ζ \(Self.number(s.spring.dampingRatio, 4))"
            + " → stiffness \(Self.number(s.stiffness)), damping \(Self.number(s.damping)) at mass 1;"
            + " overshoot \(Self.number(s.overshootPercent, 1)) %, settles in \(Self.number(s.settleSeconds, 3)) s"
    }

    func thresholdComment(_ t: (key: String, unit: String, summary: String, isBoolean: Bool)) -> String {
        t.summary + (t.unit.isEmpty ? "" : " (\(t.unit))")
    }

    /// A threshold's value as the language writes it: a switch as `true`/`false` (`booleans`) or
    /// 1/0, a number to six places.
    func constantValue(_ t: (key: String, unit: String, summary: String, isBoolean: Bool), booleans: Bool = true) -> String {
        guard t.isBoolean else { return Self.number(value(t.key), 6) }
        return booleans ? (value(t.key) != 0 ? "true" : "false") : (value(t.key) != 0 ? "1" : "0")
    }

    /// The optional springs the feel leaves unset, each with what takes its role, as comment text.
    var unsetSprings: [String] {
        Self.optionalSpringRoles.filter { !feel[keyPath: $0.path].isSet }.map { "\($0.key): unset; \($0.summary)" }
    }

    var curve: CubicBezier { feel.backdropCurve }
    var curveNumbers: [String] { [curve.x1, curve.y1, curve.x2, curve.y2].map { Self.number($0, 4) } }

    // MARK: - Apple

    func swiftUI() -> [String] {
        var lines = header("//", "SwiftUI (iOS 17, macOS 14)")
        lines += ["// `Spring(response:dampingRatio:)` and `.spring(response:dampingFraction:)` take PhotoZoom's numbers as they are;",
                  "// SwiftUI carries a gesture's velocity into a spring that takes over an animated value by itself.",
                  "import SwiftUI", "", "enum PhotoZoomFeel {"]
        for s in springs(withStops: false) {
            let r = Self.number(s.spring.responseSeconds, 4), z = Self.number(s.spring.dampingRatio, 4)
            let base = String(s.role.key.dropLast("Spring".count))
            lines += ["    /// \(springComment(s))",
                      "    static let \(s.role.key) = Spring(response: \(r), dampingRatio: \(z))",
                      "    static let \(base)Animation = Animation.spring(response: \(r), dampingFraction: \(z))",
                      "    /// The same spring as duration and bounce (negative: over-damped, ζ = 1/(1 + bounce)).",
                      "    static let \(s.role.key)ByDuration = Spring(duration: \(r), bounce: \(Self.number(s.spring.bounce, 4)))"]
        }
        let c = curveNumbers
        lines += ["    /// The backdrop's opacity against the transition's progress (CSS cubic-bezier(\(c.joined(separator: ", ")))).",
                  "    static let backdropCurve = UnitCurve.bezier(startControlPoint: UnitPoint(x: \(c[0]), y: \(c[1])), "
                      + "endControlPoint: UnitPoint(x: \(c[2]), y: \(c[3])))"]
        lines += swiftThresholds()
        return lines + ["}"]
    }

    func uiKit() -> [String] {
        var lines = header("//", "UIKit")
        lines += ["// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` takes k and c; a property animator",
                  "// made with it ignores its duration and runs until the spring rests. `initialVelocity` is relative:",
                  "// the gesture's velocity (pt/s) over the distance still to travel (pt), per axis. `UISpringTimingParameters(dampingRatio:",
                  "// initialVelocity:)` is not used: its stiffness follows the animator's duration by a rule UIKit does not document.",
                  "// `@MainActor`: UIKit declares UISpringTimingParameters and UICubicTimingParameters on the main actor,",
                  "// so under Swift 6's strict concurrency the type that makes them must be isolated there too.",
                  "import UIKit", "", "@MainActor", "enum PhotoZoomFeel {"]
        for s in springs(withStops: false) {
            lines += ["    /// \(springComment(s))",
                      "    static func \(s.role.key)(initialVelocity: CGVector = .zero) -> UISpringTimingParameters {",
                      "        UISpringTimingParameters(mass: 1, stiffness: \(Self.number(s.stiffness)), "
                          + "damping: \(Self.number(s.damping)), initialVelocity: initialVelocity)",
                      "    }",
                      "    /// The same spring as duration and bounce (iOS 17; negative bounce: over-damped).",
                      "    @available(iOS 17.0, *)",
                      "    static func \(s.role.key)ByDuration(initialVelocity: CGVector = .zero) -> UISpringTimingParameters {",
                      "        UISpringTimingParameters(duration: \(Self.number(s.spring.responseSeconds, 4)), "
                          + "bounce: \(Self.number(s.spring.bounce, 4)), initialVelocity: initialVelocity)",
                      "    }"]
        }
        let c = curveNumbers
        lines += ["    /// The backdrop's opacity against the transition's progress.",
                  "    static let backdropCurve = UICubicTimingParameters(controlPoint1: CGPoint(x: \(c[0]), y: \(c[1])), "
                      + "controlPoint2: CGPoint(x: \(c[2]), y: \(c[3])))"]
        lines += swiftThresholds()
        lines += ["    /// The projection rate as UIScrollView's deceleration rate.",
                  "    static let decelerationRate = UIScrollView.DecelerationRate(rawValue: \(Self.number(value("decelerationRatePerMillisecond"), 6)))"]
        return lines + ["}"]
    }

    func swiftThresholds() -> [String] {
        var lines: [String] = []
        for t in Self.thresholds {
            lines += ["    /// \(thresholdComment(t))",
                      t.isBoolean ? "    static let \(t.key) = \(constantValue(t))" : "    static let \(t.key): CGFloat = \(constantValue(t))"]
        }
        return lines + unsetSprings.map { "    // \($0)" }
    }

    // MARK: - Android

    func compose() -> [String] {
        var lines = header("//", "Jetpack Compose")
        lines += ["// `spring(dampingRatio, stiffness)` takes ζ and k at mass 1 (Compose's springs have unit mass);",
                  "// `Animatable.animateTo(target, spec, initialVelocity)` carries a gesture's velocity in.",
                  "import androidx.compose.animation.core.CubicBezierEasing",
                  "import androidx.compose.animation.core.SpringSpec",
                  "import androidx.compose.animation.core.spring", "", "object PhotoZoomFeel {"]
        for s in springs(withStops: false) {
            lines += ["    /** \(springComment(s)) */",
                      "    fun <T> \(s.role.key)(visibilityThreshold: T? = null): SpringSpec<T> =",
                      "        spring(dampingRatio = \(Self.number(s.spring.dampingRatio, 4))f, stiffness = \(Self.number(s.stiffness))f, "
                          + "visibilityThreshold = visibilityThreshold)"]
        }
        let c = curveNumbers
        lines += ["    /** The backdrop's opacity against the transition's progress. */",
                  "    val backdropCurve = CubicBezierEasing(\(c.map { $0 + "f" }.joined(separator: ", ")))"]
        lines += kotlinThresholds()
        return lines + ["}"]
    }

    func android() -> [String] {
        var lines = header("//", "Android views (androidx.dynamicanimation)")
        lines += ["// `SpringForce` takes ζ and k at mass 1; `SpringAnimation.setStartVelocity(px/s)` carries a gesture's velocity in.",
                  "import android.view.animation.PathInterpolator",
                  "import androidx.dynamicanimation.animation.SpringForce", "", "object PhotoZoomFeel {"]
        for s in springs(withStops: false) {
            lines += ["    /** \(springComment(s)) */",
                      "    fun \(s.role.key)(finalPosition: Float): SpringForce = SpringForce(finalPosition)",
                      "        .setStiffness(\(Self.number(s.stiffness))f).setDampingRatio(\(Self.number(s.spring.dampingRatio, 4))f)"]
        }
        let c = curveNumbers
        lines += ["    /** The backdrop's opacity against the transition's progress. */",
                  "    val backdropCurve = PathInterpolator(\(c.map { $0 + "f" }.joined(separator: ", ")))"]
        lines += kotlinThresholds()
        return lines + ["}"]
    }

    func kotlinThresholds() -> [String] {
        var lines: [String] = []
        for t in Self.thresholds {
            // Points are dp wherever the name says them: DRAG_RADIUS_DP, WHEEL_SCROLL_DP_PER_UNIT.
            let name = Self.screamingSnake(t.key).replacing("_POINTS", with: "_DP")
            lines += ["    /** \(thresholdComment(t)) */", "    const val \(name) = \(constantValue(t))" + (t.isBoolean ? "" : "f")]
        }
        return lines + unsetSprings.map { "    // \($0)" }
    }

    // MARK: - Web

    func css() -> [String] {
        var lines = header("/*", "CSS").map { String($0.dropFirst(2)).trimmingLeadingSpace() }
        lines = ["/*"] + lines.map { " * " + $0 }
        lines += [" * CSS has no spring: each is a linear() easing through stops on the closed-form step response, placed",
                  " * where the curve bends, run for its time to rest: within 0.3 % of the travel at every instant (measured against",
                  " * the closed form at 20 000 instants and every stop, as printed), the overshoot's peak a stop of its own. CSS starts at rest:",
                  " * a gesture's velocity is not carried in (use the web export's stiffness and damping for that).",
                  " */", ":root {"]
        for s in springs {
            let name = Self.kebab(s.role.key)
            lines += ["  /* \(springComment(s)) */",
                      "  --pz-\(name)-duration: \(Self.number(s.settleSeconds * 1000, 1))ms;",
                      "  --pz-\(name)-easing: \(linearEasing(s));"]
        }
        lines += ["  /* The backdrop's opacity against the transition's progress. */",
                  "  --pz-backdrop-easing: cubic-bezier(\(curveNumbers.joined(separator: ", ")));"]
        for t in Self.thresholds {
            let name = Self.kebab(t.key).replacing("-points-per-", with: "-px-per-")
                .replacingSuffix("-points", with: "")
            let unit = t.key.hasSuffix("Points") ? "px" : ""
            lines += ["  /* \(thresholdComment(t))\(t.isBoolean ? ", 1 on, 0 off" : "") */", "  --pz-\(name): \(constantValue(t, booleans: false))\(unit);"]
        }
        lines += unsetSprings.map { "  /* \($0) */" }
        return lines + ["}"]
    }

    func linearEasing(_ s: SpringFigures) -> String {
        "linear(" + s.linearStops.map { stop in
            Self.number(stop.progress, 4) + (stop.time == 0 || stop.time == 1 ? "" : " " + Self.number(stop.time * 100, 2) + "%")
        }.joined(separator: ", ") + ")"
    }

    func web() -> [String] {
        var lines = header("//", "the web (Web Animations API, motion libraries)")
        lines += ["// Motion libraries (Motion, Framer Motion, popmotion) take { type: \"spring\", stiffness, damping, mass, velocity }",
                  "// (velocity in units per second). Motion's `visual` form (visualDuration, bounce) is the same spring where Motion can",
                  "// write it (ζ from 0.05 to 1), but Motion drops a gesture's velocity for such springs: use the physical form for that.",
                  "// react-spring steps its spring in 1 ms steps of semi-implicit Euler, which alone moves the presets' springs 0.7–1.7 % of",
                  "// its travel off: `reactSpring`'s tension and friction are the ones whose 1 ms steps follow the spring most closely,",
                  "// not k and c themselves; its velocity is in units per millisecond. (It takes ⌈frame ms⌉ steps a frame:",
                  "// at 60 Hz, 17 steps in 16.7 ms, its springs run 2 % fast whatever the config.) The Web Animations API has no spring:",
                  "// `element.animate(keyframes, PhotoZoomFeel.openSpring.timing)` runs the sampled linear() easing for its time to rest.",
                  "export const PhotoZoomFeel = {"]
        for s in springs {
            lines += ["  /** \(springComment(s)) */",
                      "  \(s.role.key): {",
                      "    type: \"spring\", stiffness: \(Self.number(s.stiffness)), damping: \(Self.number(s.damping)), mass: 1,"]
            if let visual = Self.motionVisual(s.spring) {
                lines += ["    visual: { type: \"spring\", visualDuration: \(Self.number(visual.duration, 4)), bounce: \(Self.number(visual.bounce, 4)) },"]
            } else {
                lines += ["    // visual: none; Motion's visualDuration and bounce cannot write ζ \(Self.number(s.spring.dampingRatio, 4)) (it clamps ζ to 0.05…1)."]
            }
            let react = Self.reactSpringConfig(s.spring)
            lines += ["    reactSpring: { tension: \(Self.number(react.tension)), friction: \(Self.number(react.friction)), mass: 1 },",
                      "    timing: { duration: \(Self.number(s.settleSeconds * 1000, 1)), easing: \"\(linearEasing(s))\" },",
                      "  },"]
        }
        lines += ["  /** The backdrop's opacity against the transition's progress. */",
                  "  backdropCurve: { ease: [\(curveNumbers.joined(separator: ", "))], easing: \"cubic-bezier(\(curveNumbers.joined(separator: ", ")))\" },"]
        for t in Self.thresholds {
            let name = t.key.replacing("Points", with: "Px")
            lines += ["  /** \(thresholdComment(t)) */", "  \(name): \(constantValue(t)),"]
        }
        lines += unsetSprings.map { "  // \($0)" }
        return lines + ["};"]
    }
}

extension FeelExport {
    /// react-spring's `tension` and `friction` (mass 1) whose steps follow `spring` most closely.
    ///
    /// react-spring advances in 1 ms steps `v += −a·x − b·v`, `x += v` (`a = tension·1e-6`,
    /// `b = friction·1e-3`; x in units, v in units per ms). Stepped so, the continuous k and c run
    /// ahead of the spring (the first step moves by the whole `a·x` where the spring moves by half
    /// of it) and drift: 0.7–1.7 % of the travel for the presets' springs. The search starts where the
    /// step map has the spring's own eigenvalues (its trace `2 − a − b` and determinant `1 − b`
    /// equal to those of the exact 1 ms flow) and moves `a` and `b` by a pattern search to the least
    /// largest difference from the closed form at every millisecond until the spring settles,
    /// released at rest and at ±2 travels per second.
    package static func reactSpringConfig(_ spring: Spring) -> (tension: Double, friction: Double) {
        let flow = spring.coefficients(at: 0.001)
        let determinant = flow.xx * flow.vv - flow.xv * flow.vx
        var b = 1 - determinant, a = 2 - b - (flow.xx + flow.vv)
        let count = Int((SpringStepResponse(spring: spring).settleSeconds * 1500).rounded(.up)) + 1
        let velocities = [0.0, 2, -2]
        let exact = velocities.map { v in (0..<count).map { spring.displacement(at: Double($0) / 1000, from: -1, velocity: v) } }
        func worst(_ a: Double, _ b: Double) -> Double {
            var largest = 0.0
            for (v, truth) in zip(velocities, exact) {
                var x = -1.0, speed = v / 1000
                for target in truth {
                    largest = max(largest, abs(x - target))
                    speed += -a * x - b * speed
                    x += speed
                }
            }
            return largest
        }
        var best = worst(a, b), step = 0.05
        while step > 1e-4 {
            var moved = false
            for (da, db) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
                let ta = a * (1 + da * step), tb = b * (1 + db * step)
                let e = worst(ta, tb)
                if e < best { best = e; a = ta; b = tb; moved = true; break }
            }
            if !moved { step /= 2 }
        }
        return (a * 1e6, b * 1e3)
    }

    /// Motion's `visualDuration` (seconds) and `bounce` for `spring`, nil where Motion cannot write it.
    ///
    /// Motion turns them into `ω₀ = 2π / (1.2 · visualDuration)` and `ζ = clamp(1 − bounce, 0.05, 1)`
    /// at mass 1, so `visualDuration = response / 1.2` and `bounce = 1 − ζ`, for ζ from 0.05 to 1.
    package static func motionVisual(_ spring: Spring) -> (duration: Double, bounce: Double)? {
        guard spring.dampingRatio >= 0.05, spring.dampingRatio <= 1 else { return nil }
        return (spring.responseSeconds / 1.2, 1 - spring.dampingRatio)
    }
}

fileprivate extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }

    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }

    func trimmingLeadingSpace() -> String {
        String(drop { $0 == " " })
    }
}
