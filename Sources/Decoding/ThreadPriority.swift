#if canImport(Glibc)
import Glibc
#endif

/// Scheduling priorities of PhotoZoom's worker threads, relative to the app's own (on Linux the
/// nice value is per thread, and a helper process inherits its thread's).
package enum ThreadPriority {
    /// How much nicer than the app the decoder threads (and their helpers) and the header reader
    /// run. The kernel weighs nice 0 against nice 3 as 1024 : 526, so on a shared core the frame
    /// loop gets about two thirds against a decoder, and a decoder still gets a third against
    /// another program's work. (At nice 10, 1024 : 110, any busy program took 90 % of the core
    /// from the thumbnails the user was waiting for: issue 20's first visit ran 3× slower beside a
    /// build.)
    package static let decodingSteps: Int32 = 3

    /// Lowers the calling thread's priority by `steps` from where it is now (at most to nice 19).
    /// An unprivileged thread cannot raise it again.
    package static func lowerCallingThread(by steps: Int32) {
        errno = 0
        let now = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let current = errno == 0 ? now : 0
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + steps))
    }
}
