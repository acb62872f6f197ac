import Geometry
import Motion
import Viewing

/// The figures of one motion after an event (a release, an interruption, an open, a close): when it
/// settled, how far it overshot, and the photo's velocity just before the event and the instant
/// after it. One definition (docs/feel-lab.md, "The figures"), used by the session summary
/// (`replay --summary`), `compare`, `plot` (its table and `--data`), and, for a released step, the
/// tuning panel's spring preview.
///
/// Everything is read from drawn frames, as the state log records them, so the summary (which sees
/// the viewer) and `plot` (which sees only the log) compute the same figures from the same numbers.
///
/// - **Settle time**: seconds from the event to the first frame from which every drawn quantity
///   stays within its rest tolerance (`Tolerance`) of where the motion comes to rest. The motion
///   comes to rest at the first frame drawn exactly like the frame after it (the viewer snaps its
///   springs onto their targets at rest, so a photo at rest is drawn the same frame after frame),
///   or at the first frame with the photo back in the grid; the caller may also know that its last
///   frame is the resting one (the viewer said so).
/// - **Response time**: seconds from the event to the first frame at which the centre has covered
///   90 % of its travel to the resting place (the drawn width's, when the centre barely moves: a
///   zoom in place), a designer's "how quick".
/// - **Overshoot**: how far the centre went past its resting place along its travel (from the
///   frame before the event's frame to the resting place), pt, and as a share of that travel; the
///   same for the drawn width against its change.
/// - **Velocity before**: the slope of the least-squares line through the frames of the last
///   `beforeWindowSeconds` before the event (at least the last two), pt/s, pt/s, rad/s: a pointer
///   stepping whole points on sub-millisecond frames (Xvfb without vsync) reads the hand's speed,
///   not 0 or a step over 0.3 ms; at 60 Hz it is the last three frames.
/// - **Velocity after**: the derivative at the event's instant of the polynomial through the first
///   frames after it (up to six), so it does not depend on the frame interval: the same throw
///   reads the same at 60 Hz and in slow motion's short viewer-time frames. The frame that holds
///   the event mixes the hand's last movement with the springs' first and is used only from its
///   end on.
/// - **Hand-off**: the change of the photo's velocity across the event, velocity after − velocity
///   before, per component (`handOff`); the summary, `compare` and `plot` print its size as
///   "hand-off" (pt/s for the centre and the drawn size, rad/s for the rotation).
package struct MotionFigures: Hashable, Sendable {
    /// One drawn frame, as the state log records it.
    package struct Frame: Hashable, Sendable {
        /// Seconds (viewer time).
        package var time: Double
        /// The photo drawn out of the grid; nil in the grid.
        package var photo: Int?
        /// The moving photo's centre, unrotated size and rotation; nil in the grid.
        package var image: StateSnapshot.Image?
        /// Backdrop opacity, 0...1.
        package var backdrop: Double

        package init(time: Double, photo: Int?, image: StateSnapshot.Image?, backdrop: Double) {
            self.time = time; self.photo = image == nil ? nil : photo; self.image = image; self.backdrop = backdrop
        }

        /// A snapshot's frame with its numbers rounded as the state log writes them
        /// (`StateLogFormat`: 6 decimals for the time, 3 for points, 5 for radians, 4 for the
        /// backdrop), so figures
        /// computed live and from the log agree to the last digit.
        package init(snapshot s: StateSnapshot) {
            func round(_ v: Double, _ places: Int) -> Double {
                var scale = 1.0
                for _ in 0..<places { scale *= 10 }
                let r = (v * scale).rounded() / scale
                return r.isFinite ? r : v
            }
            time = round(s.time, 6)
            photo = s.image == nil ? nil : s.photo
            image = s.image.map {
                StateSnapshot.Image(center: Point(round($0.center.x, 3), round($0.center.y, 3)),
                                    size: Size(round($0.size.width, 3), round($0.size.height, 3)),
                                    rotation: round($0.rotation, 5))
            }
            backdrop = round(s.backdrop, 4)
        }
    }

    /// How fast the drawn photo changes: centre (pt/s), drawn size (pt/s), rotation (rad/s).
    package struct Velocity: Hashable, Sendable {
        package var center: Point
        package var size: Size
        package var rotation: Double
        package init(center: Point, size: Size, rotation: Double) {
            self.center = center; self.size = size; self.rotation = rotation
        }
    }

    /// How near its resting place a drawn quantity must stay to count as settled: the viewer's own
    /// rest displacements (`RestThreshold`): 0.1 pt for the centre and each side of the drawn size,
    /// 1e-4 rad for the rotation, 1e-3 of backdrop opacity.
    package enum Tolerance {
        package static let points = RestThreshold.points.displacement
        package static let radians = RestThreshold.radians.displacement
        package static let backdrop = RestThreshold.opacity.displacement
    }

    /// The stretch before an event whose frames give the velocity before, seconds.
    package static let beforeWindowSeconds = 0.05

    /// The least travel (pt) for which an overshoot is also given as a share of the travel.
    package static let leastTravelPoints = 0.5

    /// When every drawn quantity settled, seconds (viewer time); nil when the motion did not come
    /// to rest among the frames given (cut short, or still moving at the end).
    package var settledAt: Double?
    /// Seconds from the event to `settledAt`.
    package var settleSeconds: Double?
    /// How far the centre went past its resting place along its travel, pt (≥ 0); nil without rest.
    package var overshootPoints: Double?
    /// Seconds from the event to the first frame at which 90 % of the travel was covered (the
    /// centre's, else the drawn width's); nil without rest or travel.
    package var responseSeconds: Double?
    /// The share of the travel `responseSeconds` waits for.
    package static let responseShare = 0.9
    /// The centre's travel from the frame before the event's frame to its resting place, pt.
    package var travelPoints: Double?
    /// How far the drawn width went past its final width, pt (≥ 0).
    package var sizeOvershootPoints: Double?
    /// The drawn width's change from the frame before the event's frame to rest, pt (signed).
    package var sizeTravelPoints: Double?
    /// The photo's velocity before the event: the least-squares slope over the frames of the last
    /// `beforeWindowSeconds` (at least two).
    package var velocityBefore: Velocity?
    /// The photo's velocity the instant after the event, from the frames after it.
    package var velocityAfter: Velocity?
    /// True when `velocityAfter` is the instant's (two or more frames after the event); false when
    /// only the frame holding the event was drawn before the motion ended, so it is that frame's
    /// average, hand and springs mixed.
    package var velocityAfterIsInstant = false

    package init() {}

    /// The overshoot as a share of the travel (0.02 = 2 %); nil for a travel under `leastTravelPoints`.
    package var overshootFraction: Double? {
        guard let o = overshootPoints, let t = travelPoints, t >= Self.leastTravelPoints else { return nil }
        return o / t
    }

    /// The width's overshoot as a share of its change; nil for a change under `leastTravelPoints`.
    package var sizeOvershootFraction: Double? {
        guard let o = sizeOvershootPoints, let t = sizeTravelPoints, abs(t) >= Self.leastTravelPoints else { return nil }
        return o / abs(t)
    }

    /// The hand-off: how the photo's velocity changed across the event, velocity after − velocity
    /// before, per component; nil without both.
    package var handOff: Velocity? {
        guard let a = velocityAfter, let b = velocityBefore else { return nil }
        return Velocity(center: a.center - b.center,
                        size: Size(a.size.width - b.size.width, a.size.height - b.size.height),
                        rotation: a.rotation - b.rotation)
    }

    /// |`handOff`| of the centre, pt/s: "hand-off" in the summary, `compare` and `plot`.
    package var centerHandOffPointsPerSecond: Double? { handOff?.center.length }
    /// |`handOff`| of the drawn size (width and height), pt/s: `compare`'s "size h-o".
    package var sizeHandOffPointsPerSecond: Double? {
        handOff.map { ($0.size.width * $0.size.width + $0.size.height * $0.size.height).squareRoot() }
    }
    /// |`handOff`| of the rotation, rad/s: `compare`'s "turn h-o".
    package var rotationHandOffRadiansPerSecond: Double? { handOff.map { abs($0.rotation) } }

    // MARK: - Measuring

    /// The figures of the motion after an event at `event` seconds.
    ///
    /// - Parameters:
    ///   - before: frames before the event's frame, oldest first (the last two are used).
    ///   - after: frames from the event's frame (the first drawn at or after `event`) up to where
    ///     the motion's stretch ends (the next event, or the end of the recording).
    ///   - endsAtRest: the last of `after` is known to be the resting frame (the viewer said so).
    package static func measure(event: Double, before: some Collection<Frame>, after: [Frame], endsAtRest: Bool = false) -> MotionFigures {
        var f = MotionFigures()
        let previous = Array(before.suffix(2))
        f.velocityBefore = velocityBefore(event, of: Array(before))
        guard let first = after.first else { return f }
        let rest = restIndex(after, endsAtRest: endsAtRest)
        // The frames of the photo moving after the event, while it stays the same photo and drawn.
        let tracked = after[...(rest ?? after.count - 1)].prefix { $0.photo == first.photo && $0.image != nil }
        f.velocityAfter = velocityAt(event, of: Array(tracked.prefix(6)), leaving: previous.last)
        f.velocityAfterIsInstant = tracked.count >= 2
        guard let rest else { return f }
        let final = after[rest]
        var settle = rest
        while settle > 0, isWithinTolerance(after[settle - 1], of: final) { settle -= 1 }
        f.settledAt = after[settle].time
        f.settleSeconds = after[settle].time - event
        // Overshoot against where the tracked photo ended up.
        guard let end = tracked.last?.image else { return f }
        let origin = previous.last.flatMap { $0.photo == first.photo ? $0.image : nil } ?? tracked.first?.image ?? end
        let travel = end.center - origin.center
        f.travelPoints = travel.length
        if travel.length >= leastTravelPoints {
            let direction = travel / travel.length
            f.overshootPoints = tracked.map { max(0, ($0.image!.center - end.center).dot(direction)) }.max() ?? 0
        } else {
            f.overshootPoints = 0
        }
        let growth = end.size.width - origin.size.width
        f.sizeTravelPoints = growth
        // 90 % of the travel: the centre's, else the width's.
        if travel.length >= leastTravelPoints {
            let direction = travel / travel.length
            f.responseSeconds = tracked.first { ($0.image!.center - origin.center).dot(direction) >= responseShare * travel.length }
                .map { $0.time - event }
        } else if abs(growth) >= leastTravelPoints {
            f.responseSeconds = tracked.first { ($0.image!.size.width - origin.size.width) / growth >= responseShare }
                .map { $0.time - event }
        }
        if abs(growth) >= leastTravelPoints {
            let sign: Double = growth > 0 ? 1 : -1
            f.sizeOvershootPoints = tracked.map { max(0, ($0.image!.size.width - end.size.width) * sign) }.max() ?? 0
        } else {
            f.sizeOvershootPoints = 0
        }
        return f
    }

    /// Where the motion comes to rest: the first frame drawn exactly like the one after it, or with
    /// no photo out of the grid; else the last frame when `endsAtRest`; else nil.
    static func restIndex(_ frames: [Frame], endsAtRest: Bool) -> Int? {
        for k in frames.indices {
            if frames[k].image == nil { return k }
            if k + 1 < frames.count, frames[k].drawnAlike(frames[k + 1]) { return k }
        }
        return endsAtRest && !frames.isEmpty ? frames.count - 1 : nil
    }

    /// True when `frame` is within the rest tolerances of `final`.
    static func isWithinTolerance(_ frame: Frame, of final: Frame) -> Bool {
        guard frame.photo == final.photo, abs(frame.backdrop - final.backdrop) <= Tolerance.backdrop else { return false }
        switch (frame.image, final.image) {
        case (nil, nil): return true
        case let (a?, b?):
            return (a.center - b.center).length <= Tolerance.points
                && abs(a.size.width - b.size.width) <= Tolerance.points && abs(a.size.height - b.size.height) <= Tolerance.points
                && abs(a.rotation - b.rotation) <= Tolerance.radians
        default: return false
        }
    }

    /// The velocity between two frames of the same drawn photo.
    static func velocity(from a: Frame, to b: Frame) -> Velocity? {
        guard a.photo == b.photo, let p = a.image, let q = b.image, b.time > a.time else { return nil }
        let dt = b.time - a.time
        return Velocity(center: (q.center - p.center) / dt,
                        size: Size((q.size.width - p.size.width) / dt, (q.size.height - p.size.height) / dt),
                        rotation: (q.rotation - p.rotation) / dt)
    }

    /// The slope of the least-squares line through the frames of the photo drawn last that lie in
    /// the `beforeWindowSeconds` before `event` (the last two whatever their age); nil with fewer
    /// than two such frames.
    static func velocityBefore(_ event: Double, of frames: [Frame]) -> Velocity? {
        guard let last = frames.last, last.image != nil else { return nil }
        var used: [(time: Double, image: StateSnapshot.Image)] = []
        for frame in frames.reversed() {
            guard frame.photo == last.photo, let image = frame.image else { break }
            if used.count >= 2, frame.time < event - beforeWindowSeconds { break }
            used.append((frame.time, image))
        }
        guard used.count >= 2 else { return nil }
        let n = Double(used.count)
        let meanTime = used.reduce(0) { $0 + $1.time } / n
        let spread = used.reduce(0) { $0 + ($1.time - meanTime) * ($1.time - meanTime) }
        guard spread > 0 else { return nil }
        // slope = Σ (tᵢ − t̄)(vᵢ − v̄) / Σ (tᵢ − t̄)²
        func slope(_ value: (StateSnapshot.Image) -> Double) -> Double {
            let mean = used.reduce(0) { $0 + value($1.image) } / n
            return used.reduce(0) { $0 + ($1.time - meanTime) * (value($1.image) - mean) } / spread
        }
        return Velocity(center: Point(slope { $0.center.x }, slope { $0.center.y }),
                        size: Size(slope { $0.size.width }, slope { $0.size.height }),
                        rotation: slope { $0.rotation })
    }

    /// The velocity at `t` of the polynomial through `frames` (Lagrange, degree `frames.count − 1`,
    /// at most 5): its derivative, one frame or less before the first of them. With one frame, the
    /// straight line from the frame before the event (`leaving`), which mixes hand and springs.
    static func velocityAt(_ t: Double, of frames: [Frame], leaving previous: Frame?) -> Velocity? {
        guard frames.count >= 2 else {
            guard let previous, let only = frames.first else { return nil }
            return velocity(from: previous, to: only)
        }
        let times = frames.map(\.time)
        guard Set(times).count == times.count else { return nil }
        // d/dt of the Lagrange basis at t: ℓⱼ'(t) = Σ_{m≠j} [1/(tⱼ−tₘ)] Π_{k≠j,m} (t−tₖ)/(tⱼ−tₖ).
        let weights = times.indices.map { j -> Double in
            var sum = 0.0
            for m in times.indices where m != j {
                var product = 1 / (times[j] - times[m])
                for k in times.indices where k != j && k != m { product *= (t - times[k]) / (times[j] - times[k]) }
                sum += product
            }
            return sum
        }
        var center = Point.zero, width = 0.0, height = 0.0, rotation = 0.0
        for (w, frame) in zip(weights, frames) {
            guard let image = frame.image else { return nil }
            center = center + image.center * w
            width += image.size.width * w
            height += image.size.height * w
            rotation += image.rotation * w
        }
        return Velocity(center: center, size: Size(width, height), rotation: rotation)
    }
}

extension MotionFigures.Frame {
    /// True when two frames draw the same thing: the same photo at the same place, size and
    /// rotation, under the same backdrop.
    func drawnAlike(_ other: Self) -> Bool {
        photo == other.photo && image == other.image && backdrop == other.backdrop
    }
}
