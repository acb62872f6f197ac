import Foundation
import Motion
import Testing
@testable import FeelModel

/// The parity table: every form in which `photozoom feel --export` writes a spring, read back from
/// the exported text and run through the target platform's own documented formula
/// (`PlatformSpringReferences.swift`, written apart from PhotoZoom's spring code), moves as
/// PhotoZoom's spring does: within 0.5 % of the travel at every millisecond from the release until
/// the spring is within 1e-3 of its target for good, released at rest and at ±2 travels per second.
@Suite("Parity: each export form, read through its platform's formula, moves as PhotoZoom's spring within 0.5 % of the travel")
struct ExportParityTests {
    /// The largest |platform − PhotoZoom| allowed, in fractions of the travel.
    static let bound = 0.005
    /// Gesture velocities at the release, travels per second.
    static let velocities = [0.0, 2, -2]
    /// Seconds between compared instants.
    static let step = 0.001

    /// Every preset, and a feel with springs the presets lack: over-damped ones (SwiftUI's negative
    /// bounce; outside Motion's visual form), a very bouncy one and a slow soft one.
    static var feels: [(name: String, feel: Feel)] {
        var unusual = FeelExportTests.feel
        unusual.cancelSpring = Spring(responseSeconds: 0.52, dampingRatio: 0.3)
        unusual.zoomSpring = Spring(responseSeconds: 0.61, dampingRatio: 2)
        unusual.scrollSpring = Spring(responseSeconds: 0.9, dampingRatio: 0.95)
        unusual.followSpring = Spring(responseSeconds: 0.12, dampingRatio: 1.5)
        return Feel.presets.map { ($0.name, $0.feel) } + [("unusual", unusual)]
    }

    /// Each feel's export in each format, made once (the CSS stops take a while to place).
    static let texts: [String: [FeelExport.Format: String]] = Dictionary(uniqueKeysWithValues: feels.map { name, feel in
        (name, Dictionary(uniqueKeysWithValues: FeelExport.Format.allCases.map { ($0, FeelExport(feel: feel, name: name).code($0)) }))
    })

    /// The feel file's keys of the springs an export writes: every spring, and each optional one that is set.
    static func roles(of feel: Feel) -> [FeelExport.SpringRole] {
        FeelExport.springRoles + FeelExport.optionalSpringRoles.filter { feel[keyPath: $0.path].isSet }
    }

    // MARK: - The forms

    /// One way a spring is written in one export, and how its platform runs it.
    struct Form: CustomTestStringConvertible, Sendable {
        var name: String
        var format: FeelExport.Format
        /// Captures the role (the feel file's key, maybe without "Spring") on the line that names it.
        var rolePattern: String
        /// Appended to the captured role to make the feel file's key.
        var roleSuffix = ""
        /// Captures the figures, on the role's line or a later one.
        var figuresPattern: String
        /// Whether the platform starts this form with the gesture's velocity.
        var carriesVelocity = true
        /// Springs this form cannot write (the export says so instead).
        var writes: @Sendable (Spring) -> Bool = { _ in true }
        /// Progress at `step`-second instants from the figures, released at `velocity` travels per second.
        var run: @Sendable (_ figures: [Double], _ velocity: Double, _ count: Int) -> [Double]

        var testDescription: String { name }
    }

    static let number = "(-?[0-9]+(?:\\.[0-9]+)?)"

    /// The run of a form whose platform is a damped oscillator made from the figures.
    static func oscillator(_ make: @escaping @Sendable ([Double]) -> DampedOscillator) -> @Sendable ([Double], Double, Int) -> [Double] {
        { f, v, n in make(f).progress(step: step, count: n, velocity: v) }
    }

