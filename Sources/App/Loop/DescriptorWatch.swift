import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes the frame loop when something it reads without blocking has news: a descriptor becomes
/// readable (the photo folders' inotify queue) or a watched folder changes (the feel file's),
/// so the loop can wait on input with no timeout when nothing moves (issue 28; docs/pipeline.md
/// "Input to pixels") instead of waking every half second to look.
///
/// One thread waits in `poll` with no timeout on every descriptor. A descriptor the loop reads
/// itself (`watch(readable:)`) is never read here; a folder watched here (`watch(folderOf:)`) is
/// an inotify queue of this object's own, drained here. On news the thread calls `wake` once (the
/// app pushes an SDL event, which ends `SDL_WaitEventTimeout` at once) and waits for `rearm()`,
/// which the loop calls at the end of each frame, once it has read the descriptors: news that
/// came before the rearm is read by that frame or, still unread, wakes the next wait (`poll`
/// reports a descriptor while it holds anything), and the thread never spins on news the loop
/// has not read yet.
final class DescriptorWatch: @unchecked Sendable {
    /// What the thread and the loop share, behind one condition (the thread holds this, not the
    /// watch, so the watch's `deinit` can stop it).
    private final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        /// Descriptors the loop reads itself.
        var readable: [Int32] = []
        /// The watch's own inotify queue for folders, once one is watched.
        var folderQueue: Int32 = -1
        var watchedFolders: Set<String> = []
        /// True from a wake until the loop's `rearm()`.
        var woken = false
        var stopping = false
    }
    private let shared = Shared()
    /// Written to stop the thread, or to have it poll a descriptor added since it began.
    private let signalPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)

    /// A watch that calls `wake` (from its own thread) on news; nil when a pipe cannot be made.
    init?(wake: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        signalPipe = (fds[0], fds[1])
        let (shared, signal, finished) = (shared, fds[0], finished)
        let thread = Thread {
            Self.run(shared: shared, signal: signal, wake: wake)
            finished.signal()
        }
        thread.name = "photozoom-wake"
        thread.start()
    }

    deinit {
        shared.condition.lock()
        shared.stopping = true
        shared.condition.broadcast()
        shared.condition.unlock()
        poke()
        finished.wait()
        close(signalPipe.read)
        close(signalPipe.write)
        if shared.folderQueue >= 0 { close(shared.folderQueue) }
    }

    /// Wakes the loop whenever `descriptor` holds something to read; the loop reads it itself.
    func watch(readable descriptor: Int32) {
        shared.condition.lock()
        shared.readable.append(descriptor)
        shared.condition.unlock()
        poke()
    }

    /// Wakes the loop when a file in `path`'s folder is written and closed, made, moved in or
    /// out, deleted, or has its attributes changed (a feel file saved in place or by rename).
    /// Once per folder; false when it cannot be watched.
    @discardableResult
    func watch(folderOf path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return false }
        shared.condition.lock()
        defer {
            shared.condition.unlock()
            poke()
        }
        if shared.watchedFolders.contains(folder) { return true }
        if shared.folderQueue < 0 {
            let queue = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard queue >= 0 else { return false }
            shared.folderQueue = queue
        }
        let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
        guard inotify_add_watch(shared.folderQueue, folder, UInt32(mask)) >= 0 else { return false }
        shared.watchedFolders.insert(folder)
        return true
    }

    /// The loop has read its descriptors this frame: the next news wakes it again.
    func rearm() {
        shared.condition.lock()
        if shared.woken {
            shared.woken = false
            shared.condition.broadcast()
        }
        shared.condition.unlock()
    }

    /// Ends the thread's `poll`, so it looks at the descriptors again.
    private func poke() {
        var byte: UInt8 = 1
        _ = write(signalPipe.write, &byte, 1)
    }

    /// The thread: polls with no timeout; on news drains its own queue, wakes the loop once and
    /// waits for its rearm.
    private static func run(shared: Shared, signal: Int32, wake: @Sendable () -> Void) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            shared.condition.lock()
            while shared.woken && !shared.stopping { shared.condition.wait() }
            let stopping = shared.stopping
            let ownQueue = shared.folderQueue
            var fds = ([signal] + shared.readable + (ownQueue >= 0 ? [ownQueue] : [])).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            shared.condition.unlock()
            if stopping { return }
            let n = poll(&fds, nfds_t(fds.count), -1)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            // A poke: drained, and the descriptors looked at again.
            if fds[0].revents != 0 {
                while buffer.withUnsafeMutableBytes({ read(signal, $0.baseAddress!, $0.count) }) > 0 {}
            }
            var news = false
            for fd in fds.dropFirst() where fd.revents != 0 {
                news = true
                // Read and forgotten: the loop looks at the files itself.
                if fd.fd == ownQueue {
                    while buffer.withUnsafeMutableBytes({ read(ownQueue, $0.baseAddress!, $0.count) }) > 0 {}
                }
            }
            guard news else { continue }
            shared.condition.lock()
            shared.woken = true
            shared.condition.unlock()
            wake()
        }
    }
}
