import Geometry
import DrawnBounds

/// Finds jumps: a drawn quantity changing between two samples by more than its motion allows.
///
/// Between samples `a` and `b`, `Δt` apart, a quantity driven by springs and tweens moves at most
///
///     allowed = Δt · max(L_a, L_b · e^{λ_b·Δt}) + tolerance
///
/// where `L` is the quantity's speed limit at each sample (its velocity and the largest acceleration
/// its spring can produce, folded into the spring's energy speed; see `DrawnQuantity`) and `λ` the
/// rate at which that limit can fall, so `L_b·e^{λ_b·Δt}` bounds the motion's speed at `a` as seen
/// from `b`. A step larger than that is a jump, unless a gesture holds the photo at both samples
/// (`MotionSample.isHeld`: the hand wrote it).
/// A photo quad that appears or vanishes (a photo landing and opening again is a new quad) is a
/// jump unless it was outside the window or could have left it in `Δt`, was (nearly) transparent,
/// or sat exactly on its grid cell.
///
/// Not held, everything is checked (continuity, second version): a grab must take the photo where it
/// is, a release must hand the springs no more velocity than the hand had (and none where it had
/// stopped: `handOffs`), a resize keeps every quantity continuous in the window's own terms (centres
/// as a share of the window, sizes as a share of the photo's fit), a photo that leaves the list must
/// fade or fly, never vanish, and a feel change moves nothing at once. Only between two samples a
/// gesture holds is the step the hand's.
///
/// One definition, used by the property test on every random sequence, the golden traces and
/// `replay --summary`. Pure: samples in, jumps out. See docs/continuity.md.
package struct JumpDetector: Sendable {
    /// A step larger than its motion allows.
    package struct Jump: Hashable, Sendable {
        package var time: Double
        package var kind: DrawnQuantity.Kind
        package var photo: Int?
        /// The step, in the quantity's unit (for a quad appearing or vanishing: how far it reached
        /// into the window, pt).
        package var size: Double
        /// The largest step its motion allowed.
        package var allowed: Double
        /// The seconds between the two samples.
        package var seconds: Double
        /// True for a quad that appeared or vanished.
        package var isPresenceChange: Bool
        /// True for a hand-off that started the springs faster than the hand moved the photo (`size`
        /// and `allowed` are then speeds: the quantity's unit per second).
        package var isHandOff = false
        /// For a held step that did not follow the hand (`JumpDetector.heldSteps`): the coordinate,
        /// the hand's step in it and the range of steps the mapping's slopes allow.
        package var held: Held?

        /// A held coordinate's step against the hand's.
        package struct Held: Hashable, Sendable {
            package var axis: String
            package var handStep: Double
            package var allowed: ClosedRange<Double>
        }

        /// "0.734 s backdrop jumped by 0.665 (allowed 0.021 in 16 ms)".
        package var description: String {
            let what = kind == .backdrop ? "backdrop" : "photo \(photo ?? -1) \(kind.rawValue)"
            if let held {
                let unit = kind == .center ? " pt" : kind == .rotation ? " rad" : ""
                return "\(Self.figure(time)) s photo \(photo ?? -1) \(held.axis) moved \(Self.figure(size))\(unit) under a hand that moved "
                    + "\(Self.figure(held.handStep))\(unit) (held: the mapping allows \(Self.figure(held.allowed.lowerBound)) to "
                    + "\(Self.figure(held.allowed.upperBound))\(unit) in \(Self.figure(seconds * 1000)) ms)"
            }
            if isHandOff {
                let unit = kind.unit.isEmpty ? "/s" : " \(kind.unit)/s"
                return "\(Self.figure(time)) s \(what) handed \(Self.figure(size))\(unit) to the springs at the release; "
                    + "the hand moved it at \(Self.figure(allowed / JumpDetector.handOffSlack))\(unit)\(allowed == 0 ? " (it had stopped)" : "")"
            }
            let unit = isPresenceChange ? "pt" : kind.unit
            let change = isPresenceChange ? "appeared or vanished \(Self.figure(size)) pt into the window" : "jumped by \(Self.figure(size))\(unit.isEmpty ? "" : " " + unit)"
            return "\(Self.figure(time)) s \(what) \(change) (allowed \(Self.figure(allowed)) in \(Self.figure(seconds * 1000)) ms)"
        }

        static func figure(_ v: Double) -> String {
            guard v.isFinite else { return "\(v)" }
            let r = (v * 1000).rounded() / 1000
            return r == 0 ? "0" : "\(r)"
        }
    }

    /// The largest step of one kind of quantity seen so far, and the largest share of its allowance
    /// any step used.
    package struct Largest: Hashable, Sendable {
        package var step = 0.0
        /// `step / allowed` at its largest (1 would be a jump).
        package var shareOfAllowance = 0.0
    }

    package private(set) var jumps: [Jump] = []
    package private(set) var largest: [DrawnQuantity.Kind: Largest] = [:]
    private var previous: MotionSample?
    /// While a gesture holds the photo: each of the moving photo's drawn centre, size and rotation
    /// at the samples where it changed (the hand's motion through the gesture's mapping).
    private var held: [DrawnQuantity.Kind: [(time: Double, value: [Double])]] = [:]

    package init() {}

    /// Takes the next sample; returns the jumps since the last one.
    @discardableResult
    package mutating func observe(_ sample: MotionSample) -> [Jump] {
        defer {
            previous = sample
            noteHeld(sample)
        }
        guard let a = previous else { return [] }
        var found = Self.jumps(from: a, to: sample, largest: &largest)
        if a.isHeld, !sample.isHeld { found += handOffs(from: a, at: sample) }
        jumps += found
        return found
    }

    /// The relative slack on the hand's rate a hand-off may take, and the rate below which a
    /// hand-off is never a jump, per kind. The velocity trackers estimate from the hand's own
    /// samples, which the drawn motion sees only past the gesture's slop and in the wheel's whole
    /// notches (a quick first touch, a last notch): twice the drawn rate is where a hand-off starts
    /// to show as a throw the hand did not make. The faults it exists for handed over 3.7 times the
    /// band's rate, or a wheel's rate after the wheel had stopped.
    static let handOffSlack = 2.0
    static func handOffFloor(_ kind: DrawnQuantity.Kind) -> Double {
        switch kind {
        case .center, .size: 30
        case .rotation: 0.05
        case .backdrop, .crop, .alpha: .infinity
        }
    }

    /// Records the moving photo's held values (cleared when nothing holds it).
    private mutating func noteHeld(_ sample: MotionSample) {
        guard sample.isHeld, let photo = sample.movingPhoto else {
            held.removeAll(keepingCapacity: true)
            return
        }
        for q in sample.quantities where q.photo == photo && (q.kind == .center || q.kind == .size || q.kind == .rotation) {
            var track = held[q.kind, default: []]
            if track.last?.value != q.value { track.append((sample.time, q.value)) }
            // The last 0.1 s (and the change before it) is all a hand-off looks at.
            var drop = 0
            while drop + 2 < track.count, track[drop + 1].time < sample.time - 0.2 { drop += 1 }
            if drop > 0 { track.removeFirst(drop) }
            held[q.kind] = track
        }
    }

    /// A release: the velocity the springs start with must not exceed the hand's, as the gesture's
    /// mapping passed it on (the drawn quantity's own rate over the held samples of the last 0.1 s),
    /// and must be nothing where the hand had stopped (no change for the stop gap before the release);
    /// on top of that, only what a spring already running under the hold (`a`'s bound on the
    /// quantity: a photo refitting while the strip is held) was doing on its own.
    private func handOffs(from a: MotionSample, at b: MotionSample) -> [Jump] {
        guard let photo = b.movingPhoto else { return [] }
        var found: [Jump] = []
        for (kind, rate) in b.rates.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let track = held[kind], let last = track.last, rate.allSatisfy(\.isFinite) else { continue }
            let handed = DrawnQuantity.distance(rate, rate.map { _ in 0 })
            var hand = 0.0
            let release = b.releaseTime ?? b.time
            if release - last.time < b.stopGapSeconds {
                var pairs = 0
                for (p, q) in zip(track, track.dropFirst()) where q.time >= release - 0.1 && q.time > p.time {
                    let d = kind == .rotation && p.value.count == 1 ? abs(wrapAngle(q.value[0] - p.value[0]))
                        : DrawnQuantity.distance(p.value, q.value)
                    hand = max(hand, d / (q.time - p.time))
                    pairs += 1
                }
                // A hold the photo followed for fewer than three steps shows too little of the hand
                // (its first travel hides in the slop): only a stopped hand is judged then.
                if pairs < 3 { continue }
            }
            let running = a.quantities.first { $0.kind == kind && $0.photo == photo }?.speedLimit ?? 0
            let allowed = Self.handOffSlack * hand + (running.isFinite ? running : 0)
            if handed > allowed + Self.handOffFloor(kind) {
                found.append(Jump(time: release, kind: kind, photo: photo, size: handed, allowed: allowed,
                                  seconds: 0, isPresenceChange: false, isHandOff: true))
            }
        }
        return found
    }

    /// Forgets the previous sample (the next one starts afresh).
    package mutating func restart() { previous = nil }

    /// The jumps from sample `a` to sample `b`, updating the largest steps seen.
    static func jumps(from original: MotionSample, to b: MotionSample, largest: inout [DrawnQuantity.Kind: Largest]) -> [Jump] {
        let dt = max(0, b.time - original.time)
        // While a gesture holds the photo, the gesture writes what is drawn: between two samples of
        // the same hold the drawn side must follow the hand through the mapping (`heldSteps`). A new
        // reference (a pending press becoming a dismissal, a zoom held afresh) is a grab, checked as
        // one. Everything else is checked: the grab, the release, a resize, a photo leaving or
        // joining the list, a feel change.
        var grabbing = !original.isHeld && b.isHeld
        if original.isHeld && b.isHeld {
            // Across a change of reference (a resize, the list renumbered) a hold is taken afresh.
            guard b.change == .none, let ga = original.grip, let gb = b.grip else { return [] }
            if ga.reference == gb.reference { return heldSteps(from: original, to: b) }
            // Let go by time alone and taken again inside the step (a wheel's quiet spell ran out as
            // the next notch came): the flight between was not sampled, so neither is judged.
            if b.releaseTime != nil { return [] }
            grabbing = true
        }
        let a = inTermsOf(b, original)
        var found: [Jump] = []
        // A photo that landed and opened again in the interval: its old quad vanished, a new one appeared.
        let renewed = Set(b.quads.compactMap { photo, presence in a.quads[photo].flatMap { $0.flight != presence.flight ? photo : nil } })
        var before: [DrawnQuantity.Key: DrawnQuantity] = [:]
        for q in a.quantities { before[q.key] = q }
        for q in b.quantities {
            guard let p = before[q.key], !(q.photo.map(renewed.contains) ?? false) else { continue }
            // A rotation by whole turns draws the same picture (a release that lands upright the way
            // its spin goes renumbers the angle by whole turns): rotations compare modulo 2π.
            let step = q.kind == .rotation && p.value.count == 1 && q.value.count == 1
                ? abs(wrapAngle(q.value[0] - p.value[0])) : DrawnQuantity.distance(p.value, q.value)
            let limit = max(p.speedLimit, q.speedLimit * exponential(min(50, q.decayRate * dt)))
            // A photo's real size arriving gives its picture its real shape at once (a placeholder
            // of the wrong shape becomes the photo): its size and crop are new, not moved.
            if case let .photoSize(index) = b.change, q.photo == index, q.kind == .size || q.kind == .crop { continue }
            var allowed = dt * limit + max(p.tolerance, q.tolerance) + referenceSlack(q.kind, b)
            if grabbing { allowed += b.grabReach[q.kind] ?? 0 }
            guard allowed.isFinite, step.isFinite else { continue }
            var l = largest[q.kind, default: Largest()]
            l.step = max(l.step, step)
            if allowed > 0 { l.shareOfAllowance = max(l.shareOfAllowance, step / allowed) }
            largest[q.kind] = l
            if step > allowed * (1 + 1e-9) + 1e-12 {
                found.append(Jump(time: b.time, kind: q.kind, photo: q.photo, size: step, allowed: allowed,
                                  seconds: dt, isPresenceChange: false))
            }
        }
        // Quads appearing or vanishing: fine where the quad could have reached its grid cell (and the
        // cell taken its place), left the window, or faded out in the interval.
        let limits = Dictionary(grouping: a.quantities + b.quantities, by: \.key).mapValues { $0.map(\.speedLimit).max() ?? 0 }
        // A quad coming into the window moved there with the rest: at the start of the interval it
        // had no bound of its own, so the fastest centre of a quad drawn throughout bounds it (a
        // neighbour brought in by the strip while a press stopped the strip's spring).
        let throughout = Set(a.quads.keys).intersection(b.quads.keys)
        let carried = a.quantities.filter { $0.kind == .center && $0.photo.map(throughout.contains) == true }.map(\.speedLimit).max() ?? 0
        // Time alone started a motion inside the step (a waiting key acted, the slideshow turned):
        // from that instant any quad may have travelled at the pace of the fastest centre drawn now.
        let timed = b.timedActionTime.map { t in
            max(0, b.time - t) * (b.quantities.filter { $0.kind == .center }.map(\.speedLimit).max() ?? 0)
        } ?? 0
        // In photo order, vanished before appeared: the jump lines of one step come out the same on
        // every run (a dictionary's order differs from process to process).
        let vanished = a.quads.sorted { $0.key < $1.key }.map { ($0.key, $0.value, b.quads) }
        let appeared = b.quads.sorted { $0.key < $1.key }.map { ($0.key, $0.value, a.quads) }
        for (photo, presence, other) in vanished + appeared where other[photo] == nil || renewed.contains(photo) {
            if case let .photoSize(index) = b.change, index == photo { continue }
            func limit(_ kind: DrawnQuantity.Kind) -> Double { limits[DrawnQuantity.Key(kind: kind, photo: photo)] ?? 0 }
            let entering = a.quads[photo] == nil && !renewed.contains(photo)
            let travel = dt * (entering ? max(limit(.center), carried) : limit(.center)) + 0.5
                + (grabbing ? b.grabReach[.center] ?? 0 : 0) + timed
            if presence.cellDistance <= travel + dt * limit(.size) { continue }
            // A photo that left the list handing over to another drawn where it was (or the one
            // taking its place): what is drawn stays, only which photo it is changes.
            if case .photoList = b.change, takesPlace(photo, in: a, b) { continue }
            if presence.depth <= travel { continue }
            if presence.alpha <= dt * limit(.alpha) + 0.02 { continue }
            // Let go inside the step (a wheel's quiet spell): with reduced motion it has faded since.
            if let release = b.releaseTime, presence.alpha <= (b.time - release) * b.fadeRatePerSecond + 0.02 { continue }
            found.append(Jump(time: b.time, kind: .center, photo: photo, size: presence.depth, allowed: travel,
                              seconds: dt, isPresenceChange: true))
        }
        return found
    }

    // MARK: - Held means under the finger

    /// The tolerance of a held step, per kind: what rounding leaves of a mapping that is exact
    /// (0.01 pt; 1e-6 rad or of a log scale).
    static func heldTolerance(_ kind: DrawnQuantity.Kind) -> Double { kind == .center ? 0.01 : 1e-6 }

    /// The drawn quantity a held coordinate belongs to.
    static func kind(_ quantity: GripReading.Quantity) -> DrawnQuantity.Kind {
        switch quantity {
        case .centre: .center
        case .size: .size
        case .rotation: .rotation
        }
    }

    /// Between two samples of one hold, each held coordinate's drawn step against the hand's.
    ///
    /// The drawn side is a function of the hand through the mapping, with slope `s` (1 where it
    /// follows, a rubber band's `s ≤ 1`, 0 where the mapping holds it still by design), so its step
    /// is the integral of `s` along the hand's step: at least `min(s_a, s_b)·Δhand` (a band's slope
    /// falls with the distance past its limit, which along a straight step is largest at an end)
    /// and at most `max(1, s_a, s_b)·Δhand` (0 when both ends hold still), the same way. A
    /// coordinate outside that range (plus `heldTolerance`) did not stay under the finger: a strip
    /// frozen under a moving hand, a jump the hand did not make, a spring moving what the hand holds.
    static func heldSteps(from a: MotionSample, to b: MotionSample) -> [Jump] {
        guard let ga = a.grip, let gb = b.grip else { return [] }
        var found: [Jump] = []
        let dt = max(0, b.time - a.time)
        for axis in gb.axes {
            guard let p = ga.axes.first(where: { $0.name == axis.name }) else { continue }
            if let fb = axis.follow, let fa = p.follow {
                found += followStep(axis, from: p, fa, fb, seconds: dt, at: b)
                continue
            }
            let dh = axis.hand - p.hand, dd = axis.drawn - p.drawn
            guard dh.isFinite, dd.isFinite, p.slope.isFinite, axis.slope.isFinite else { continue }
            let low = min(p.slope, axis.slope)
            let high = p.slope == 0 && axis.slope == 0 ? 0 : max(1, p.slope, axis.slope)
            let range = min(low * dh, high * dh)...max(low * dh, high * dh)
            let kind = Self.kind(axis.quantity)
            let tolerance = max(axis.tolerance ?? 0, p.tolerance ?? 0, heldTolerance(kind)) + 1e-9 * (abs(axis.drawn) + abs(axis.hand))
            if dd < range.lowerBound - tolerance || dd > range.upperBound + tolerance {
                var jump = Jump(time: b.time, kind: kind, photo: b.movingPhoto, size: abs(dd), allowed: max(abs(range.lowerBound), abs(range.upperBound)),
                                seconds: max(0, b.time - a.time), isPresenceChange: false)
                jump.held = Jump.Held(axis: axis.name, handStep: dh, allowed: range)
                if dd < 0 { jump.size = dd }
                found.append(jump)
            }
        }
        return found
    }

    /// A held coordinate drawn through a follow spring (`Feel.followSpring`): the spring's target
    /// must follow the hand through the mapping (as a coordinate without one must), and the drawn
    /// side must ride the spring. Riding it, its step over `dt` is at most what its rates at both
    /// ends carry it plus what the spring's pull can add: `|Δdrawn| ≤ max(|v_a|, |v_b|)·dt +
    /// ω₀²·g·dt²/2`, `g` the larger gap to the target (the pull's bound) and its step. A lurch (the
    /// photo moving under the hand without the spring's pace) is beyond it.
    static func followStep(_ axis: GripReading.Axis, from p: GripReading.Axis, _ fa: GripReading.Axis.Follow,
                           _ fb: GripReading.Axis.Follow, seconds dt: Double, at b: MotionSample) -> [Jump] {
        let kind = Self.kind(axis.quantity)
        let tolerance = max(axis.tolerance ?? 0, p.tolerance ?? 0, heldTolerance(kind)) + 1e-9 * (abs(axis.drawn) + abs(axis.hand))
        var found: [Jump] = []
        // The target under the hand.
        let dh = axis.hand - p.hand, dtarget = fb.target - fa.target
        let low = min(p.slope, axis.slope)
        let high = p.slope == 0 && axis.slope == 0 ? 0 : max(1, p.slope, axis.slope)
        let range = min(low * dh, high * dh)...max(low * dh, high * dh)
        if dtarget < range.lowerBound - tolerance || dtarget > range.upperBound + tolerance {
            var jump = Jump(time: b.time, kind: kind, photo: b.movingPhoto, size: abs(dtarget),
                            allowed: max(abs(range.lowerBound), abs(range.upperBound)), seconds: dt, isPresenceChange: false)
            jump.held = Jump.Held(axis: axis.name + " (the follow spring's target)", handStep: dh, allowed: range)
            found.append(jump)
        }
        // The drawn side at the spring's pace.
        let gap = max(abs(p.drawn - fa.target), abs(axis.drawn - fb.target), abs(axis.drawn - fa.target))
        let w = max(fa.angularFrequency, fb.angularFrequency)
        let reach = max(abs(fa.rate), abs(fb.rate)) * dt + w * w * gap * dt * dt / 2
        let dd = axis.drawn - p.drawn
        if abs(dd) > reach + tolerance {
            var jump = Jump(time: b.time, kind: kind, photo: b.movingPhoto, size: abs(dd), allowed: reach, seconds: dt,
                            isPresenceChange: false)
            jump.held = Jump.Held(axis: axis.name + " (riding the follow spring)", handStep: dh, allowed: -reach...reach)
            found.append(jump)
        }
        return found
    }

    // MARK: - Frames of reference

    /// True when photo `photo`'s quad, vanishing or appearing across a photo-list change, has
    /// another quad in the other sample where it was: a hand-over (within 1 pt of centre and size).
    static func takesPlace(_ photo: Int, in a: MotionSample, _ b: MotionSample) -> Bool {
        func quad(_ s: MotionSample, _ p: Int) -> (c: [Double], s: [Double])? {
            guard let c = s.quantities.first(where: { $0.photo == p && $0.kind == .center })?.value,
                  let z = s.quantities.first(where: { $0.photo == p && $0.kind == .size })?.value else { return nil }
            return (c, z)
        }
        let (mine, other) = a.quads[photo] != nil && b.quads[photo] == nil ? (a, b) : (b, a)
        guard let q = quad(mine, photo) else { return false }
        return other.quads.keys.contains { p in
            guard mine.quads[p] == nil, let o = quad(other, p) else { return false }
            return DrawnQuantity.distance(q.c, o.c) <= 1 && DrawnQuantity.distance(q.s, o.s) <= 1
        }
    }

    /// `a` as it would read in `b`'s frame of reference: across a resize, the moving photo kept
    /// relative to the window's centre and its fit, other quads' centres scaled with the window and
    /// their sizes with their fit; across a photo-list change, photos renumbered (one
    /// that left keeps a number no photo has, so it counts as vanished); across a photo's size
    /// arriving, sizes scaled with its fit.
    static func inTermsOf(_ b: MotionSample, _ a: MotionSample) -> MotionSample {
        var out = a
        switch b.change {
        case .none:
            return a
        case let .photoList(renumbered):
            // A photo that left is numbered −1 − its index (as its fading picture is drawn,
            // `HandOverFade`); one numbered so already keeps its number.
            func renumber(_ p: Int) -> Int {
                if p < 0 { return p }
                if renumbered.indices.contains(p), let n = renumbered[p] { return n }
                return -1 - p
            }
            out.quantities = a.quantities.map { q in
                var q = q
                q.photo = q.photo.map(renumber)
                return q
            }
            out.quads = Dictionary(a.quads.map { (renumber($0.key), $0.value) }, uniquingKeysWith: { x, _ in x })
            out.movingPhoto = a.movingPhoto.map(renumber)
            return out
        case let .resized(from, to):
            let sx = from.width > 0 ? to.width / from.width : 1, sy = from.height > 0 ? to.height / from.height : 1
            out.quantities = a.quantities.map { q in
                q.photo != nil && q.photo == a.movingPhoto ? aboutCentre(q, b: b, a: a, from: from, to: to)
                    : scaled(q, b: b, a: a, sx: sx, sy: sy)
            }
            return out
        case .photoSize:
            // A photo's real size arriving changes where it flies, not where it is: points compare.
            return a
        case let .photoTurned(index, quarterTurns):
            // The turned picture drawn turned back by the quarter turns is the old picture: the old
            // quad's size with its sides swapped (an odd turn), its rotation less the turn, its crop
            // the same region of the turned picture.
            let k = ((quarterTurns % 4) + 4) % 4
            out.quantities = a.quantities.map { q in
                guard q.photo == index, k != 0 else { return q }
                var q = q
                switch q.kind {
                case .size where k % 2 == 1 && q.value.count == 2:
                    q.value = [q.value[1], q.value[0]]
                case .rotation where q.value.count == 1:
                    q.value[0] -= Double(quarterTurns) * Double.pi / 2
                case .crop where q.value.count == 4:
                    for _ in 0..<k {
                        // A clockwise turn takes unit point (u, v) to (1 − v, u): rect (x, y, w, h) to (1 − y − h, x, h, w).
                        q.value = [1 - q.value[1] - q.value[3], q.value[0], q.value[3], q.value[2]]
                    }
                default:
                    break
                }
                return q
            }
            return out
        }
    }

    /// The moving photo's quantity in `b`'s terms: its centre's offset from the window's centre and
    /// its size both scaled by its fit's ratio (a photo keeps its place and size relative to its
    /// fit, as a zoomed photo does).
    private static func aboutCentre(_ q: DrawnQuantity, b: MotionSample, a: MotionSample, from: Size, to: Size) -> DrawnQuantity {
        guard let photo = q.photo, let fa = a.quads[photo]?.fit, let fb = b.quads[photo]?.fit, fa.width > 0 else {
            return scaled(q, b: b, a: a, sx: to.width / max(from.width, 1), sy: to.height / max(from.height, 1))
        }
        let r = fb.width / fa.width
        var q = q
        switch q.kind {
        case .center where q.value.count == 2:
            let offset = a.pagingOffset, sx = to.width / max(from.width, 1)
            q.value = [to.width / 2 + (q.value[0] - offset - from.width / 2) * r + offset * sx,
                       to.height / 2 + (q.value[1] - from.height / 2) * r]
            q.speedLimit *= r
            q.tolerance *= r
        case .size where q.value.count == 2:
            q.value = [q.value[0] * r, q.value[1] * r]
            q.speedLimit *= r
            q.tolerance *= r
        default:
            break
        }
        return q
    }

    /// One quantity of `a` in `b`'s terms: a centre scaled by the window's ratio, a size by its
    /// photo's fit ratio (bounds scaled with them).
    private static func scaled(_ q: DrawnQuantity, b: MotionSample, a: MotionSample, sx: Double, sy: Double) -> DrawnQuantity {
        var q = q
        switch q.kind {
        case .center where q.value.count == 2:
            q.value = [q.value[0] * sx, q.value[1] * sy]
            q.speedLimit *= max(sx, sy)
            q.tolerance *= max(sx, sy)
        case .size where q.value.count == 2:
            guard let photo = q.photo, let fa = a.quads[photo]?.fit, let fb = b.quads[photo]?.fit,
                  fa.width > 0, fa.height > 0 else { break }
            let rx = fb.width / fa.width, ry = fb.height / fa.height
            q.value = [q.value[0] * rx, q.value[1] * ry]
            q.speedLimit *= max(rx, ry)
            q.tolerance *= max(rx, ry)
        default:
            break
        }
        return q
    }

    /// The slack a change of reference allows on top of the motion's bound: a resize moves the
    /// grid's cells and the paging slots by their own rules (a slot is the window plus a fixed gap),
    /// so centres and sizes may differ from the window's proportion by 2 % of the window and 4 pt.
    static func referenceSlack(_ kind: DrawnQuantity.Kind, _ b: MotionSample) -> Double {
        guard case let .resized(_, to) = b.change else { return 0 }
        switch kind {
        case .center, .size: return 0.02 * max(to.width, to.height) + 4
        case .crop: return 0.01
        case .backdrop, .rotation, .alpha: return 0
        }
    }
}
