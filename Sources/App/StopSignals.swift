import CSandbox

/// Ctrl+C, SIGTERM and a hang-up during a replay or an export (issue 33): SDL, started for the
/// frames, turns SIGINT and SIGTERM into a quit event that a replay never reads, and SIGHUP ended
/// the process with ffmpeg orphaned and its log left in /tmp. Caught here instead, the signal is
/// only noted; the replay loop asks after each frame and stops cleanly: outputs closed (a video
/// finished with the frames so far), no temporary file and no child process left.
package enum StopSignals {
    /// Catches SIGINT, SIGTERM and SIGHUP from now on (before SDL starts, which then keeps them).
    package static func catchThem() { pz_catch_stop_signals() }

    /// The signal that asked to stop, or nil.
    package static var received: Int32? {
        let s = pz_stop_signal()
        return s == 0 ? nil : s
    }
}
