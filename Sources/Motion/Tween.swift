/// A value moving from `from` to `to` over a fixed duration along a timing curve, starting at an
/// absolute time: `value(at: t)` is a pure function of `t` (seconds, the caller's clock).
///
/// Before `startTime` the value is `from`; after `startTime + durationSeconds` it is `to`.
/// A zero or negative (or NaN) duration jumps to `to` at the start time.
///
/// A tween can be reversed at any instant (`reversed(at:)`): it heads back to its `origin` from
/// wherever it is, and reversing the reversal heads for the original `to` again.
public struct Tween<Value: Animatable>: Sendable {
    public var from: Value
    public var to: Value
    /// Length in seconds.
    public var durationSeconds: Double
    public var curve: CubicBezier
    /// The instant the tween starts, in seconds on the caller's clock.
    public var startTime: Double
    /// Where a reversal heads: `from` for a fresh tween; for a reversed one, the `to` it turned away from.
    public var origin: Value
    /// Seconds the whole path between `origin` and `to` takes at this tween's pace: the duration
    /// for a fresh tween; reversals keep it and take the part of it their distance calls for.
    public var pathDurationSeconds: Double

    /// A fresh tween from `from` to `to`, its origin `from`.
    public init(from: Value, to: Value, durationSeconds: Double, curve: CubicBezier = .easeInEaseOut,
                startTime: Double) {
        self.from = from
        self.to = to
        self.durationSeconds = durationSeconds
        self.curve = curve
        self.startTime = startTime
        self.origin = from
        self.pathDurationSeconds = durationSeconds
    }

    /// The instant the tween ends, in seconds.
    public var endTime: Double { startTime + max(durationSeconds.isNaN ? 0 : durationSeconds, 0) }

    /// The time progress in 0...1 at `t` (linear in time); a NaN `t` counts as the start.
    public func timeProgress(at t: Double) -> Double {
        guard t > startTime else { return 0 }
        guard durationSeconds > 0, t < startTime + durationSeconds else { return 1 }
        return min((t - startTime) / durationSeconds, 1)
    }

    /// The value progress at `t`: the curve applied to the time progress (0 at `from`, 1 at `to`;
    /// outside 0...1 for overshooting curves).
    public func progress(at t: Double) -> Double {
        curve.value(at: timeProgress(at: t))
    }

    /// The value at `t` seconds.
    public func value(at t: Double) -> Value {
        let p = timeProgress(at: t)
        if p <= 0 { return from }
        if p >= 1 { return to }
        return from + (to - from).scaled(by: curve.value(at: p))
    }

    /// The velocity at `t` seconds, in the value's units per second: `(to − from) / duration ·
    /// dy/dx`; zero before the start and after the end.
    public func velocity(at t: Double) -> Value {
        guard t > startTime, durationSeconds > 0, t < startTime + durationSeconds else { return .zero }
        return (to - from).scaled(by: curve.slope(at: timeProgress(at: t)) / durationSeconds)
    }

    /// True from the end time on.
    public func isFinished(at t: Double) -> Bool { t >= endTime }

    /// The tween back to `origin`, starting at `t` from the value it has at `t`, on the same curve.
    ///
    /// It takes the part of the path's duration that its distance calls for, so it moves back at
    /// the pace it came: with `y` the value progress at `t`, the distance still ahead is
    /// `duration·(1 − y)` of path time, so the way back takes
    /// `duration′ = pathDuration − duration·(1 − y)` — for a fresh tween `duration·y`: reversed
    /// halfway it takes half the time, reversed at its start none, reversed when finished all of it.
    /// The reversed tween's origin is this tween's `to`, so reversing again heads there.
    public func reversed(at t: Double) -> Tween {
        let duration = max(durationSeconds.isNaN ? 0 : durationSeconds, 0)
        let path = max(pathDurationSeconds.isNaN ? duration : pathDurationSeconds, duration)
        var reverse = Tween(from: value(at: t), to: origin,
                            durationSeconds: max(path - duration * (1 - progress(at: t)), 0),
                            curve: curve, startTime: t.isFinite ? t : startTime)
        reverse.origin = to
        reverse.pathDurationSeconds = path
        return reverse
    }
}
