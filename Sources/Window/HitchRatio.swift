/// Apple's hitch ratio: milliseconds of missed frames per second of motion (≤ 5 ms/s is "good",
/// above 10 ms/s people notice). A frame shown `d` seconds after the one before, on a display
/// refreshing every `p` seconds, missed `max(0, d − p)` seconds of frames; over the frames drawn
/// while something moved,
///
///     ratio = Σ max(0, d − p) / Σ d   (ms per s)
///
/// The live loop (`FrameWork`) and the player's window (`FrameStatistics`) tell it each present
/// (`presented`); a replay draws off the clock and misses nothing.
package struct HitchRatio: Hashable, Sendable {
    /// Seconds of frames missed, and seconds of motion, so far.
    package private(set) var hitchSeconds = 0.0
    package private(set) var motionSeconds = 0.0
    /// Frames counted, and those that missed at least one refresh.
    package private(set) var frames = 0
    package private(set) var hitches = 0

    /// When the last present returned, and whether something moved in its frame (nil after a pause).
    private var lastPresent: Double?
    private var lastMoved = false

    package init() {}

    /// A present returned at `time` (seconds) for a frame drawn while something moved (`moving`),
    /// on a display refreshing every `period` seconds: the interval since the last present counts
    /// when both frames were drawn in motion.
    package mutating func presented(at time: Double, moving: Bool, period: Double) {
        if let last = lastPresent, lastMoved, moving { add(duration: time - last, period: period) }
        lastPresent = time
        lastMoved = moving
    }

    /// A frame drew nothing new (its picture was on screen): the interval to the next present is
    /// a pause, not a frame missed.
    package mutating func paused() {
        lastPresent = nil
    }

    /// A frame shown `duration` seconds after the frame before it, both drawn while something
    /// moved, on a display refreshing every `period` seconds. A duration within a tenth of a
    /// period past it is on time (the clock's and the display's jitter).
    package mutating func add(duration: Double, period: Double) {
        guard duration.isFinite, duration > 0, period.isFinite, period > 0 else { return }
        frames += 1
        motionSeconds += duration
        if duration > period * 1.1 {
            hitchSeconds += duration - period
            hitches += 1
        }
    }

    /// Milliseconds missed per second of motion (0 with no motion).
    package var millisecondsPerSecond: Double { motionSeconds > 0 ? 1000 * hitchSeconds / motionSeconds : 0 }

    /// "hitch ratio 3.2 ms/s (2 of 240 frames late, over 4.01 s of motion; good ≤ 5 ms/s)".
    package var description: String {
        "hitch ratio " + String(format: "%.1f", millisecondsPerSecond) + " ms/s (\(hitches) of \(frames) frames late, over "
            + String(format: "%.2f", motionSeconds) + " s of motion; good ≤ 5 ms/s)"
    }
}
