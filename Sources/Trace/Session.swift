import Continuity
import Geometry
import Gestures
import Viewer

/// The one driver of a `Viewer`, used by the live app and by replay alike, so they cannot diverge.
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
    public private(set) var viewer: Viewer
    /// The account of what happened, when asked for.
    public private(set) var summary: SessionSummary?
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

    /// Starts a session on `header`'s photos, window and feel (defaults ⊕ header ⊕ `feelOverride`).
    /// Writes the header line to `trace` when one is given.
    ///
    /// Throws `.badFeel` (the field named under `feel.`) when the header's feel does not decode, and
    /// `.cannotWrite` when the header cannot be written.
    public init(header: TraceHeader, feelOverride: JSONObject? = nil, trace: LineSink? = nil, states: LineSink? = nil,
                summarize: Bool = false) throws(Failure) {
        let feel: Feel
        do throws(FieldError) {
            feel = try FeelCoding.resolve([header.feel, feelOverride])
        } catch {
            throw .badFeel(error.field.isEmpty ? FieldError(field: "feel", message: error.message) : error.nested(under: "feel"))
        }
        self.header = header
        self.feelOverride = feelOverride
        self.trace = trace
        self.states = states
        viewer = Viewer(photos: header.photos, windowSize: header.windowSize, feel: feel)
        if let open = header.openPhoto { viewer.present(open) }
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
    /// folded into that range. A `feel` event is written in canonical form.
    public func handle(_ event: InputEvent) throws(Failure) {
        guard var event = carriable(event) else { return }
        if event.time < lastTime { event.time = lastTime }
        var feel: Feel?
        var reloadedFile: Feel?
        switch event.kind {
        case let .feel(json):
            do throws(FieldError) {
                let layer = try FeelCoding.layer(fromText: json)
                feel = try FeelCoding.resolve([layer, feelOverride])
                event.kind = .feel(json: FeelCoding.canonicalText(layer))
            } catch {
                throw .badFeel(error)
            }
        case let .effect(.feelReloaded(name, json, fixed)):
            do throws(FieldError) {
                let layer = try FeelCoding.layer(fromText: json)
                reloadedFile = try FeelCoding.resolve([layer])
                event.kind = .effect(.feelReloaded(name: name, json: FeelCoding.canonicalText(layer), fixed: fixed))
            } catch {
                throw .badFeel(error)
            }
        default:
            break
        }
        lastTime = event.time
        do throws(TraceError) {
            try trace?.write(line: TraceEventFormat.line(event))
        } catch {
            try stopRecording(error)
        }
        if let feel {
            viewer.apply(feel: feel)
            summary?.observe(sample: viewer.motionSample)
            return
        }
        if let reloadedFile, case let .effect(.feelReloaded(name, _, fixed)) = event.kind {
            // The viewer merges the file with the parameters in force; `replay --feel` stays on top.
            let override = feelOverride
            viewer.feelFileReloaded(reloadedFile, name: name, fixed: fixed) { merged in
                guard let override else { return merged }
                return (try? FeelCoding.resolve([FeelCoding.object(of: merged), override])) ?? merged
            }
            return
        }
        viewer.handle(event)
        summary?.observe(sample: viewer.motionSample)
        guard case .frame = event.kind else {
            // The photo's own velocity the instant after this event: what a release handed the springs.
            if summary != nil, let v = viewer.photoRate { handOffVelocities.append((event.time, v)) }
            return
        }
        frameCount += 1
        let snapshot = viewer.snapshot
        do throws(TraceError) {
            try states?.write(line: StateLogFormat.line(snapshot))
        } catch {
            try stopRecording(error)
        }
        lastNotes = viewer.takeNotes()
        summary?.observe(notes: lastNotes, snapshot: snapshot, ratesAtEvents: handOffVelocities)
        handOffVelocities.removeAll(keepingCapacity: true)
        for request in viewer.takeRequests() where !pendingRequests.contains(request) {
            pendingRequests.append(request)
        }
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
        viewer.show(message: message, isError: isError)
    }

    public func takeRequests() -> [ViewerRequest] {
        defer { pendingRequests.removeAll() }
        return pendingRequests
    }

    /// Writes out whatever the sinks hold back.
    public func flush() throws(Failure) {
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
        fileprivate var viewer: Viewer
        fileprivate var summary: SessionSummary?
        fileprivate var handOffVelocities: [(time: Double, rate: PhotoRate)]
        fileprivate var lastNotes: [ViewerNote]
        fileprivate var frameCount: Int
        fileprivate var lastTime: Double
        fileprivate var pendingRequests: [ViewerRequest]

        /// The viewer as it stood.
        public var viewerState: Viewer { viewer }
        /// Frames handled up to it.
        public var frames: Int { frameCount }
    }

    /// The session's state now.
    public func checkpoint() -> Checkpoint {
        Checkpoint(viewer: viewer, summary: summary, handOffVelocities: handOffVelocities, lastNotes: lastNotes,
                   frameCount: frameCount, lastTime: lastTime, pendingRequests: pendingRequests)
    }

    /// Puts the session back at `checkpoint` (taken from a session on the same header and feel).
    /// Nothing is written: the sinks only ever see events as they are handled.
    public func restore(_ checkpoint: Checkpoint) {
        viewer = checkpoint.viewer
        summary = checkpoint.summary
        handOffVelocities = checkpoint.handOffVelocities
        lastNotes = checkpoint.lastNotes
        frameCount = checkpoint.frameCount
        lastTime = checkpoint.lastTime
        pendingRequests = checkpoint.pendingRequests
    }

    // MARK: - Carriable events

    /// `event` as a trace can carry it, or nil when it cannot be carried at all.
    private func carriable(_ event: InputEvent) -> InputEvent? {
        guard event.time.isFinite else { return nil }
        switch event.kind {
        case .frame, .feel, .effect:
            return event
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
