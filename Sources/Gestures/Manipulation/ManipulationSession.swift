import Geometry
import Motion

/// One manipulation from the first press or finger to the release: the cumulative transform, the
/// segment being measured now, the samples for the velocity trackers and the state machine
/// (possible → began → changed → ended | cancelled).
///
/// The cumulative transform is `base` followed by the current segment's motion. When the grip
/// changes shape (a modifier goes down or up, a finger lands or lifts) the session is re-gripped:
/// `base` becomes the cumulative transform as it stands and a new segment starts at the new grip,
/// so the transform is continuous across the change: the photo never jumps, and scale and
/// rotation keep multiplying and adding from where they are.
struct ManipulationSession: Sendable {
    private let settings: GestureSettings
    private var base: SimilarityTransform
    private var segment: FingerSegment
    /// The cumulative transform since the session began (about `startPivot` once reported).
    private(set) var transform: SimilarityTransform
    /// How the photo is held now.
    private(set) var grip: Grip
    /// The state machine's state.
    private(set) var state: RecognizerState = .possible
    /// The pivot fixed at `began`, window points.
    private(set) var startPivot: Point
    /// Time of the last update, seconds.
    private(set) var time: Double
    /// True when something the viewer sees (transform, fingers, source) changed since the last report.
    private(set) var hasUnreportedChange = false

    /// The latest cumulative transforms with their times (at most `velocitySampleLimit`), fed to
    /// the velocity trackers at each report. Two updates at the same instant (one finger's event
    /// then the other's, from the same poll) make one sample, the later: the state in between is
    /// an artefact of the events coming one at a time.
    private var samples: [(time: Double, transform: SimilarityTransform)] = []
    /// Touch fingers come one event each, a few milliseconds apart (4 ms at 240 Hz): between two
    /// of them the grip has moved one finger of two, a state the hand never had (its scale and
    /// turn zigzag about the fingers' path, and a degree-2 fit through that zigzag hands over
    /// several times the hand's rate). A sample is taken per complete update: once every tracked
    /// point has moved since the last sample, or when a point moves again before the others did
    /// (they stood still: the state before that second move was complete).
    private var movedSinceSample: Set<Int> = []
    /// The state after a partial update, not yet a sample.
    private var partial: (time: Double, transform: SimilarityTransform)?
    private var hasPinched = false
    private var hasRotated = false
    private var hasHadTwoFingers = false

    /// A session in the `possible` state, holding the photo by `grip` at `time`; that first,
    /// unmoved state is the trackers' first sample.
    init(grip: Grip, time: Double, settings: GestureSettings) {
        self.settings = settings
        self.grip = grip
        segment = FingerSegment(grip: grip, minimumSpan: settings.minimumFingerSpanPoints)
        base = .identity(at: grip.centre)
        transform = base
        startPivot = grip.centre
        self.time = time
        hasHadTwoFingers = grip.tracked.count == 2
        record(time: time)
    }

    // MARK: - Updates

    /// The grip's points moved (same shape as before): measures the segment and updates the
    /// transform. An update that would make a number non-finite is dropped whole.
    mutating func move(to newGrip: Grip, time: Double) {
        guard newGrip.tracked.count == grip.tracked.count else {
            regrip(newGrip, time: time)
            return
        }
        var measured = segment
        let (motion, restart) = measured.motion(to: newGrip)
        let next = base.followed(by: motion)
        guard next.isFinite else { return }
        segment = measured
        let moved = next != transform
        if newGrip != grip || moved { hasUnreportedChange = true }
        let changed = Set(newGrip.tracked.indices.filter { newGrip.tracked[$0] != grip.tracked[$0] })
        if !changed.isDisjoint(with: movedSinceSample) { takePartial() }
        transform = next
        grip = newGrip
        self.time = time
        movedSinceSample.formUnion(changed)
        if moved {
            noteKind()
            if movedSinceSample.count >= newGrip.tracked.count {
                record(time: time)
            } else {
                partial = (time, transform)
            }
        }
        if restart { restartSegment() }
    }

    /// The grip changes shape or source (a modifier, a finger landing or lifting): the transform
    /// stays exactly where it is and a new segment starts at `newGrip`.
    mutating func regrip(_ newGrip: Grip, time: Double) {
        if newGrip != grip { hasUnreportedChange = true }
        // The points are counted afresh; a partial update stays out of the fit (half a step).
        partial = nil
        movedSinceSample = []
        grip = newGrip
        self.time = time
        if newGrip.tracked.count == 2 { hasHadTwoFingers = true }
        restartSegment()
    }

    /// Applies a wheel step `step` on top of the transform as it stands, and restarts the segment
    /// at the current grip. `pinch` and `rotate` say which component the step moves (for `kind`).
    mutating func apply(step: SegmentMotion, pinch: Bool, rotate: Bool, time: Double) {
        let next = transform.followed(by: step)
        guard next.isFinite else { return }
        hasPinched = hasPinched || pinch
        hasRotated = hasRotated || rotate
        let moved = next != transform
        if moved { hasUnreportedChange = true }
        takePartial()
        transform = next
        self.time = time
        if moved {
            noteKind()
            record(time: time)
        }
        restartSegment()
    }

    private mutating func restartSegment() {
        base = transform
        segment = FingerSegment(grip: grip, minimumSpan: settings.minimumFingerSpanPoints)
    }

