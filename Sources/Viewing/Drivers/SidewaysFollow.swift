import Motion
import FeelModel

/// How far the held photo follows the pointer sideways during a dismissal: 1:1 (every preset but
/// `ios`), or at a gain, rubber-banded toward a limit: `x' = band(x)` with UIScrollView's band of
/// coefficient `gain` within `bandPoints`, slope `gain` at the start and never reaching the limit.
/// The scale is not touched (it follows the downward travel alone).
///
/// iOS (swift_transitions' parity plan, stage 4): 26 pt for a 50 pt sweep, 49 for 100, 69 for 150,
/// 85 for 195, either way: gain 0.56 banded toward 364 pt (0.9 of the 402 pt screen).
package struct SidewaysFollow: Hashable, Sendable {
    package var gain: Double
    package var bandPoints: Double

    package init(feel: Feel) {
        gain = feel.dismissSidewaysGain
        bandPoints = feel.dismissSidewaysBandPoints
    }

    /// 1:1: the sideways travel shows as it is.
    package var isIdentity: Bool { gain == 1 && bandPoints <= 0 }

    /// The sideways offset shown for a sideways travel `x`, points.
    package func offset(_ x: Double) -> Double {
        if isIdentity { return x }
        return bandPoints > 0 ? RubberBand.band(x, dimension: bandPoints, coefficient: gain) : gain * x
    }

    /// `d offset / d x` at `x`.
    package func slope(_ x: Double) -> Double {
        if isIdentity { return 1 }
        return bandPoints > 0 ? RubberBand.slope(x, dimension: bandPoints, coefficient: gain) : gain
    }
}
