import FeelModel
import JSON
import Trace
import Viewing

/// The trace player's state, with no window and no clock: a recorded session under one feel (A)
/// and optionally a second (B), a playhead both share, a speed, play and pause.
///
/// The playhead is a frame (1-based, the state log's `frame`) and a time on the trace's clock; the
/// frame shown is the last one at or before that time. Every move (a step, a scrub, a jump to a
/// mark, playing on) puts both runs' views at the new frame through their checkpoints (see
/// `PlaybackRun`), so what is shown equals what a straight replay shows at that frame.
///
/// Wall time comes in as an argument (`advance(wallSeconds:)`); nothing here reads a clock.
public final class TracePlayer {
    public let trace: PlaybackTrace
    /// The run shown (the feel being tuned).
    public private(set) var a: PlaybackRun
    /// The run compared against, drawn as a ghost or beside A; nil when there is none.
    public private(set) var b: PlaybackRun?
    /// The frame shown (0 only for a trace without frames).
    public private(set) var frame = 0
    /// The playhead's time on the trace clock, seconds (between frames while playing).
    public private(set) var time = 0.0
    /// Trace seconds per wall second.
    public private(set) var speed = 1.0
    public private(set) var isPlaying = false
    /// The parameters edited in the player over A's feel (its `feelOverride` is built from them).
    public private(set) var edits: FeelEdits

    /// The slowest and fastest playing speeds.
    package static let speedRange: ClosedRange<Double> = 0.1...4

    /// Loads `trace` under `feel` (a layer over the trace's own feel, as `replay --feel`) and, when
    /// given, `against` as B. Runs A through the whole trace once, so a trace that does not replay
    /// fails here with `replay`'s error, and the timeline knows every mark; B the same.
    public init(trace: PlaybackTrace, feel: JSONObject? = nil, against: JSONObject? = nil,
                checkpointInterval: Int = 2000, checkpointLimit: Int = PlaybackRun.defaultCheckpointLimit) throws(TraceError) {
        self.trace = trace
        edits = FeelEdits(base: feel)
        a = try PlaybackRun(trace: trace, feelOverride: feel, checkpointInterval: checkpointInterval, checkpointLimit: checkpointLimit)
        try a.buildAll()
        if let against {
            let run = try PlaybackRun(trace: trace, feelOverride: against, checkpointInterval: checkpointInterval,
                                      checkpointLimit: checkpointLimit)
            try run.buildAll()
            b = run
        }
        try seek(toFrame: 1)
    }

    /// Opens the trace file at `path` as `play` does and loads it as `init(trace:…)` does, in one
    /// pass: the trace is streamed (`PlaybackTrace(streaming:)`) and A (and B) are built from the
    /// events as that pass reads them, so each line is read and parsed once. Standard input (`-`)
    /// is held whole. The players are the same either way: the same marks, checkpoints and frames.
    public convenience init(path: String, warn: @escaping (String) -> Void, feel: JSONObject? = nil, against: JSONObject? = nil,
                            checkpointInterval: Int = 2000, checkpointLimit: Int = PlaybackRun.defaultCheckpointLimit,
                            stretchLength: Int = 4096, cachedStretches: Int = 4) throws(TraceError) {
        let reader = try TraceReader(path: path, warn: warn)
        guard reader.fileDescriptor != nil else {
            try self.init(trace: try PlaybackTrace(reading: reader), feel: feel, against: against, checkpointInterval: checkpointInterval,
                          checkpointLimit: checkpointLimit)
            return
        }
        let layers = [feel] + (against.map { [$0] } ?? [])
        let builders = try layers.map { (layer) throws(TraceError) in
            try PlaybackBuild(name: reader.name, header: reader.header, feelOverride: layer, checkpointInterval: checkpointInterval,
                              checkpointLimit: checkpointLimit)
        }
        let trace = try PlaybackTrace(streaming: reader, stretchLength: stretchLength, cachedStretches: cachedStretches) {
            (event, line) throws(TraceError) in
            for builder in builders { try builder.take(event, line: line) }
        }
        let runs = try zip(layers, builders).map { (layer, builder) throws(TraceError) in
            try PlaybackRun(trace: trace, feelOverride: layer, builder: builder)
        }
        try self.init(trace: trace, feel: feel, a: runs[0], b: runs.count > 1 ? runs[1] : nil)
    }

    /// A player on runs already built through the whole trace.
    private init(trace: PlaybackTrace, feel: JSONObject?, a: PlaybackRun, b: PlaybackRun?) throws(TraceError) {
        self.trace = trace
        edits = FeelEdits(base: feel)
        self.a = a
        self.b = b
        try seek(toFrame: 1)
    }

    // MARK: - Moving the playhead

    /// Frames in the trace.
    public var frameCount: Int { trace.frameCount }

    /// Shows frame `n` (clamped to 1…frameCount) with the playhead on its time.
    public func seek(toFrame n: Int) throws(TraceError) {
        let n = min(max(n, 1), frameCount)
        try show(frame: n)
        time = trace.time(ofFrame: n)
    }

    /// Moves the playhead to time `t` (clamped to the trace) and shows the frame of that instant.
    public func scrub(toTime t: Double) throws(TraceError) {
        let first = trace.time(ofFrame: 1), last = trace.time(ofFrame: frameCount)
        time = t.isFinite ? min(max(t, first), last) : first
        try show(frame: trace.frame(atTime: time))
    }

