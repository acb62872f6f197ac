import Motion
import Viewing
import FeelModel

// A spring's two rows read and stepped in the designer's form of choice: response and damping ratio
// (the feel file's), SwiftUI's duration and bounce, or stiffness and damping at mass 1 kg (Figma,
// Compose, UIKit). The feel file always keeps response and ζ; only the panel's view changes.
extension TuningPanel {
    /// The next form, in the order `m` cycles through them.
    package static func form(after form: SpringForm) -> SpringForm {
        let all = SpringForm.allCases
        return all[(all.firstIndex(of: form)! + 1) % all.count]
    }

    /// The mass the panel's stiffness and damping are given at, kg.
    package static let springFormMass = 1.0

    /// For a spring's row: the spring's key, the spring in `feel` and which of the form's first two
    /// numbers the row shows (0 for the response row, 1 for the damping-ratio row); nil otherwise.
    static func springRow(_ p: FeelParameter, feel: Feel) -> (key: String, spring: Spring, index: Int)? {
        let parts = p.key.split(separator: ".").map(String.init)
        guard parts.count == 2, let role = FeelExport.allSpringRoles.first(where: { $0.key == parts[0] }) else { return nil }
        guard let index = ["responseSeconds", "dampingRatio"].firstIndex(of: parts[1]) else { return nil }
        return (role.key, feel[keyPath: role.path], index)
    }

    /// The row's name, value and unit in the panel's spring form, or nil for a row that is not a
    /// spring's or while the form is the file's own (response and ζ).
    package func springFormRow(_ p: FeelParameter, feel: Feel) -> (key: String, value: Double, unit: String)? {
        guard springForm != .response, let row = Self.springRow(p, feel: feel) else { return nil }
        let figure = springForm.figures(of: row.spring, mass: Self.springFormMass)[row.index]
        return (row.key + "." + figure.name, figure.value, figure.unit)
    }

    /// Coarse and fine steps of a form's numbers: duration as the response's, bounce 0.05 / 0.01,
    /// stiffness 10 / 1 N/m, damping 1 / 0.1 N·s/m.
    static func formSteps(_ form: SpringForm, index: Int) -> (coarse: Double, fine: Double) {
        switch (form, index) {
        case (.physical, 0): (10, 1)
        case (.physical, _): (1, 0.1)
        default: (0.05, 0.01)
        }
    }

    /// `feel` with the selected spring row's number in the panel's form moved by `steps` (coarse or
    /// fine), the spring's other number in that form held; nil when the row is not a spring's, the
    /// form is the file's own, or the result is no spring or leaves the rows' ranges (the panel
    /// then stays put).
    package func steppedInSpringForm(_ p: FeelParameter, feel: Feel, steps: Int, fine: Bool) -> Feel?? {
        guard springForm != .response, let row = Self.springRow(p, feel: feel) else { return nil }
        var values = springForm.figures(of: row.spring, mass: Self.springFormMass).map(\.value)
        let step = Self.formSteps(springForm, index: row.index)
        let size = fine ? step.fine : step.coarse
        // Onto the step's grid, then on by whole steps (as FeelParameter.adjusted does).
        values[row.index] = ((values[row.index] / size).rounded() + Double(steps)) * size
        guard let spring = springForm.spring(from: values) else { return .some(nil) }
        var next = feel
        for (suffix, value) in [("responseSeconds", spring.responseSeconds), ("dampingRatio", spring.dampingRatio)] {
            guard let parameter = Feel.parameter(row.key + "." + suffix), parameter.problem(with: value) == nil else { return .some(nil) }
            parameter.set(value, in: &next)
        }
        return .some(next)
    }

    /// The spring in all three forms, one line: "0.45 s ζ 0.85 · duration 0.45 s bounce 0.15 · k 194.96 c 23.74 m 1".
    package static func springFormsLine(_ spring: Spring) -> String {
        func n(_ v: Double) -> String { FeelNumber.trimmed(v, places: 2) }
        let r = SpringForm.response.figures(of: spring), d = SpringForm.durationBounce.figures(of: spring)
        let k = SpringForm.physical.figures(of: spring, mass: springFormMass)
        return "\(n(r[0].value)) s ζ \(n(r[1].value)) · duration \(n(d[0].value)) s bounce \(n(d[1].value)) · "
            + "k \(n(k[0].value)) c \(n(k[1].value)) m \(n(k[2].value))"
    }
}
