import Geometry

// MARK: - Held scale

extension DismissalFit {
    /// The held scale `f` at downward travel `x` (points) for slope `g`, floor `m` and knee `K`
    /// (points; nil: linear to the floor): the model the type's documentation gives.
    package static func shrinkModel(_ x: Double, slope g: Double, floor m: Double, knee: Double?) -> Double {
        let x = max(0, x)
        guard let knee, x > knee else { return max(m, 1 - g * x) }
        let d = 1 - g * knee - m
        guard d > 0 else { return max(m, 1 - g * x) }
        return m + d / (1 + g * (x - knee) / d)
    }

    /// The least-squares shape of the held scale `scales` against `travel` (points).
    static func fitShrink(_ travel: [Double], _ scales: [Double], windowHeight: Double) -> Shrink? {
        guard travel.count >= 8, let far = travel.max(), far > 0, windowHeight > 0 else { return nil }
        func squares(slope g: Double, floor m: Double, knee: Double?) -> Double {
            zip(travel, scales).reduce(0) { sum, s in
                let r = shrinkModel(s.0, slope: g, floor: m, knee: knee) - s.1
                return sum + r * r
            }
        }
        // u = (ln g, m); g from the steepest fall any sample shows, m from the smallest scale.
        let g0 = max(1e-6, zip(travel, scales).filter { $0.0 > 1 }.map { (1 - $0.1) / $0.0 }.max() ?? 1e-3)
        let m0 = max(0.01, min(0.99, (scales.min() ?? 0.5) - 0.01))
        func bestShape(knee: Double?, from start: [Double], passes: Int = 1) -> (u: [Double], cost: Double) {
            func cost(_ u: [Double]) -> Double {
                let m = min(max(u[1], 0.001), 0.999)
                return squares(slope: exponential(u[0]), floor: m, knee: knee)
            }
            var u = start
            for _ in 0..<passes { u = NelderMead.minimize(cost, from: u, steps: [0.1, 0.05], iterations: 400) }
            return (u, cost(u))
        }
        let start = [logarithm(g0), m0]
        let linear = bestShape(knee: nil, from: start, passes: 2)
        // The knee profiled over a grid of the travel seen, then narrowed by golden sections
        // between the best point's neighbours.
        let steps = 24
        var profile: [(knee: Double, u: [Double], cost: Double)] = []
        for i in 0..<steps {
            let knee = far * Double(i) / Double(steps)
            let b = bestShape(knee: knee, from: profile.last?.u ?? start)
            profile.append((knee, b.u, b.cost))
        }
        let h = far / Double(steps)
        var best = profile.min { $0.cost < $1.cost }!
        var a = max(0, best.knee - h), b = min(far, best.knee + h)
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<24 {
            let c = b - ratio * (b - a), d = a + ratio * (b - a)
            let fc = bestShape(knee: c, from: best.u), fd = bestShape(knee: d, from: best.u)
            if fc.cost < best.cost { best = (c, fc.u, fc.cost) }
            if fd.cost < best.cost { best = (d, fd.u, fd.cost) }
            if fc.cost < fd.cost { b = d } else { a = c }
        }
        let refined = bestShape(knee: best.knee, from: best.u, passes: 2)
        if refined.cost < best.cost { best = (best.knee, refined.u, refined.cost) }
        let n = Double(travel.count)
        let kneeRMS = (best.cost / n).squareRoot(), linearRMS = (linear.cost / n).squareRoot()
        // The knee must lie inside the travel seen and halve the RMS of the straight line.
        let keepsKnee = best.knee < far - h && kneeRMS < 0.5 * linearRMS
        let chosen = keepsKnee ? best.u : linear.u
        let g = exponential(chosen[0]), m = min(max(chosen[1], 0.001), 0.999)
        var knee: Estimate?
        if keepsKnee {
            // The range: knees whose own best shape keeps the RMS within max(2 × the best, 1e-4):
            // 1e-4 of the scale, a tenth of a point on a 1,000 pt photo, the noise floor a recording
            // is granted. Each side found by bisection (the profile rises away from the best).
            let limit = max(2 * kneeRMS, 1e-4)
            func withinLimit(_ k: Double) -> Bool { (bestShape(knee: k, from: best.u).cost / n).squareRoot() <= limit }
            func edge(toward end: Double) -> (Double, Bool) {
                if withinLimit(end) { return (end, false) }
                var inside = best.knee, outside = end
                for _ in 0..<16 where abs(outside - inside) > 1e-4 * far {
                    let mid = (inside + outside) / 2
                    if withinLimit(mid) { inside = mid } else { outside = mid }
                }
                return (inside, true)
            }
            let (lower, closedBelow) = edge(toward: 0), (upper, closedAbove) = edge(toward: far)
            knee = Estimate(value: best.knee / windowHeight, lower: lower / windowHeight, upper: upper / windowHeight,
                            boundedBelow: closedBelow, boundedAbove: closedAbove)
        }
        // A knee's floor shows in the bend; a straight fall's only where some frame rests on it.
        let floorSeen = keepsKnee || (scales.min() ?? 1) <= m + 0.002
        return Shrink(slopePerPoint: g, minimumScale: m, knee: knee, rmsError: keepsKnee ? kneeRMS : linearRMS,
                      sampleCount: travel.count, reachFraction: (1 - m) / (g * windowHeight), floorSeen: floorSeen)
    }
}
