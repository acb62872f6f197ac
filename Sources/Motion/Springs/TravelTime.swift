/// When a motion has covered a fraction of its travel (50 % and 90 % are the times a motion
/// designer compares): the first crossing, linearly interpolated between samples.
///
/// Deliberately small and local to fitting and parity: a time of travel, not a settle time (the
/// session summary's), so the two are not confused.
package enum TravelTime {
    /// The first time at which `values` (sampled at `times`) has gone `fraction` of the way from
    /// `start` to `end`, interpolated linearly between the two samples around the crossing; nil
    /// when it never does, or when there is no travel.
    package static func firstCrossing(_ fraction: Double, times: [Double], values: [Double],
                                     from start: Double, to end: Double) -> Double? {
        let travel = end - start
        guard travel != 0, times.count == values.count, !times.isEmpty else { return nil }
        func progress(_ i: Int) -> Double { (values[i] - start) / travel }
        if progress(0) >= fraction { return times[0] }
        for i in 1..<times.count where progress(i) >= fraction {
            let p0 = progress(i - 1), p1 = progress(i)
            return times[i - 1] + (times[i] - times[i - 1]) * (fraction - p0) / (p1 - p0)
        }
        return nil
    }

    /// The first time in `range` at which `value(t)` has gone `fraction` of the way from `start` to
    /// `end`, for a continuous curve: scanned at `step` seconds and bisected to 1e-7 s.
    package static func firstCrossing(_ fraction: Double, in range: ClosedRange<Double>, step: Double = 5e-4,
                                     from start: Double, to end: Double, value: (Double) -> Double) -> Double? {
        let travel = end - start
        guard travel != 0, step > 0 else { return nil }
        func reached(_ t: Double) -> Bool { (value(t) - start) / travel >= fraction }
        return FirstInstant.find(from: range.lowerBound, to: range.upperBound, step: step, precision: 1e-7, reached)
    }
}
