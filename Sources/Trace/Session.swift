import Continuity
import Geometry
import Gestures
import LabUI
import Motion
import Viewing
import Events
import FeelModel
import JSON

/// The one driver of a `Viewer` in the feel lab (`LabViewer`), used by the live app and by replay alike, so they cannot diverge.
///
/// Both build the viewer from a `TraceHeader` (photos, window, feel resolved by `FeelCoding`), and
/// both feed it `InputEvent`s through `handle(_:)`, which records the event (when a trace sink is
/// given), applies it, and on every `.frame` writes the state-log line (when a state sink is given)
/// and feeds the summary. The live app stamps events with its clock; replay reads them from the
/// trace; the viewer cannot tell the difference, so the two state logs are equal byte for byte.
public final class Session {
    /// What went wrong while handling an event.
    public enum Failure: Error {
        /// A sink could not be written (exit status 1).
        case cannotWrite(TraceError)
        /// A `feel` event whose parameters do not decode; nothing was recorded or applied.
        case badFeel(FieldError)
    }

    public let header: TraceHeader
    /// The layer laid over every feel this session applies (`replay --feel FILE`).
    public let feelOverride: JSONObject?
    /// True (the default, and `compare --with-panel-edits`): numbers tuned in the recorded tuning
    /// panel replay on top of `feelOverride`. False (`compare`'s default): `feelOverride` stays on
    /// top of them too, so a preset replays as shipped whatever the session tuned.
    public let replaysPanelEdits: Bool
    /// The viewer inside the feel lab, as the events have left it.
    public private(set) var lab: LabViewer
    /// The viewer the events drive.
    public var viewer: Viewer { lab.viewer }
    /// The account of what happened, when asked for.
    package private(set) var summary: SessionSummary?
    /// The photo's velocity right after each input event since the last frame (for the summary).
    private var handOffVelocities: [(time: Double, rate: PhotoRate)] = []
    /// The notes the viewer made up to the last frame (drained every frame), for live displays.
    public private(set) var lastNotes: [ViewerNote] = []
    /// Frames handled so far.
    public private(set) var frameCount = 0

    private var trace: LineSink?
    private var states: LineSink?
    /// When true (the live app), a trace or state log that cannot be written (a full disk) stops
    /// the recording: both files are left as they are, `recordingFailure` says why, and the session
    /// goes on without them. When false (replay), it is a `.cannotWrite` failure.
    public var continuesWhenRecordingFails = false
    /// Why the recording stopped, when it did.
    public private(set) var recordingFailure: TraceError?
    private var lastTime = 0.0
    private var pendingRequests: [ViewerRequest] = []
    /// The buttons and fingers down now (a press with none down starts a gesture).
    private var held = HeldInput()
    /// The last gesture, from the viewer before its press, for the again key.
    private var recall: GestureRecall?
    /// The mouse drag under way, for pointer prediction (`drawnViewer`).
    private var trail = PointerTrail()
    /// Seconds from a frame's instant to its presentation, as the live loop last said (the last
    /// `horizon` event); 0 until it says: nothing is predicted then.
    public private(set) var horizon = 0.0
    /// The last gesture re-running over the live viewer ("again"), from the frame after its
    /// `again` effect (so a replay, which draws each frame as it is handled, shows it from the same
    /// frame as the live window, which draws after the effects that follow a frame).
    public var again: AgainRun? { againRun.flatMap { $0.hasAdvanced ? $0 : nil } }
    private var againRun: AgainRun?

    /// The press time of the gesture the again key would re-run (the `again` effect's `from`);
    /// nil before the first press.
    public var againFrom: Double? { recall?.pressTime }

    /// Starts a session on `header`'s photos, window and feel (defaults ⊕ header ⊕ `feelOverride`).
    /// Writes the header line to `trace` when one is given.
    ///
    /// Throws `.badFeel` (the field named under `feel.`) when the header's feel does not decode, and
    /// `.cannotWrite` when the header cannot be written.
    public init(header: TraceHeader, feelOverride: JSONObject? = nil, replaysPanelEdits: Bool = true,
                trace: LineSink? = nil, states: LineSink? = nil, summarize: Bool = false) throws(Failure) {
        let feel: Feel
        do throws(FieldError) {
            feel = try FeelCoding.resolve([header.feel, feelOverride])
        } catch {
            throw .badFeel(error.field.isEmpty ? FieldError(field: "feel", message: error.message) : error.nested(under: "feel"))
        }
        self.header = header
        self.feelOverride = feelOverride
        self.replaysPanelEdits = replaysPanelEdits
        self.trace = trace
        self.states = states
        var viewer = Viewer(photos: header.photos, windowSize: header.windowSize, feel: feel)
        viewer.pixelsPerPoint = header.scale
        viewer.resume(scroll: header.scroll, focus: header.focus)
        if let open = header.openPhoto { viewer.present(open) }
        lab = LabViewer(viewer)
        summary = summarize ? SessionSummary(photos: header.photos) : nil
        do throws(TraceError) {
            try trace?.write(line: header.line)
        } catch {
            throw .cannotWrite(error)
        }
    }

