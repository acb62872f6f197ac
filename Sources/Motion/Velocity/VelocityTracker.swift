import Geometry
/// Estimates a sampled scalar's velocity at release, in its units per second: a position, a scale
/// factor (for pinches) or an unwrapped angle (see `AngleVelocityTracker`).
///
/// The estimate is the derivative of a least-squares polynomial fitted to the recent samples:
/// degree 2 (the Android and Flutter trackers' LSQ2 strategy) when the samples bend by more than
/// their noise explains, else a line (see `QuadraticFit`), so that whole-millisecond timestamps do
/// not swing the estimate of a straight stroke;
/// - the samples used are those at or before the release instant, no older than `windowSeconds`
///   before the newest of them, and stopping at the first gap of `stopGapSeconds` or more between
///   consecutive samples (older motion is a different stroke);
/// - they are pooled into at most `maxSamples` time slots of `windowSeconds / maxSamples` (5 ms),
///   counted back from the newest, each slot fitted as the mean time and value of its samples
///   weighted by their number: a 1000 Hz mouse's 100 samples in 100 ms are all used, as 20
///   points, while input at 60 to 200 Hz has one sample per slot and is fitted sample by sample;
/// - a release `stopGapSeconds` or more after the newest sample means the motion had stopped: 0;
/// - the derivative is taken at the newest sample used. When the release comes later (a gap under
///   `stopGapSeconds` with no sample), it is not extrapolated to the release instant: a parabola's
///   slope past its data mostly amplifies noise, and no sample means no reported motion;
/// - two samples give the slope of the line through them; one sample, or none, gives 0.
///
/// Sample hygiene: a sample with a NaN or infinite time or value is ignored, and so is one older
/// than the newest sample (time going backwards). A sample at the same time as the newest replaces
/// it (keep the last): input batches report the latest position at a shared timestamp, and
/// averaging would invent a position the pointer never had.
package struct VelocityTracker: Sendable {
    /// How far back samples count, in seconds (100 ms).
    package var windowSeconds: Double
    /// How many time slots (of `windowSeconds / maxSamples`) the fit uses at most (20).
    package var maxSamples: Int
    /// A pause this long, in seconds, means the motion stopped (40 ms).
    package var stopGapSeconds: Double

    /// Sample times in seconds and values, oldest first; at most `storageLimit` of them.
    private var times: [Double] = []
    private var values: [Double] = []

    /// The grain of the values, in their units: 1 for positions in whole window points, 0 (the
    /// default) for values taken as exact. With the 1 ms grain of event times, it sets how much
    /// bend the samples need before the degree-2 fit is used.
    package var valueResolution: Double
    /// The grain of sample times, seconds (1 ms: the window system's clock).
    package static let timeResolution = 0.001

    /// The default fit: 100 ms window, 20 slots, 40 ms stop gap.
    package init(windowSeconds: Double = 0.1, maxSamples: Int = 20, stopGapSeconds: Double = 0.04,
                valueResolution: Double = 0) {
        self.windowSeconds = windowSeconds
        self.maxSamples = maxSamples
        self.stopGapSeconds = stopGapSeconds
        self.valueResolution = valueResolution
        times.reserveCapacity(storageLimit + 1)
        values.reserveCapacity(storageLimit + 1)
    }

    /// Forgets every sample (at the start of a new gesture).
    package mutating func reset() {
        times.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    /// The number of samples kept.
    package var sampleCount: Int { times.count }

    /// The newest sample's time in seconds, if any.
    package var newestTime: Double? { times.last }

    /// Samples kept: enough for a 2000 Hz device over a 100 ms window at 20 slots (16 per slot).
    private var storageLimit: Int { max(maxSamples, 1) * 16 }

    /// Records `value` at `time` seconds (see the type's notes on bad and duplicate samples).
    package mutating func add(time: Double, value: Double) {
        guard time.isFinite, value.isFinite else { return }
        if let last = times.last {
            if time < last { return }
            if time == last {
                values[values.count - 1] = value
                return
            }
        }
        times.append(time)
        values.append(value)
        if times.count > storageLimit {
            let excess = times.count - storageLimit
            times.removeFirst(excess)
            values.removeFirst(excess)
        }
    }

    /// The velocity at the release instant `time` (seconds; the newest sample's time when nil or
    /// NaN), in units per second.
    package func velocity(at time: Double? = nil) -> Double {
        guard let last = times.last else { return 0 }
        let release = time.flatMap { $0.isNaN ? nil : $0 } ?? last
        // The newest sample at or before the release.
        var newest = times.count - 1
        while newest >= 0 && times[newest] > release { newest -= 1 }
        guard newest >= 0 else { return 0 }
        let newestTime = times[newest]
        if release - newestTime >= stopGapSeconds { return 0 }
        // Walk back while inside the window, within `maxSamples` slots and without a stop gap,
        // pooling the samples of each slot. The window is widened by a nanosecond so that a sample
        // exactly 100 ms old counts whatever the rounding of its timestamp.
        let limit = max(maxSamples, 1)
        let slotWidth = windowSeconds / Double(limit)
        var points: [QuadraticFit.Point] = []
        var slot = -1
        var index = newest
        while index >= 0 {
            let t = times[index]
            if index < newest {
                if newestTime - t > windowSeconds + 1e-9 { break }
                if times[index + 1] - t >= stopGapSeconds { break }
            }
            let s = slotWidth > 0 ? Int(((newestTime - t) / slotWidth + 1e-9).rounded(.down)) : points.count
            if s != slot {
                guard points.count < limit else { break }
                points.append(QuadraticFit.Point(time: 0, value: 0, weight: 0))
                slot = s
            }
            points[points.count - 1].time += t
            points[points.count - 1].value += values[index]
            points[points.count - 1].weight += 1
            index -= 1
        }
        points.reverse()
        for i in points.indices {
            points[i].time /= points[i].weight
            points[i].value /= points[i].weight
        }
        return QuadraticFit.slope(points, at: newestTime, timeScale: max(windowSeconds, 1e-3),
                                  noise: .init(timeResolution: Self.timeResolution, valueResolution: valueResolution))
    }
}
