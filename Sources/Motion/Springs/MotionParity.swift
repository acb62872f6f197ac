/// How near a motion is to a reference motion: both aligned on their first moving sample
/// (`MotionOnset`), resampled on one clock, and compared quantity by quantity — the RMS and the
/// largest difference, and the difference in the times at which each has covered 50 % and 90 % of
/// its own travel.
///
/// `Rule` states when the two are *matched* (by default the swift_transitions parity plan's rule:
/// RMS ≤ 2 pt over the motion and both times within one frame at 60 Hz, 17 ms).
package struct MotionParity: Hashable, Sendable {
    /// When a quantity counts as matched.
    package struct Rule: Hashable, Sendable {
        /// The largest RMS difference, in the quantity's units (points).
        package var rms: Double
        /// The largest |difference| in the 50 % and in the 90 % time, seconds.
        package var timeSeconds: Double
        package init(rms: Double, timeSeconds: Double) { self.rms = rms; self.timeSeconds = timeSeconds }
        /// RMS ≤ 2 pt, times within 17 ms.
        package static let points = Rule(rms: 2, timeSeconds: 0.017)
    }

    /// One quantity compared.
    package struct Quantity: Hashable, Sendable {
        package var name: String
        /// Over the resampled overlap, ours − reference's.
        package var rms: Double
        package var largest: Double
        /// Seconds from each motion's onset to 50 % and 90 % of its own travel (first to last
        /// value); nil where never reached or when it does not travel.
        package var ours50: Double?, reference50: Double?
        package var ours90: Double?, reference90: Double?
        package var matched: Bool

        /// Ours − reference's, seconds.
        package var difference50: Double? { ours50.flatMap { a in reference50.map { a - $0 } } }
        package var difference90: Double? { ours90.flatMap { a in reference90.map { a - $0 } } }
    }

    /// Seconds: each motion's onset time on its own clock.
    package var oursOnset: Double
    package var referenceOnset: Double
    /// Seconds after the onset compared (the overlap of both recordings).
    package var span: ClosedRange<Double>
    /// The resampling rate, Hz.
    package var rate: Double
    package var quantities: [Quantity]
    package var rule: Rule
    /// True when every quantity is matched.
    package var matched: Bool { quantities.allSatisfy(\.matched) }

    /// Compares `ours` with `reference` quantity by quantity (`ours.quantities[i]` with
    /// `reference.quantities[i]`), resampled at `rate` Hz (120 by default: two points per 60 Hz
    /// frame); nil when either does not move or the two do not overlap after alignment.
    package static func compare(_ ours: SampledMotion, with reference: SampledMotion, rule: Rule = .points,
                               rate: Double = 120) -> MotionParity? {
        guard ours.quantities.count == reference.quantities.count, !ours.quantities.isEmpty,
              let a = MotionOnset.firstMovingIndex(of: ours), let b = MotionOnset.firstMovingIndex(of: reference) else { return nil }
        let oursOnset = ours.times[a], referenceOnset = reference.times[b]
        let start = max(ours.times[0] - oursOnset, reference.times[0] - referenceOnset)
        let end = min(ours.times.last! - oursOnset, reference.times.last! - referenceOnset)
        guard end > start else { return nil }
        let count = Int(((end - start) * rate).rounded(.down))
        let grid = (0...count).map { start + Double($0) / rate }
        let quantities = zip(ours.quantities, reference.quantities).map { mine, theirs in
            let differences = grid.map {
                interpolate(ours.times, mine.values, at: $0 + oursOnset) - interpolate(reference.times, theirs.values, at: $0 + referenceOnset)
            }
            let rms = (differences.reduce(0) { $0 + $1 * $1 } / Double(differences.count)).squareRoot()
            func crossingTime(_ fraction: Double, _ motion: SampledMotion, _ q: SampledMotion.Quantity, _ onset: Double) -> Double? {
                guard abs(q.travel) > MotionOnset.threshold(travel: q.travel) else { return nil }
                return TravelTime.firstCrossing(fraction, times: motion.times, values: q.values,
                                                from: q.values.first!, to: q.values.last!).map { $0 - onset }
            }
            var q = Quantity(name: theirs.name, rms: rms, largest: differences.map(abs).max() ?? 0,
                             ours50: crossingTime(0.5, ours, mine, oursOnset), reference50: crossingTime(0.5, reference, theirs, referenceOnset),
                             ours90: crossingTime(0.9, ours, mine, oursOnset), reference90: crossingTime(0.9, reference, theirs, referenceOnset),
                             matched: false)
            // A quantity that travels in neither has no times to compare; one that travels in only
            // one of them is not matched.
            let timesAgree = [(q.ours50, q.reference50), (q.ours90, q.reference90)].allSatisfy { pair in
                switch pair {
                case (nil, nil): true
                case let (x?, y?): abs(x - y) <= rule.timeSeconds + 1e-9
                default: false
                }
            }
            q.matched = rms <= rule.rms && timesAgree
            return q
        }
        return MotionParity(oursOnset: oursOnset, referenceOnset: referenceOnset, span: start...end, rate: rate,
                            quantities: quantities, rule: rule)
    }

    /// The value at `t` of samples `values` at `times`, linear between samples, held past the ends.
    static func interpolate(_ times: [Double], _ values: [Double], at t: Double) -> Double {
        guard t > times[0] else { return values[0] }
        guard t < times[times.count - 1] else { return values[values.count - 1] }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        let f = (t - times[lo]) / (times[hi] - times[lo])
        return values[lo] + f * (values[hi] - values[lo])
    }
}
