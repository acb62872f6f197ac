import Geometry

/// One pointer position at an instant: seconds on the trace's clock, window points.
public struct PointerSample: Hashable, Sendable {
    public var time: Double
    public var position: Point

    public init(time: Double, position: Point) {
        self.time = time
        self.position = position
    }
}

/// Where the hand will be when a frame reaches the screen: pointer prediction (issue 40), as
/// Chromium's and Android's predictors do it, pure.
///
/// A photo held by the pointer is drawn where the last pointer sample put it; by the time the
/// frame is on the screen the hand has moved on by its speed × the time since that sample (the
/// sample's age at the frame's instant plus the frame's `horizon`, the time from its instant to
/// its presentation). At 1,000 pt/s and 8 ms that is 8 pt of trail. The predictor fits the recent
/// samples (the same least-squares fit as the velocity trackers: a line, or a parabola where the
/// stroke bends by more than the samples' noise explains) and extrapolates by
///
///     offset = v·τ + a·τ²/2,   τ = (now + horizon − t_last) · speed factor · turn factor
///
/// with `τ` at most `maximumSeconds` (Chromium's 25 ms) and never past the instant the fitted
/// deceleration would stop the pointer (`v·a < 0`: `τ ≤ |v|²/(−v·a)`), so a hand braking to a
/// stop is not thrown past where it stops. The look-ahead is
///
/// - **none at rest**: no sample for 1.5 of the recent sample intervals (and 4 ms) before `now`
///   means the pointer has stopped (a mouse sends nothing while still), and the photo is drawn
///   at the last sample;
/// - **scaled down at low speed**: 0 below `restSpeed`, whole from `fullSpeed`, linear between
///   (a slow hand trembles; its trail is under a point anyway);
/// - **cut on a sharp turn**: whole while the fitted velocity at the start and the end of the
///   window, and the newest 8 ms's travel and the fitted velocity, differ by at most
///   `straightRadians` (20°), none from `sharpRadians` (60°), linear between (a turning hand's
///   next heading is a guess; a hand turning back shows in its newest travel first).
///
/// Pure: samples, an instant and a horizon in; an offset out. It changes only where a held photo
/// is drawn (`Viewer.drawnAhead`), never a gesture's state or what a release hands the springs.
public struct PointerPredictor: Hashable, Sendable {
    /// The longest look-ahead, seconds (Chromium caps at 25 ms); 0 predicts nothing.
    public var maximumSeconds: Double
    /// The fit looks back this far from the newest sample, seconds, and at least
    /// `minimumSamples` samples (a 125 Hz mouse reports every 8 ms).
    public var windowSeconds = 0.032
    public var minimumSamples = 5
    /// Below this speed nothing is predicted; from `fullSpeed` up the whole look-ahead, pt/s.
    public var restSpeed = 40.0
    public var fullSpeed = 250.0
    /// Turns of the heading across the window within which the whole look-ahead holds, and
    /// from which none does, radians.
    public var straightRadians = Double.pi / 9
    public var sharpRadians = Double.pi / 3
    /// The newest travel compared with the fitted heading spans at least this, seconds.
    static let newestTravelSeconds = 0.008
    /// The newest 16 ms's braking reading counts where it is at most this share of the speed.
    public var brakingShare = 0.8

    /// A predictor looking at most `maximumSeconds` ahead (`Feel.pointerPredictionSeconds`).
    public init(maximumSeconds: Double = 0.025) {
        self.maximumSeconds = maximumSeconds
    }

    /// What a prediction found, for the figures and the tests.
    public struct Prediction: Hashable, Sendable {
        /// Where the hand will be, less where the newest sample put it, points.
        public var offset: Point
        /// The look-ahead used, seconds (0: nothing predicted).
        public var seconds: Double
        /// The fitted velocity at the newest sample, pt/s.
        public var velocity: Point

        public static let none = Prediction(offset: .zero, seconds: 0, velocity: .zero)
    }

