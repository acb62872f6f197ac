import Continuity
import Geometry
import LabUI
import Viewing
import DrawnBounds
import Drawing

/// An account of a session built from the viewer's notes and the frames' snapshots: every open,
/// close, grab, release, interruption and page, with the figures that show how a motion felt.
///
/// For each release, interruption, open and close it measures, from the frames as the state log
/// records them, the figures `MotionFigures` defines (docs/feel-lab.md, "The figures"; `compare`
/// and `plot` compute the same): the photo's rate before the event (over its last 50 ms) and at the
/// instant after it, and their difference, the hand-off, component by component (centre pt/s, drawn size pt/s, rotation rad/s), set
/// beside the gesture's release velocity and the rate the springs were handed; the response and
/// settle times; the overshoot in pt and as a share of the travel. Times are viewer time; where
/// slow motion was on, the summary also knows each instant's wall time (`wallTime(atViewer:)`).
package struct SessionSummary: Sendable {
    /// One thing that happened.
    package struct Entry: Hashable, Sendable {
        package enum Kind: Hashable, Sendable {
            case opened(trigger: ViewerNote.Trigger)
            case closing(trigger: ViewerNote.Trigger)
            case grabbed(gesture: GestureName, from: Phase)
            case released(ViewerNote.Release)
            case interrupted(from: Phase, to: Phase)
            case paged(from: Int, to: Int)
            /// A settle with no motion being measured.
            case settled(phase: Phase)
            /// An input that did nothing, and why (`ViewerNote.inputIgnored`).
            case ignored(ViewerNote.IgnoredInput)
        }

        /// Seconds on the trace clock.
        package var time: Double
        package var photo: Int?
        package var kind: Kind
        /// The file names of the photos the entry names, as the list was when it was made: a sort,
        /// a photo added or one trashed later renumbers the list, and the header's list is only the
        /// first one.
        package var names: [Int: String] = [:]
        /// The photo's rate (centre, drawn size, rotation) the instant after the event, from the
        /// frames after it (`MotionFigures.velocityAfter`).
        package var rateAfter: PhotoRate?
        /// The photo's rate the instant after the event was handled: what the gesture handed to the
        /// springs (nil where the event came with no input, e.g. a wheel's quiet spell).
        package var rateAtHandOff: PhotoRate?
        /// The photo's rate before the event (`MotionFigures.velocityBefore`: over its last 50 ms).
        package var rateBefore: PhotoRate?
        /// The photo's velocity the instant after the event, from the frames after it, pt/s.
        package var velocityAfter: Point? { rateAfter?.center }
        /// The photo's velocity the instant after the event was handled, pt/s.
        package var velocityAtHandOff: Point? { rateAtHandOff?.center }
        /// The photo's velocity before the event, pt/s.
        package var velocityBefore: Point? { rateBefore?.center }
        /// The motion's figures (`MotionFigures`: settle, overshoot and its share of the travel,
        /// the velocities before and after), as `compare` and `plot` compute them.
        package var figures = MotionFigures()
        /// True for a release of a gesture that held a zoomed photo (a zoom pinch or pan): its
        /// `projected` is the scale at release.
        package var isZoom = false
        /// How far the centre went past its resting place along its travel, pt (≥ 0).
        package var overshootPoints: Double?
        /// How far the width went past its final width, pt (≥ 0).
        package var sizeOvershootPoints: Double?
        /// When every motion came to rest afterwards, seconds; nil when it did not.
        package var settledAt: Double?
        /// When the next event cut the motion short, seconds; nil when it did not.
        package var cutShortAt: Double?
        /// True when this entry carries the figures of its motion: false for entries that carry none
        /// (grabs, pages, bare settles) and for a note made at the same instant as the one that
        /// does (an interruption's `closing`).
        package var isMeasured: Bool

        package init(time: Double, photo: Int?, kind: Kind) {
            self.time = time
            self.photo = photo
            self.kind = kind
            switch kind {
            case .opened, .closing, .released, .interrupted: isMeasured = true
            default: isMeasured = false
            }
        }

        /// The hand-off of a release or interruption, pt/s: how much the photo's velocity changed
        /// across it, |velocity after − velocity before| (`MotionFigures.handOff`, the one
        /// definition `compare` and `plot` print as "hand-off").
        package var handOffPointsPerSecond: Double? {
            Self.isHandOff(kind) ? figures.centerHandOffPointsPerSecond : nil
        }

        /// The rate the springs carry on with: at the hand-off instant, else the frames' estimate of it.
        package var rateHanded: PhotoRate? { rateAtHandOff ?? rateAfter }

        /// The drawn size's hand-off, pt/s: |rate after − rate before| over width and height.
        package var sizeHandOffPointsPerSecond: Double? {
            Self.isHandOff(kind) ? figures.sizeHandOffPointsPerSecond : nil
        }

        /// The rotation's hand-off, rad/s: |rate after − rate before|.
        package var rotationHandOffRadiansPerSecond: Double? {
            Self.isHandOff(kind) ? figures.rotationHandOffRadiansPerSecond : nil
        }

        /// True for the entries whose velocity is handed on: releases and interruptions.
        static func isHandOff(_ kind: Kind) -> Bool {
            switch kind {
            case .released, .interrupted: return true
            default: return false
            }
        }
    }

    package let photos: [Photo]
    package private(set) var entries: [Entry] = []
    package private(set) var frameCount = 0
    /// The time of the last frame, seconds.
    package private(set) var endTime = 0.0

    private var handOffRates: [(time: Double, rate: PhotoRate)] = []
    /// Reads every event's and frame's `MotionSample` (`observe(sample:)`).
    private var detector = JumpDetector()
    /// Every jump the detector found, in time order.
    package var jumps: [JumpDetector.Jump] { detector.jumps }
    /// The frames of the last `MotionFigures.beforeWindowSeconds` (at least the last two), as the
    /// state log records them (the oldest first): what the velocity before an event is read from.
    private var recent: [MotionFigures.Frame] = []
    /// Viewer time against wall time (the trace's clock, the player's), a point where the rate
    /// changed and the last frame's: straight lines between them (`wallTime(atViewer:)`).
    private var clock: [(viewer: Double, wall: Double)] = []
    /// The phase of the last frame (a release from `zoomed` is a zoom gesture's).
    private var lastPhase: Phase?
    /// The entry whose motion is being measured, the recent frames before its event's frame and the
    /// frames from its event's frame on (`MotionFigures.measure`).
    private var measuring: Int?
    private var before: [MotionFigures.Frame] = []
    private var path: [MotionFigures.Frame] = []
    /// A motion's path is kept up to this many frames (minutes at 60 Hz); beyond it, only the rest.
    private static let pathLimit = 20_000

    package init(photos: [Photo]) {
        self.photos = photos
    }

    /// Gives the entries from `first` on the names of the photos they mention, as the list is now.
    private mutating func nameEntries(from first: Int, _ name: (Int) -> String?) {
        for i in first..<entries.count {
            var indices = entries[i].photo.map { [$0] } ?? []
            if case let .paged(from, to) = entries[i].kind { indices += [from, to] }
            for index in indices where entries[i].names[index] == nil { entries[i].names[index] = name(index) }
        }
    }

    /// Takes one frame: the notes drained at it (in the order made) and its snapshot.
    /// `ratesAtEvents` holds the photo's rate right after each input event since the last frame,
    /// with the event's time.
    /// `wallTime` is the frame's time on the trace's clock (the player's), which slow motion
    /// makes run ahead of the viewer's (nil: the same).
    /// `name` gives the file name of the photo at an index of the list as it is now (nil: the
    /// header's list, for a log with no list changes).
    package mutating func observe(notes: [ViewerNote], snapshot: StateSnapshot,
                                 ratesAtEvents: [(time: Double, rate: PhotoRate)] = [], wallTime: Double? = nil,
                                 name: ((Int) -> String?)? = nil) {
        let firstNew = entries.count
        defer { if let name { nameEntries(from: firstNew, name) } }
        handOffRates = ratesAtEvents
        noteClock(viewer: snapshot.time, wall: wallTime ?? snapshot.time)
        frameCount += 1
        endTime = snapshot.time
        var recorded = false
        for note in notes {
            switch note {
            case let .opened(photo, trigger, time):
                begin(Entry(time: time, photo: photo, kind: .opened(trigger: trigger)))
            case let .closing(photo, trigger, time):
                begin(Entry(time: time, photo: photo, kind: .closing(trigger: trigger)))
            case let .released(release):
                var entry = Entry(time: release.time, photo: release.photo, kind: .released(release))
                entry.isZoom = lastPhase == .zoomed
                begin(entry)
            case let .interrupted(photo, from, to, time):
                begin(Entry(time: time, photo: photo, kind: .interrupted(from: from, to: to)))
            case let .grabbed(photo, gesture, from, time):
                cutShort(at: time)
                entries.append(Entry(time: time, photo: photo, kind: .grabbed(gesture: gesture, from: from)))
            case let .paged(from, to, time):
                entries.append(Entry(time: time, photo: to, kind: .paged(from: from, to: to)))
            case let .settled(phase, time):
                if measuring != nil {
                    if !recorded { record(snapshot); recorded = true }
                    finish(settledAt: time)
                } else {
                    entries.append(Entry(time: time, photo: snapshot.photo, kind: .settled(phase: phase)))
                }
            case let .inputIgnored(ignored):
                entries.append(Entry(time: ignored.time, photo: snapshot.photo, kind: .ignored(ignored)))
            case .referenceChanged, .releasedByTime, .actedByTime:
                // The jump detector's (it reads them from the viewer after each event); the
                // account has nothing to add for them.
                break
            }
        }
        if measuring != nil, !recorded { record(snapshot) }
        recent.append(MotionFigures.Frame(snapshot: snapshot))
        let old = recent.prefix { $0.time < snapshot.time - MotionFigures.beforeWindowSeconds }.count
        if old > 0, recent.count > 2 { recent.removeFirst(min(old, recent.count - 2)) }
        lastPhase = snapshot.phase
    }

    /// Takes the viewer's drawn quantities after an event or a frame, for the jump detector.
    package mutating func observe(sample: MotionSample) {
        detector.observe(sample)
    }

    // MARK: - Clocks

    private mutating func noteClock(viewer: Double, wall: Double) {
        if let last = clock.last, viewer <= last.viewer { return }
        if clock.count >= 2 {
            let a = clock[clock.count - 2], b = clock[clock.count - 1]
            let before = (b.wall - a.wall) / (b.viewer - a.viewer), now = (wall - b.wall) / (viewer - b.viewer)
            if abs(before - now) <= 1e-6 * max(1, abs(before)) { clock[clock.count - 1] = (viewer, wall); return }
        }
        clock.append((viewer, wall))
    }

    /// True when slow motion was on at some point: wall time ran ahead of viewer time.
    package var slowMotionWasOn: Bool {
        guard let first = clock.first, let last = clock.last else { return false }
        return abs((last.wall - first.wall) - (last.viewer - first.viewer)) > 1e-6
    }

    /// The wall-clock time (the trace's, the player's) of viewer time `t`, seconds.
    package func wallTime(atViewer t: Double) -> Double {
        guard let first = clock.first else { return t }
        guard t > first.viewer else { return first.wall + (t - first.viewer) }
        for k in clock.indices.dropFirst() where t <= clock[k].viewer {
            let a = clock[k - 1], b = clock[k]
            return a.wall + (t - a.viewer) * (b.wall - a.wall) / (b.viewer - a.viewer)
        }
        let last = clock[clock.count - 1]
        return last.wall + (t - last.viewer)
    }

    /// The last frame's wall-clock time, seconds.
    package var endWallTime: Double { clock.last?.wall ?? endTime }

    // MARK: - Measuring

    private mutating func begin(_ entry: Entry) {
        var entry = entry
        // A second note at the same instant about the same photo describes the same motion.
        if let m = measuring, entries[m].time == entry.time, entries[m].photo == entry.photo {
            entry.isMeasured = false
            entries.append(entry)
            return
        }
        cutShort(at: entry.time)
        entry.rateAtHandOff = handOffRates.last { $0.time == entry.time }?.rate
        entries.append(entry)
        measuring = entries.count - 1
        before = recent
        path.removeAll(keepingCapacity: true)
        measure(endsAtRest: false)
    }

    /// Adds the frame to the measured motion's path; the velocity after the event is refreshed
    /// while it is still being read from the first frames.
    private mutating func record(_ snapshot: StateSnapshot) {
        let frame = MotionFigures.Frame(snapshot: snapshot)
        if path.count < Self.pathLimit { path.append(frame) } else { path[path.count - 1] = frame }
        if path.count <= 6 { measure(endsAtRest: false) }
    }

    /// Sets the measured entry's figures from its frames (`MotionFigures`, the one definition
    /// `compare` and `plot` use too).
    private mutating func measure(endsAtRest: Bool) {
        guard let i = measuring else { return }
        let f = MotionFigures.measure(event: entries[i].time, before: before, after: path, endsAtRest: endsAtRest)
        entries[i].figures = f
        entries[i].rateBefore = f.velocityBefore.map(PhotoRate.init)
        entries[i].rateAfter = f.velocityAfter.map(PhotoRate.init)
    }

    /// Ends the measured motion where it rests: settle time and overshoot from its frames.
    private mutating func finish(settledAt time: Double) {
        guard let i = measuring else { return }
        measure(endsAtRest: true)
        entries[i].settledAt = entries[i].figures.settledAt ?? time
        entries[i].overshootPoints = entries[i].figures.overshootPoints
        entries[i].sizeOvershootPoints = entries[i].figures.sizeOvershootPoints
        measuring = nil
        path.removeAll(keepingCapacity: true)
    }

    private mutating func cutShort(at time: Double) {
        guard let i = measuring else { return }
        entries[i].cutShortAt = time
        measuring = nil
        path.removeAll(keepingCapacity: true)
    }
}

extension PhotoRate {
    /// A figure's velocity as the summary's rate.
    init(_ v: MotionFigures.Velocity) {
        self.init(center: v.center, size: v.size, rotation: v.rotation)
    }
}
