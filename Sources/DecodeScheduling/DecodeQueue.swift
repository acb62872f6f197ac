import Foundation
import Decoding

/// The work shared by the frame loop and the decoder threads, behind one lock: jobs not yet
/// started (best first), jobs being decoded, and finished outcomes waiting for the frame loop.
///
/// The frame loop replaces the whole pending list every time its wishes change; jobs it no longer
/// lists are cancelled before they start. A started decode runs to its end (TurboJPEG cannot be
/// interrupted); its outcome is taken or dropped by the frame loop.
package final class DecodeQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [DecodeJob] = []
    private var running: [Int: DecodeJob] = [:]
    private var finished: [DecodeOutcome] = []
    private var stopping = false
    private var liveWorkers = 0
    /// Workers numbered below this take jobs; the others wait (the frame loop lowers it while
    /// something moves, so decoders leave it a core).
    private var activeWorkers = Int.max
    private var taken: [Int: Int] = [:]
    private var mostRunning = 0
    /// Workers numbered from this on are spares: they take a job only while a decode has run past
    /// `stallSeconds` (`DecoderThreads.start` starts one).
    private var regularWorkers = Int.max
    /// When each running job was taken (uptime nanoseconds), by worker.
    private var startedAt: [Int: UInt64] = [:]
    /// Nanoseconds after which a running decode counts as stalled: one more worker may take jobs
    /// meanwhile (issue 43: one slow file cannot hold the others back, while something moves and
    /// only one worker decodes, or when every worker has a slow file).
    private let stallNanoseconds: UInt64

    /// A queue whose decodes count as stalled after `stallSeconds`.
    package init(stallSeconds: Double = 1) {
        stallNanoseconds = UInt64(max(0, stallSeconds) * 1e9)
    }

    /// Replaces the jobs not yet started with `jobs` (best first), leaving out any that a worker
    /// has started or finished since the frame loop looked (`startedJobs()`: a job taken between
    /// that look and this call would otherwise be queued again and decoded twice); returns how
    /// many listed jobs were dropped without being started.
    @discardableResult
    func replacePending(with jobs: [DecodeJob]) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let started = Set(running.values).union(finished.map(\.job))
        let jobs = started.isEmpty ? jobs : jobs.filter { !started.contains($0) }
        let kept = Set(jobs)
        let cancelled = pending.reduce(0) { $0 + (kept.contains($1) ? 0 : 1) }
        pending = jobs
        if !pending.isEmpty { condition.broadcast() }
        return cancelled
    }

    /// Lets only workers `0..<count` take new jobs (at least one); a worker above it finishes the
    /// decode it has and then waits until the limit rises again.
    func setActiveWorkers(_ count: Int) {
        condition.lock()
        defer { condition.unlock() }
        let raised = max(1, count) > activeWorkers
        activeWorkers = max(1, count)
        if raised { condition.broadcast() }
    }

    /// Jobs being decoded now.
    package func runningJobs() -> [DecodeJob] {
        condition.lock()
        defer { condition.unlock() }
        return Array(running.values)
    }

    /// Jobs being decoded and jobs finished but not yet taken, read at one instant: work the frame
    /// loop need not ask for again (a job finishing between `takeFinished` and `runningJobs` would
    /// otherwise be in neither list and be decoded twice).
    func startedJobs() -> [DecodeJob] {
        condition.lock()
        defer { condition.unlock() }
        return Array(running.values) + finished.map(\.job)
    }

    /// Jobs each worker has taken so far, by worker number.
    func jobsTaken() -> [Int: Int] {
        condition.lock()
        defer { condition.unlock() }
        return taken
    }

    /// The most jobs decoded at one instant so far.
    func mostRunningAtOnce() -> Int {
        condition.lock()
        defer { condition.unlock() }
        return mostRunning
    }

    /// Jobs not started yet, best first.
    package func pendingJobs() -> [DecodeJob] {
        condition.lock()
        defer { condition.unlock() }
        return pending
    }

    /// The outcomes finished since the last call, in the order they finished.
    package func takeFinished() -> [DecodeOutcome] {
        condition.lock()
        defer { condition.unlock() }
        defer { finished.removeAll() }
        return finished
    }

    /// True when nothing is pending, running or waiting to be taken.
    package var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return pending.isEmpty && running.isEmpty && finished.isEmpty
    }

    // MARK: - Worker side

    /// True once `stop` was called: a worker waiting on a helper process gives up.
    package var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Workers `count` and above are spares (`regularWorkers`).
    func setRegularWorkers(_ count: Int) {
        condition.lock()
        regularWorkers = max(0, count)
        condition.unlock()
    }

    /// Registers a worker thread.
    func workerStarted() {
        condition.lock()
        liveWorkers += 1
        condition.unlock()
    }

    /// Blocks until a job is pending and this worker may take one (and takes the best that may
    /// start: not a thumbnail whose photo's preview is being read, `finish`), or the queue stops
    /// (nil). The workers below the active count (and below the spares) may; above it, one more for
    /// each decode running past `stallSeconds`, so a slow file holds its own worker only.
    package func next(worker: Int) -> DecodeJob? {
        condition.lock()
        defer { condition.unlock() }
        var best: Int?
        while !stopping {
            let now = DispatchTime.now().uptimeNanoseconds
            let working = min(activeWorkers, regularWorkers)
            let stalled = startedAt.values.reduce(0) { $0 + (now - min(now, $1) >= stallNanoseconds ? 1 : 0) }
            let startable = pending.firstIndex(where: { !awaitsPreview($0) })
            if let startable, worker < working || worker - working < stalled { best = startable; break }
            // Above the working count with a job waiting: look again when the next running decode stalls.
            if startable != nil, worker >= working, let first = startedAt.values.min() {
                let stallsIn = Double(first + stallNanoseconds - min(now, first + stallNanoseconds)) / 1e9
                _ = condition.wait(until: Date(timeIntervalSinceNow: stallsIn + 0.001))
            } else {
                condition.wait()
            }
        }
        guard let best else {
            liveWorkers -= 1
            condition.broadcast()
            return nil
        }
        let job = pending.remove(at: best)
        running[worker] = job
        startedAt[worker] = DispatchTime.now().uptimeNanoseconds
        taken[worker, default: 0] += 1
        mostRunning = max(mostRunning, running.count)
        return job
    }

    /// Hands over a worker's finished job. A preview job that the thumbnail cache answered brought
    /// the thumbnail itself: the photo's pending thumbnail job for that size is dropped, or the
    /// other decoder would read the same entry again before the frame loop next asks (on a second
    /// visit's start, for every camera photo on screen).
    package func finish(worker: Int, _ outcome: DecodeOutcome) {
        condition.lock()
        running[worker] = nil
        startedAt[worker] = nil
        if !stopping { finished.append(outcome) }
        if outcome.job.kind == .preview {
            if outcome.fromSharedCache {
                let served = outcome.job.target.asThumbnail
                pending.removeAll { $0.photo == outcome.job.photo && $0.kind == .thumbnail && $0.target == served }
            }
            condition.broadcast()  // a thumbnail job held back for it may start
        }
        condition.unlock()
    }

    /// True for a thumbnail job whose photo's preview job is running: it waits for that outcome,
    /// which may be the thumbnail itself (from the cache), rather than read the same entry twice.
    private func awaitsPreview(_ job: DecodeJob) -> Bool {
        job.kind == .thumbnail && running.values.contains { $0.kind == .preview && $0.photo == job.photo }
    }

    /// Stops the workers: pending jobs are dropped; waits up to `timeout` seconds for running
    /// decodes to end so no decoder touches SDL after the caller shuts it down.
    package func stop(waitingUpTo timeout: Double = 2) {
        condition.lock()
        stopping = true
        pending.removeAll()
        finished.removeAll()
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while liveWorkers > 0 && condition.wait(until: deadline) {}
        condition.unlock()
    }
}
