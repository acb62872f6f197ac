import Motion
import FeelModel

// A spring's two rows in another tool's numbers (Shift+M cycles Figma, SwiftUI, Compose, Motion,
// UIKit, …), stepped as that tool would read them: each step is an import (`ImportedSpring`, the
// tool's documented conversion), so a designer can enter a spring as their tool writes it, and
// the detail line sets the tool's own label for the spring's length against its true settle time.
extension TuningPanel {
    /// The tools Shift+M cycles through after the feel file's own form (nil); Material 3's
    /// tokens are names, not numbers to step (`photozoom feel --import m3 TOKEN`).
    package static let toolForms: [ImportedSpring.Kind] = ImportedSpring.Kind.allCases.filter { $0 != .m3 }

    /// The tool form after `form` (nil after the last: the panel's own forms again).
    package static func toolForm(after form: ImportedSpring.Kind?) -> ImportedSpring.Kind? {
        guard let form, let i = toolForms.firstIndex(of: form) else { return toolForms.first }
        return i + 1 < toolForms.count ? toolForms[i + 1] : nil
    }

    /// `spring` in `kind`'s numbers, in the order the tool takes them (mass 1 where it has one);
    /// nil where the tool cannot write it (Motion's visual form outside ζ 0.05–1).
    package static func toolFigures(_ spring: Spring, as kind: ImportedSpring.Kind) -> [Double]? {
        let k = spring.stiffness(mass: 1), c = spring.damping(mass: 1)
        switch kind {
        case .figma, .motionPhysical: return [k, c, 1]
        case .reactSpring:
            let react = FeelExport.reactSpringConfig(spring)
            return [react.tension, react.friction, 1]
        case .swiftui: return [spring.responseSeconds, spring.bounce]
        case .swiftuiResponse: return [spring.responseSeconds, spring.dampingRatio]
        case .compose: return [spring.dampingRatio, k]
        case .motion: return FeelExport.motionVisual(spring).map { [$0.duration, $0.bounce] }
        case .uikit:
            let settle = SpringStepResponse(spring: spring, threshold: ImportedSpring.settleThreshold).settleSeconds
            return [spring.dampingRatio, settle]
        case .m3: return nil
        }
    }

    /// Which of the tool's numbers a spring's row shows: the response row its length or stiffness,
    /// the damping-ratio row its damping.
    static func toolFigureIndex(_ kind: ImportedSpring.Kind, row: Int) -> Int {
        switch kind {
        case .compose, .uikit: row == 0 ? 1 : 0
        default: row
        }
    }

    /// Coarse and fine steps of a tool's number: stiffness and tension 10 / 1, damping and
    /// friction 1 / 0.1, seconds 0.05 / 0.01, bounce and ratios 0.05 / 0.01.
    static func toolSteps(_ kind: ImportedSpring.Kind, figure: Int) -> (coarse: Double, fine: Double) {
        switch (kind, figure) {
        case (.figma, 0), (.motionPhysical, 0), (.reactSpring, 0), (.compose, 1): (10, 1)
        case (.figma, 1), (.motionPhysical, 1), (.reactSpring, 1): (1, 0.1)
        default: (0.05, 0.01)
        }
    }

    /// The row's name, value and unit in the tool's form; nil for a row that is not a spring's,
    /// without a tool form, or for a spring the tool cannot write.
    package func toolFormRow(_ p: FeelParameter, feel: Feel) -> (key: String, value: Double, unit: String)? {
        guard let toolForm, let row = Self.springRow(p, feel: feel),
              let figures = Self.toolFigures(row.spring, as: toolForm) else { return nil }
        let i = Self.toolFigureIndex(toolForm, row: row.index)
        let name = toolForm.names[i]
        return (row.key + "." + name, figures[i], name.lowercased().contains("duration") || name == "response" ? "s" : "")
    }

    /// `feel` with the selected spring row's tool number moved by `steps`, the spring read back as
    /// the tool reads it (`ImportedSpring`); `.some(nil)` when the tool refuses the numbers or the
    /// spring leaves the rows' ranges, nil when no tool form applies.
    package func steppedInToolForm(_ p: FeelParameter, feel: Feel, steps: Int, fine: Bool) -> Feel?? {
        guard let toolForm, let row = Self.springRow(p, feel: feel) else { return nil }
        guard var figures = Self.toolFigures(row.spring, as: toolForm) else { return .some(nil) }
        let i = Self.toolFigureIndex(toolForm, row: row.index)
        let step = Self.toolSteps(toolForm, figure: i)
        let size = fine ? step.fine : step.coarse
        figures[i] = ((figures[i] / size).rounded() + Double(steps)) * size
        guard let imported = try? ImportedSpring(kind: toolForm, arguments: figures.map { "\($0)" }) else { return .some(nil) }
        var next = feel
        for (suffix, value) in [("responseSeconds", imported.spring.responseSeconds), ("dampingRatio", imported.spring.dampingRatio)] {
            guard let parameter = Feel.parameter(row.key + "." + suffix), parameter.problem(with: value) == nil else { return .some(nil) }
            parameter.set(value, in: &next)
        }
        return .some(next)
    }

    /// The detail line for a spring in a tool's form, short enough for the panel: the tool's label
    /// for the spring's length (where the form has one) against the true settle time, "SwiftUI
    /// duration 0.45 s = 54.2 % of its 0.831 s settle"; else its numbers and the settle time,
    /// "Figma stiffness 80, damping 30, mass 1 · settles in 1.592 s".
    package static func toolFormLine(_ spring: Spring, as kind: ImportedSpring.Kind) -> String? {
        guard let figures = toolFigures(spring, as: kind),
              let imported = try? ImportedSpring(kind: kind, arguments: figures.map { "\($0)" }) else { return nil }
        func n(_ v: Double) -> String { FeelNumber.trimmed(v, places: 3) }
        let tool = String(kind.tool.split(separator: " ").first ?? "")
        let settle = imported.settleSeconds
        if let label = imported.label, settle > 0 {
            return "\(tool) \(label.name) \(n(label.seconds)) s = \(FeelNumber.trimmed(label.seconds / settle * 100, places: 1)) % "
                + "of its \(n(settle)) s settle"
        }
        let numbers = zip(kind.names, figures).map { "\($0) \(FeelNumber.trimmed($1, places: 2))" }.joined(separator: ", ")
        return "\(tool) \(numbers) · settles in \(n(settle)) s"
    }
}
