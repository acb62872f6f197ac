import Foundation

// Each platform's spring as that platform documents it, written for the parity tests from the
// platforms' documentation and sources, independently of PhotoZoom's spring code (Motion's
// `Spring` is not used here: the motion is integrated numerically, or stepped as the platform
// steps it). Progress runs from 0 at the release to 1 at the target; velocities are in spans
// (travels) per second.

// MARK: - The model

/// A mass on a spring with a damper, `m·x″ + c·x′ + k·x = 0` for the displacement `x` from the
/// target, integrated by the classic fourth-order Runge–Kutta method at 0.2 ms (a local error of
/// about `(ω₀·h)⁵/120` ≤ 2e-12 of the travel for the springs checked, `ω₀·h` ≤ 0.011).
///
/// Every platform below documents its spring as this model with its own names for `m`, `k`, `c`.
struct DampedOscillator {
    var mass: Double
    var stiffness: Double
    var damping: Double

    /// Progress at `0, step, 2·step, …` up to `count − 1` steps, released at 0 with `velocity`
    /// spans per second toward 1.
    func progress(step: Double, count: Int, velocity: Double) -> [Double] {
        let substeps = Int((step / 0.0002).rounded())
        let h = step / Double(substeps)
        var x = -1.0, v = velocity
        func acceleration(_ x: Double, _ v: Double) -> Double { -(stiffness * x + damping * v) / mass }
        var out = [1 + x]
        out.reserveCapacity(count)
        while out.count < count {
            for _ in 0..<substeps {
                let a1 = acceleration(x, v)
                let x2 = x + v * h / 2, v2 = v + a1 * h / 2
                let a2 = acceleration(x2, v2)
                let x3 = x + v2 * h / 2, v3 = v + a2 * h / 2
                let a3 = acceleration(x3, v3)
                let x4 = x + v3 * h, v4 = v + a3 * h
                let a4 = acceleration(x4, v4)
                x += h / 6 * (v + 2 * v2 + 2 * v3 + v4)
                v += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
            }
            out.append(1 + x)
        }
        return out
    }
}

// MARK: - Apple

/// SwiftUI's `Spring` (iOS 17, macOS 14).
enum SwiftUIReference {
    /// `Spring(response:dampingRatio:)` and `Animation.spring(response:dampingFraction:)`.
    ///
    /// Source: developer.apple.com/documentation/swiftui/spring/init(response:dampingratio:)
    /// ("response: the stiffness of the spring, defined as an approximate duration in seconds";
    /// "dampingRatio: the amount of drag applied as a fraction of the amount needed to produce
    /// critical damping") and WWDC23 session 10158 "Animate with springs": mass 1, stiffness
    /// (2π ÷ response)², so damping = ζ · 2√(k·m) = 4π·ζ ÷ response.
    static func spring(response: Double, dampingRatio: Double) -> DampedOscillator {
        let k = pow(2 * Double.pi / response, 2)
        return DampedOscillator(mass: 1, stiffness: k, damping: dampingRatio * 2 * k.squareRoot())
    }

    /// `Spring(duration:bounce:)`.
    ///
    /// Source: WWDC23 session 10158 "Animate with springs": mass 1, stiffness (2π ÷ duration)²,
    /// damping (1 − bounce) × 4π ÷ duration for bounce ≥ 0. developer.apple.com/documentation/
    /// swiftui/spring/bounce says negative bounce is over-damped down to −1 but gives no formula;
    /// Apple does not publish one. The over-damped ratio here, ζ = 1 / (1 + bounce), is the one the
    /// re-implementation of SwiftUI in OpenSwiftUIProject/OpenSwiftUI reads out of SwiftUI
    /// (its `Spring(duration:bounce:)`), and the one under which SwiftUI's `bounce` and
    /// `dampingRatio` getters are inverses: not Apple's own statement.
    static func spring(duration: Double, bounce: Double) -> DampedOscillator {
        let k = pow(2 * Double.pi / duration, 2)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return DampedOscillator(mass: 1, stiffness: k, damping: ratio * 4 * Double.pi / duration)
    }
}