    /// Records `event`, applies it and, on `.frame`, writes the frame's state line.
    ///
    /// Events that no trace can carry are made carriable first, the same way live and in replay:
    /// an event with a non-finite time or coordinate, an empty key name, or a non-positive window
    /// size is dropped; a time earlier than the last is raised to it; a touch id beyond ±2^53 is
    /// folded into that range. A `feel` event whose layer does not decode is refused.
    public func handle(_ event: InputEvent) throws(Failure) {
        guard var event = carriable(event) else { return }
        if event.time < lastTime { event.time = lastTime }
        let feel: Feel?
        do throws(FieldError) {
            feel = try Self.prepare(event, feelOverride: feelOverride)
        } catch {
            throw .badFeel(error)
        }
        lastTime = event.time
        do throws(TraceError) {
            try trace?.write(line: TraceEventFormat.line(event))
        } catch {
            try stopRecording(error)
        }
        // Where the frames' held photo is drawn, not an input to the viewer (`drawnViewer`).
        if case let .horizon(seconds) = event.kind {
            horizon = seconds
            return
        }
        trail.note(event)
        // The last press gesture is kept from the viewer before its press, for the again key; a
        // new press ends a re-run being shown.
        if held.startsGesture(event) {
            recall = GestureRecall(before: lab)
            againRun = nil
        }
        held.note(event)
        if case let .effect(.again(from)) = event.kind {
            startAgain(from: from, at: event.time)
            return
        }
        recall?.note(event)
        switch Self.apply(event, feel: feel, to: &lab, feelOverride: feelOverride, replaysPanelEdits: replaysPanelEdits) {
        case .feel:
            summary?.observe(sample: viewer.motionSample)
            return
        case .reload:
            return
        case .input:
            summary?.observe(sample: viewer.motionSample)
            // The photo's own velocity the instant after this event: what a release handed the springs.
            if summary != nil, let v = viewer.photoRate { handOffVelocities.append((event.time, v)) }
            return
        case .frame:
            // The frame as drawn: with the held photo where pointer prediction puts it.
            summary?.observe(sample: drawnViewer.motionSample)
        }
        frameCount += 1
        let snapshot = viewer.snapshot
        lastNotes = lab.viewer.takeNotes()
        do throws(TraceError) {
            try states?.write(line: StateLogFormat.line(snapshot, event: Self.eventInstant(lastNotes)))
        } catch {
            try stopRecording(error)
        }
        let photos = lab.viewer.photos
        summary?.observe(notes: lastNotes, snapshot: snapshot, ratesAtEvents: handOffVelocities, wallTime: event.time,
                         name: { photos.indices.contains($0) ? photos[$0].name : nil })
        handOffVelocities.removeAll(keepingCapacity: true)
        for var request in lab.viewer.takeRequests() where !pendingRequests.contains(request) {
            if case .again = request {
                guard let recall else {
                    // Nothing to re-run yet: said here, so a replay says it at the same frame.
                    lab.show(message: "again: no gesture to re-run yet (drag, click or pinch first)", isError: false)
                    continue
                }
                // The request names the gesture: the last one's press.
                guard let from = recall.pressTime else { continue }
                request = .again(from: from)
                if pendingRequests.contains(request) { continue }
            }
            pendingRequests.append(request)
        }
        if !held.isHeld, viewer.isAtRest { recall?.close() }
        if var run = againRun {
            if !run.hasAdvanced {
                lab.show(message: "again: the gesture at \(FeelNumber.fixed(run.from, places: 2)) s under these numbers; "
                            + "the outlined ghost is the run before", isError: false)
            }
            run.advance(toLiveTime: event.time)
            againRun = run.isFinished ? nil : run
        }
    }

    /// The viewer as the frame draws it: a photo the mouse holds is where the hand will be when
    /// the frame reaches the screen (`PointerPredictor` over the drag's samples, `horizon` ahead
    /// of the last event, at most the feel's `pointerPredictionSeconds`); otherwise, and in slow
    /// motion, the viewer itself. The state log, the gesture and what a release hands the springs
    /// are the viewer's own; a replay reads the same `horizon` events and draws the same.
    public var drawnViewer: Viewer {
        let viewer = lab.viewer
        guard horizon > 0, lab.feelLab.clock.rate == 1, !trail.samples.isEmpty else { return viewer }
        let predictor = PointerPredictor(maximumSeconds: viewer.feel.pointerPredictionSeconds)
        let offset = predictor.predict(trail.samples, now: lastTime, horizon: horizon).offset
        return viewer.drawnAhead(by: offset) ?? viewer
    }

