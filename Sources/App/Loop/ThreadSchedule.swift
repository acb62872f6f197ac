import Foundation

/// What the kernel's scheduler says of the calling thread (`/proc/thread-self/schedstat`): the
/// seconds it has run on a core and the seconds it has waited on a run queue for one (issue 28).
///
/// A frame's wall time less both is time the loop thread slept: waiting on something other than
/// a core (input, a lock, the renderer's threads, the X server, the disk). A long frame whose
/// time is mostly run-queue waiting was starved of CPU; one whose time is mostly sleep waited on
/// something, which then has to be named.
struct ThreadSchedule: Equatable {
    /// Seconds on a core.
    var running: Double
    /// Seconds runnable but waiting for a core.
    var waiting: Double

    /// The calling thread's figures now; nil where the kernel does not keep them.
    static func now() -> ThreadSchedule? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8) else { return nil }
        return parse(text)
    }

    /// Parses schedstat's line: "RUN_NS WAIT_NS TIMESLICES"; nil when it is not that.
    static func parse(_ line: String) -> ThreadSchedule? {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let run = UInt64(fields[0]), let wait = UInt64(fields[1]) else { return nil }
        return ThreadSchedule(running: Double(run) / 1e9, waiting: Double(wait) / 1e9)
    }
}
