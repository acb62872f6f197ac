/// UIScrollView's rubber band: resistance that grows as a value is pulled past a limit.
///
/// `band(x) = (1 − 1 / (|x|·c / d + 1))·d`, signed like `x`: slope `c` at the limit, never
/// reaching the dimension `d`. `unband` is its inverse, for turning a displayed overshoot back
/// into the raw pull when a gesture resumes past a limit. Bad input (a NaN offset, a dimension or
/// coefficient that is not finite and positive) gives 0 rather than NaN.
public enum RubberBand {
    /// UIScrollView's constant.
    public static let defaultCoefficient = 0.55

    /// The displayed overshoot (points) for a raw `offset` (points) past the limit, within
    /// `dimension` points: `(1 − 1 / (|offset|·c / dimension + 1))·dimension`, odd in `offset`.
    package static func band(_ offset: Double, dimension: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard dimension > 0, dimension.isFinite, c > 0, c.isFinite, !offset.isNaN else { return 0 }
        let magnitude = (1 - 1 / (abs(offset) * c / dimension + 1)) * dimension
        return offset < 0 ? -magnitude : magnitude
    }

    /// d(band)/d(offset) at the raw `offset` past the limit: `c / (|offset|·c / dimension + 1)²`,
    /// `c` at the limit and falling toward 0 (a velocity past a limit is scaled by it). Bad input gives 0.
    public static func slope(_ offset: Double, dimension: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard dimension > 0, dimension.isFinite, c > 0, c.isFinite, !offset.isNaN else { return 0 }
        let q = abs(offset) * c / dimension + 1
        return c / (q * q)
    }

    /// The raw offset that displays as `banded`: the inverse of `band`,
    /// `(1 / (1 − |banded|/dimension) − 1)·dimension / c`. A `|banded|` at or beyond `dimension`
    /// (which `band` never reaches) is treated as just under it, giving a large finite offset.
    package static func unband(_ banded: Double, dimension: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard dimension > 0, dimension.isFinite, c > 0, c.isFinite, !banded.isNaN else { return 0 }
        let m = min(abs(banded), dimension * (1 - 1e-12))
        let raw = (1 / (1 - m / dimension) - 1) * dimension / c
        return banded < 0 ? -raw : raw
    }

    /// `value` clamped to `lower...upper`, with the excess rubber-banded within `dimension`.
    package static func clamp(_ value: Double, lower: Double, upper: Double, dimension: Double,
                             coefficient c: Double = defaultCoefficient) -> Double {
        if value < lower { return lower + band(value - lower, dimension: dimension, coefficient: c) }
        if value > upper { return upper + band(value - upper, dimension: dimension, coefficient: c) }
        return value
    }

    /// The raw value that `clamp` displays as `displayed`: the inverse of `clamp`.
    package static func unclamp(_ displayed: Double, lower: Double, upper: Double, dimension: Double,
                               coefficient c: Double = defaultCoefficient) -> Double {
        if displayed < lower { return lower + unband(displayed - lower, dimension: dimension, coefficient: c) }
        if displayed > upper { return upper + unband(displayed - upper, dimension: dimension, coefficient: c) }
        return displayed
    }
}
