/// Where momentum carries a value once released, under UIScrollView-style deceleration.
///
/// With a deceleration rate `r` per millisecond, velocity after `n` ms is `v·rⁿ`; the continuous
/// integral of that decay is `v / 1000 · r / (1 − r)`... see `project(velocity:decelerationRate:)`.
public enum Momentum {
    /// UIScrollView's normal deceleration rate per millisecond.
    public static let normalDecelerationRate = 0.998

    /// The distance travelled by `velocity` (units per second) decaying by `decelerationRate` per ms.
    ///
    /// Discrete sum over milliseconds: Σₙ₌₁^∞ (v/1000)·rⁿ = (v/1000)·r/(1 − r).
    /// For v = 1000 pt/s and r = 0.998 this is 499 pt.
    public static func project(velocity: Double, decelerationRate: Double = normalDecelerationRate) -> Double {
        guard decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The release velocity that travels `distance` before stopping: the inverse of `project`.
    public static func velocity(toTravel distance: Double, decelerationRate: Double = normalDecelerationRate) -> Double {
        guard decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return distance * 1000 * (1 - decelerationRate) / decelerationRate
    }
}
