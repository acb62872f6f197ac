import FeelModel
/// How a downward drag shrinks the held photo: the factor `f` on its scale for a downward travel.
///
/// Travel within `deadZonePoints` does not shrink (`x = max(0, dy − deadZone)`). Past it the factor
/// falls linearly at `g = (1 − minimumScale) / (reachFraction·H)` per point, `f = 1 − g·x`, until the
/// minimum at `x = reachFraction·H` (the shape every preset but `ios` has: no dead zone, no knee).
/// With a knee at `K = kneeFraction·H` the linear part ends there and the rest eases toward the
/// minimum as a rubber band with the same slope at the knee:
/// `f = m + d / (1 + g·(x − K)/d)`, `d = (1 − g·K) − m`, which approaches the minimum and never
/// reaches it (iOS's held scale, swift_transitions' parity plan, stage 4).
package struct DismissShrink: Hashable, Sendable {
    package var minimumScale: Double
    package var reachFraction: Double
    /// Travel, as a fraction of the window height, where the linear shrink ends (0: none).
    package var kneeFraction: Double
    package var deadZonePoints: Double

    package init(feel: Feel) {
        minimumScale = feel.dismissMinimumScale
        reachFraction = feel.dismissShrinkDistanceFraction
        kneeFraction = feel.dismissShrinkKneeFraction
        deadZonePoints = feel.dismissDeadZonePoints
    }

    /// True for the plain linear shrink (no dead zone, no knee), computed exactly as it always was.
    private var isLinear: Bool { kneeFraction <= 0 && deadZonePoints <= 0 }

    /// The factor for a downward travel `dy` (points) in a window `height` points tall.
    package func factor(dy: Double, height: Double) -> Double {
        let reach = max(1, reachFraction * height)
        if isLinear { return max(0, 1 - (1 - minimumScale) * min(max(dy / reach, 0), 1)) }
        let x = max(0, dy - deadZonePoints)
        let g = (1 - minimumScale) / reach
        let knee = kneeFraction * height
        guard kneeFraction > 0, x > knee else { return max(minimumScale, 1 - g * x) }
        let d = 1 - g * knee - minimumScale
        guard d > 0 else { return max(minimumScale, 1 - g * x) }
        return minimumScale + d / (1 + g * (x - knee) / d)
    }

    /// `df/d(dy)` at a downward travel `dy` (per point).
    package func slope(dy: Double, height: Double) -> Double {
        let reach = max(1, reachFraction * height)
        if isLinear { return dy > 0 && dy < reach ? -(1 - minimumScale) / reach : 0 }
        let x = dy - deadZonePoints
        guard x > 0 else { return 0 }
        let g = (1 - minimumScale) / reach
        let knee = kneeFraction * height
        guard kneeFraction > 0, x > knee else { return x < reach ? -g : 0 }
        let d = 1 - g * knee - minimumScale
        guard d > 0 else { return x < reach ? -g : 0 }
        let q = 1 + g * (x - knee) / d
        return -g / (q * q)
    }

    /// The mean slope over the hand's path in the last `seconds` at `velocity` (pt/s): the secant
    /// from `dy − velocity·seconds` to `dy`, per point (the slope at `dy` for a hand at rest).
    /// Within one linear stretch it is the slope; across the point where the shrink begins it is
    /// what the hand's recent motion actually did to the factor.
    package func pathSlope(dy: Double, velocity: Double, seconds: Double, height: Double) -> Double {
        let back = velocity * seconds
        guard abs(back) > 1e-9, seconds > 0 else { return slope(dy: dy, height: height) }
        return (factor(dy: dy, height: height) - factor(dy: dy - back, height: height)) / back
    }
}
