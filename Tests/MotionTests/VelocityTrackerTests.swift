import Geometry
import Testing
@testable import Motion

@Suite("Velocity trackers: least squares over the last 100 ms, degree 2 where the samples bend")
struct VelocityTrackerTests {
    /// Samples of `position(t)` every `step` seconds over `0...end` (times as k·step).
    func tracker(step: Double, through end: Double, _ position: (Double) -> Double) -> VelocityTracker {
        var tracker = VelocityTracker()
        var k = 0.0
        while k * step <= end + 1e-12 {
            tracker.add(time: k * step, value: position(k * step))
            k += 1
        }
        return tracker
    }

    @Test("x = 1000·t sampled every 8 ms gives 1000 pt/s within 0.01 %")
    func linearMotion() {
        let t = tracker(step: 0.008, through: 0.2) { 1000 * $0 }
        // A line is a degree-2 polynomial: the fit reproduces it, dx/dt = 1000.
        #expect(abs(t.velocity() - 1000) < 1000 * 1e-4)
        #expect(abs(t.velocity(at: 0.2) - 1000) < 1e-9)
    }

    @Test("x = 500·t² gives 96 pt/s at t = 0.096 within 0.01 %")
    func acceleratingMotion() {
        let t = tracker(step: 0.008, through: 0.096) { 500 * $0 * $0 }
        // dx/dt = 1000·t = 96 at t = 0.096; a parabola is fitted exactly.
        #expect(abs(t.velocity(at: 0.096) - 96) < 96 * 1e-4)
        #expect(abs(t.velocity(at: 0.096) - 96) < 1e-9)
    }

    @Test("a pause of 50 ms before release means zero velocity, with or without a sample at release")
    func pauseBeforeRelease() {
        var t = tracker(step: 0.008, through: 0.2) { 1000 * $0 }
        // The newest sample is at 0.2 (to rounding); release 50 ms later ≥ the 40 ms stop gap.
        #expect(t.velocity(at: 0.25) == 0)
        // The release reported as a sample where the pointer rests: the 50 ms gap cuts the stroke.
        t.add(time: 0.25, value: 200)
        #expect(t.velocity(at: 0.25) == 0)
        // A 30 ms pause is not a stop: the fit's slope at the newest sample stands.
        let u = tracker(step: 0.008, through: 0.2) { 1000 * $0 }
        #expect(abs(u.velocity(at: 0.23) - 1000) < 1e-9)
    }

    @Test("no samples or one sample give 0; two give the slope of their line")
    func fewSamples() {
        var t = VelocityTracker()
        #expect(t.velocity() == 0)
        t.add(time: 1, value: 5)
        #expect(t.velocity() == 0 && t.velocity(at: 1.01) == 0)
        t.add(time: 1.01, value: 8)
        // (8 − 5) / 0.01 = 300.
        #expect(abs(t.velocity() - 300) < 1e-9)
    }

    @Test("a duplicate timestamp keeps the last value")
    func duplicateTimestamps() {
        var t = tracker(step: 0.008, through: 0.096) { 1000 * $0 }
        let last = t.newestTime!
        t.add(time: last, value: -5000)      // replaced by the next line
        t.add(time: last, value: 1000 * last)
        #expect(t.sampleCount == 13)
        #expect(abs(t.velocity() - 1000) < 1e-9)
        var u = tracker(step: 0.008, through: 0.096) { 1000 * $0 }
        u.add(time: last, value: 1000 * last + 8)   // the later position wins: the line bends
        #expect(u.velocity() > 1000)
    }

    @Test("NaN or infinite samples and times going backwards are ignored")
    func badSamples() {
        var t = VelocityTracker()
        for k in 0...12 {
            let time = Double(k) * 0.008
            t.add(time: time, value: 1000 * time)
            t.add(time: time + 0.004, value: .nan)
            t.add(time: .infinity, value: 3)
            t.add(time: .nan, value: 3)
            t.add(time: time + 0.004, value: -.infinity)
            t.add(time: time - 0.005, value: 1e9)   // older than the newest sample
        }
        #expect(t.sampleCount == 13)
        #expect(abs(t.velocity() - 1000) < 1e-9)
        #expect(abs(t.velocity(at: .nan) - 1000) < 1e-9)
    }

    @Test("a 1000 Hz stroke pools into 5 ms slots: all of the last 100 ms count; at most maxSamples slots")
    func slots() {
        // 1000 Hz: x = 50 until t = 0.1, then x = 2000·(t − 0.1) + 50 up to t = 0.2. The window
        // (0.1…0.2) holds 101 samples in 20 slots of 5 ms, all on the line.
        var t = VelocityTracker()
        for k in 0...200 {
            let time = Double(k) * 0.001
            t.add(time: time, value: k <= 100 ? 50 : 2000 * (time - 0.1) + 50)
        }
        #expect(abs(t.velocity() - 2000) < 1e-6)
        // Every 25 ms: x = 1000·(t − 0.025) from t = 0.05 on, −30 at t = 0.025 and at t = 0.
        // Two slots of 50 ms: ages 0 and 25 pool to (0.0875, 62.5), ages 50 and 75 to
        // (0.0375, −2.5); age 100 would be a third slot. Slope (62.5 + 2.5) / 0.05 = 1300.
        // One slot of 100 ms holds ages 0…75: a single point, velocity 0.
        var two = VelocityTracker(maxSamples: 2)
        var one = VelocityTracker(maxSamples: 1)
        for k in 0...4 {
            let time = Double(k) * 0.025
            let x = k <= 1 ? -30 : 1000 * (time - 0.025)
            two.add(time: time, value: x)
            one.add(time: time, value: x)
        }
        #expect(abs(two.velocity() - 1300) < 1e-9)
        #expect(one.velocity() == 0)
    }

