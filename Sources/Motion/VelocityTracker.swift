/// Estimates a sampled scalar's velocity at release, in its units per second: a position, a scale
/// factor (for pinches) or an unwrapped angle (see `AngleVelocityTracker`).
///
/// The estimate is the derivative of a degree-2 least-squares polynomial fitted to the recent
/// samples (the Android and Flutter trackers' LSQ2 strategy):
/// - the samples used are those at or before the release instant, at most `maxSamples`, no older
///   than `windowSeconds` before the newest of them, and stopping at the first gap of
///   `stopGapSeconds` or more between consecutive samples (older motion is a different stroke);
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
public struct VelocityTracker: Sendable {
    /// How far back samples count, in seconds (100 ms).
    public var windowSeconds: Double
    /// How many of the newest samples count at most (20).
    public var maxSamples: Int
    /// A pause this long, in seconds, means the motion stopped (40 ms).
    public var stopGapSeconds: Double

    /// Sample times in seconds and values, oldest first; at most `storageLimit` of them.
    private var times: [Double] = []
    private var values: [Double] = []

    /// The default fit: 100 ms window, 20 samples, 40 ms stop gap.
    public init(windowSeconds: Double = 0.1, maxSamples: Int = 20, stopGapSeconds: Double = 0.04) {
        self.windowSeconds = windowSeconds
        self.maxSamples = maxSamples
        self.stopGapSeconds = stopGapSeconds
        times.reserveCapacity(storageLimit + 1)
        values.reserveCapacity(storageLimit + 1)
    }

    /// Forgets every sample (at the start of a new gesture).
    public mutating func reset() {
        times.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    /// The number of samples kept.
    public var sampleCount: Int { times.count }

    /// The newest sample's time in seconds, if any.
    public var newestTime: Double? { times.last }

    /// Samples kept: the fit uses at most `maxSamples` of them, ending at or before the release.
    private var storageLimit: Int { max(maxSamples, 1) }

    /// Records `value` at `time` seconds (see the type's notes on bad and duplicate samples).
    public mutating func add(time: Double, value: Double) {
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
    public func velocity(at time: Double? = nil) -> Double {
        guard let last = times.last else { return 0 }
        let release = time.flatMap { $0.isNaN ? nil : $0 } ?? last
        // The newest sample at or before the release.
        var newest = times.count - 1
        while newest >= 0 && times[newest] > release { newest -= 1 }
        guard newest >= 0 else { return 0 }
        let newestTime = times[newest]
        if release - newestTime >= stopGapSeconds { return 0 }
        // Walk back while inside the window, under the sample limit and without a stop gap.
        // The window is widened by a nanosecond so that a sample exactly 100 ms old counts
        // whatever the rounding of its timestamp.
        let limit = max(maxSamples, 1)
        var oldest = newest
        while oldest > 0 && newest - oldest + 1 < limit {
            let candidate = times[oldest - 1]
            if newestTime - candidate > windowSeconds + 1e-9 { break }
            if times[oldest] - candidate >= stopGapSeconds { break }
            oldest -= 1
        }
        return QuadraticFit.slope(times: times[oldest...newest], values: values[oldest...newest],
                                  at: newestTime, timeScale: max(windowSeconds, 1e-3))
    }
}