    /// The hand's offset from the newest of `samples` (oldest first, times rising) at `now +
    /// horizon`: nothing when there are fewer than two samples, the pointer has stopped, or the
    /// horizon or `maximumSeconds` is not positive.
    public func predict(_ samples: some BidirectionalCollection<PointerSample>, now: Double, horizon: Double) -> Prediction {
        guard maximumSeconds > 0, horizon > 0, horizon.isFinite, now.isFinite, let last = samples.last else { return .none }
        // The samples in the window (at least `minimumSamples`), newest last; of samples stamped
        // the same instant (a burst within the server's millisecond) the newest stands for them.
        var recent: [PointerSample] = []
        for s in samples.reversed() {
            guard s.time.isFinite, s.position.isFinite, s.time <= last.time, s.time != recent.last?.time else { continue }
            if recent.count >= minimumSamples, last.time - s.time > windowSeconds { break }
            if last.time - s.time > 4 * windowSeconds { break }
            recent.append(s)
        }
        recent.reverse()
        guard recent.count >= 2, let first = recent.first else { return .none }
        let span = last.time - first.time
        guard span > 0 else { return .none }
        // Stopped: no sample for 1.5 of the recent intervals (at least 4 ms) before now.
        let interval = span / Double(recent.count - 1)
        guard now - last.time <= max(1.5 * interval, 0.004) else { return .none }
        let noise = QuadraticFit.Noise(timeResolution: 0.001, valueResolution: 1)
        let xs = recent.map { QuadraticFit.Point(time: $0.time, value: $0.position.x, weight: 1) }
        let ys = recent.map { QuadraticFit.Point(time: $0.time, value: $0.position.y, weight: 1) }
        let fx = QuadraticFit.derivatives(xs, at: last.time, timeScale: span, noise: noise)
        let fy = QuadraticFit.derivatives(ys, at: last.time, timeScale: span, noise: noise)
        var v = Point(fx.slope, fy.slope), a = Point(fx.bend, fy.bend)
        // Braking, read by a parabola even where its bend is within the noise: over the window,
        // and over its newest 16 ms (at least three samples: a 125 Hz mouse's last 16 ms; a hard
        // brake is over in 60 ms). The slowest reading that brakes is taken: a line's slope is
        // the window's mean and lags a braking hand by half the window. The newest 16 ms are
        // noisier (a 125 Hz mouse's whole points over three reports): they count only where
        // they read at most `brakingShare` of the window's speed, a brake past the noise.
        let newest = recent.filter { last.time - $0.time <= 0.016 }
        let short = newest.count >= 3 ? newest[...] : recent.suffix(3)
        let sx = QuadraticFit.derivatives(short.map { QuadraticFit.Point(time: $0.time, value: $0.position.x, weight: 1) },
                                          at: last.time, timeScale: max(last.time - short.first!.time, 1e-9), noise: noise)
        let sy = QuadraticFit.derivatives(short.map { QuadraticFit.Point(time: $0.time, value: $0.position.y, weight: 1) },
                                          at: last.time, timeScale: max(last.time - short.first!.time, 1e-9), noise: noise)
        let readings = [(v: Point(fx.parabola.slope, fy.parabola.slope), a: Point(fx.parabola.bend, fy.parabola.bend), share: 1.0),
                        (v: Point(sx.parabola.slope, sy.parabola.slope), a: Point(sx.parabola.bend, sy.parabola.bend), share: brakingShare)]
        for reading in readings
        where reading.v.isFinite && reading.a.isFinite && reading.v.dot(reading.a) < 0 && reading.v.length < reading.share * v.length {
            v = reading.v
            a = reading.a
        }
        guard v.isFinite, a.isFinite else { return .none }
        let speed = v.length
        let speedFactor = clamp((speed - restSpeed) / max(fullSpeed - restSpeed, 1e-9), 0, 1)
        // The heading at the window's start against the heading now, and the newest 8 ms's
        // travel against the heading now (a hand turning back shows there first: the fit still
        // reads the way it came).
        var turnFactor = 1.0
        func cut(_ from: Point, _ to: Point) {
            guard from.length > 1e-9, to.length > 1e-9 else { return }
            let turn = abs(arcTangent2(from.x * to.y - from.y * to.x, from.dot(to)))
            turnFactor = min(turnFactor, clamp((sharpRadians - turn) / max(sharpRadians - straightRadians, 1e-9), 0, 1))
        }
        cut(v - a * span, v)
        let back = recent.dropLast().last { last.time - $0.time >= Self.newestTravelSeconds } ?? first
        cut(last.position - back.position, v)
        var seconds = min(now + horizon - last.time, maximumSeconds) * speedFactor * turnFactor
        // Braking: never past the instant the deceleration stops the pointer.
        let slowing = v.dot(a)
        if slowing < 0 { seconds = min(seconds, speed * speed / -slowing) }
        guard seconds > 0 else { return Prediction(offset: .zero, seconds: 0, velocity: v) }
        let offset = v * seconds + a * (seconds * seconds / 2)
        return Prediction(offset: offset.isFinite ? offset : .zero, seconds: seconds, velocity: v)
    }
}
