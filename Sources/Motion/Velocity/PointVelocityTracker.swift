import Geometry

/// Tracks a 2-D point's velocity in points per second: one `VelocityTracker` per axis, fed the
/// same sample times, so both axes use the same samples and the same rules.
public struct PointVelocityTracker: Sendable {
    private var x: VelocityTracker
    private var y: VelocityTracker

    /// The default fit: 100 ms window, 20 slots, 40 ms stop gap, positions in whole points (see
    /// `VelocityTracker`).
    public init(windowSeconds: Double = 0.1, maxSamples: Int = 20, stopGapSeconds: Double = 0.04,
                valueResolution: Double = 1) {
        x = VelocityTracker(windowSeconds: windowSeconds, maxSamples: maxSamples, stopGapSeconds: stopGapSeconds,
                            valueResolution: valueResolution)
        y = x
    }

    /// Forgets every sample.
    package mutating func reset() { x.reset(); y.reset() }

    /// The number of samples kept.
    public var sampleCount: Int { x.sampleCount }

    /// Records `point` at `time` seconds; ignored when either coordinate or the time is not finite,
    /// or the time is older than the newest sample; a sample at the newest time replaces it.
    public mutating func add(time: Double, point: Point) {
        guard time.isFinite, point.isFinite else { return }
        x.add(time: time, value: point.x)
        y.add(time: time, value: point.y)
    }

    /// The velocity at the release instant `time` (the newest sample's time when nil), in points
    /// per second.
    public func velocity(at time: Double? = nil) -> Point {
        Point(x: x.velocity(at: time), y: y.velocity(at: time))
    }
}