    /// The instant of the last release or interruption among a frame's notes: what the state log
    /// writes as that frame's `event`, the instant the motion's figures count from (`MotionFigures`).
    static func eventInstant(_ notes: [ViewerNote]) -> Double? {
        notes.reversed().lazy.compactMap { note -> Double? in
            switch note {
            case let .released(r): r.time
            case let .interrupted(_, _, _, time): time
            default: nil
            }
        }.first
    }

    /// Checks a `feel` or `feelReloaded` event's layer and returns the feel a `feel` event puts in
    /// force under `feelOverride`; nil for every other event.
    static func prepare(_ event: InputEvent, feelOverride: JSONObject?) throws(FieldError) -> Feel? {
        switch event.kind {
        case let .feel(layer):
            return try FeelCoding.resolve([layer, feelOverride])
        case let .effect(.feelReloaded(_, layer, _)):
            _ = try FeelCoding.resolve([layer])
            return nil
        default:
            return nil
        }
    }

    /// What applying an event did.
    enum Applied {
        /// A `feel` event put its parameters in force.
        case feel
        /// A reloaded feel file was merged (or could not be read and changed nothing).
        case reload
        /// Any other input, handed to the viewer.
        case input
        /// A frame.
        case frame
    }

    /// Applies a prepared event to `lab`: `feel` (a `feel` event's, from `prepare`) is put in
    /// force, a reloaded feel file merged (with `feelOverride` on top), anything else handed to the
    /// lab and its viewer.
    static func apply(_ event: InputEvent, feel: Feel?, to lab: inout LabViewer, feelOverride: JSONObject?,
                      replaysPanelEdits: Bool = true) -> Applied {
        if let feel {
            lab.apply(feel: feel)
            return .feel
        }
        if case let .effect(.feelReloaded(name, layer, fixed)) = event.kind {
            // The viewer merges the file with the parameters in force; `replay --feel` stays on top.
            lab.feelFileReloaded(layer, name: name, fixed: fixed) { merged in
                guard let feelOverride else { return merged }
                return (try? FeelCoding.resolve([FeelCoding.object(of: merged), feelOverride])) ?? merged
            }
            return .reload
        }
        let feelBefore = lab.viewer.feel
        lab.handle(event)
        // A panel edit (a recorded key) under an override that stays on top: the override's keys
        // are laid over the edit again, so the edit changes only what the override leaves open.
        if !replaysPanelEdits, let feelOverride, case .key = event.kind, lab.viewer.feel != feelBefore,
           let kept = try? FeelCoding.resolve([FeelCoding.object(of: lab.viewer.feel), feelOverride]), kept != lab.viewer.feel {
            lab.viewer.retune(to: kept)
        }
        guard case .frame = event.kind else { return .input }
        return .frame
    }

    /// The `again` effect: the gesture pressed at `from` re-runs from `time` under the feel in
    /// force, with the run before it (the live one, or the last re-run) as the ghost. An effect
    /// that names no gesture this session recalls changes nothing.
    private func startAgain(from: Double, at time: Double) {
        guard var recall, recall.pressTime == from else { return }
        recall.close()
        againRun = AgainRun(recall: recall, feel: viewer.feel, sessionOverride: feelOverride, startTime: time)
        recall.lastRunFeel = viewer.feel
        self.recall = recall
    }

    /// Says where the feel parameters came from, under the tuning panel's title (the live app's
    /// feel file). Not an input: nothing is recorded, and a replay does not say it.
    package func describeFeelSource(_ text: String?) {
        lab.describeFeelSource(text)
    }

    /// Shows `text` on the message line as a notice, fading as notices do (the first-run hint).
    /// Not an input: nothing is recorded, and a replay does not say it.
    package func showNotice(_ text: String) {
        lab.show(message: text, isError: false)
    }

    /// A sink failed with `error`: stop recording (live) or fail (replay).
    private func stopRecording(_ error: TraceError) throws(Failure) {
        guard continuesWhenRecordingFails else { throw .cannotWrite(error) }
        recordingFailure = error
        trace = nil
        states = nil
    }

    /// What the viewer asked of the shell since the last call (quit, save feel), each once.
    /// Shows a message line in the window (a feel-file reload error, "saved feel.json"). Not an
    /// event: nothing is recorded, and no state the log shows changes.
    public func show(message: String?, isError: Bool) {
        lab.show(message: message, isError: isError)
    }

    public func takeRequests() -> [ViewerRequest] {
        defer { pendingRequests.removeAll() }
        return pendingRequests
    }

    /// Writes out whatever the sinks hold back.
    package func flush() throws(Failure) {
        do throws(TraceError) {
            try trace?.flush()
            try states?.flush()
        } catch {
            throw .cannotWrite(error)
        }
    }

