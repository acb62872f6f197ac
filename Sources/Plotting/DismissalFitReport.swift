import Motion
import FeelModel

/// What `photozoom fit --gesture` prints and writes: the dismissal threshold, the deceleration rate
/// and the held scale's knee, each with the range the recording allows.
package enum DismissalFitReport {
    /// The report's lines for `fit` of the recording read from `name`.
    package static func lines(_ fit: DismissalFit, name: String, windowHeight: Double) -> [String] {
        func n(_ v: Double, _ places: Int = 3) -> String { FeelNumber.trimmed(v, places: places) }
        let counted = fit.releases.filter(\.counted)
        let closed = fit.releases.filter(\.closes).count
        var out = ["\(name): \(fit.releases.count) release\(fit.releases.count == 1 ? "" : "s") (\(closed) closed, "
                   + "\(fit.releases.count - closed) returned), \(counted.count) counted (moving down or at rest, "
                   + "velocity fitted over the last \(n(DismissalFit.velocityWindowSeconds * 1000, 0)) ms)"]
        for (i, r) in fit.releases.enumerated() {
            out.append("  release \(i + 1): \(n(r.travel, 1)) pt at \(n(r.velocity, 0)) pt/s, \(r.closes ? "closed" : "returned")"
                       + (r.counted ? "" : " (not counted)"))
        }
        if fit.inconsistent {
            out.append("threshold: no drag radius and deceleration rate decide every release as recorded "
                       + "(travel + projected momentum past a radius); another rule decided them")
        } else if let radius = fit.threshold, let rate = fit.decelerationRate {
            out.append("threshold (dragRadiusPoints): " + describe(radius, unit: "pt", places: 1,
                                                                    open: "a closed release at rest and a returned one bound it"))
            let k = DismissalFit.projectionSeconds(rate: rate.value)
            out.append("deceleration rate (decelerationRatePerMillisecond): " + describe(rate, unit: "per ms", places: 5,
                       open: "thrown releases that close short and return long bound it")
                       + ", projecting \(n(k, 3)) s of the release velocity")
        } else {
            out.append("threshold: no release counted")
        }
        if let shrink = fit.shrink {
            if let knee = shrink.knee {
                out.append("knee (dismissShrinkKneeFraction): " + describe(knee, unit: "of the height", places: 4, open: "travel past it bounds it")
                           + " (\(n(knee.value * windowHeight, 1)) pt of \(n(windowHeight, 0)))")
            } else {
                out.append("knee: none (the held scale falls straight to its floor better than it bends)")
            }
            let floor = shrink.floorSeen
                ? "floor (dismissMinimumScale) \(n(shrink.minimumScale, 4)), reach (dismissShrinkDistanceFraction) \(n(shrink.reachFraction, 4))"
                : "floor and reach not seen (the scale falls straight all the way; the floor is below its smallest, not written)"
            out.append("held scale: slope \(n(shrink.slopePerPoint * 1000, 4)) per 1000 pt, \(floor); "
                       + "RMS \(n(shrink.rmsError, 6)) over \(shrink.sampleCount) frames")
        } else {
            out.append("held scale: fewer than 8 frames moving down; not fitted")
        }
        return out
    }

    /// `estimate` as `value unit, allowed lower–upper (±x %)`, or with its open side named.
    static func describe(_ e: DismissalFit.Estimate, unit: String, places: Int, open: String) -> String {
        func n(_ v: Double) -> String { FeelNumber.trimmed(v, places: places) }
        let value = "\(n(e.value)) \(unit)"
        switch (e.boundedBelow, e.boundedAbove) {
        case (true, true):
            return value + ", allowed \(n(e.lower))–\(n(e.upper)) (±\(FeelNumber.trimmed(e.relativeHalfWidth * 100, places: 1)) %)"
        case (true, false): return value + ", at least \(n(e.lower)), not bounded above (\(open))"
        case (false, true): return value + ", at most \(n(e.upper)), not bounded below (\(open))"
        case (false, false): return value + ", not bounded by the recording (\(open))"
        }
    }

    /// The parameters a feel layer takes from `fit`: only those the recording bounds on both sides
    /// (the shrink's where its floor shows; the knee 0 when none was found).
    package static func parameters(_ fit: DismissalFit) -> [(key: String, value: Double)] {
        var out: [(key: String, value: Double)] = []
        if let radius = fit.threshold, radius.boundedBelow, radius.boundedAbove { out.append(("dragRadiusPoints", radius.value)) }
        if let rate = fit.decelerationRate, rate.boundedBelow, rate.boundedAbove { out.append(("decelerationRatePerMillisecond", rate.value)) }
        if let shrink = fit.shrink, shrink.floorSeen {
            out.append(("dismissMinimumScale", shrink.minimumScale))
            out.append(("dismissShrinkDistanceFraction", shrink.reachFraction))
            out.append(("dismissShrinkKneeFraction", shrink.knee?.value ?? 0))
        }
        return out
    }
}
