import Foundation
import Geometry
import Testing
import TestSupport
@testable import Motion

/// Pointer prediction (issue 40): where the hand will be when a frame reaches the screen.
@Suite("Pointer prediction: none at rest, exact at constant velocity, capped, cut on turns, no throw past a stop")
struct PointerPredictorTests {
    /// Samples of `path` every `1/hz` s from `start` to `end` (exact positions).
    static func samples(hz: Double, from start: Double = 0, to end: Double, _ path: (Double) -> Point) -> [PointerSample] {
        var out: [PointerSample] = []
        var k = 0.0
        while start + k / hz <= end + 1e-12 {
            let t = start + k / hz
            out.append(PointerSample(time: t, position: path(t)))
            k += 1
        }
        return out
    }

    @Test("a pointer at rest is predicted nowhere: no offset, however long the horizon")
    func atRest() {
        let still = Self.samples(hz: 1000, to: 0.05) { _ in Point(300, 200) }
        let p = PointerPredictor().predict(still, now: 0.05, horizon: 0.02)
        #expect(p.offset == .zero)
        #expect(p.seconds == 0)
    }

    @Test("a pointer that sent nothing for 1.5 of its intervals has stopped: no offset")
    func stopped() {
        // 1,000 pt/s at 125 Hz (8 ms apart) up to 0.05 s; asked 13 ms later (> 1.5 × 8 ms).
        let moving = Self.samples(hz: 125, to: 0.048) { t in Point(1000 * t, 0) }
        #expect(PointerPredictor().predict(moving, now: 0.048 + 0.011, horizon: 0.008).offset.x > 0)
        #expect(PointerPredictor().predict(moving, now: 0.048 + 0.013, horizon: 0.008).offset == .zero)
    }

    @Test("at constant velocity the prediction is exact: v × (now + horizon − newest sample)")
    func constantVelocity() {
        let v = Point(700, -400)
        let line = Self.samples(hz: 1000, to: 0.06) { t in Point(100, 500) + v * t }
        // now 0.0605, horizon 8 ms: τ = 0.0605 + 0.008 − 0.06 = 8.5 ms.
        let p = PointerPredictor().predict(line, now: 0.0605, horizon: 0.008)
        let expected = v * 0.0085
        #expect((p.offset - expected).length < 1e-6, "offset \(p.offset), expected \(expected)")
        #expect(abs(p.seconds - 0.0085) < 1e-12)
    }

    @Test("the look-ahead is capped at maximumSeconds (25 ms, Chromium's cap), and 0 turns it off")
    func capped() {
        let v = Point(1000, 0)
        let line = Self.samples(hz: 1000, to: 0.06) { t in v * t }
        let p = PointerPredictor().predict(line, now: 0.06, horizon: 0.1)
        #expect(abs(p.seconds - 0.025) < 1e-12)
        #expect(abs(p.offset.x - 25) < 1e-6)
        #expect(PointerPredictor(maximumSeconds: 0).predict(line, now: 0.06, horizon: 0.01).offset == .zero)
        // No horizon known (a trace recorded without one): nothing is predicted.
        #expect(PointerPredictor().predict(line, now: 0.06, horizon: 0).offset == .zero)
    }

    @Test("at low speed the look-ahead is scaled down: (speed − 40) / (250 − 40) of it")
    func lowSpeed() {
        let slow = Self.samples(hz: 1000, to: 0.06) { t in Point(100 * t, 0) }
        let p = PointerPredictor().predict(slow, now: 0.06, horizon: 0.01)
        // 100 pt/s: (100 − 40) / 210 of 10 ms.
        #expect(abs(p.seconds - 0.01 * 60 / 210) < 1e-9)
        let crawl = Self.samples(hz: 1000, to: 0.06) { t in Point(30 * t, 0) }
        #expect(PointerPredictor().predict(crawl, now: 0.06, horizon: 0.01).offset == .zero)
    }

    @Test("a sharp turn cuts the horizon: a right-angle corner 10 ms ago predicts nothing; a gentle curve keeps most")
    func sharpTurn() {
        // Right at 800 pt/s until 0.05 s, then down at 800 pt/s.
        let corner = Self.samples(hz: 1000, to: 0.06) { t in
            t <= 0.05 ? Point(800 * t, 0) : Point(40, 800 * (t - 0.05))
        }
        let turned = PointerPredictor().predict(corner, now: 0.06, horizon: 0.01)
        #expect(turned.seconds == 0, "look-ahead \(turned.seconds) s after a right angle")
        // A circle of radius 400 pt at 800 pt/s turns 2 rad/s: 3.7° over the 32 ms window.
        let arc = Self.samples(hz: 1000, to: 0.06) { t in Point(400 * sin(2 * t), 400 - 400 * cos(2 * t)) }
        let gentle = PointerPredictor().predict(arc, now: 0.06, horizon: 0.01)
        #expect(abs(gentle.seconds - 0.01) < 1e-9)
    }

    /// The drawn point (newest sample + prediction) past the rest point along the heading, at
    /// every frame (60 Hz from `phase`) of a hand braking from `speed` to a stop over `brake`
    /// seconds (the minimum-jerk profile), reported at `hz` in whole points.
    static func overshoot(speed: Double, brake: Double, hz: Double, phase: Double, horizon: Double) -> Double {
        let cruise = 0.2
        func x(_ t: Double) -> Double {
            if t <= cruise { return speed * t }
            let u = min((t - cruise) / brake, 1)
            // ∫ of speed·(1 − (10u³ − 15u⁴ + 6u⁵)) du · brake.
            return speed * cruise + speed * brake * (u - (2.5 * pow(u, 4) - 3 * pow(u, 5) + pow(u, 6)))
        }
        let end = cruise + brake + 0.1
        var reported: [PointerSample] = []
        for s in samples(hz: hz, to: end, { t in Point(x(t).rounded(.down), 0) }) where reported.last?.position != s.position {
            reported.append(s)
        }
        let rest = reported.last!.position.x
        var worst = -Double.infinity
        var frame = phase
        while frame <= end {
            let known = reported.filter { $0.time <= frame }
            if let last = known.last {
                let drawn = last.position.x + PointerPredictor().predict(known, now: frame, horizon: horizon).offset.x
                worst = max(worst, drawn - rest)
            }
            frame += 1.0 / 60
        }
        return worst
    }