/// UIKit's `UISpringTimingParameters`.
enum UIKitReference {
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`, with the velocity a
    /// designer has: `gestureVelocity` points per second over a travel of `span` points.
    ///
    /// Source: developer.apple.com/documentation/uikit/uispringtimingparameters/
    /// init(mass:stiffness:damping:initialvelocity:): "The damping ratio for the spring is computed
    /// from the formula: damping / (2 * sqrt (stiffness * mass))"; `initialVelocity` "… a relative
    /// value … if the total animation distance is 200 points and you want the start velocity to
    /// match a gesture velocity of 100 points per second, use a value of 0.5".
    static func timing(mass: Double, stiffness: Double, damping: Double) -> DampedOscillator {
        DampedOscillator(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// The relative `initialVelocity` for a gesture's velocity: velocity ÷ distance to travel.
    static func initialVelocity(gestureVelocity: Double, span: Double) -> Double { gestureVelocity / span }

    /// `UISpringTimingParameters(duration:bounce:initialVelocity:)` (iOS 17): documented as
    /// SwiftUI's `Spring(duration:bounce:)` (developer.apple.com/documentation/uikit/
    /// uispringtimingparameters/init(duration:bounce:initialvelocity:)).
    static func timing(duration: Double, bounce: Double) -> DampedOscillator {
        SwiftUIReference.spring(duration: duration, bounce: bounce)
    }
}

// MARK: - Android

/// Jetpack Compose's `spring(dampingRatio, stiffness)` and the views' `SpringForce`.
enum AndroidReference {
    /// Source: developer.android.com/reference/kotlin/androidx/compose/animation/core/
    /// package-summary#spring ("dampingRatio: damping ratio of the spring", "stiffness: stiffness
    /// of the spring") and androidx's SpringSimulation.kt, which simulates a unit mass: natural
    /// frequency √stiffness, so damping = 2ζ·√stiffness.
    static func compose(dampingRatio: Double, stiffness: Double) -> DampedOscillator {
        DampedOscillator(mass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot())
    }

    /// Source: developer.android.com/reference/androidx/dynamicanimation/animation/SpringForce
    /// (`setStiffness`, `setDampingRatio`; the class comment: "the spring force … with a mass of
    /// 1"), natural frequency √stiffness in SpringForce.java; `SpringAnimation.setStartVelocity`
    /// takes pixels per second.
    static func springForce(stiffness: Double, dampingRatio: Double) -> DampedOscillator {
        DampedOscillator(mass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot())
    }
}

// MARK: - Web

/// Motion (motion.dev, formerly Framer Motion).
enum MotionReference {
    /// `{ type: "spring", stiffness, damping, mass, velocity }`: motion.dev/docs/spring ("stiffness",
    /// "damping", "mass", "velocity: the initial velocity of the spring" in units per second).
    static func physical(stiffness: Double, damping: Double, mass: Double) -> DampedOscillator {
        DampedOscillator(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// `{ type: "spring", visualDuration, bounce }` and the velocity Motion starts it with.
    ///
    /// Source: Motion's spring generator (motiondivision/motion, packages/motion-dom,
    /// animation/generators/spring, `getSpringOptions`): `root = 2π / (visualDuration × 1.2)`,
    /// stiffness `root²`, damping `2 · clamp(0.05, 1, 1 − bounce) · √stiffness`, mass 1, and the
    /// velocity set to 0 for a spring given by duration.
    static func visual(duration: Double, bounce: Double) -> (spring: DampedOscillator, carriesVelocity: Bool) {
        let root = 2 * Double.pi / (duration * 1.2)
        let stiffness = root * root
        let ratio = min(1, max(0.05, 1 - bounce))
        return (DampedOscillator(mass: 1, stiffness: stiffness, damping: 2 * ratio * stiffness.squareRoot()), false)
    }
}

/// react-spring's `config: { tension, friction, mass }`.
enum ReactSpringReference {
    /// Progress as react-spring steps it.
    ///
    /// Source: react-spring.dev/docs/advanced/config (`tension`, `friction`, `mass`, `velocity`)
    /// and its frame step (pmndrs/react-spring, packages/core/src/SpringValue.ts, `advance`):
    /// 1 ms steps of `springForce = −tension·1e-6·(x − to)`, `dampingForce = −friction·1e-3·v`,
    /// `v += (springForce + dampingForce) / mass`, `x += v`, with `v` in units per millisecond
    /// (so `config.velocity` is too). A frame of `dt` ms takes ⌈dt⌉ steps; here the steps are whole
    /// milliseconds of the clock (at 60 Hz react-spring's clock runs 17/16.7 fast, which no config undoes).
    static func progress(tension: Double, friction: Double, mass: Double, step: Double, count: Int, velocityPerSecond: Double) -> [Double] {
        let millisecondsPerSample = Int((step * 1000).rounded())
        var position = 0.0, velocity = velocityPerSecond / 1000
        var out = [position]
        out.reserveCapacity(count)
        while out.count < count {
            for _ in 0..<millisecondsPerSample {
                let springForce = -tension * 0.000001 * (position - 1)
                let dampingForce = -friction * 0.001 * velocity
                velocity += (springForce + dampingForce) / mass
                position += velocity
            }
            out.append(position)
        }
        return out
    }
}

/// CSS's `linear()` easing function.
///
/// Source: CSS Easing Functions Level 2, §2.2 "The linear easing function"
/// (w3.org/TR/css-easing-2/#the-linear-easing-function): each stop is an output and an optional
/// input percentage; the first stop's missing input is 0 %, the last's 100 %, an input smaller
/// than one before it is raised to it, and runs of missing inputs are spread evenly between their
/// neighbours. The output at an input progress is read on the straight line between the last stop
/// at or before it and the next; outputs are not clamped (a stop above 1 overshoots).
struct CSSLinearEasing {
    var inputs: [Double]
    var outputs: [Double]

    /// Parses the argument list of `linear(…)`: "0, 0.42 12.5%, 1".
    init?(arguments: String) {
        var inputs: [Double?] = [], outputs: [Double] = []
        for part in arguments.split(separator: ",") {
            let words = part.split(separator: " ")
            guard let output = words.first.flatMap({ Double($0) }), words.count <= 2 else { return nil }
            outputs.append(output)
            if words.count == 2 {
                guard words[1].hasSuffix("%"), let percent = Double(words[1].dropLast()) else { return nil }
                inputs.append(percent / 100)
            } else {
                inputs.append(nil)
            }
        }
        guard outputs.count >= 2 else { return nil }
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
        var largest = inputs[0]!
        for i in inputs.indices {
            if let input = inputs[i] { largest = max(largest, input); inputs[i] = largest }
        }
        var i = 0
        while i < inputs.count {
            guard inputs[i] == nil else { i += 1; continue }
            let before = i - 1
            var after = i
            while inputs[after] == nil { after += 1 }
            for j in i..<after {
                inputs[j] = inputs[before]! + (inputs[after]! - inputs[before]!) * Double(j - before) / Double(after - before)
            }
            i = after
        }
        self.inputs = inputs.map { $0! }
        self.outputs = outputs
    }

    /// The output at `x` (0…1).
    func output(at x: Double) -> Double {
        // The last stop whose input is at or before x, and the one after it.
        var a = 0
        while a + 1 < inputs.count - 1, inputs[a + 1] <= x { a += 1 }
        let b = a + 1
        if inputs[b] == inputs[a] { return outputs[b] }
        return outputs[a] + (outputs[b] - outputs[a]) * (x - inputs[a]) / (inputs[b] - inputs[a])
    }
}
