import Geometry

/// Tracks an angle's velocity in radians per second from angles reported in (−π, π] (or any
/// range): each sample is unwrapped against the previous one, taking the shorter way round, so a
/// rotation across ±π reads as continuous motion rather than a jump of 2π.
///
/// The unwrapping assumes less than half a turn between consecutive samples (at 120 samples per
/// second, under 60 turns per second).
package struct AngleVelocityTracker: Sendable {
    private var tracker: VelocityTracker
    private var lastRaw: Double?
    private var lastTime = -Double.infinity
    /// The newest sample's angle with every earlier crossing of ±π undone, in radians.
    package private(set) var unwrappedAngle = 0.0

    /// The default fit: 100 ms window, 20 samples, 40 ms stop gap (see `VelocityTracker`).
    package init(windowSeconds: Double = 0.1, maxSamples: Int = 20, stopGapSeconds: Double = 0.04) {
        tracker = VelocityTracker(windowSeconds: windowSeconds, maxSamples: maxSamples, stopGapSeconds: stopGapSeconds)
    }

    /// Forgets every sample.
    package mutating func reset() {
        tracker.reset()
        lastRaw = nil
        lastTime = -.infinity
        unwrappedAngle = 0
    }

    /// The number of samples kept.
    package var sampleCount: Int { tracker.sampleCount }

    /// Records `angle` (radians) at `time` seconds; ignored when either is not finite or the time
    /// is older than the newest sample; a sample at the newest time replaces it.
    package mutating func add(time: Double, angle: Double) {
        guard time.isFinite, angle.isFinite, time >= lastTime else { return }
        let unwrapped = lastRaw.map { unwrappedAngle + wrapAngle(angle - $0) } ?? angle
        lastRaw = angle
        lastTime = time
        unwrappedAngle = unwrapped
        tracker.add(time: time, value: unwrapped)
    }

    /// The angular velocity at the release instant `time` (the newest sample's time when nil), in
    /// radians per second.
    package func velocity(at time: Double? = nil) -> Double {
        tracker.velocity(at: time)
    }
}