    @Test("only samples within 100 ms of the newest count, and a 40 ms gap starts a new stroke")
    func windowAndGaps() {
        // Every 10 ms: x = 0 before t = 0.1, then x = 1000·(t − 0.1) + 100. The samples 0.1…0.2 span
        // exactly 100 ms and lie on the line; the one at 0.09 is 110 ms old.
        var t = VelocityTracker()
        for k in 0...20 {
            let time = Double(k) * 0.01
            t.add(time: time, value: k < 10 ? 0 : 1000 * (time - 0.1) + 100)
        }
        #expect(abs(t.velocity() - 1000) < 1e-6)
        // A stroke, a 45 ms gap, then two samples: only the two count, (30 − 20)/0.005 = 2000.
        var g = VelocityTracker()
        for k in 0...5 { g.add(time: Double(k) * 0.01, value: -300 * Double(k)) }
        g.add(time: 0.095, value: 20)
        g.add(time: 0.1, value: 30)
        #expect(abs(g.velocity() - 2000) < 1e-6)
    }

    @Test("a release time before the newest sample uses the samples up to it")
    func earlierRelease() {
        let t = tracker(step: 0.008, through: 0.2) { 500 * $0 * $0 }
        // dx/dt = 1000·t at the newest sample at or before the release (0.096 here).
        #expect(abs(t.velocity(at: 0.096) - 96) < 1e-8)
        #expect(abs(t.velocity(at: 0.099) - 96) < 1e-8)
        #expect(t.velocity(at: -1) == 0)
    }

    @Test("a scale series: exact for a parabola, within the fit's truncation error for a pinch's exponential")
    func scaleSeries() {
        let parabola = tracker(step: 0.008, through: 0.096) { 1 + 0.8 * $0 + 3 * $0 * $0 }
        // ds/dt = 0.8 + 6t = 1.376 at t = 0.096.
        #expect(abs(parabola.velocity() - 1.376) < 1e-9)
        // s = e^{2t}: the quadratic misses the cubic term c·u³ (c = s‴/6 = 8e^{2t}/6). Fitted over
        // a window of length h, the residual of u³ is P₃/20 (shifted Legendre), whose slope at the
        // end is 0.6, so the slope error is about 0.6·c·h² = 0.6·(8/6)·e^{0.192}·0.096² = 0.0089
        // of 2e^{0.192} = 2.42 (0.37 %); allow 20 % more for higher terms and discrete samples.
        let pinch = tracker(step: 0.008, through: 0.096) { exponential(2 * $0) }
        let exact = 2 * exponential(0.192)
        let bound = 1.2 * 0.6 * (8.0 / 6) * exponential(0.192) * 0.096 * 0.096
        #expect(abs(pinch.velocity() - exact) < bound)
        #expect(abs(pinch.velocity() - exact) > bound / 10)   // the bound is the right size
    }

    @Test("points: each axis fitted on the same samples")
    func points() {
        var t = PointVelocityTracker()
        for k in 0...12 {
            let time = Double(k) * 0.008
            t.add(time: time, point: Point(1000 * time, -500 * time * time + 300 * time))
            t.add(time: time + 0.001, point: Point(.nan, 0))   // ignored as a whole
        }
        // (dx/dt, dy/dt) = (1000, −1000·t + 300) = (1000, 204) at t = 0.096.
        let v = t.velocity(at: 0.096)
        #expect(abs(v.x - 1000) < 1e-9 && abs(v.y - 204) < 1e-9)
        #expect(t.sampleCount == 13)
        #expect(t.velocity(at: 0.15) == .zero)
    }

    @Test("angles are unwrapped across ±π", arguments: [6.0, -6.0])
    func angles(rate: Double) {
        var t = AngleVelocityTracker()
        // θ(t) = π − 0.3 + 6t, reported wrapped into (−π, π]: it crosses π at t = 0.05. Unwrapped,
        // dθ/dt = 6 rad/s (and −6 for the mirror image starting at −π + 0.3).
        let start = rate > 0 ? Double.pi - 0.3 : -Double.pi + 0.3
        for k in 0...12 {
            let time = Double(k) * 0.008
            t.add(time: time, angle: wrapAngle(start + rate * time))
        }
        #expect(abs(t.velocity() - rate) < 1e-9)
        #expect(abs(t.unwrappedAngle - (start + rate * 0.096)) < 1e-12)
        t.reset()
        #expect(t.velocity() == 0 && t.unwrappedAngle == 0)
    }
}
