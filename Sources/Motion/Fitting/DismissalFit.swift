import Geometry

/// The gesture behind a recorded dismissal session: the drag radius a release's projected travel
/// must pass to close (the dismissal threshold), the deceleration rate its velocity is projected
/// with, and the held scale's shape (slope, floor and the rubber-band knee), each with the range the
/// recording allows.
///
/// **Threshold and projection.** A release closes when its travel plus the momentum projection of
/// its velocity passes the radius: `d + k·v > R`, with `k = r / (1000·(1 − r))` seconds for a
/// deceleration rate `r` per millisecond (`Momentum.project`). Each release is one half-plane in
/// `(R, k)`; the recording allows their intersection, a convex polygon (clipped to
/// `R ∈ [0, 5000] pt`, `k ∈ [0, 2] s`). The estimate is its centroid, the confidence its extent:
/// releases at rest bracket `R` alone; thrown ones (short and fast against long and slow) bound `k`.
/// A release moving back up is left out (a reversal returns whatever the distance).
///
/// **Held scale.** The photo's scale over its scale at the grab against the downward travel `x`:
/// `f = 1 − g·x` up to the knee `K`, then a rubber band toward the floor `m` with the same slope,
/// `f = m + d / (1 + g·(x − K)/d)`, `d = 1 − g·K − m` (`DismissShrink`, no dead zone); or, without a
/// knee, linear down to the floor, `f = max(m, 1 − g·x)`. Both are fitted by least squares; the knee
/// is kept when it halves the RMS, and its range is where the profiled RMS stays within
/// `max(2 × best, 1e-4)`.
package struct DismissalFit: Hashable, Sendable {
    /// The window the release velocity is fitted over, seconds.
    package static let velocityWindowSeconds = 0.05

    /// A fitted figure and the range the recording allows it.
    package struct Estimate: Hashable, Sendable {
        package var value: Double
        package var lower: Double
        package var upper: Double
        /// False where the recording leaves that side open (the range ends at the search's edge).
        package var boundedBelow: Bool
        package var boundedAbove: Bool

        /// Half the range over the value: ±this fraction (infinite when a side is open).
        package var relativeHalfWidth: Double {
            guard boundedBelow, boundedAbove, value != 0 else { return .infinity }
            return (upper - lower) / 2 / abs(value)
        }
    }

    /// One release as the decision read it.
    package struct Release: Hashable, Sendable {
        /// Downward travel at the release (pt) and the downward velocity (pt/s).
        package var travel: Double
        package var velocity: Double
        package var closes: Bool
        /// False for a release left out of the threshold (moving back up, or too few frames).
        package var counted: Bool
    }

    /// The held scale's shape.
    package struct Shrink: Hashable, Sendable {
        /// Slope of the scale per point of travel before the knee.
        package var slopePerPoint: Double
        /// The floor the scale eases toward.
        package var minimumScale: Double
        /// The knee's travel over the window height (nil: linear to the floor fitted better).
        package var knee: Estimate?
        /// Root mean square of the scale's residuals, and how many samples were fitted.
        package var rmsError: Double
        package var sampleCount: Int
        /// The travel over the window height at which the linear part would reach the floor
        /// (`Feel.dismissShrinkDistanceFraction`): `(1 − m) / (g·H)`.
        package var reachFraction: Double
        /// False when the recording shows no floor: a straight fall whose smallest scale lies above
        /// the fitted floor (any floor below it fits), so the floor and the reach are not known.
        package var floorSeen: Bool
    }

    package var releases: [Release]
    /// The drag radius, pt (nil: no release was counted, or no radius decides them all).
    package var threshold: Estimate?
    /// The deceleration rate per millisecond (nil as the threshold).
    package var decelerationRate: Estimate?
    /// True when no `(R, k)` decides every counted release as recorded (another rule decided).
    package var inconsistent: Bool
    /// Nil with fewer than 8 samples of downward travel.
    package var shrink: Shrink?

    /// The search box of the threshold's polygon: radius (pt) and projection (s).
    static let radiusRange = 0.0...5000.0
    static let projectionRange = 0.0...2.0

    /// Fits `recording`.
    package static func fit(_ recording: DismissalRecording) -> DismissalFit {
        let releases = recording.holds.map { hold -> Release in
            guard let v = hold.releaseVelocity() else {
                return Release(travel: hold.travel.last ?? 0, velocity: 0, closes: hold.closes, counted: false)
            }
            let d = hold.releaseTravel(velocity: v)
            return Release(travel: d, velocity: v, closes: hold.closes, counted: v >= 0 && d >= 0)
        }
        let (threshold, rate, inconsistent) = decisionBounds(releases.filter(\.counted))
        let samples = recording.holds.flatMap { hold in zip(hold.travel, hold.scale).filter { $0.0 >= 0 } }
        return DismissalFit(releases: releases, threshold: threshold, decelerationRate: rate, inconsistent: inconsistent,
                            shrink: fitShrink(samples.map(\.0), samples.map(\.1), windowHeight: recording.windowHeight))
    }

    /// The projection `k` (s) of a deceleration rate `r` per ms, and back.
    package static func projectionSeconds(rate r: Double) -> Double { r / (1000 * (1 - r)) }
    package static func rate(projectionSeconds k: Double) -> Double { 1000 * k / (1 + 1000 * k) }
}