    /// One frame forward (`by: 1`) or back (`by: -1`), or any number; pauses.
    package func step(by frames: Int) throws(TraceError) {
        isPlaying = false
        try seek(toFrame: frame + frames)
    }

    /// The first frame (Home) or the last (End); pauses at the end.
    package func goToStart() throws(TraceError) { try seek(toFrame: 1) }
    package func goToEnd() throws(TraceError) {
        isPlaying = false
        try seek(toFrame: frameCount)
    }

    /// The next release or interruption after the playhead (Shift+Right); stays when none. A
    /// release is landed on at its own instant, showing the last frame drawn before it (the hold,
    /// with the decision the overlay shows); an interruption at the first frame that shows it.
    package func nextDecision() throws(TraceError) {
        isPlaying = false
        try a.buildAll()
        if let mark = a.marks.first(where: { $0.kind != .gesture && playhead(of: $0) > time + 1e-9 }) { try go(to: mark) }
    }

    /// The previous release or interruption before the playhead (Shift+Left); stays when none.
    package func previousDecision() throws(TraceError) {
        isPlaying = false
        try a.buildAll()
        if let mark = a.marks.last(where: { $0.kind != .gesture && playhead(of: $0) < time - 1e-9 }) { try go(to: mark) }
    }

    /// Where the playhead stands for `mark`: a release's own instant (its decision is made there,
    /// before the frame that shows its effect), else the time of the frame the mark was noted in.
    func playhead(of mark: PlaybackMark) -> Double {
        mark.kind == .release ? min(mark.time, trace.time(ofFrame: mark.frame)) : trace.time(ofFrame: mark.frame)
    }

    private func go(to mark: PlaybackMark) throws(TraceError) {
        if mark.kind == .release { try scrub(toTime: playhead(of: mark)) } else { try seek(toFrame: mark.frame) }
    }

    /// Goes to the frame where the `n`th gesture (1-based) began; stays when there are fewer.
    package func goToGesture(_ n: Int) throws(TraceError) {
        try a.buildAll()
        let gestures = a.marks.filter { $0.kind == .gesture }
        guard n >= 1, n <= gestures.count else { return }
        try seek(toFrame: gestures[n - 1].frame)
    }

    // MARK: - Playing

    public func togglePlaying() {
        if isPlaying {
            isPlaying = false
        } else {
            // Playing from the end starts again from the beginning.
            if frame >= frameCount { time = trace.time(ofFrame: 1); try? show(frame: 1) }
            isPlaying = frameCount > 1
        }
    }

    /// Plays on by `seconds` of wall time at the current speed: the playhead moves `seconds × speed`
    /// of trace time and the frame of that instant is shown; at the last frame it stops.
    public func advance(wallSeconds seconds: Double) throws(TraceError) {
        guard isPlaying, seconds.isFinite, seconds > 0 else { return }
        try scrub(toTime: time + seconds * speed)
        if frame >= frameCount { isPlaying = false }
    }

    /// `]`: twice as fast, up to 4×.
    public func doubleSpeed() { speed = Self.clampedSpeed(speed * 2) }
    /// `[`: half as fast, down to 0.1×.
    public func halveSpeed() { speed = Self.clampedSpeed(speed / 2) }

    static func clampedSpeed(_ s: Double) -> Double {
        min(max(s, speedRange.lowerBound), speedRange.upperBound)
    }

    // MARK: - Feel: editing A, comparing with B

    /// Plays A under `feel` from now on: the trace runs again from its start with the new numbers
    /// (the parameters that differ from A's feel at the playhead become edits laid over every feel
    /// the trace applies), and the playhead stays on its frame. Only the stretch up to the playhead
    /// is replayed now; `buildMore(events:)` goes on with the rest (the marks follow as it does).
    ///
    /// `unedited` is the feel with no edit at the playhead (the panel's reset values): a parameter
    /// brought back to its value there stops being an edit, and the trace's own feel changes apply
    /// to it again.
    package func edit(feel: Feel, unedited: Feel? = nil) throws(TraceError) {
        var next = edits
        next.record(feel, over: a.viewer.feel, unedited: unedited)
        guard next != edits else { return }
        let run = try PlaybackRun(trace: trace, feelOverride: next.layer, checkpointInterval: a.checkpointInterval,
                                  checkpointLimit: a.checkpointLimit)
        edits = next
        a = run
        try show(frame: frame)
    }

    /// Lets A's (and B's) builder go on through the trace after an edit; true while work remains.
    @discardableResult
    package func buildMore(events: Int) throws(TraceError) -> Bool {
        if !a.isBuilt { try a.build(events: events) }
        if let b, !b.isBuilt { try b.build(events: events) }
        return !a.isBuilt || !(b?.isBuilt ?? true)
    }

    /// Pins A as it plays now as B: further edits change A only, and B shows where they started.
    package func pinAsB() {
        b = a
    }

    /// Drops B.
    package func clearB() {
        b = nil
    }

    /// Puts both views at frame `n`.
    private func show(frame n: Int) throws(TraceError) {
        try a.seek(toFrame: n)
        if let b, b !== a { try b.seek(toFrame: n) }
        frame = a.frame
    }
}
