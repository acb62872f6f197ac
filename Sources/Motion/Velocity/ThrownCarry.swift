import Geometry

/// A thrown dismissal's aim: the closing flight first aims at the point of release and eases its
/// aim over to the cell, so the photo carries on with the velocity it was thrown with before it
/// curves into the cell.
///
/// Aimed straight at a cell `D` away, the close spring (ω₀) pulls with `ω₀²·D` at once: the golden
/// pan dismissal's 1,500 pt/s is spent in about 8 ms and 3 pt. Released on its own target, the same
/// spring would carry it `v/(e·ω₀)` (30.7 pt for 1,500 pt/s at 0.35 s) before turning back. The
/// aim `cell + offset·g(u)` with the smoothstep `g(u) = 1 − u²·(3 − 2u)`, `u = (t − start)/T` (the
/// feel's `dismissCarrySeconds`), starts still (`g′(0) = 0`), so the photo first moves as if
/// released on its target; it reaches the cell at `u = 1`, still again (`g′(1) = 0`), and the close
/// spring lands the photo from there. The aim's speed is `|offset|·6u(1 − u)/T`, at most
/// `1.5·|offset|/T` (at `u = ½`); the jump detector adds it to the flight's bound.
package struct ThrownCarry: Sendable, Equatable {
    /// The release point's centre minus the cell's, points.
    package var offset: Point
    /// When the flight began, seconds.
    package var start: Double
    /// `T`, seconds.
    package var seconds: Double

    package init(offset: Point, start: Double, seconds: Double) {
        self.offset = offset
        self.start = start
        self.seconds = seconds
    }

    /// `u` at time `t`, 0...1 (1 once the aim has reached the cell).
    package func elapsed(at t: Double) -> Double {
        guard seconds > 0, t.isFinite else { return 1 }
        return min(max((t - start) / seconds, 0), 1)
    }

    /// The share of `offset` still aimed at, at time `t`: `1 − u²·(3 − 2u)`.
    package func share(at t: Double) -> Double {
        let u = elapsed(at: t)
        return 1 - u * u * (3 - 2 * u)
    }

    /// The aim's offset from the cell at time `t`, points.
    package func aim(at t: Double) -> Point { offset * share(at: t) }

    /// The aim's velocity at time `t`, pt/s: `−offset·6u(1 − u)/T` (zero before the start and once
    /// spent).
    package func velocity(at t: Double) -> Point {
        guard seconds > 0, t.isFinite, t >= start, t <= start + seconds else { return .zero }
        let u = elapsed(at: t)
        return offset * (-6 * u * (1 - u) / seconds)
    }

    /// When the aim reaches the cell, seconds.
    package var end: Double { start + max(seconds, 0) }

    /// The largest speed the aim moves at from time `t` on, pt/s: `|offset|·6u(1 − u)/T`, rising to
    /// its peak at `u = ½` and falling to 0 at `u = 1`.
    package func speedBound(from t: Double) -> Double {
        guard seconds > 0 else { return 0 }
        let u = elapsed(at: t)
        return offset.length * 6 * (u < 0.5 ? 0.25 : u * (1 - u)) / seconds
    }

    /// True once the aim has reached the cell (the flight then aims at the cell itself).
    package func isSpent(at t: Double) -> Bool { elapsed(at: t) >= 1 }
}
