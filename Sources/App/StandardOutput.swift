import CSandbox
import Foundation

/// Standard output checked at the end of a command (issue 33: `replay --summary > /dev/full` died
/// on a trap, `feel --defaults > /dev/full` exited 0 having written nothing).
package enum StandardOutput {
    /// Flushes standard output; what went wrong writing it, or nil when everything was written.
    package static func finish() -> String? {
        let code = pz_finish_standard_output()
        guard code != 0 else { return nil }
        return "cannot write to standard output (\(code > 0 ? String(cString: strerror(code)) : "a write failed"))"
    }
}
