/// The viewer's own clock for slow motion: it advances by `rate × wall dt`.
///
/// Every input time (wall seconds on the trace clock) is mapped to viewer time before the viewer
/// sees it, so springs, tweens, velocity tracking and hand-offs all run in one consistent time: a
/// flick measured at 0.25× has four times the viewer-time velocity, and after release the photo
/// moves on screen at the speed the hand moved it. The key that changes the rate is an input
/// event, so a trace records it and a replay maps time the same way. At 1× from the start the
/// mapping is the identity, bit for bit.
package struct SlowMotionClock: Hashable, Sendable {
    /// The rates the slow-motion key cycles through.
    package static let rates: [Double] = [1, 0.25, 0.1]

    package private(set) var rate: Double = 1
    private var wallAnchor = 0.0
    private var viewerAnchor = 0.0

    package init() {}

    /// Viewer time at wall time `t` (seconds).
    package func viewerTime(atWall t: Double) -> Double {
        rate == 1 && wallAnchor == 0 && viewerAnchor == 0 ? t : viewerAnchor + (t - wallAnchor) * rate
    }

    /// Wall time at viewer time `v` (seconds): the inverse of `viewerTime(atWall:)`.
    package func wallTime(atViewer v: Double) -> Double {
        rate == 1 && wallAnchor == 0 && viewerAnchor == 0 ? v : wallAnchor + (v - viewerAnchor) / rate
    }

    /// Moves to the next rate at wall time `t`; viewer time stays continuous.
    package mutating func cycle(atWall t: Double) {
        let index = Self.rates.firstIndex(of: rate) ?? 0
        setRate(Self.rates[(index + 1) % Self.rates.count], atWall: t)
    }

    /// Sets the rate from wall time `t` on.
    package mutating func setRate(_ newRate: Double, atWall t: Double) {
        guard newRate > 0, newRate.isFinite else { return }
        viewerAnchor = viewerTime(atWall: t)
        wallAnchor = t
        rate = newRate
    }
}
