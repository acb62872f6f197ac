import Continuity
import Geometry
import Viewer

/// An account of a session built from the viewer's notes and the frames' snapshots: every open,
/// close, grab, release, interruption and page, with the figures that show how a motion felt.
///
/// For each release, interruption, open and close it measures, from successive images:
/// - the photo's rate in the next frame, component by component (centre pt/s, drawn size pt/s,
///   rotation rad/s: (now − the frame before) / Δt; after a page, when the frame before showed
///   another photo, one frame later), and the rate the instant after the event; set beside the
///   gesture's release velocity (or the rate in the frame before) it shows whether each component's
///   velocity was handed off;
/// - overshoot: how far the centre went past where it came to rest, along its travel (and the width
///   past its final width), pt;
/// - the time when every motion came to rest, or when the next event cut the motion short.
public struct SessionSummary: Sendable {
    /// One thing that happened.
    public struct Entry: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case opened(trigger: ViewerNote.Trigger)
            case closing(trigger: ViewerNote.Trigger)
            case grabbed(gesture: GestureName, from: Phase)
            case released(ViewerNote.Release)
            case interrupted(from: Phase, to: Phase)
            case paged(from: Int, to: Int)
            /// A settle with no motion being measured.
            case settled(phase: Phase)
        }

        /// Seconds on the trace clock.
        public var time: Double
        public var photo: Int?
        public var kind: Kind
        /// The photo's rate (centre, drawn size, rotation) over the first frame after the event.
        public var rateAfter: PhotoRate?
        /// The photo's rate the instant after the event was handled: what the gesture handed to the
        /// springs (nil where the event came with no input, e.g. a wheel's quiet spell).
        public var rateAtHandOff: PhotoRate?
        /// The photo's rate over the frame before the event.
        public var rateBefore: PhotoRate?
        /// The photo's velocity over the first frame after the event, pt/s.
        public var velocityAfter: Point? { rateAfter?.center }
        /// The photo's velocity the instant after the event was handled, pt/s.
        public var velocityAtHandOff: Point? { rateAtHandOff?.center }
        /// The photo's velocity over the frame before the event, pt/s.
        public var velocityBefore: Point? { rateBefore?.center }
        /// How far the centre went past its resting place along its travel, pt (≥ 0).
        public var overshootPoints: Double?
        /// How far the width went past its final width, pt (≥ 0).
        public var sizeOvershootPoints: Double?
        /// When every motion came to rest afterwards, seconds; nil when it did not.
        public var settledAt: Double?
        /// When the next event cut the motion short, seconds; nil when it did not.
        public var cutShortAt: Double?
        /// True when this entry carries the figures of its motion: false for entries that carry none
        /// (grabs, pages, bare settles) and for a note made at the same instant as the one that
        /// does (an interruption's `closing`).
        public var isMeasured: Bool

        public init(time: Double, photo: Int?, kind: Kind) {
            self.time = time
            self.photo = photo
            self.kind = kind
            switch kind {
            case .opened, .closing, .released, .interrupted: isMeasured = true
            default: isMeasured = false
            }
        }

        /// How much velocity was lost or gained in the hand-off, pt/s: |handed − release velocity| for
        /// a release, |handed − before| for an interruption, where "handed" is the photo's velocity the
        /// instant after the event (or, when that is unknown, over the next frame).
        public var handOffErrorPointsPerSecond: Double? {
            guard let after = velocityAtHandOff ?? velocityAfter else { return nil }
            switch kind {
            case let .released(r): return (after - r.velocity).length
            case .interrupted: return velocityBefore.map { (after - $0).length }
            default: return nil
            }
        }

        /// The rate the springs carry on with: at the hand-off instant, else over the next frame.
        public var rateHanded: PhotoRate? { rateAtHandOff ?? rateAfter }

        /// How much of the drawn size's rate was lost or gained in a release or interruption, pt/s:
        /// |handed − before| over width and height, "before" measured over the frame before.
        public var sizeHandOffErrorPointsPerSecond: Double? {
            guard Self.isHandOff(kind), let after = rateHanded, let before = rateBefore else { return nil }
            let dw = after.size.width - before.size.width, dh = after.size.height - before.size.height
            return (dw * dw + dh * dh).squareRoot()
        }

        /// How much of the rotation's rate was lost or gained, rad/s: |handed − the release's
        /// rotation velocity| for a release, |handed − before| for an interruption.
        public var rotationHandOffErrorRadiansPerSecond: Double? {
            guard let after = rateHanded else { return nil }
            switch kind {
            case let .released(r): return abs(after.rotation - r.rotationVelocity)
            case .interrupted: return rateBefore.map { abs(after.rotation - $0.rotation) }
            default: return nil
            }
        }

        /// True for the entries whose velocity is handed on: releases and interruptions.
        static func isHandOff(_ kind: Kind) -> Bool {
            switch kind {
            case .released, .interrupted: return true
            default: return false
            }
        }
    }

    public let photos: [Photo]
    public private(set) var entries: [Entry] = []
    public private(set) var frameCount = 0
    /// The time of the last frame, seconds.
    public private(set) var endTime = 0.0

    private var handOffRates: [(time: Double, rate: PhotoRate)] = []
    /// Reads every event's and frame's `MotionSample` (`observe(sample:)`).
    private var detector = JumpDetector()
    /// Every jump the detector found, in time order.
    public var jumps: [JumpDetector.Jump] { detector.jumps }
    private var previous: StateSnapshot?
    private var beforePrevious: StateSnapshot?
    /// The entry whose motion is being measured, the photo it follows, and its path (centre and
    /// width per frame of that photo).
    private var measuring: Int?
    private var trackedPhoto: Int?
    /// The next-frame velocity waits a frame when the photo in view changed at the note (a page).
    private var velocityPending = false
    private var start: (center: Point, width: Double)?
    private var path: [(center: Point, width: Double)] = []
    /// A motion's path is kept up to this many frames (minutes at 60 Hz); beyond it, only the rest.
    private static let pathLimit = 20_000

    public init(photos: [Photo]) {
        self.photos = photos
    }

    /// Takes one frame: the notes drained at it (in the order made) and its snapshot.
    /// `ratesAtEvents` holds the photo's rate right after each input event since the last frame,
    /// with the event's time.
    public mutating func observe(notes: [ViewerNote], snapshot: StateSnapshot,
                                 ratesAtEvents: [(time: Double, rate: PhotoRate)] = []) {
        handOffRates = ratesAtEvents
        frameCount += 1
        endTime = snapshot.time
        var recorded = false
        var begun = false
        for note in notes {
            switch note {
            case let .opened(photo, trigger, time):
                begin(Entry(time: time, photo: photo, kind: .opened(trigger: trigger)), snapshot, &begun)
            case let .closing(photo, trigger, time):
                begin(Entry(time: time, photo: photo, kind: .closing(trigger: trigger)), snapshot, &begun)
            case let .released(release):
                begin(Entry(time: release.time, photo: release.photo, kind: .released(release)), snapshot, &begun)
            case let .interrupted(photo, from, to, time):
                begin(Entry(time: time, photo: photo, kind: .interrupted(from: from, to: to)), snapshot, &begun)
            case let .grabbed(photo, gesture, from, time):
                cutShort(at: time)
                entries.append(Entry(time: time, photo: photo, kind: .grabbed(gesture: gesture, from: from)))
            case let .paged(from, to, time):
                entries.append(Entry(time: time, photo: to, kind: .paged(from: from, to: to)))
            case let .settled(phase, time):
                if measuring != nil {
                    if !recorded { record(snapshot, begunNow: begun); recorded = true }
                    finish(settledAt: time)
                } else {
                    entries.append(Entry(time: time, photo: snapshot.photo, kind: .settled(phase: phase)))
                }
            }
        }
        if measuring != nil, !recorded { record(snapshot, begunNow: begun) }
        beforePrevious = previous
        previous = snapshot
    }

    /// Takes the viewer's drawn quantities after an event or a frame, for the jump detector.
    public mutating func observe(sample: MotionSample) {
        detector.observe(sample)
    }

    // MARK: - Measuring

    private mutating func begin(_ entry: Entry, _ snapshot: StateSnapshot, _ begun: inout Bool) {
        var entry = entry
        // A second note at the same instant about the same photo describes the same motion.
        if let m = measuring, entries[m].time == entry.time, entries[m].photo == entry.photo {
            entry.isMeasured = false
            entries.append(entry)
            return
        }
        cutShort(at: entry.time)
        begun = true
        trackedPhoto = snapshot.photo
        entry.rateAfter = Self.rate(from: previous, to: snapshot)
        entry.rateAtHandOff = handOffRates.last { $0.time == entry.time }?.rate
        velocityPending = entry.rateAfter == nil
        entry.rateBefore = Self.rate(from: beforePrevious, to: previous)
        entries.append(entry)
        measuring = entries.count - 1
        path.removeAll(keepingCapacity: true)
        start = previous?.photo == snapshot.photo ? previous?.image.map { ($0.center, $0.size.width) } : nil
    }

    private mutating func record(_ snapshot: StateSnapshot, begunNow: Bool) {
        guard let image = snapshot.image, snapshot.photo == trackedPhoto else { return }
        if velocityPending, !begunNow, let m = measuring {
            entries[m].rateAfter = Self.rate(from: previous, to: snapshot)
            velocityPending = false
        }
        if start == nil { start = (image.center, image.size.width) }
        if path.count < Self.pathLimit { path.append((image.center, image.size.width)) } else { path[path.count - 1] = (image.center, image.size.width) }
    }

    /// Ends the measured motion where it rests: overshoot against its final position.
    private mutating func finish(settledAt time: Double) {
        guard let i = measuring else { return }
        entries[i].settledAt = time
        if let start, let final = path.last {
            let travel = final.center - start.center
            if travel.length >= 0.5 {
                let direction = travel / travel.length
                entries[i].overshootPoints = path.map { max(0, ($0.center - final.center).dot(direction)) }.max() ?? 0
            } else {
                entries[i].overshootPoints = 0
            }
            let growth = final.width - start.width
            if abs(growth) >= 0.5 {
                let sign: Double = growth > 0 ? 1 : -1
                entries[i].sizeOvershootPoints = path.map { max(0, ($0.width - final.width) * sign) }.max() ?? 0
            } else {
                entries[i].sizeOvershootPoints = 0
            }
        }
        measuring = nil
        velocityPending = false
        path.removeAll(keepingCapacity: true)
        start = nil
    }

    private mutating func cutShort(at time: Double) {
        guard let i = measuring else { return }
        entries[i].cutShortAt = time
        measuring = nil
        velocityPending = false
        path.removeAll(keepingCapacity: true)
        start = nil
    }

    /// The rate between two frames' images (centre, drawn size, rotation), when both show the same photo.
    private static func rate(from a: StateSnapshot?, to b: StateSnapshot?) -> PhotoRate? {
        guard let a, let b, a.photo == b.photo, let p = a.image, let q = b.image, b.time > a.time else { return nil }
        return PhotoRate(from: p, to: q, seconds: b.time - a.time)
    }
}
