/// A recorded motion: sample times (seconds, increasing, gaps where frames were dropped) and, for
/// each named quantity, its value at every sample (points for positions and lengths).
///
/// What `SpringFit` fits and `TravelTime` and `MotionOnset` read; built by the shell from a CSV or a
/// state log.
package struct SampledMotion: Hashable, Sendable {
    /// One quantity's name (a CSV column, `left`, …) and its values, one per sample time.
    package struct Quantity: Hashable, Sendable {
        package var name: String
        package var values: [Double]
        package init(name: String, values: [Double]) { self.name = name; self.values = values }

        /// The last value less the first: the travel of a motion from rest to rest.
        package var travel: Double { (values.last ?? 0) - (values.first ?? 0) }
    }

    /// Seconds, strictly increasing.
    package var times: [Double]
    package var quantities: [Quantity]
    /// True when the recording begins in motion: its first sample is already the first moving one
    /// (a state log's flight, whose first frame is under way), so `MotionOnset` takes it as the onset.
    package var beginsInMotion: Bool

    package init(times: [Double], quantities: [Quantity], beginsInMotion: Bool = false) {
        self.times = times
        self.quantities = quantities
        self.beginsInMotion = beginsInMotion
    }

    /// The samples from `start` to `end` seconds (both included).
    package func slice(from start: Double, to end: Double) -> SampledMotion {
        let kept = times.indices.filter { times[$0] >= start && times[$0] <= end }
        return SampledMotion(times: kept.map { times[$0] },
                             quantities: quantities.map { q in Quantity(name: q.name, values: kept.map { q.values[$0] }) },
                             beginsInMotion: beginsInMotion && kept.first == 0)
    }

    /// The samples from index `first` on.
    package func dropping(first count: Int) -> SampledMotion {
        SampledMotion(times: Array(times.dropFirst(count)),
                      quantities: quantities.map { Quantity(name: $0.name, values: Array($0.values.dropFirst(count))) },
                      beginsInMotion: beginsInMotion && count == 0)
    }
}