    static let forms: [Form] = [
        Form(name: "SwiftUI Spring(response:dampingRatio:)", format: .swiftui, rolePattern: "static let (\\w+Spring) = Spring\\(response:",
             figuresPattern: "Spring\\(response: \(number), dampingRatio: \(number)\\)",
             run: oscillator { SwiftUIReference.spring(response: $0[0], dampingRatio: $0[1]) }),
        Form(name: "SwiftUI Animation.spring(response:dampingFraction:)", format: .swiftui, rolePattern: "static let (\\w+)Animation = ", roleSuffix: "Spring",
             figuresPattern: "Animation\\.spring\\(response: \(number), dampingFraction: \(number)\\)",
             run: oscillator { SwiftUIReference.spring(response: $0[0], dampingRatio: $0[1]) }),
        Form(name: "SwiftUI Spring(duration:bounce:)", format: .swiftui, rolePattern: "static let (\\w+Spring)ByDuration = ",
             figuresPattern: "Spring\\(duration: \(number), bounce: \(number)\\)",
             run: oscillator { SwiftUIReference.spring(duration: $0[0], bounce: $0[1]) }),
        // A travel of 240 pt: the relative initialVelocity is the gesture's pt/s over it.
        Form(name: "UIKit UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)", format: .uikit, rolePattern: "static func (\\w+Spring)\\(initialVelocity",
             figuresPattern: "UISpringTimingParameters\\(mass: \(number), stiffness: \(number), damping: \(number), initialVelocity") { f, v, n in
            UIKitReference.timing(mass: f[0], stiffness: f[1], damping: f[2])
                .progress(step: step, count: n, velocity: UIKitReference.initialVelocity(gestureVelocity: v * 240, span: 240))
        },
        Form(name: "UIKit UISpringTimingParameters(duration:bounce:initialVelocity:)", format: .uikit, rolePattern: "static func (\\w+Spring)ByDuration\\(",
             figuresPattern: "UISpringTimingParameters\\(duration: \(number), bounce: \(number), initialVelocity",
             run: oscillator { UIKitReference.timing(duration: $0[0], bounce: $0[1]) }),
        Form(name: "Compose spring(dampingRatio, stiffness)", format: .compose, rolePattern: "fun <T> (\\w+Spring)\\(",
             figuresPattern: "spring\\(dampingRatio = \(number)f, stiffness = \(number)f",
             run: oscillator { AndroidReference.compose(dampingRatio: $0[0], stiffness: $0[1]) }),
        Form(name: "Android SpringForce", format: .android, rolePattern: "fun (\\w+Spring)\\(finalPosition",
             figuresPattern: "\\.setStiffness\\(\(number)f\\)\\.setDampingRatio\\(\(number)f\\)",
             run: oscillator { AndroidReference.springForce(stiffness: $0[0], dampingRatio: $0[1]) }),
        Form(name: "Motion stiffness/damping/mass", format: .web, rolePattern: "^  (\\w+Spring): \\{",
             figuresPattern: "type: \"spring\", stiffness: \(number), damping: \(number), mass: \(number),",
             run: oscillator { MotionReference.physical(stiffness: $0[0], damping: $0[1], mass: $0[2]) }),
        Form(name: "Motion visualDuration/bounce", format: .web, rolePattern: "^  (\\w+Spring): \\{",
             figuresPattern: "visual: \\{ type: \"spring\", visualDuration: \(number), bounce: \(number) \\}",
             carriesVelocity: false, writes: { $0.dampingRatio >= 0.05 && $0.dampingRatio <= 1 }) { f, v, n in
            let visual = MotionReference.visual(duration: f[0], bounce: f[1])
            return visual.spring.progress(step: step, count: n, velocity: visual.carriesVelocity ? v : 0)
        },
        Form(name: "react-spring tension/friction", format: .web, rolePattern: "^  (\\w+Spring): \\{",
             figuresPattern: "reactSpring: \\{ tension: \(number), friction: \(number), mass: \(number) \\}") { f, v, n in
            ReactSpringReference.progress(tension: f[0], friction: f[1], mass: f[2], step: step, count: n, velocityPerSecond: v)
        },
    ]

    // MARK: - Reading the export

    /// (role, figures) for every match of the form's figures in `text`, each under the last role named before it.
    static func exported(_ form: Form, in text: String) -> [(role: String, figures: [Double])] {
        let role = try! NSRegularExpression(pattern: form.rolePattern)
        let figures = try! NSRegularExpression(pattern: form.figuresPattern)
        var current: String?
        var out: [(String, [Double])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            if let m = role.firstMatch(in: line, range: range) {
                current = String(line[Range(m.range(at: 1), in: line)!]) + form.roleSuffix
            }
            if let m = figures.firstMatch(in: line, range: range), let current {
                out.append((current, (1..<m.numberOfRanges).map { Double(line[Range(m.range(at: $0), in: line)!])! }))
            }
        }
        return out
    }

