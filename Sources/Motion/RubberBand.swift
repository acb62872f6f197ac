/// UIScrollView's rubber band: resistance that grows as a value is pulled past a limit.
public enum RubberBand {
    /// UIScrollView's constant.
    public static let defaultCoefficient = 0.55

    /// The displayed overshoot for a raw `offset` past the limit, within `dimension` points:
    /// `(1 − 1 / (offset·c / dimension + 1))·dimension`, odd in `offset`.
    public static func band(_ offset: Double, dimension: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(offset) * c / dimension + 1)) * dimension
        return offset < 0 ? -magnitude : magnitude
    }

    /// The raw offset that displays as `banded`: the inverse of `band`, for |banded| < dimension.
    public static func unband(_ banded: Double, dimension: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let m = min(abs(banded), dimension * (1 - 1e-12))
        let raw = (1 / (1 - m / dimension) - 1) * dimension / c
        return banded < 0 ? -raw : raw
    }

    /// `value` clamped to `lower...upper`, with the excess rubber-banded within `dimension`.
    public static func clamp(_ value: Double, lower: Double, upper: Double, dimension: Double,
                             coefficient c: Double = defaultCoefficient) -> Double {
        if value < lower { return lower + band(value - lower, dimension: dimension, coefficient: c) }
        if value > upper { return upper + band(value - upper, dimension: dimension, coefficient: c) }
        return value
    }
}
