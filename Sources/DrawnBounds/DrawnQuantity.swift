/// One quantity a frame draws, at one instant, with the bound the jump detector holds it to.
///
/// `speedLimit` is the fastest the quantity can change from this instant on under the motion that
/// drives it, in its unit per second: for a spring with angular frequency `ω₀` and damping ratio `ζ`
/// driving a component at displacement `x` from its target with velocity `v`, the spring's energy
/// speed `√(v² + ω₀²x²)`, which the spring can never exceed afterwards (its energy
/// `½v² + ½ω₀²x²` only falls, at `dE/dt = −2ζω₀v²`); for a tween, its rate; for a quantity derived
/// from others (the drawn size `size·scale`, the crop from the size's shape, the backdrop from the
/// progress), the chain rule over the bounds of its parts. The same energy argument bounds how fast
/// the limit can have fallen before this instant: `decayRate` (`2ζω₀` for a spring, 0 for a tween),
/// so a sample taken after a motion also bounds the motion that led to it. See docs/continuity.md.
package struct DrawnQuantity: Hashable, Sendable {
    /// Which drawn quantity.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The backdrop's opacity.
        case backdrop
        /// A photo quad's centre, points.
        case center
        /// A photo quad's drawn width and height, points.
        case size
        /// A photo quad's rotation, radians.
        case rotation
        /// A photo quad's unit-space crop (x, y, width, height).
        case crop
        /// A photo quad's opacity.
        case alpha

        /// The unit its changes are printed in.
        package var unit: String {
            switch self {
            case .center, .size: "pt"
            case .rotation: "rad"
            case .backdrop, .crop, .alpha: ""
            }
        }
    }

    package var kind: Kind
    /// The photo whose quad this is; nil for the backdrop.
    package var photo: Int?
    /// The quantity's components (one for the backdrop, alpha and rotation; two for the centre and
    /// size; four for the crop).
    package var value: [Double]
    /// The fastest it can change from now on under its own motion, unit per second (may be ∞: not checked).
    package var speedLimit: Double
    /// How fast `speedLimit` can fall over time, per second.
    package var decayRate: Double
    /// The largest step its motion may take at once by design (a spring's snap onto its target at rest).
    package var tolerance: Double

    package init(kind: Kind, photo: Int?, value: [Double], speedLimit: Double, decayRate: Double, tolerance: Double) {
        self.kind = kind; self.photo = photo; self.value = value
        self.speedLimit = speedLimit; self.decayRate = decayRate; self.tolerance = tolerance
    }

    /// The Euclidean distance between two values of the same quantity.
    package static func distance(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count else { return .infinity }
        var sum = 0.0
        for (x, y) in zip(a, b) { sum += (x - y) * (x - y) }
        return sum.squareRoot()
    }

    /// What identifies the quantity from one sample to the next.
    package struct Key: Hashable, Sendable {
        package var kind: Kind
        package var photo: Int?
        package init(kind: Kind, photo: Int?) { self.kind = kind; self.photo = photo }
    }
    package var key: Key { Key(kind: kind, photo: photo) }
}