    /// `text` with every match of the form's figures rewritten by `fault`: an export with a planted
    /// conversion fault.
    static func planting(_ fault: ([Double]) -> [Double], in form: Form, text: String) -> String {
        let figures = try! NSRegularExpression(pattern: form.figuresPattern)
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard let m = figures.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { lines.append(line); continue }
            let ranges = (1..<m.numberOfRanges).map { Range(m.range(at: $0), in: line)! }
            let wrong = fault(ranges.map { Double(line[$0])! })
            var rewritten = line
            for (range, value) in zip(ranges, wrong).reversed() {
                rewritten.replaceSubrange(range, with: FeelNumber.trimmed(value, places: 4))
            }
            lines.append(rewritten)
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Measuring

    /// PhotoZoom's progress at `step`-second instants up to its 1e-3 settle (the last instant off by
    /// more than 1e-3 of the travel, and one after).
    static func photoZoom(_ spring: Spring, velocity: Double) -> [Double] {
        let horizon = Int((spring.responseSeconds * 40 / step).rounded(.up))
        let all = (0...horizon).map { spring.value(at: Double($0) * step, from: 0, to: 1, velocity: velocity) }
        let last = all.lastIndex { abs($0 - 1) > 1e-3 } ?? 0
        return Array(all.prefix(min(all.count, last + 2)))
    }

    /// The worst |platform − PhotoZoom| over every spring the form writes in `text`, at each velocity
    /// the platform carries; with the role and velocity where it occurs. Records an issue when a
    /// spring of the feel is missing from the text.
    static func worst(_ form: Form, text: String, feel: Feel, feelName: String, checkingRoles: Bool = true) -> (error: Double, at: String) {
        let written = exported(form, in: text)
        let expected = roles(of: feel).filter { form.writes(feel[keyPath: $0.path]) }.map(\.key)
        if checkingRoles { #expect(written.map(\.role) == expected, "\(form.name), \(feelName): the export writes \(written.map(\.role))") }
        var worst = (error: 0.0, at: "")
        for (role, figures) in written {
            guard let path = FeelExport.allSpringRoles.first(where: { $0.key == role })?.path else { continue }
            for v in form.carriesVelocity ? velocities : [0] {
                let truth = photoZoom(feel[keyPath: path], velocity: v)
                let platform = form.run(figures, v, truth.count)
                let error = zip(truth, platform).map { abs($0 - $1) }.max() ?? .infinity
                if error > worst.error { worst = (error, "\(feelName) \(role) at \(v) travels/s") }
            }
        }
        return worst
    }

    // MARK: - The table

    @Test("each form of each export, read through its platform's documented formula, is within 0.5 % of the travel", arguments: forms)
    func parity(form: Form) {
        for (name, feel) in Self.feels {
            let text = Self.texts[name]![form.format]!
            let worst = Self.worst(form, text: text, feel: feel, feelName: name)
            #expect(worst.error <= Self.bound, "\(form.name): \(worst.error) of the travel off (\(worst.at))")
        }
    }

    /// A conversion fault an exporter could make, planted in the exported text of one form.
    struct PlantedFault: CustomTestStringConvertible, Sendable {
        var form: String
        var fault: String
        var rewrite: @Sendable ([Double]) -> [Double]
        var testDescription: String { "\(form): \(fault)" }
    }

    static let plantedFaults: [PlantedFault] = [
        PlantedFault(form: "SwiftUI Spring(response:dampingRatio:)", fault: "the bounce written as the damping ratio") { [$0[0], 1 - $0[1]] },
        PlantedFault(form: "SwiftUI Animation.spring(response:dampingFraction:)", fault: "ω₀ written as the response") { [2 * Double.pi / $0[0], $0[1]] },
        // Flutter's guess: ζ = 1 − bounce on both sides of critical damping.
        PlantedFault(form: "SwiftUI Spring(duration:bounce:)", fault: "negative bounce as 1 − ζ") { f in
            let ratio = f[1] >= 0 ? 1 - f[1] : 1 / (1 + f[1])
            return [f[0], 1 - ratio]
        },
        PlantedFault(form: "UIKit UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)", fault: "the damping ratio written as the damping") { f in
            [f[0], f[1], f[2] / (2 * (f[1] * f[0]).squareRoot())]
        },
        PlantedFault(form: "UIKit UISpringTimingParameters(duration:bounce:initialVelocity:)", fault: "the duration divided by 1.2 (Motion's visual duration)") { [$0[0] / 1.2, $0[1]] },
        PlantedFault(form: "Compose spring(dampingRatio, stiffness)", fault: "ω₀ written as the stiffness (the square forgotten)") { [$0[0], $0[1].squareRoot()] },
        PlantedFault(form: "Android SpringForce", fault: "the stiffness 10 % high") { [$0[0] * 1.1, $0[1]] },
        PlantedFault(form: "Motion stiffness/damping/mass", fault: "the damping 10 % high") { [$0[0], $0[1] * 1.1, $0[2]] },
        PlantedFault(form: "Motion visualDuration/bounce", fault: "the response written as the visual duration (1.2 forgotten)") { [$0[0] * 1.2, $0[1]] },
        PlantedFault(form: "react-spring tension/friction", fault: "the tension 10 % high") { [$0[0] * 1.1, $0[1], $0[2]] },
    ]

    @Test("each platform's reference catches a conversion fault planted in its export", arguments: plantedFaults)
    func catchesPlantedFault(planted: PlantedFault) throws {
        let form = try #require(Self.forms.first { $0.name == planted.form })
        var caught = false, plantedSomewhere = false
        for (name, feel) in Self.feels {
            let text = Self.texts[name]![form.format]!
            let faulty = Self.planting(planted.rewrite, in: form, text: text)
            plantedSomewhere = plantedSomewhere || faulty != text
            // A fault that makes an invalid spring (ζ 0) never settles: NaN or a large error, either caught.
            let worst = Self.worst(form, text: faulty, feel: feel, feelName: name, checkingRoles: false)
            if !(worst.error <= Self.bound) { caught = true }
        }
        #expect(plantedSomewhere, "\(planted.testDescription): nothing to plant it in")
        #expect(caught, "\(planted.testDescription): not caught")
    }

    @Test("Motion's visual form drops the gesture's velocity: the export points to the physical form for a hand-off")
    func motionVisualDropsVelocity() throws {
        let form = try #require(Self.forms.first { $0.name == "Motion visualDuration/bounce" })
        let feel = Feel.defaults
        let text = Self.texts["default"]![.web]!
        let (role, figures) = try #require(Self.exported(form, in: text).first { $0.role == "pagingSpring" })
        #expect(role == "pagingSpring")
        // Released at 2 travels/s, PhotoZoom (and SwiftUI) carry the speed in; Motion starts at rest.
        let truth = Self.photoZoom(feel.pagingSpring, velocity: 2)
        let platform = form.run(figures, 2, truth.count)
        let error = zip(truth, platform).map { abs($0 - $1) }.max()!
        #expect(error > Self.bound, "\(error)")
        #expect(text.contains("Motion drops a gesture's velocity for such springs: use the physical form for that."))
    }

    // MARK: - CSS linear()

    /// (role kebab name, duration ms, linear() arguments) for every spring of a CSS export.
    static func cssEasings(_ text: String) -> [(name: String, milliseconds: Double, arguments: String)] {
        let duration = try! NSRegularExpression(pattern: "--pz-([a-z-]+spring)-duration: \(number)ms;")
        let easing = try! NSRegularExpression(pattern: "--pz-([a-z-]+spring)-easing: linear\\(([^)]*)\\);")
        var durations: [String: Double] = [:]
        var out: [(String, Double, String)] = []
        for line in text.split(separator: "\n").map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            if let m = duration.firstMatch(in: line, range: range) {
                durations[String(line[Range(m.range(at: 1), in: line)!])] = Double(line[Range(m.range(at: 2), in: line)!])!
            }
            if let m = easing.firstMatch(in: line, range: range) {
                let name = String(line[Range(m.range(at: 1), in: line)!])
                out.append((name, durations[name] ?? .nan, String(line[Range(m.range(at: 2), in: line)!])))
            }
        }
        return out
    }

    /// The feel's spring for a CSS name: `open-spring` → `openSpring`.
    static func spring(css name: String, in feel: Feel) -> Spring? {
        FeelExport.allSpringRoles.first { FeelExport.kebab($0.key) == name }.map { feel[keyPath: $0.path] }
    }

    /// The worst |linear() − PhotoZoom| of a CSS export at every millisecond of each easing's duration,
    /// and whether each easing reaches its spring's overshoot (within the bound) and has at most 40 stops.
    static func cssWorst(_ text: String, feel: Feel) -> (error: Double, stops: Int, clipped: Bool) {
        var worst = 0.0, stops = 0, clipped = false
        for (name, milliseconds, arguments) in cssEasings(text) {
            guard let spring = spring(css: name, in: feel), let easing = CSSLinearEasing(arguments: arguments) else {
                Issue.record("\(name): no spring or no easing"); continue
            }
            stops = max(stops, easing.outputs.count)
            let count = Int(milliseconds.rounded(.down))
            for i in 0...count {
                let t = Double(i) / 1000
                let css = easing.output(at: t * 1000 / milliseconds)
                worst = max(worst, abs(css - spring.value(at: t, from: 0, to: 1)))
            }
            // The overshoot's peak, 1 + e^(−πζ/√(1−ζ²)), is reached, not cut off at 1.
            let response = SpringStepResponse(spring: spring)
            if response.overshootFraction > 0, easing.outputs.max()! < 1 + response.overshootFraction - bound { clipped = true }
        }
        return (worst, stops, clipped)
    }

    @Test("CSS linear() and the web timing, read as the CSS Easing spec reads them: within 0.5 %, at most 40 stops, overshoot not clipped")
    func cssParity() {
        for (name, feel) in Self.feels {
            let text = Self.texts[name]![.css]!
            #expect(Self.cssEasings(text).count == Self.roles(of: feel).count, "\(name)")
            let css = Self.cssWorst(text, feel: feel)
            #expect(css.error <= Self.bound, "\(name): \(css.error) of the travel off")
            #expect(css.stops <= 40, "\(name): \(css.stops) stops")
            #expect(!css.clipped, "\(name): an overshoot is clipped")
        }
    }

    @Test("the CSS reference catches a clipped overshoot and a duration that is the response instead of the time to rest")
    func cssCatchesPlantedFaults() {
        let feel = Feel.defaults
        let text = Self.texts["default"]![.css]!
        // Clipped: every stop above 1 written as 1.
        let clipped = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.contains("-easing: linear(") else { return String(line) }
            return line.split(separator: ",", omittingEmptySubsequences: false).map { part -> String in
                let words = part.split(separator: " ", omittingEmptySubsequences: false)
                guard let i = words.firstIndex(where: { Double($0) != nil }), Double(words[i])! > 1 else { return String(part) }
                var w = words.map(String.init); w[i] = "1"; return w.joined(separator: " ")
            }.joined(separator: ",")
        }.joined(separator: "\n")
        #expect(clipped != text)
        let c = Self.cssWorst(clipped, feel: feel)
        #expect(c.clipped && c.error > Self.bound, "clipped: \(c.error)")
        // The duration: the response instead of the settle time.
        var shortened = text
        for spring in FeelExport(feel: feel, name: "default").springs {
            let right = "--pz-\(FeelExport.kebab(spring.role.key))-duration: \(FeelExport.number(spring.settleSeconds * 1000, 1))ms;"
            let wrong = "--pz-\(FeelExport.kebab(spring.role.key))-duration: \(FeelExport.number(spring.spring.responseSeconds * 1000, 1))ms;"
            #expect(shortened.contains(right))
            shortened = shortened.replacingOccurrences(of: right, with: wrong)
        }
        #expect(Self.cssWorst(shortened, feel: feel).error > Self.bound)
    }
}