    // MARK: - State machine

    /// possible → began: fixes `startPivot` at the current segment's centre (the press point, the
    /// mirror pivot, the fingers' centroid, the wheel's pointer). The motion seen while the gesture
    /// was still possible stays in the velocity samples.
    private mutating func begin() {
        guard state == .possible else { return }
        startPivot = segment.referenceCentre
        base = base.rereferenced(to: startPivot)
        transform = transform.rereferenced(to: startPivot)
        state = .began
    }

    /// The report for the state machine's next step at `time`: `began` (which begins the session
    /// if it is still possible), `changed`, and `ended` or `cancelled` for the last one. Velocities
    /// are estimated at `velocityTime` (default `time`). Clears `hasUnreportedChange`.
    mutating func report(_ phase: GesturePhase, at time: Double, velocityTime: Double? = nil) -> Manipulation {
        self.time = max(self.time, time)
        switch phase {
        case .began: begin()
        case .changed: state = .changed
        case .ended: state = .ended
        case .cancelled: state = .cancelled
        }
        hasUnreportedChange = false
        return manipulation(phase: phase, velocityTime: velocityTime ?? self.time)
    }

    /// The manipulation as it stands, with velocities estimated at `velocityTime`.
    func manipulation(phase: GesturePhase, velocityTime: Double) -> Manipulation {
        var m = Manipulation(phase: phase, kind: kind, source: grip.source, startPivot: startPivot,
                             translation: transform.image - startPivot, scale: transform.scale,
                             rotation: transform.rotation, fingers: grip.drawn, fingerCentre: grip.drawnCentre,
                             time: time)
        if phase != .cancelled {
            (m.velocity, m.scaleVelocity, m.rotationVelocity) = velocities(at: velocityTime)
        }
        return m
    }

    /// The velocity trackers' figures at `time` for the pivot (pt/s), the scale (1/s) and the
    /// rotation (rad/s), from the recorded samples.
    func velocities(at time: Double) -> (pivot: Point, scale: Double, rotation: Double) {
        let window = settings.velocityWindowSeconds, limit = settings.velocitySampleLimit
        let gap = settings.velocityStopGapSeconds
        var pivots = PointVelocityTracker(windowSeconds: window, maxSamples: limit, stopGapSeconds: gap)
        var scales = VelocityTracker(windowSeconds: window, maxSamples: limit, stopGapSeconds: gap)
        var rotations = scales
        for sample in samples {
            let t = sample.transform.rereferenced(to: startPivot)
            pivots.add(time: sample.time, point: t.image)
            scales.add(time: sample.time, value: t.scale)
            rotations.add(time: sample.time, value: t.rotation)
        }
        let v = pivots.velocity(at: time)
        // Each component on its own: one the hand has held still for the stop gap (fingers moving
        // together without spreading or turning) hands over nothing, though samples keep coming.
        func still(_ component: (SimilarityTransform) -> Double) -> Bool {
            guard let last = samples.last else { return true }
            let now = component(last.transform.rereferenced(to: startPivot))
            // The newest sample at which the component took its present value.
            var since = last.time
            for sample in samples.reversed() {
                if abs(component(sample.transform.rereferenced(to: startPivot)) - now) > 1e-12 { break }
                since = sample.time
            }
            return time - since >= gap
        }
        let scale = still { $0.scale } ? 0 : finite(scales.velocity(at: time))
        let rotation = still { $0.rotation } ? 0 : finite(rotations.velocity(at: time))
        return (Point(finite(v.x), finite(v.y)), scale, rotation)
    }

    /// Which components the manipulation has moved: `pan` for one finger or a plain drag; for
    /// two fingers (real or mirrored) `pinchRotate`, narrowed to `pinch` or `rotate` when only that
    /// one has passed its threshold; a wheel step names its component at once. Once a component
    /// has been seen it stays in the kind until the end (so a pinch that later only travels is
    /// still a pinch).
    var kind: ManipulationKind {
        switch (hasPinched, hasRotated) {
        case (true, true): return .pinchRotate
        case (true, false): return .pinch
        case (false, true): return .rotate
        case (false, false): return hasHadTwoFingers ? .pinchRotate : .pan
        }
    }

    // MARK: - Samples

    /// Narrows the kind once the transform has passed a component's threshold.
    private mutating func noteKind() {
        if abs(transform.scale - 1) > settings.pinchKindScaleThreshold { hasPinched = true }
        if abs(transform.rotation) > settings.rotateKindThresholdRadians { hasRotated = true }
    }

    /// Takes the transform as it stands as a sample at `time`, ending any partial update.
    private mutating func record(time: Double) {
        append(time: time, transform: transform)
        partial = nil
        movedSinceSample = []
    }

    /// A point moves again before the others did: the state after its last move was complete.
    private mutating func takePartial() {
        if let p = partial { append(time: p.time, transform: p.transform) }
        partial = nil
        movedSinceSample = []
    }

    private mutating func append(time: Double, transform: SimilarityTransform) {
        if let last = samples.last, last.time == time {
            samples[samples.count - 1] = (time, transform)
        } else {
            samples.append((time, transform))
            if samples.count > max(2, settings.velocitySampleLimit) { samples.removeFirst() }
        }
    }

    private func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}
