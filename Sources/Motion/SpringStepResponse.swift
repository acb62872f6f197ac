import Geometry

/// A spring's response to a unit step: released at rest one whole travel from its target, as a
/// designer reads a spring — how far past the target it goes, when it comes to rest — and the curve
/// that CSS's `linear()` easing and the tuning panel's preview draw.
///
/// Progress runs from 0 to 1: `p(t) = 1 + x(t)` for the spring's displacement with `x₀ = −1`,
/// `v₀ = 0`. Rest is judged in fractions of the travel, by `threshold` (by default
/// `RestThreshold.opacity`: within 1e-3 of the target and slower than 2e-2 per second, the
/// thresholds the app uses for progress fractions).
public struct SpringStepResponse: Hashable, Sendable {
    public var spring: Spring
    /// Rest, in fractions of the travel and fractions per second.
    public var threshold: RestThreshold

    public init(spring: Spring, threshold: RestThreshold = .opacity) {
        self.spring = spring
        self.threshold = threshold
    }

    /// Progress at `t` seconds, 0 at the start and 1 at the target.
    public func progress(at t: Double) -> Double {
        1 + spring.displacement(at: t, from: -1, velocity: 0)
    }

    /// Progress per second at `t` seconds.
    public func progressVelocity(at t: Double) -> Double {
        spring.velocity(at: t, from: -1, velocity: 0)
    }

    /// How far the step goes past its target, as a fraction of the travel: `e^{−πζ/√(1−ζ²)}` for
    /// an under-damped spring (at `t = π/β`, half the damped period), 0 at or above critical damping.
    public var overshootFraction: Double {
        let z = spring.dampingRatio
        guard z < 1, z >= 0 else { return 0 }
        return exponential(-Double.pi * z / ((1 - z) * (1 + z)).squareRoot())
    }

    /// True when the step is at rest at `t`: near enough and slow enough.
    public func isAtRest(at t: Double) -> Bool {
        let k = spring.coefficients(at: t)
        // x₀ = −1, v₀ = 0: x = −xx, v = −vx.
        return abs(k.xx) <= threshold.displacement && abs(k.vx) <= threshold.speed
    }

    /// Seconds from the release until the step is at rest and stays at rest: the duration of the
    /// motion (CSS's `linear()` easing runs for this long). Exact to 1e-9 s.
    ///
    /// Under-damped, the envelopes `|x| ≤ e^{−at}/√(1−ζ²)` and `|v| ≤ e^{−at}·ω₀²/β` (`a = ζω₀`,
    /// `β = ω₀√(1−ζ²)`) bound the time after which rest holds for good; the last moment out of
    /// rest before it is found by a scan at 1/4000 of the response and bisection. At or above
    /// critical damping the displacement shrinks monotonically and the speed does after its peak, so
    /// rest is the later of the two first crossings (the speed's taken after the peak).
    public var settleSeconds: Double {
        guard spring.isValid else { return 0 }
        let w0 = spring.angularFrequency, z = spring.dampingRatio
        let d = threshold.displacement, s = threshold.speed
        if z < 1 {
            let a = z * w0, root = ((1 - z) * (1 + z)).squareRoot(), beta = w0 * root
            let horizon = max(0, logarithm(1 / (d * root)) / a, logarithm(w0 * w0 / (beta * s)) / a)
            let step = min(spring.responseSeconds / 4000, horizon / 1000)
            guard step > 0 else { return 0 }
            var t = horizon
            while t > 0, isAtRest(at: t) { t -= step }
            if t <= 0 { return 0 }
            return firstRest(after: t, before: t + step)
        }
        // The speed's peak: where the velocity's derivative vanishes.
        let peak: Double
        if z == 1 {
            peak = 1 / w0
        } else {
            let root = ((z - 1) * (z + 1)).squareRoot()
            let slow = w0 / (z + root), fast = w0 * (z + root)
            peak = logarithm(fast / slow) / (fast - slow)
        }
        let xCrossing = firstTime(from: 0) { abs(spring.coefficients(at: $0).xx) <= d }
        let speedAtPeak = abs(spring.coefficients(at: peak).vx)
        let vCrossing = speedAtPeak <= s ? 0 : firstTime(from: peak) { abs(spring.coefficients(at: $0).vx) <= s }
        return max(xCrossing, vCrossing)
    }

    /// Bisection between a moment out of rest (`low`) and one at rest (`high`).
    private func firstRest(after low: Double, before high: Double) -> Double {
        var lo = low, hi = high
        while hi - lo > 1e-10 {
            let mid = (lo + hi) / 2
            if isAtRest(at: mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The first time from `start` at which a condition that stays true once true holds.
    private func firstTime(from start: Double, _ holds: (Double) -> Bool) -> Double {
        if holds(start) { return start }
        var span = spring.responseSeconds
        while !holds(start + span), span < 1e9 { span *= 2 }
        var lo = start, hi = start + span
        while hi - lo > 1e-10 {
            let mid = (lo + hi) / 2
            if holds(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    // MARK: - Sampled

    /// One stop of a piecewise-linear easing: time and progress, both as fractions (time of the
    /// whole duration, progress of the travel).
    public struct Stop: Hashable, Sendable {
        public var time: Double
        public var progress: Double
        public init(time: Double, progress: Double) { self.time = time; self.progress = progress }
    }

    /// Stops for CSS's `linear()` easing over `settleSeconds`: the straight lines between them stay
    /// within `tolerance` (a fraction of the travel) of the spring at every one of `resolution`
    /// evenly spaced instants, each line made as long as it can be (greedy, from the start). Times
    /// are rounded to 1e-4 and progress to 1e-4, and the last stop is (1, 1): the snap onto the
    /// target that the animation makes at rest.
    public func linearEasingStops(tolerance: Double = 0.003, resolution: Int = 2000) -> [Stop] {
        let n = max(2, resolution)
        let duration = settleSeconds
        let values = (0...n).map { i in i == n ? 1 : progress(at: duration * Double(i) / Double(n)) }
        func round(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        var stops = [Stop(time: 0, progress: round(values[0]))]
        var start = 0
        while start < n {
            var end = start + 1
            // Extend the line while every instant it spans stays within the tolerance.
            while end < n {
                let next = end + 1
                let slope = (values[next] - values[start]) / Double(next - start)
                var fits = true
                for k in (start + 1)..<next where abs(values[start] + slope * Double(k - start) - values[k]) > tolerance {
                    fits = false
                    break
                }
                if !fits { break }
                end = next
            }
            stops.append(Stop(time: round(Double(end) / Double(n)), progress: round(values[end])))
            start = end
        }
        return stops
    }

    /// The largest |easing − spring| over the motion, at `resolution` evenly spaced instants.
    public func maximumError(of stops: [Stop], resolution: Int = 4000) -> Double {
        let duration = settleSeconds
        var worst = 0.0
        var segment = 0
        for i in 0...resolution {
            let f = Double(i) / Double(resolution)
            while segment < stops.count - 2, stops[segment + 1].time < f { segment += 1 }
            let a = stops[segment], b = stops[min(segment + 1, stops.count - 1)]
            let eased = b.time > a.time ? a.progress + (b.progress - a.progress) * (f - a.time) / (b.time - a.time) : b.progress
            worst = max(worst, abs(eased - progress(at: duration * f)))
        }
        return worst
    }
}
