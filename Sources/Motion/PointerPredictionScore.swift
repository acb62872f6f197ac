import Geometry

/// How well a held photo keeps up with the hand, scored the way Chromium scores its predictors:
/// for every frame, the distance between the grabbed point as drawn (the newest pointer sample
/// the frame knew, plus the prediction) and the hand when the frame reaches the screen; the frames
/// predicted the wrong way; and after each stop, how far the drawn point went past where the hand
/// came to rest and how long it took to settle there.
///
/// Pure: strokes in, figures out. The prediction benchmark (`scripts/bench predict`) scores
/// synthetic mouse paths; `photozoom replay TRACE --prediction` scores a recorded trace's drags.
public enum PointerPredictionScore {
    /// A frame: its instant (its input read up to it) and the seconds until it reaches the screen.
    public struct Frame: Hashable, Sendable {
        public var time: Double
        public var horizon: Double

        public init(time: Double, horizon: Double) {
            self.time = time
            self.horizon = horizon
        }
    }

    /// Where the hand came to rest: the instant it stopped, the point, the unit heading it had,
    /// when it moved again (nil: it did not, in the stroke), and since when it came in along the
    /// heading (nil: `stopWindow.before` ahead of the stop; a hand that turned back on its way in
    /// was past the rest point before, by its own doing).
    public struct Stop: Hashable, Sendable {
        public var time: Double
        public var rest: Point
        public var heading: Point
        public var resumes: Double?
        public var approach: Double?

        public init(time: Double, rest: Point, heading: Point, resumes: Double? = nil, approach: Double? = nil) {
            self.time = time
            self.rest = rest
            self.heading = heading
            self.resumes = resumes
            self.approach = approach
        }
    }

    /// One drag: the samples the app received (times rising), the frames drawn while it lasted,
    /// the hand's true path (positions at rising times, read between them as a line) and its stops.
    public struct Stroke: Sendable {
        public var samples: [PointerSample]
        public var frames: [Frame]
        public var hand: [PointerSample]
        public var stops: [Stop]

        public init(samples: [PointerSample], frames: [Frame], hand: [PointerSample], stops: [Stop]) {
            self.samples = samples
            self.frames = frames
            self.hand = hand
            self.stops = stops
        }
    }

    /// The figures over strokes.
    public struct Figures: Hashable, Sendable {
        /// Frames presented while the hand moved (faster than `movingSpeed`).
        public var movingFrames = 0
        /// The grabbed point's distance from the hand at presentation over those frames, points.
        public var medianDistance = 0.0
        public var p95Distance = 0.0
        /// Frames among them whose prediction pointed away from where the hand went.
        public var wrongWayFrames = 0
        /// Stops seen, the farthest any drawn frame went past the rest point along the heading
        /// (points), and the median time from the hand's stop until the drawn point stayed within
        /// `settledDistance` of the rest point (seconds).
        public var stops = 0
        public var overshoot = 0.0
        public var medianSettlingSeconds = 0.0

        public var wrongWayPercent: Double { movingFrames > 0 ? 100 * Double(wrongWayFrames) / Double(movingFrames) : 0 }

        /// "median 0.99 pt, p95 1.85 pt, 0.25 % the wrong way (1,193 frames in motion); 20 stops:
        /// overshoot 0.18 pt, settling 6.3 ms".
        public var description: String {
            "median \(Self.figure(medianDistance, 2)) pt, p95 \(Self.figure(p95Distance, 2)) pt, "
                + "\(Self.figure(wrongWayPercent, 2)) % the wrong way (\(movingFrames) frames in motion); "
                + "\(stops) stops: overshoot \(Self.figure(max(0, overshoot), 2)) pt, settling \(Self.figure(medianSettlingSeconds * 1000, 1)) ms"
        }

        /// `v` to `places` decimals, trailing zeros kept ("0.50").
        public static func figure(_ v: Double, _ places: Int) -> String {
            guard v.isFinite else { return "\(v)" }
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            let whole = (abs(v) * scale).rounded()
            let integer = Int(whole / scale), fraction = Int(whole) - integer * Int(scale)
            let digits = String(fraction)
            let sign = v < 0 && whole > 0 ? "-" : ""
            return sign + String(integer) + (places > 0 ? "." + String(repeating: "0", count: places - digits.count) + digits : "")
        }
    }