// MARK: - Threshold and projection

extension DismissalFit {
    /// The polygon of `(R, k)` every release allows, as estimates of the radius and the rate.
    static func decisionBounds(_ releases: [Release]) -> (Estimate?, Estimate?, Bool) {
        guard !releases.isEmpty else { return (nil, nil, false) }
        var polygon = [Point(radiusRange.lowerBound, projectionRange.lowerBound), Point(radiusRange.upperBound, projectionRange.lowerBound),
                       Point(radiusRange.upperBound, projectionRange.upperBound), Point(radiusRange.lowerBound, projectionRange.upperBound)]
        for r in releases {
            // closes: R − v·k < d; returns: −R + v·k ≤ −d (a point is (R, k)).
            let sign = r.closes ? 1.0 : -1.0
            polygon = clip(polygon, a: sign, b: -sign * r.velocity, c: sign * r.travel)
            if polygon.isEmpty { return (nil, nil, true) }
        }
        let centre = centroid(polygon)
        let rs = polygon.map(\.x), ks = polygon.map(\.y)
        func estimate(_ value: Double, _ values: [Double], _ range: ClosedRange<Double>) -> Estimate {
            let lo = values.min() ?? range.lowerBound, hi = values.max() ?? range.upperBound
            let edge = 1e-9 * (range.upperBound - range.lowerBound)
            return Estimate(value: value, lower: lo, upper: hi, boundedBelow: lo > range.lowerBound + edge,
                            boundedAbove: hi < range.upperBound - edge)
        }
        let radius = estimate(centre.x, rs, radiusRange)
        let k = estimate(centre.y, ks, projectionRange)
        // The rate is monotonic in k: its range is the image of k's.
        let rate = Estimate(value: Self.rate(projectionSeconds: k.value), lower: Self.rate(projectionSeconds: k.lower),
                            upper: Self.rate(projectionSeconds: k.upper), boundedBelow: k.boundedBelow, boundedAbove: k.boundedAbove)
        return (radius, rate, false)
    }

    /// `polygon` (convex, in order) cut to `a·x + b·y ≤ c` (Sutherland–Hodgman).
    static func clip(_ polygon: [Point], a: Double, b: Double, c: Double) -> [Point] {
        func inside(_ p: Point) -> Bool { a * p.x + b * p.y <= c }
        func crossing(_ p: Point, _ q: Point) -> Point {
            let fp = a * p.x + b * p.y - c, fq = a * q.x + b * q.y - c
            let t = fp / (fp - fq)
            return Point(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y))
        }
        var out: [Point] = []
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            switch (inside(p), inside(q)) {
            case (true, true): out.append(q)
            case (true, false): out.append(crossing(p, q))
            case (false, true): out.append(crossing(p, q)); out.append(q)
            case (false, false): break
            }
        }
        return out
    }

    /// The area centroid of a convex polygon (the mean of its vertices when it has no area).
    static func centroid(_ polygon: [Point]) -> Point {
        var area = 0.0, cx = 0.0, cy = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            let cross = p.x * q.y - q.x * p.y
            area += cross; cx += (p.x + q.x) * cross; cy += (p.y + q.y) * cross
        }
        // The search box's sides differ by 2,500×: an area under 1e-12 of it is a sliver or a point.
        guard abs(area) > 1e-12 * (radiusRange.upperBound * projectionRange.upperBound) else {
            let n = Double(max(polygon.count, 1))
            return Point(polygon.reduce(0) { $0 + $1.x } / n, polygon.reduce(0) { $0 + $1.y } / n)
        }
        return Point(cx / (3 * area), cy / (3 * area))
    }
}
