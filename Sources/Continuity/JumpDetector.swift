import Geometry

/// Finds jumps: a drawn quantity changing between two samples by more than its motion allows.
///
/// Between samples `a` and `b`, `Δt` apart, a quantity driven by springs and tweens moves at most
///
///     allowed = Δt · max(L_a, L_b · e^{λ_b·Δt}) + tolerance
///
/// where `L` is the quantity's speed limit at each sample (its velocity and the largest acceleration
/// its spring can produce, folded into the spring's energy speed; see `DrawnQuantity`) and `λ` the
/// rate at which that limit can fall, so `L_b·e^{λ_b·Δt}` bounds the motion's speed at `a` as seen
/// from `b`. A step larger than that is a jump, unless input wrote the quantity directly
/// (`MotionSample.movedByInput` at `b`: a held gesture, a resize, a photo's size, a feel change).
/// A photo quad that appears or vanishes (a photo landing and opening again is a new quad) is a
/// jump unless it was outside the window or could have left it in `Δt`, was (nearly) transparent,
/// or sat exactly on its grid cell.
///
/// One definition, used by the property test on every random sequence, the golden traces and
/// `replay --summary`. Pure: samples in, jumps out. See docs/continuity.md.
public struct JumpDetector: Sendable {
    /// A step larger than its motion allows.
    public struct Jump: Hashable, Sendable {
        public var time: Double
        public var kind: DrawnQuantity.Kind
        public var photo: Int?
        /// The step, in the quantity's unit (for a quad appearing or vanishing: how far it reached
        /// into the window, pt).
        public var size: Double
        /// The largest step its motion allowed.
        public var allowed: Double
        /// The seconds between the two samples.
        public var seconds: Double
        /// True for a quad that appeared or vanished.
        public var isPresenceChange: Bool

        /// "0.734 s backdrop jumped by 0.665 (allowed 0.021 in 16 ms)".
        public var description: String {
            let what = kind == .backdrop ? "backdrop" : "photo \(photo ?? -1) \(kind.rawValue)"
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
    public struct Largest: Hashable, Sendable {
        public var step = 0.0
        /// `step / allowed` at its largest (1 would be a jump).
        public var shareOfAllowance = 0.0
    }

    public private(set) var jumps: [Jump] = []
    public private(set) var largest: [DrawnQuantity.Kind: Largest] = [:]
    private var previous: MotionSample?

    public init() {}

    /// Takes the next sample; returns the jumps since the last one.
    @discardableResult
    public mutating func observe(_ sample: MotionSample) -> [Jump] {
        defer { previous = sample }
        guard let a = previous else { return [] }
        let found = Self.jumps(from: a, to: sample, largest: &largest)
        jumps += found
        return found
    }

    /// Forgets the previous sample (the next one starts afresh).
    public mutating func restart() { previous = nil }

    /// The jumps from sample `a` to sample `b`, updating the largest steps seen.
    static func jumps(from a: MotionSample, to b: MotionSample, largest: inout [DrawnQuantity.Kind: Largest]) -> [Jump] {
        let dt = max(0, b.time - a.time)
        guard !b.movedByInput else { return [] }
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
            let allowed = dt * limit + max(p.tolerance, q.tolerance)
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
        for (photo, presence, other) in a.quads.map({ ($0.key, $0.value, b.quads) }) + b.quads.map({ ($0.key, $0.value, a.quads) })
            where other[photo] == nil || renewed.contains(photo) {
            func limit(_ kind: DrawnQuantity.Kind) -> Double { limits[DrawnQuantity.Key(kind: kind, photo: photo)] ?? 0 }
            let travel = dt * limit(.center) + 0.5
            if presence.cellDistance <= travel + dt * limit(.size) { continue }
            if presence.depth <= travel { continue }
            if presence.alpha <= dt * limit(.alpha) + 0.02 { continue }
            found.append(Jump(time: b.time, kind: .center, photo: photo, size: presence.depth, allowed: travel,
                              seconds: dt, isPresenceChange: true))
        }
        return found
    }
}
