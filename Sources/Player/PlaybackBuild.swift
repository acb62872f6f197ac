import Gestures
import JSON
import Trace
import Events

/// The builder half of a `PlaybackRun`: one session going through a trace's events once, in order,
/// noting the timeline's marks and keeping a `Session.Checkpoint` at the first frame after every
/// `checkpointInterval` events.
///
/// A memory budget: at most `checkpointLimit` checkpoints (with the start). When one more would
/// pass it, every second one is let go and the spacing doubles, so a trace of any length keeps
/// between half the limit and the limit, evenly spread, and reaching a frame replays at most one
/// spacing. A checkpoint holds the session's state, its live curves compacted (about 60 KB a
/// checkpoint on `scripts/make-long-trace`'s trace): 1,024 of them are about 60 MB; the spacing
/// first doubles past 2,048,000 events (2,000 a checkpoint), about 90 minutes of a 1000 Hz mouse.
///
/// It takes events one at a time (`take`), so it can go through a trace file during the very pass
/// that opens it (`TracePlayer.init(path:)`): each line is then read and parsed once, not once to
/// open the file and again to build the run.
final class PlaybackBuild {
    /// The trace's name in messages.
    let name: String
    /// Events between checkpoints asked for (at least; each checkpoint falls just after a frame).
    let checkpointInterval: Int
    /// The most checkpoints kept (the start included).
    let checkpointLimit: Int
    /// Events between checkpoints now: `checkpointInterval`, doubled each time the limit was reached.
    private(set) var spacing: Int
    private let session: Session
    /// The index of the next event the builder takes.
    private(set) var next = 0
    /// Checkpoints by the index of the event after them, increasing; the first is the start.
    private(set) var checkpoints: [(next: Int, state: Session.Checkpoint)] = []
    /// The index after the last checkpoint (kept apart: reading it from `checkpoints` copies the
    /// whole element, viewer and all, on every frame).
    private var lastCheckpointNext = 0
    /// The timeline's marks found so far, in frame order.
    private(set) var marks: [PlaybackMark] = []

    /// A builder at the start of a trace on `header`, under `feelOverride`. Throws the trace's
    /// error when the header's feel, under the override, does not decode (named against line 1).
    init(name: String, header: TraceHeader, feelOverride: JSONObject?, checkpointInterval: Int,
         checkpointLimit: Int = PlaybackRun.defaultCheckpointLimit) throws(TraceError) {
        self.name = name
        self.checkpointInterval = max(1, checkpointInterval)
        self.checkpointLimit = max(2, checkpointLimit)
        spacing = self.checkpointInterval
        session = try Self.session(name: name, header: header, feelOverride: feelOverride)
        checkpoints.append((0, session.checkpoint()))
    }

    /// A session on `header` under `feelOverride`, or the trace's error naming line 1.
    static func session(name: String, header: TraceHeader, feelOverride: JSONObject?) throws(TraceError) -> Session {
        do throws(Session.Failure) {
            return try Session(header: header, feelOverride: feelOverride)
        } catch {
            throw TraceReplay.traceError(error, file: name, line: 1)
        }
    }

    /// Frames taken so far.
    var frames: Int { session.frameCount }

    /// Takes the next event (`line` is the trace line it is on, for messages); true when it was a
    /// frame.
    @discardableResult
    func take(_ event: InputEvent, line: Int) throws(TraceError) -> Bool {
        let isFrame = try Self.handle(event, line: line, in: session, name: name)
        next += 1
        guard isFrame else { return false }
        let notes = session.lastNotes
        if !notes.isEmpty { marks += PlaybackMark.marks(of: notes, frame: session.frameCount) }
        if next - lastCheckpointNext >= spacing {
            if checkpoints.count >= checkpointLimit {
                // Over budget: keep the start and every second one after it, twice as far apart.
                checkpoints = checkpoints.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                spacing *= 2
                lastCheckpointNext = checkpoints[checkpoints.count - 1].next
                guard next - lastCheckpointNext >= spacing else { return true }
            }
            checkpoints.append((next, session.checkpoint()))
            lastCheckpointNext = next
        }
        return true
    }

    /// Hands `event` to `session`; true when it was a frame.
    static func handle(_ event: InputEvent, line: Int, in session: Session, name: String) throws(TraceError) -> Bool {
        do throws(Session.Failure) {
            try session.handle(event)
        } catch {
            throw TraceReplay.traceError(error, file: name, line: line)
        }
        guard case .frame = event.kind else { return false }
        // Quit and save requests mean nothing in playback.
        _ = session.takeRequests()
        return true
    }
}
