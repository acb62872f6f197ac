import Geometry

/// Estimates the velocity of a sampled scalar at release (units per second).
///
/// PROVISIONAL: a least-squares line over the recent window. The Motion issue replaces the fit with
/// a degree-2 polynomial; the public surface below stays.
public struct VelocityTracker: Sendable {
    public var windowSeconds: Double
    public var maxSamples: Int
    public var stopGapSeconds: Double
    private var samples: [(t: Double, v: Double)] = []

    public init(windowSeconds: Double = 0.1, maxSamples: Int = 20, stopGapSeconds: Double = 0.04) {
        self.windowSeconds = windowSeconds
        self.maxSamples = maxSamples
        self.stopGapSeconds = stopGapSeconds
    }

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(time: Double, value: Double) {
        guard time.isFinite, value.isFinite else { return }
        if let last = samples.last, time < last.t { return }
        samples.append((time, value))
        if samples.count > maxSamples { samples.removeFirst(samples.count - maxSamples) }
    }

    /// Velocity at `time` (the release instant; the last sample's time when nil).
    public func velocity(at time: Double? = nil) -> Double {
        guard let last = samples.last else { return 0 }
        let now = time ?? last.t
        if now - last.t >= stopGapSeconds { return 0 }
        let recent = samples.filter { last.t - $0.t <= windowSeconds }
        guard recent.count >= 2 else { return 0 }
        let n = Double(recent.count)
        let mt = recent.reduce(0) { $0 + $1.t } / n
        let mv = recent.reduce(0) { $0 + $1.v } / n
        var num = 0.0, den = 0.0
        for s in recent { num += (s.t - mt) * (s.v - mv); den += (s.t - mt) * (s.t - mt) }
        return den > 0 ? num / den : 0
    }
}

/// Tracks a 2-D point's velocity (points per second) with one `VelocityTracker` per axis.
public struct PointVelocityTracker: Sendable {
    private var x: VelocityTracker
    private var y: VelocityTracker

    public init(windowSeconds: Double = 0.1, maxSamples: Int = 20, stopGapSeconds: Double = 0.04) {
        x = VelocityTracker(windowSeconds: windowSeconds, maxSamples: maxSamples, stopGapSeconds: stopGapSeconds)
        y = x
    }

    public mutating func reset() { x.reset(); y.reset() }

    public mutating func add(time: Double, point: Point) {
        guard point.isFinite else { return }
        x.add(time: time, value: point.x)
        y.add(time: time, value: point.y)
    }

    public func velocity(at time: Double? = nil) -> Point {
        Point(x: x.velocity(at: time), y: y.velocity(at: time))
    }
}
