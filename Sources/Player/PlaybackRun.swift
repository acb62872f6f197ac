import FeelModel
import JSON
import LabUI
import Trace
import Viewing

/// One run of a `PlaybackTrace` under one feel, for the trace player: any frame of it on demand.
///
/// Two sessions on the same header and feel do the work. The builder goes through the trace once,
/// from its start, noting the timeline's marks and keeping a `Session.Checkpoint` at the first frame
/// after every `checkpointInterval` events. The view is the session shown: to reach frame N it
/// goes on from where it stands when that is nearer, else it is put back at the last checkpoint at
/// or before N and replays from there, so reaching any frame costs at most one stretch between
/// checkpoints (`checkpointInterval` events, plus the rest of the frame the stretch ends in). The
/// viewer is a value and the sessions are deterministic, so the state reached is, byte for byte,
/// the one a straight replay reaches.
public final class PlaybackRun {
    public let trace: PlaybackTrace
    /// The layer laid over every feel the run applies (`play --feel`, the player's panel edits).
    public let feelOverride: JSONObject?
    /// Events between checkpoints (at least; each checkpoint falls just after a frame).
    public var checkpointInterval: Int { builder.checkpointInterval }
    /// The most checkpoints kept: past it they are thinned and spaced twice as far (`PlaybackBuild`).
    public var checkpointLimit: Int { builder.checkpointLimit }
    /// The player's checkpoint budget: 1,024, about 60 MB (see `PlaybackBuild`).
    public static let defaultCheckpointLimit = 1024

    private let builder: PlaybackBuild
    /// The timeline's marks found so far, in frame order.
    public var marks: [PlaybackMark] { builder.marks }

    private let view: Session
    /// The index of the next event the view handles.
    private var viewNext = 0
    /// Events the view has replayed since the run began (the cost of every seek, added up).
    public private(set) var replayedEvents = 0

    /// Starts a run; nothing is replayed yet. Throws the trace's error when the header's feel,
    /// under `feelOverride`, does not decode (named against line 1, as `replay` names it).
    package convenience init(trace: PlaybackTrace, feelOverride: JSONObject?, checkpointInterval: Int = 2000,
                            checkpointLimit: Int = PlaybackRun.defaultCheckpointLimit) throws(TraceError) {
        let builder = try PlaybackBuild(name: trace.name, header: trace.header, feelOverride: feelOverride,
                                        checkpointInterval: checkpointInterval, checkpointLimit: checkpointLimit)
        try self.init(trace: trace, feelOverride: feelOverride, builder: builder)
    }

    /// A run whose builder has already gone through some or all of `trace` (during the pass that
    /// opened it, `TracePlayer.init(path:)`).
    init(trace: PlaybackTrace, feelOverride: JSONObject?, builder: PlaybackBuild) throws(TraceError) {
        self.trace = trace
        self.feelOverride = feelOverride
        self.builder = builder
        view = try PlaybackBuild.session(name: trace.name, header: trace.header, feelOverride: feelOverride)
    }

    // MARK: - Building

    /// True when the builder has been through the whole trace (every mark is known).
    public var isBuilt: Bool { builder.next == trace.eventCount }

    /// Frames the builder has been through.
    public var builtFrames: Int { builder.frames }

    /// Lets the builder go on through at least `events` more events (to the end of the frame it is
    /// in), or to the end of the trace. For the window, a slice per frame after an edit.
    public func build(events budget: Int) throws(TraceError) {
        try build(until: min(trace.eventCount, builder.next + max(1, budget)))
    }

    /// Builds through the whole trace.
    package func buildAll() throws(TraceError) {
        try build(until: trace.eventCount)
    }

    /// Builds at least through frame `n`.
    func build(throughFrame n: Int) throws(TraceError) {
        try build(until: Self.eventsThrough(frame: n, in: trace))
    }

    /// Builds up to event index `end` (exclusive), then on to the end of the frame it falls in.
    private func build(until end: Int) throws(TraceError) {
        while builder.next < trace.eventCount {
            let (event, line) = try trace.event(at: builder.next)
            guard try builder.take(event, line: line) else { continue }
            if builder.next >= end { break }
        }
    }

    // MARK: - Showing a frame

    /// The viewer as frame `frame` left it.
    public var viewer: Viewer { view.viewer }
    /// The viewer as the frame is drawn: the held photo where pointer prediction puts it
    /// (`Session.drawnViewer`).
    public var drawnViewer: Viewer { view.drawnViewer }
    /// The viewer with its feel lab as frame `frame` left them.
    public var lab: LabViewer { view.lab }
    /// The frame the view shows (0 before the first).
    public var frame: Int { view.frameCount }
    /// The again key's re-run shown over the viewer at the frame shown, if one is.
    public var again: AgainRun? { view.again }
    /// The notes the viewer made at the frame shown.
    public var notes: [ViewerNote] { view.lastNotes }

    /// Puts the view at frame `n` (clamped to the trace's frames; 0 is the start, before any).
    /// Returns the number of events replayed to get there.
    @discardableResult
    public func seek(toFrame n: Int) throws(TraceError) -> Int {
        let n = min(max(n, 0), trace.frameCount)
        let target = Self.eventsThrough(frame: n, in: trace)
        if target > builder.next { try build(until: target) }
        // The last checkpoint at or before the target.
        let checkpoints = builder.checkpoints
        var low = 0, high = checkpoints.count
        while low < high {
            let mid = (low + high) / 2
            if checkpoints[mid].next <= target { low = mid + 1 } else { high = mid }
        }
        let nearest = checkpoints[max(0, low - 1)]
        if viewNext > target || viewNext < nearest.next {
            view.restore(nearest.state)
            viewNext = nearest.next
        }
        let start = viewNext
        while viewNext < target {
            _ = try handle(viewNext, in: view)
            viewNext += 1
        }
        replayedEvents += target - start
        return target - start
    }

    /// The longest stretch of events between two checkpoints so far (what a seek may cost at most).
    public var longestStretch: Int {
        let checkpoints = builder.checkpoints
        var longest = 0
        for k in checkpoints.indices.dropFirst() { longest = max(longest, checkpoints[k].next - checkpoints[k - 1].next) }
        return max(longest, builder.next - checkpoints[checkpoints.count - 1].next)
    }

    /// The checkpoints' states, the start first (for tests of what they hold).
    package var checkpointStates: [Session.Checkpoint] { builder.checkpoints.map(\.state) }

    /// Checkpoints kept so far (the start included).
    public var checkpointCount: Int { builder.checkpoints.count }

    // MARK: - Events

    /// The number of events up to and including frame `n`'s own `.frame` event (0 for frame 0).
    static func eventsThrough(frame n: Int, in trace: PlaybackTrace) -> Int {
        n <= 0 ? 0 : trace.frameEventIndices[min(n, trace.frameCount) - 1] + 1
    }

    /// Hands event `i` to `session`; true when it was a frame.
    private func handle(_ i: Int, in session: Session) throws(TraceError) -> Bool {
        let (event, line) = try trace.event(at: i)
        return try PlaybackBuild.handle(event, line: line, in: session, name: trace.name)
    }
}