    /// A 60 ms brake seen by a 125 Hz mouse in whole points is beyond it: three reports 8 ms
    /// apart, a point or two each, cannot tell the brake from the noise in time (2.6 to 4.2 pt
    /// past the stop at 500 to 3,000 pt/s; docs/pipeline.md, "Pointer prediction").
    @Test("a stop never throws the photo past the hand by more than 2 pt (500–3,000 pt/s; 60–200 ms brakes at 1,000 Hz, 120–200 ms at 125 Hz)")
    func stopOvershoot() {
        for speed in [500.0, 1000, 2000, 3000] {
            for (hz, brakes) in [(1000.0, [0.06, 0.12, 0.2]), (125.0, [0.12, 0.2])] {
                for brake in brakes {
                    for phase in stride(from: 0.0, to: 1.0 / 60, by: 0.004) {
                        let o = Self.overshoot(speed: speed, brake: brake, hz: hz, phase: phase, horizon: 0.008)
                        #expect(o <= 2, "\(speed) pt/s braking over \(brake) s at \(hz) Hz, frames from \(phase) s: \(o) pt past the stop")
                    }
                }
            }
        }
    }

    @Test("seeded random smooth strokes: the prediction halves the trail, rarely points the wrong way, never reaches past 25 ms of the fitted speed")
    func randomStrokes() {
        var rng = SplitMix64(seed: 40)
        var strokes: [PointerPredictionScore.Stroke] = []
        for _ in 0..<40 {
            let speed = rng.logUniform(300...3000), heading = rng.uniform(0...(2 * Double.pi))
            let bendPerSecond = rng.uniform(-1.5...1.5), hz = [125.0, 250, 500, 1000][Int(rng.uniform(0...3.999))]
            let start = Point(rng.uniform(0...1000), rng.uniform(0...800))
            // A stroke turning at a steady rate: a circle's arc (a straight line when it does not turn).
            func at(_ t: Double) -> Point {
                let a = heading + bendPerSecond * t
                guard abs(bendPerSecond) > 1e-9 else { return start + Point(cos(heading), sin(heading)) * (speed * t) }
                let r = speed / bendPerSecond
                return start + Point(sin(a) - sin(heading), cos(heading) - cos(a)) * r
            }
            let hand = Self.samples(hz: 10_000, to: 0.6, at)
            let samples = Self.samples(hz: hz, from: rng.uniform(0...(1 / hz)), to: 0.6) { t in
                let p = at(t)
                return Point(p.x.rounded(.down), p.y.rounded(.down))
            }
            let frames = Self.samples(hz: 60, from: rng.uniform(0...(1.0 / 60)), to: 0.55) { _ in .zero }
                .map { PointerPredictionScore.Frame(time: $0.time, horizon: 0.008) }
            strokes.append(.init(samples: samples, frames: frames, hand: hand, stops: []))
            // Never further than 25 ms at the fitted speed (plus the bend's share).
            for f in frames {
                let known = samples.filter { $0.time <= f.time }
                let p = PointerPredictor().predict(known, now: f.time, horizon: f.horizon)
                #expect(p.seconds <= 0.025 + 1e-12)
                #expect(p.offset.length <= p.velocity.length * p.seconds * 1.5 + 1, "offset \(p.offset) at \(p.velocity) pt/s for \(p.seconds) s")
            }
        }
        let off = PointerPredictionScore.measure(strokes, predictor: nil)
        let on = PointerPredictionScore.measure(strokes, predictor: PointerPredictor())
        #expect(on.medianDistance <= off.medianDistance / 2, "median \(on.medianDistance) pt against \(off.medianDistance) pt unpredicted")
        #expect(on.p95Distance <= off.p95Distance / 2, "p95 \(on.p95Distance) pt against \(off.p95Distance) pt unpredicted")
        #expect(on.wrongWayPercent <= 1, "\(on.wrongWayPercent) % of frames predicted the wrong way")
    }

    @Test("the score: unpredicted, a constant 1,000 pt/s drag trails by the sample's age plus the horizon; predicted, by nothing")
    func scoreOfConstantDrag() {
        let v = Point(1000, 0)
        let hand = Self.samples(hz: 10_000, to: 0.5) { t in v * t }
        // Samples every 1 ms on the ms; frames half a millisecond after one, 8 ms horizon: the
        // trail is 1,000 pt/s × 8.5 ms = 8.5 pt.
        let samples = Self.samples(hz: 1000, to: 0.5) { t in v * t }
        let frames = Self.samples(hz: 50, from: 0.1005, to: 0.45) { _ in .zero }.map { PointerPredictionScore.Frame(time: $0.time, horizon: 0.008) }
        let stroke = PointerPredictionScore.Stroke(samples: samples, frames: frames, hand: hand, stops: [])
        let off = PointerPredictionScore.measure([stroke], predictor: nil)
        #expect(abs(off.medianDistance - 8.5) < 1e-6)
        let on = PointerPredictionScore.measure([stroke], predictor: PointerPredictor())
        #expect(on.medianDistance < 1e-6 && on.wrongWayFrames == 0)
    }
}
