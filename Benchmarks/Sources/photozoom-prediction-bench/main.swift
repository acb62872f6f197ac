import Foundation
import Geometry
import Motion

// Pointer prediction on synthetic mouse paths (issue 40; `scripts/bench predict`): how far the
// grabbed point drawn is from the pointer when each frame reaches the screen, with prediction off
// and on, at 500, 1,000 and 2,000 pt/s, for a 1,000 Hz and a 125 Hz mouse, frames at 60 Hz and a
// fixed input-to-present latency. Seeded: the same figures on every run and machine.
//
//   photozoom-prediction-bench [--latency SECONDS] [--runs N] [--seed N]

/// SplitMix64 (Steele, Lea and Flood): the bench's seeded jitter.
struct Jitter {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) * 0x1p-53
    }
}

/// The minimum-jerk ease 10u³ − 15u⁴ + 6u⁵ (how a hand speeds up and brakes), u in 0...1.
func minimumJerk(_ u: Double) -> Double {
    let u = min(max(u, 0), 1)
    return u * u * u * (10 - 15 * u + 6 * u * u)
}

/// One synthetic drag: a hand speeding up over 100 ms, cruising 0.8 s at `speed` with its speed
/// wavering ±6 %, its heading ±5° and a 0.15 pt tremor at 8–12 Hz, braking to a stop over 120 ms
/// and resting 0.25 s; a mouse of `rate` Hz reporting whole points stamped to the X server's
/// millisecond; frames every 1/60 s from a random phase, each reaching the screen `latency`
/// seconds after its instant.
func stroke(speed: Double, rate: Double, latency: Double, jitter: inout Jitter) -> PointerPredictionScore.Stroke {
    let accelerate = 0.1, cruise = 0.8, brake = 0.12, rest = 0.25
    let total = accelerate + cruise + brake + rest
    let heading = jitter.uniform(0...(2 * Double.pi))
    let waver = (hz: jitter.uniform(1.5...3), phase: jitter.uniform(0...6.3))
    let swing = (hz: jitter.uniform(0.5...1.5), phase: jitter.uniform(0...6.3))
    let tremor = (hz: jitter.uniform(8...12), phase: jitter.uniform(0...6.3))
    func speedAt(_ t: Double) -> Double {
        let envelope = t < accelerate ? minimumJerk(t / accelerate)
            : t < accelerate + cruise ? 1 : 1 - minimumJerk((t - accelerate - cruise) / brake)
        return speed * envelope * (1 + 0.06 * sin(2 * Double.pi * waver.hz * t + waver.phase))
    }
    func headingAt(_ t: Double) -> Double {
        heading + 5 * Double.pi / 180 * sin(2 * Double.pi * swing.hz * t + swing.phase)
    }
    // The hand's path every 0.1 ms (the tremor across the heading, fading with the motion).
    let step = 0.0001
    var hand: [PointerSample] = []
    var p = Point(640.3, 400.6)
    var t = 0.0
    var stopped = Point.zero
    while t <= total + 1e-9 {
        let h = headingAt(t), s = speedAt(t)
        let across = Point(-sin(h), cos(h)) * (0.15 * (s / speed) * sin(2 * Double.pi * tremor.hz * t + tremor.phase))
        hand.append(PointerSample(time: t, position: p + across))
        p += Point(cos(h), sin(h)) * (s * step)
        if t < accelerate + cruise + brake { stopped = Point(cos(h), sin(h)) }
        t += step
    }
    // The mouse: polled every 1/rate s (±0.1 ms), whole points, an event only when it moved.
    var samples: [PointerSample] = []
    var poll = jitter.uniform(0...(1 / rate))
    var reported: Point?
    while poll <= total {
        let at = PointerPredictionScore.position(of: hand, at: poll + jitter.uniform(-0.0001...0.0001))
        let whole = Point(at.x.rounded(.down), at.y.rounded(.down))
        if whole != reported {
            samples.append(PointerSample(time: (poll * 1000).rounded(.down) / 1000, position: whole))
            reported = whole
        }
        poll += 1 / rate
    }
    var frames: [PointerPredictionScore.Frame] = []
    var frame = jitter.uniform(0...(1.0 / 60))
    while frame <= total {
        frames.append(.init(time: frame, horizon: latency))
        frame += 1.0 / 60
    }
    // The hand has stopped once it is slower than the score's moving speed for good; the drawn
    // point can only rest on a whole point, where the mouse last reported.
    var still = accelerate + cruise + brake
    while still > accelerate, PointerPredictionScore.speed(of: hand, at: still) < PointerPredictionScore.movingSpeed { still -= 0.0005 }
    let stop = PointerPredictionScore.Stop(time: still, rest: samples.last?.position ?? p, heading: stopped)
    return .init(samples: samples, frames: frames, hand: hand, stops: [stop])
}

var latency = 0.008, runs = 20, seed: UInt64 = 40
var arguments = CommandLine.arguments.dropFirst()
while let a = arguments.popFirst() {
    switch a {
    case "--latency": latency = Double(arguments.popFirst() ?? "") ?? latency
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--seed": seed = UInt64(arguments.popFirst() ?? "") ?? seed
    default:
        print("usage: photozoom-prediction-bench [--latency SECONDS] [--runs N] [--seed N]")
        exit(2)
    }
}

let figure = PointerPredictionScore.Figures.figure

func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }

print("== pointer prediction: \(runs) seeded drags per row (seed \(seed)), frames at 60 Hz, input to present \(figure(latency * 1000, 1)) ms")
print("   distance: the grabbed point drawn against the pointer when the frame reaches the screen, frames while the hand moves")
print("   overshoot: the farthest past the rest point after a 120 ms stop; settling: from the stop until within 0.5 pt for good")
let header = ["pt/s", "mouse", "predict", "frames", "median pt", "p95 pt", "wrong way", "overshoot pt", "settling ms"]
let widths = [6, 8, 8, 7, 10, 8, 10, 13, 12]
print(zip(header, widths).map { pad($0, $1) }.joined(separator: " "))
for speed in [500.0, 1000, 2000] {
    for rate in [1000.0, 125] {
        var jitter = Jitter(seed: seed &+ UInt64(speed) &* 7 &+ UInt64(rate))
        let strokes = (0..<runs).map { _ in stroke(speed: speed, rate: rate, latency: latency, jitter: &jitter) }
        for predictor in [nil, PointerPredictor()] {
            let f = PointerPredictionScore.measure(strokes, predictor: predictor)
            let row = [figure(speed, 0), "\(Int(rate)) Hz", predictor == nil ? "off" : "on", "\(f.movingFrames)",
                       figure(f.medianDistance, 2), figure(f.p95Distance, 2),
                       predictor == nil ? "-" : figure(f.wrongWayPercent, 2) + " %",
                       figure(max(0, f.overshoot), 2), figure(f.medianSettlingSeconds * 1000, 1)]
            print(zip(row, widths).map { pad($0, $1) }.joined(separator: " "))
        }
    }
}
