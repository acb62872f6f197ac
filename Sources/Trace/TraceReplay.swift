import Viewing
import JSON

/// Deterministic replay: a trace's events fed, in order, to a `Session` built from its header.
///
/// The command line's `replay` and any A/B comparison use this; nothing here reads a clock, so the
/// same trace and feel give the same state log, bit for bit, every time.
public enum TraceReplay {
    /// A session for `reader`'s header, with `feelOverride` laid over the header's feel. A header
    /// feel that does not decode is reported against line 1 of the trace.
    public static func session(for reader: TraceReader, feelOverride: JSONObject? = nil, replaysPanelEdits: Bool = true,
                               states: LineSink? = nil, summarize: Bool = false) throws(TraceError) -> Session {
        do throws(Session.Failure) {
            return try Session(header: reader.header, feelOverride: feelOverride, replaysPanelEdits: replaysPanelEdits,
                               states: states, summarize: summarize)
        } catch {
            throw traceError(error, file: reader.name, line: 1)
        }
    }

    /// Feeds every remaining event of `reader` to `session`, calling `onFrame` after each frame
    /// (to draw it, for instance). Returns the number of frames replayed.
    ///
    /// Throws a `TraceError` naming the trace's line for bad input, one with exit status 1 when the
    /// state log cannot be written, or whatever `onFrame` throws.
    @discardableResult
    public static func run(_ reader: TraceReader, through session: Session,
                           onFrame: (Session) throws -> Void = { _ in }) throws -> Int {
        var frames = 0
        while let event = try reader.next() {
            do throws(Session.Failure) {
                try session.handle(event)
            } catch {
                throw traceError(error, file: reader.name, line: reader.lineNumber)
            }
            if case .frame = event.kind {
                frames += 1
                _ = session.takeRequests()
                try onFrame(session)
            }
        }
        do throws(Session.Failure) {
            try session.flush()
        } catch {
            throw traceError(error, file: reader.name, line: nil)
        }
        return frames
    }

    /// A session's failure as the trace's error: a bad feel names `file` and `line` (line 1: the
    /// header's feel), a sink that cannot be written keeps its own.
    package static func traceError(_ failure: Session.Failure, file: String, line: Int?) -> TraceError {
        switch failure {
        case let .cannotWrite(error):
            return error
        case let .badFeel(error):
            // A header feel arrives with its path under "feel" already; an event's does not.
            let prefix = line == 1 ? nil : "feel"
            return TraceError(file: file, line: line, error, fieldPrefix: prefix)
        }
    }
}
