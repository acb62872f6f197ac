import Foundation
import DecoderSandbox
import Decoding
import ImageFormats
#if canImport(Glibc)
import Glibc
#endif

/// Reads the headers the catalog left unread at start-up, on a thread of its own at low priority:
/// the photos the frame loop says are on screen first, then the rest in grid order.
///
/// With helper processes (`DecoderIsolation.helperProcesses`, the app's way) the headers are read
/// in a decoder helper of the scanner's own, sandboxed like the decoders' (issue 19), in batches of
/// `batch` files; a helper that crashes or hangs on a file costs that file alone.
///
/// Why a thread: 10,000 headers take 0.14 s from the page cache but 0.9 s after the cache is
/// dropped (`scripts/bench pipeline`), and far longer from a spinning or network disk, so the
/// catalog reads only what fits a small start-up budget and this reads the rest while the first
/// frames show. Each header costs a stat, an open and one 16 KiB read.
final class HeaderScanner: @unchecked Sendable {
    /// One header read: the photo's header, or why it cannot be shown.
    struct Result: Sendable {
        package var index: Int
        package var header: ImageHeader?
        package var problem: ImageProblem?
    }

    private let condition = NSCondition()
    /// The photos taken to be read so far (those of `ordered` not in it are unread): made as they
    /// are read, on the scanner's thread, not at once in the frame that made the scanner (issue 43:
    /// a set of the 50,000 photos of a drop took that frame 23 ms).
    private var taken: Set<Int> = []
    private var ordered: [Int]
    private var cursor = 0
    private var first: [Int] = []
    private var results: [Result] = []
    /// Headers taken and not yet in `results`.
    private var inFlight = 0
    private var stopping = false
    private var running = false

    /// The file of each photo to read, by its index.
    private let url: @Sendable (Int) -> URL
    private let pixelLimit: Int
    private let helper: DecoderHelperSettings?
    private var started = false
    /// Files asked of the helper at once (`DecoderHelper.headerBatch`): a batch takes 2–5 ms (15–40
    /// µs a header from the page cache, `scripts/bench pipeline`), so the screen's cells asked for
    /// next wait no longer than that, and 10,000 headers cost 79 round trips.
    static let batch = DecoderHelper.headerBatch

    /// A scanner for the headers of `urls[i]` for each `i` in `indices` (ascending), read in helper
    /// processes started with `helper` (in this process when nil); `start` starts it.
    convenience init(urls: [URL], indices: [Int], pixelLimit: Int, helper: DecoderHelperSettings? = nil) {
        self.init(url: { urls[$0] }, indices: indices, pixelLimit: pixelLimit, helper: helper)
    }

    /// A scanner for the headers of `files[k]`, the file of photo `indices[k]` (ascending): the
    /// files of photos added to the list, made as they joined (not a list of every photo's file,
    /// which the frame loop would copy whole at its next addition while the scanner holds it).
    convenience init(files: [URL], indices: [Int], pixelLimit: Int, helper: DecoderHelperSettings? = nil) {
        self.init(url: { files[Self.position(of: $0, in: indices)] }, indices: indices, pixelLimit: pixelLimit, helper: helper)
    }

    private init(url: @escaping @Sendable (Int) -> URL, indices: [Int], pixelLimit: Int, helper: DecoderHelperSettings?) {
        self.url = url
        self.pixelLimit = pixelLimit
        self.helper = helper
        ordered = indices
    }

    /// Starts the thread (once): the `readFirst` photos, then the rest in ascending order.
    func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !started, taken.count < ordered.count else { return }
        started = true
        running = true
        let thread = Thread { [self] in
            ThreadPriority.lowerCallingThread(by: ThreadPriority.decodingSteps)
            if let helper {
                let process = DecoderHelper.headerReader(settings: helper, pixelLimit: pixelLimit)
                defer { process.stop() }
                var picks: [Int] = []
                while true {
                    picks.removeAll()
                    while picks.count < Self.batch, let i = next() { picks.append(i) }
                    guard !picks.isEmpty else { break }
                    let outcomes = process.readHeaders(picks.map { url($0).path }, shouldGiveUp: { isStopping })
                    deliver(zip(picks, outcomes).map { ($0, $1.entry(for: url($0))) }, taken: picks.count)
                }
            } else {
                while let i = next() { deliver([(i, PhotoCatalog.entry(for: url(i), pixelLimit: pixelLimit))]) }
            }
        }
        thread.name = "photozoom-headers"
        thread.start()
    }

    /// Hands read headers to the frame loop's next `take`.
    /// `taken`: the headers these were taken for (more when the helper gave up on the rest).
    private func deliver(_ entries: [(Int, PhotoCatalog.Entry)], taken: Int? = nil) {
        condition.lock()
        results += entries.map { Result(index: $0.0, header: $0.1.header, problem: $0.1.problem) }
        inFlight -= taken ?? entries.count
        condition.unlock()
    }

    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Reads these photos' headers next (the cells on screen), if not read yet.
    func readFirst(_ photos: [Int]) {
        condition.lock()
        first = photos.filter(isUnread)
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
        return taken.count < ordered.count || !results.isEmpty || inFlight > 0
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
                if isUnread(f) { pick = f }
            }
            while pick == nil, cursor < ordered.count {
                if !taken.contains(ordered[cursor]) { pick = ordered[cursor] }
                cursor += 1
            }
        }
        guard let pick else {
            running = false
            condition.broadcast()
            return nil
        }
        taken.insert(pick)
        inFlight += 1
        return pick
    }

    /// True when `photo` is one of this scanner's (`ordered` is ascending: a bisection) and not
    /// taken yet. Called with the lock held.
    private func isUnread(_ photo: Int) -> Bool {
        let k = Self.position(of: photo, in: ordered)
        return k < ordered.count && ordered[k] == photo && !taken.contains(photo)
    }

    /// Where `photo` is in `ascending`, or would go (a bisection).
    private static func position(of photo: Int, in ascending: [Int]) -> Int {
        var lo = 0, hi = ascending.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ascending[mid] < photo { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