    /// A frame counts as moving when the hand's speed at its presentation is above this, pt/s.
    public static let movingSpeed = 20.0
    /// Within this of the rest point a stop has settled, points.
    public static let settledDistance = 0.5
    /// A stop is watched from this long before it to this long after, seconds.
    public static let stopWindow = (before: 0.2, after: 0.3)

    /// Scores `strokes` with `predictor` (nil: drawn at the newest sample, no prediction).
    public static func measure(_ strokes: [Stroke], predictor: PointerPredictor?) -> Figures {
        var distances: [Double] = []
        var wrong = 0
        var overshoot = 0.0
        var settling: [Double] = []
        var stopCount = 0
        for stroke in strokes {
            let drawn = drawnPoints(stroke, predictor: predictor)
            for (frame, point) in zip(stroke.frames, drawn) {
                guard let point else { continue }
                let present = frame.time + frame.horizon
                guard speed(of: stroke.hand, at: present) > movingSpeed else { continue }
                let hand = position(of: stroke.hand, at: present)
                distances.append((point.drawn - hand).length)
                if point.offset.length > 1e-9, point.offset.dot(hand - point.sample) < 0 { wrong += 1 }
            }
            for stop in stroke.stops {
                stopCount += 1
                var settledAt: Double?
                let end = min(stop.time + stopWindow.after, stop.resumes ?? .infinity)
                let start = max(stop.time - stopWindow.before, stop.approach ?? -.infinity)
                for (frame, point) in zip(stroke.frames, drawn) {
                    guard let point, frame.time >= start, frame.time <= end else { continue }
                    overshoot = max(overshoot, (point.drawn - stop.rest).dot(stop.heading))
                    if (point.drawn - stop.rest).length <= settledDistance {
                        if settledAt == nil { settledAt = frame.time + frame.horizon }
                    } else {
                        settledAt = nil
                    }
                }
                settling.append(max(0, (settledAt ?? end) - stop.time))
            }
        }
        var f = Figures()
        f.movingFrames = distances.count
        f.medianDistance = percentile(distances, 0.5)
        f.p95Distance = percentile(distances, 0.95)
        f.wrongWayFrames = wrong
        f.stops = stopCount
        f.overshoot = overshoot
        f.medianSettlingSeconds = percentile(settling, 0.5)
        return f
    }

    /// What each frame of `stroke` drew: the newest sample it knew, the prediction's offset and
    /// the point drawn (nil before the first sample).
    static func drawnPoints(_ stroke: Stroke, predictor: PointerPredictor?) -> [(sample: Point, offset: Point, drawn: Point)?] {
        var known = 0
        return stroke.frames.map { frame in
            while known < stroke.samples.count, stroke.samples[known].time <= frame.time { known += 1 }
            guard known > 0 else { return nil }
            let sample = stroke.samples[known - 1].position
            let offset = predictor?.predict(stroke.samples[..<known], now: frame.time, horizon: frame.horizon).offset ?? .zero
            return (sample, offset, sample + offset)
        }
    }

    /// The path's point at `time` (its ends held beyond it), read as a line between samples.
    public static func position(of path: [PointerSample], at time: Double) -> Point {
        guard let first = path.first, let last = path.last else { return .zero }
        if time <= first.time { return first.position }
        if time >= last.time { return last.position }
        var lo = 0, hi = path.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if path[mid].time <= time { lo = mid } else { hi = mid }
        }
        let a = path[lo], b = path[hi]
        let f = b.time > a.time ? (time - a.time) / (b.time - a.time) : 1
        return a.position.interpolated(to: b.position, fraction: f)
    }

    /// The path's speed at `time`, over a millisecond either side, pt/s.
    public static func speed(of path: [PointerSample], at time: Double) -> Double {
        let h = 0.001
        return (position(of: path, at: time + h) - position(of: path, at: time - h)).length / (2 * h)
    }

    /// The `q` quantile of `values` (nearest rank; 0 when empty).
    static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
