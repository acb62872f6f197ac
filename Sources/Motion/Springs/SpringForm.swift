/// The ways designers write a spring down, and the conversions between them, in one place:
/// response and damping ratio (SwiftUI's `Spring(response:dampingRatio:)`, PhotoZoom's own),
/// duration and bounce (SwiftUI's `Spring(duration:bounce:)`), and stiffness, damping and mass
/// (Figma, Compose, UIKit's `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`,
/// motion libraries).
///
/// The motion depends on response and ζ alone; the mass only scales stiffness and damping
/// (`k = m·(2π/response)²`, `c = 4π·ζ·m/response`).
package enum SpringForm: String, CaseIterable, Hashable, Sendable {
    /// `response` seconds per undamped oscillation, damping ratio ζ.
    case response
    /// SwiftUI's `duration` (the response) and `bounce` (`1 − ζ`, or `1/ζ − 1` when over-damped).
    case durationBounce = "duration"
    /// Stiffness N/m, damping N·s/m, mass kg.
    case physical

    /// One number of a form: its name, value and unit.
    package struct Figure: Hashable, Sendable {
        package var name: String
        package var value: Double
        package var unit: String
    }

    /// The names of the form's numbers, in order.
    package var names: [String] {
        switch self {
        case .response: ["response", "dampingRatio"]
        case .durationBounce: ["duration", "bounce"]
        case .physical: ["stiffness", "damping", "mass"]
        }
    }

    /// `spring` written in this form (physical at `mass`, 1 kg unless said).
    package func figures(of spring: Spring, mass: Double = 1) -> [Figure] {
        switch self {
        case .response:
            [Figure(name: "response", value: spring.responseSeconds, unit: "s"),
             Figure(name: "dampingRatio", value: spring.dampingRatio, unit: "")]
        case .durationBounce:
            [Figure(name: "duration", value: spring.durationSeconds, unit: "s"),
             Figure(name: "bounce", value: spring.bounce, unit: "")]
        case .physical:
            [Figure(name: "stiffness", value: spring.stiffness(mass: mass), unit: "N/m"),
             Figure(name: "damping", value: spring.damping(mass: mass), unit: "N·s/m"),
             Figure(name: "mass", value: mass, unit: "kg")]
        }
    }

    /// The spring these numbers (in `names`' order) describe; nil for the wrong count or numbers
    /// that describe no spring (a non-positive response, stiffness or mass, a bounce of −1 or less).
    package func spring(from values: [Double]) -> Spring? {
        guard values.count == names.count, values.allSatisfy(\.isFinite) else { return nil }
        let spring: Spring
        switch self {
        case .response: spring = Spring(responseSeconds: values[0], dampingRatio: values[1])
        case .durationBounce:
            guard values[1] > -1, values[1] < 1 else { return nil }
            spring = Spring(durationSeconds: values[0], bounce: values[1])
        case .physical:
            guard values[0] > 0, values[2] > 0, values[1] >= 0 else { return nil }
            spring = Spring(stiffness: values[0], damping: values[1], mass: values[2])
        }
        return spring.isValid ? spring : nil
    }
}
