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

    package init(spring: Spring, threshold: RestThreshold = .opacity) {
        self.spring = spring
        self.threshold = threshold
    }

    /// Progress at `t` seconds, 0 at the start and 1 at the target.
    public func progress(at t: Double) -> Double {
        1 + spring.displacement(at: t, from: -1, velocity: 0)
    }

    /// Progress per second at `t` seconds.
    package func progressVelocity(at t: Double) -> Double {
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
        package init(time: Double, progress: Double) { self.time = time; self.progress = progress }
    }

    /// The instant of the step's overshoot peak, seconds: `π/β` (`β = ω₀√(1−ζ²)`, half the damped
    /// period) for an under-damped spring, nil at or above critical damping.
    public var peakSeconds: Double? {
        let z = spring.dampingRatio
        guard spring.isValid, z < 1 else { return nil }
        return Double.pi / (spring.angularFrequency * ((1 - z) * (1 + z)).squareRoot())
    }

    /// Stops for CSS's `linear()` easing over `settleSeconds`, within `tolerance` (a fraction of the
    /// travel) of the spring at every instant, as a browser plays them: the straight lines between
    /// the stops, with times and progress rounded to 1e-4 (the export prints them so), are measured
    /// against the closed form at `checkResolution` evenly spaced instants and at every stop, and the
    /// lines are drawn tighter (a greedy fit, each line as long as it can be, at `resolution`
    /// instants) until they hold. The overshoot peak (`peakSeconds`), when it comes before rest, is a stop of its own, so the
    /// easing reaches the spring's full overshoot instead of cutting across it; the last stop is
    /// (1, 1): the snap onto the target that the animation makes at rest.
    package func linearEasingStops(tolerance: Double = 0.003, resolution: Int = 2000, checkResolution: Int = 20_000) -> [Stop] {
        let duration = settleSeconds
        var fit = tolerance
        var stops = greedyStops(tolerance: fit, resolution: resolution, duration: duration)
        // Rounding moves each stop by at most 5e-5 in both axes: the lines are drawn a fifth tighter
        // each round until the stops as printed hold.
        for _ in 0..<20 where maximumError(of: stops, resolution: checkResolution, duration: duration) > tolerance {
            fit *= 0.8
            stops = greedyStops(tolerance: fit, resolution: resolution, duration: duration)
        }
        return stops
    }

    /// The greedy stops within `tolerance` at `resolution` instants (and the peak), rounded.
    private func greedyStops(tolerance: Double, resolution: Int, duration: Double) -> [Stop] {
        let n = max(2, resolution)
        // The instants: an even grid, with the peak put in its place.
        var times = (0...n).map { Double($0) / Double(n) }
        var peakIndex: Int?
        if let peak = peakSeconds, duration > 0, peak / duration > 0, peak / duration < 1 {
            let f = peak / duration
            let i = times.firstIndex { $0 >= f }!
            if times[i] == f { peakIndex = i } else { times.insert(f, at: i); peakIndex = i }
        }
        let values = times.indices.map { i in i == times.count - 1 ? 1 : progress(at: duration * times[i]) }
        func round(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        var stops = [Stop(time: 0, progress: round(values[0]))]
        let last = times.count - 1
        var start = 0
        while start < last {
            var end = start + 1
            // Extend the line while every instant it spans stays within the tolerance; never past the peak.
            while end < last, end != peakIndex {
                let next = end + 1
                var fits = true
                for k in (start + 1)..<next {
                    let line = values[start] + (values[next] - values[start]) * (times[k] - times[start]) / (times[next] - times[start])
                    if abs(line - values[k]) > tolerance { fits = false; break }
                }
                if !fits { break }
                end = next
            }
            let time = round(times[end])
            if time > stops.last!.time { stops.append(Stop(time: time, progress: round(values[end]))) }
            start = end
        }
        if stops.last!.time < 1 { stops.append(Stop(time: 1, progress: 1)) } else { stops[stops.count - 1] = Stop(time: 1, progress: 1) }
        return stops
    }

    /// The largest |easing − spring| over the motion: at `resolution` evenly spaced instants and at
    /// every stop (where a rounded stop is farthest off), the easing read as CSS's `linear()` does
    /// (straight between stops, by time fraction).
    package func maximumError(of stops: [Stop], resolution: Int = 4000) -> Double {
        maximumError(of: stops, resolution: resolution, duration: settleSeconds)
    }

    /// The same over `duration` seconds (the settle time, computed once by the caller).
    func maximumError(of stops: [Stop], resolution: Int, duration: Double) -> Double {
        let instants = ((0...resolution).map { Double($0) / Double(resolution) } + stops.map(\.time)).sorted()
        var worst = 0.0
        var segment = 0
        for f in instants {
            while segment < stops.count - 2, stops[segment + 1].time < f { segment += 1 }
            let a = stops[segment], b = stops[min(segment + 1, stops.count - 1)]
            let eased = b.time > a.time ? a.progress + (b.progress - a.progress) * (f - a.time) / (b.time - a.time) : b.progress
            worst = max(worst, abs(eased - progress(at: duration * f)))
        }
        return worst
    }
}