    // MARK: - Checkpoints

    /// Everything a session knows except where it writes: restoring it puts the session back at
    /// that instant, and the events after it then give the same states, byte for byte, as they did
    /// the first time (the `Viewer` is a value). The trace player keeps one every stretch of events.
    public struct Checkpoint: Sendable {
        fileprivate var lab: LabViewer
        fileprivate var summary: SessionSummary?
        fileprivate var handOffVelocities: [(time: Double, rate: PhotoRate)]
        fileprivate var lastNotes: [ViewerNote]
        fileprivate var frameCount: Int
        fileprivate var lastTime: Double
        fileprivate var pendingRequests: [ViewerRequest]
        fileprivate var held: HeldInput
        fileprivate var recall: GestureRecall?
        fileprivate var againRun: AgainRun?
        fileprivate var trail: PointerTrail
        fileprivate var horizon: Double

        /// The viewer as it stood.
        public var viewerState: Viewer { lab.viewer }
        /// Frames handled up to it.
        public var frames: Int { frameCount }
        /// The lab as it stood, and the again key's lab before the last press (what it holds).
        package var labState: LabViewer { lab }
        package var recalledLab: LabViewer? { recall?.start }
    }

    /// The session's state now.
    public func checkpoint() -> Checkpoint {
        // The live curves' ring holds 2,048 samples, of which only the last seconds show: kept
        // whole, each checkpoint would hold its own copy (the session's goes on changing).
        var lab = lab
        lab.compactHistory()
        return Checkpoint(lab: lab, summary: summary, handOffVelocities: handOffVelocities, lastNotes: lastNotes,
                   frameCount: frameCount, lastTime: lastTime, pendingRequests: pendingRequests,
                   held: held, recall: recall, againRun: againRun, trail: trail, horizon: horizon)
    }

    /// Puts the session back at `checkpoint` (taken from a session on the same header and feel).
    /// Nothing is written: the sinks only ever see events as they are handled.
    package func restore(_ checkpoint: Checkpoint) {
        lab = checkpoint.lab
        summary = checkpoint.summary
        handOffVelocities = checkpoint.handOffVelocities
        lastNotes = checkpoint.lastNotes
        frameCount = checkpoint.frameCount
        lastTime = checkpoint.lastTime
        pendingRequests = checkpoint.pendingRequests
        held = checkpoint.held
        recall = checkpoint.recall
        againRun = checkpoint.againRun
        trail = checkpoint.trail
        horizon = checkpoint.horizon
    }

    // MARK: - Carriable events

    /// `event` as a trace can carry it, or nil when it cannot be carried at all.
    private func carriable(_ event: InputEvent) -> InputEvent? {
        guard event.time.isFinite else { return nil }
        switch event.kind {
        case .frame, .feel, .effect:
            return event
        case let .horizon(seconds):
            // As the trace reads it back: 0 to 1 s.
            guard seconds.isFinite, seconds >= 0 else { return nil }
            return seconds <= TraceBounds.horizonSeconds ? event : InputEvent(time: event.time, kind: .horizon(seconds: TraceBounds.horizonSeconds))
        case let .pointer(_, p, _, _):
            return p.isFinite ? event : nil
        case let .wheel(p, d, _):
            return p.isFinite && d.isFinite ? event : nil
        case let .key(_, key, _):
            return key.isEmpty ? nil : event
        case let .touch(phase, id, p):
            guard p.isFinite else { return nil }
            let limit = 1 << 53
            guard id > limit || id < -limit else { return event }
            return InputEvent(time: event.time, kind: .touch(phase: phase, id: id % limit, position: p))
        case var .touchpad(g):
            // As the trace reads it back: 1…15 fingers; a pinch's scale in (0, 1000] and turn within
            // ±360°; a swipe with neither.
            guard g.isFinite, (1...15).contains(g.fingers) else { return nil }
            if g.gesture == .swipe {
                g.scale = 1
                g.angleDelta = 0
            } else if !(g.scale > 0 && g.scale <= 1_000 && abs(g.angleDelta) <= 360) {
                return nil
            }
            return InputEvent(time: event.time, kind: .touchpad(g))
        case let .resize(s):
            return s.width.isFinite && s.height.isFinite && s.width > 0 && s.height > 0 ? event : nil
        case let .photos(change):
            let sane = change.removed.allSatisfy { $0 >= 0 && $0 <= Int(Int32.max) }
                && change.added.allSatisfy { $0.index >= 0 && $0.index <= Int(Int32.max) && !$0.name.isEmpty && $0.size.isFinite }
            return sane ? event : nil
        case let .photoSize(index, s):
            return index >= 0 && index <= Int(Int32.max) && s.width.isFinite && s.height.isFinite && s.width >= 0 && s.height >= 0 ? event : nil
        }
    }
}
