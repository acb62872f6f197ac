import FeelModel
import Gestures
import LabUI
import Viewing
import Events
import JSON

/// "Again with these numbers": the last gesture re-running in the live window under the feel in
/// force when the again key was pressed, beside the run before it (its ghost). Pure and a value,
/// so a `Session.Checkpoint` keeps it and a replay re-runs it identically.
///
/// Both runs start from the viewer just before the gesture's press (`GestureRecall`) and take the
/// gesture's recorded events, frames included, at the pace they came: at live time `t` every
/// recorded frame up to `from + (t − startTime)` has been handled with the input before it, so each
/// run shows the state it had at a recorded frame, as a straight replay does. The re-run puts its feel in force before the press
/// (as a `feel` event there would) and keeps it over every feel the stretch applies; the ghost
/// does the same with the last re-run's feel, or, for the first, runs exactly as the gesture ran.
/// Past the recorded events, a run that is still moving gets frames at the mapped live times until
/// both are at rest; the run is then held `holdSeconds` and is finished.
public struct AgainRun: Sendable {
    /// The gesture under the feel now in force.
    public var rerun: Viewer { rerunLab.viewer }
    /// The run before it: the gesture as it ran, or the last re-run.
    public var previous: Viewer { previousLab.viewer }
    /// The two runs in their labs (slow motion, the feel file's merges: as the session ran them).
    private var rerunLab: LabViewer
    private var previousLab: LabViewer
    /// The press time of the gesture, seconds on the trace clock.
    public let from: Double
    /// The live time the re-run started.
    public let startTime: Double
    /// The feel the re-run runs under.
    public let feel: Feel
    private let events: [InputEvent]
    private let rerunLayer: JSONObject
    private let previousLayer: JSONObject?
    /// The index of the next recorded event both runs take.
    private var next = 0
    /// The gesture-clock time both runs were last found at rest past the recorded events.
    private var restedAt: Double?
    public private(set) var isFinished = false
    /// True once a frame has moved the runs on (the session shows the re-run from then).
    public private(set) var hasAdvanced = false
    /// Frames the runs took past the gesture's recorded events (0 while they show recorded frames).
    public private(set) var framesPastRecording = 0

    /// How long the landing stays in view once both runs rest, seconds.
    package static let holdSeconds = 0.5
    /// How long past the gesture's recorded end a run may go on moving before the re-run ends anyway.
    package static let overrunSeconds = 10.0

    /// A re-run of `recall` under `feel` starting at live time `startTime`; `sessionOverride` is the
    /// session's own layer (`replay --feel`), under which the gesture first ran.
    init?(recall: GestureRecall, feel: Feel, sessionOverride: JSONObject?, startTime: Double) {
        guard let from = recall.pressTime else { return nil }
        self.from = from
        self.startTime = startTime
        self.feel = feel
        events = recall.events
        rerunLayer = FeelCoding.object(of: feel)
        rerunLab = recall.start
        rerunLab.apply(feel: feel)
        previousLab = recall.start
        if let last = recall.lastRunFeel {
            previousLayer = FeelCoding.object(of: last)
            previousLab.apply(feel: last)
        } else {
            previousLayer = sessionOverride
        }
    }

    /// The gesture-clock time shown at live time `t`.
    package func gestureTime(atLive t: Double) -> Double { from + max(0, t - startTime) }

    /// Moves both runs on to live time `t` (a live frame's).
    mutating func advance(toLiveTime t: Double) {
        guard !isFinished else { return }
        hasAdvanced = true
        let now = gestureTime(atLive: t)
        // Whole recorded frames only (a frame's input and the frame), as a straight replay shows them.
        while next < events.count {
            let end = events[next...].firstIndex { $0.kind == .frame } ?? events.count - 1
            guard events[end].time <= now else { break }
            for event in events[next...end] {
                Self.take(event, into: &rerunLab, layer: rerunLayer)
                Self.take(event, into: &previousLab, layer: previousLayer)
            }
            next = end + 1
        }
        guard next == events.count else { return }
        let end = events.last?.time ?? from
        if !rerun.isAtRest || !previous.isAtRest { framesPastRecording += 1 }
        Self.settle(&rerunLab, layer: rerunLayer, at: now)
        Self.settle(&previousLab, layer: previousLayer, at: now)
        if rerun.isAtRest, previous.isAtRest {
            if restedAt == nil { restedAt = now }
        } else {
            restedAt = nil
        }
        if let restedAt, now - restedAt >= Self.holdSeconds { isFinished = true }
        if now - end > Self.overrunSeconds { isFinished = true }
    }

    /// A frame at `now` for a run still moving past the recorded events.
    private static func settle(_ lab: inout LabViewer, layer: JSONObject?, at now: Double) {
        if !lab.viewer.isAtRest { take(.frame(now), into: &lab, layer: layer) }
    }

    /// Hands one recorded event to a run's viewer as the session would under `layer`, dropping
    /// what the run's viewer asks and notes (the live session is the one that acts).
    private static func take(_ recorded: InputEvent, into lab: inout LabViewer, layer: JSONObject?) {
        let event = recorded
        let feel: Feel?
        do throws(FieldError) {
            feel = try Session.prepare(event, feelOverride: layer)
        } catch {
            // Checked when it was recorded; under a layer of a whole feel it cannot fail.
            return
        }
        _ = Session.apply(event, feel: feel, to: &lab, feelOverride: layer)
        guard case .frame = event.kind else { return }
        _ = lab.viewer.takeNotes()
        _ = lab.viewer.takeRequests()
    }
}
