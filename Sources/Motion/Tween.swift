/// A value moving from `from` to `to` over a fixed duration along a timing curve, starting at an
/// absolute time: `value(at: t)` is a pure function of `t` (seconds, the caller's clock).
///
/// Before `startTime` the value is `from`; after `startTime + durationSeconds` it is `to`.
/// A zero or negative (or NaN) duration jumps to `to` at the start time.
public struct Tween<Value: Animatable>: Sendable {
    public var from: Value
    public var to: Value
    /// Length in seconds.
    public var durationSeconds: Double
    public var curve: CubicBezier
    /// The instant the tween starts, in seconds on the caller's clock.
    public var startTime: Double

    public init(from: Value, to: Value, durationSeconds: Double, curve: CubicBezier = .easeInEaseOut,
                startTime: Double) {
        self.from = from
        self.to = to
        self.durationSeconds = durationSeconds
        self.curve = curve
        self.startTime = startTime
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

    /// The tween back to `from`, starting at `t` from the value it has at `t`.
    ///
    /// It takes the part of the duration that the distance already covered calls for, so it moves
    /// back at the pace it came: `duration′ = duration · |y(p)|`, with `y(p)` the value progress at
    /// `t` (a tween reversed halfway takes half the time; one reversed at its start takes none).
    /// Reversing a finished tween takes the whole duration; the curve is kept.
    public func reversed(at t: Double) -> Tween {
        let covered = abs(progress(at: t))
        let duration = max(durationSeconds.isNaN ? 0 : durationSeconds, 0)
        return Tween(from: value(at: t), to: from, durationSeconds: duration * covered, curve: curve,
                     startTime: t.isFinite ? t : startTime)
    }
}
