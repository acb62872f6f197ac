import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the headers the catalog left unread at start-up, on a thread of its own at low priority:
/// the photos the frame loop says are on screen first, then the rest in grid order.
///
/// Why a thread: 10,000 headers take 0.14 s from the page cache but 0.9 s after the cache is
/// dropped (`scripts/bench pipeline`), and far longer from a spinning or network disk, so the
/// catalog reads only what fits a small start-up budget and this reads the rest while the first
/// frames show. Each header costs a stat, an open and one 16 KiB read.
final class HeaderScanner: @unchecked Sendable {
    /// One header read: the photo's header, or why it cannot be shown.
    struct Result: Sendable {
        var index: Int
        var header: ImageHeader?
        var problem: ImageProblem?
    }

    private let condition = NSCondition()
    private var unread: Set<Int>
    private var ordered: [Int]
    private var cursor = 0
    private var first: [Int] = []
    private var results: [Result] = []
    private var stopping = false
    private var running = false

    private let urls: [URL]
    private let pixelLimit: Int
    private var started = false

    /// A scanner for the headers of `urls[i]` for each `i` in `indices` (ascending); `start` starts it.
    init(urls: [URL], indices: [Int], pixelLimit: Int) {
        self.urls = urls
        self.pixelLimit = pixelLimit
        unread = Set(indices)
        ordered = indices
    }

    /// Starts the thread (once): the `readFirst` photos, then the rest in ascending order.
    func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !started, !unread.isEmpty else { return }
        started = true
        running = true
        let thread = Thread { [self] in
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            while let i = next() {
                let entry = PhotoCatalog.entry(for: urls[i], pixelLimit: pixelLimit)
                condition.lock()
                results.append(Result(index: i, header: entry.header, problem: entry.problem))
                condition.unlock()
            }
        }
        thread.name = "photozoom-headers"
        thread.start()
    }

    /// Reads these photos' headers next (the cells on screen), if not read yet.
    func readFirst(_ photos: [Int]) {
        condition.lock()
        first = photos.filter { unread.contains($0) }
        condition.unlock()
    }

    /// The headers read since the last call.
    func take() -> [Result] {
        condition.lock()
        defer { results.removeAll(); condition.unlock() }
        return results
    }

    /// True while headers remain to be read or taken.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !unread.isEmpty || !results.isEmpty
    }

    /// Stops the thread after the header it is reading; waits up to `timeout` seconds for it.
    func stop(waitingUpTo timeout: Double = 2) {
        condition.lock()
        stopping = true
        let deadline = Date(timeIntervalSinceNow: timeout)
        while running && condition.wait(until: deadline) {}
        condition.unlock()
    }

    /// The next index to read, or nil when done or stopping.
    private func next() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        var pick: Int?
        if !stopping {
            while let f = first.first, pick == nil {
                first.removeFirst()
                if unread.contains(f) { pick = f }
            }
            while pick == nil, cursor < ordered.count {
                if unread.contains(ordered[cursor]) { pick = ordered[cursor] }
                cursor += 1
            }
        }
        guard let pick else {
            running = false
            condition.broadcast()
            return nil
        }
        unread.remove(pick)
        return pick
    }
}
