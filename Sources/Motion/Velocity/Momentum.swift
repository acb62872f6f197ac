import Geometry

/// Where momentum carries a value once released, under UIScrollView-style deceleration: the
/// velocity is multiplied by the deceleration rate `r` every millisecond.
///
/// Two forms are offered; they differ by half a millisecond's travel:
/// - `project(velocity:decelerationRate:)`, the **discrete sum** over milliseconds used in Apple's
///   "Designing Fluid Interfaces" (WWDC 2018): `Σₙ₌₁^∞ (v/1000)·rⁿ = (v/1000)·r/(1 − r)`;
///   1000 pt/s at 0.998 → 499 pt. The app decides on this one.
/// - `projectContinuous(velocity:decelerationRate:)`, the **continuous integral** of
///   `v(t) = v·r^{1000t}`: `∫₀^∞ v·r^{1000t} dt = v / (−1000·ln r)`; 1000 pt/s at 0.998 →
///   499.4998 pt. It is where `offset(after:velocity:decelerationRate:)`, a decay animation in
///   closed form, comes to rest.
public enum Momentum {
    /// UIScrollView's normal deceleration rate per millisecond.
    public static let normalDecelerationRate = 0.998
    /// UIScrollView's fast deceleration rate per millisecond.
    package static let fastDecelerationRate = 0.99

    /// The distance (units) travelled by `velocity` (units per second) decaying by
    /// `decelerationRate` per millisecond: the discrete sum `(v/1000)·r/(1 − r)`.
    /// 0 for a rate outside (0, 1) or a non-finite velocity.
    package static func project(velocity: Double, decelerationRate: Double = normalDecelerationRate) -> Double {
        guard velocity.isFinite, decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The release velocity (units per second) that `project` carries `distance` units: the
    /// inverse, `v = 1000·d·(1 − r)/r`.
    public static func velocity(toTravel distance: Double, decelerationRate: Double = normalDecelerationRate) -> Double {
        guard distance.isFinite, decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return distance * 1000 * (1 - decelerationRate) / decelerationRate
    }

    /// The distance (units) of the continuous decay `v·r^{1000t}`: `v / (−1000·ln r)`.
    package static func projectContinuous(velocity: Double, decelerationRate: Double = normalDecelerationRate) -> Double {
        guard velocity.isFinite, decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return velocity / (-1000 * logarithm(decelerationRate))
    }

    /// The release velocity that the continuous decay carries `distance` units: `−1000·d·ln r`.
    package static func velocityContinuous(toTravel distance: Double,
                                          decelerationRate: Double = normalDecelerationRate) -> Double {
        guard distance.isFinite, decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return -1000 * distance * logarithm(decelerationRate)
    }

    /// The offset (units) `t` seconds after a release at `velocity`, decaying continuously:
    /// `projectContinuous(v)·(1 − r^{1000t})`. 0 for `t ≤ 0`.
    package static func offset(after t: Double, velocity: Double,
                              decelerationRate: Double = normalDecelerationRate) -> Double {
        guard t > 0 else { return 0 }
        let total = projectContinuous(velocity: velocity, decelerationRate: decelerationRate)
        guard t.isFinite else { return total }
        return total * (1 - exponential(1000 * t * logarithm(decelerationRate)))
    }

    /// The velocity (units per second) `t` seconds after a release at `velocity`: `v·r^{1000t}`.
    public static func velocity(after t: Double, velocity: Double,
                                decelerationRate: Double = normalDecelerationRate) -> Double {
        guard velocity.isFinite, decelerationRate > 0, decelerationRate < 1 else { return 0 }
        guard t > 0 else { return velocity }
        guard t.isFinite else { return 0 }
        return velocity * exponential(1000 * t * logarithm(decelerationRate))
    }

    /// Seconds until the continuous decay's speed falls to `restSpeed` (units per second):
    /// `ln(restSpeed/|v|) / (1000·ln r)`; 0 when already that slow.
    public static func duration(velocity: Double, restSpeed: Double,
                                decelerationRate: Double = normalDecelerationRate) -> Double {
        guard velocity.isFinite, restSpeed > 0, decelerationRate > 0, decelerationRate < 1,
              abs(velocity) > restSpeed else { return 0 }
        return logarithm(restSpeed / abs(velocity)) / (1000 * logarithm(decelerationRate))
    }
}
