import Foundation

/// A child process's exit, awaited without holding a thread: `fire()` comes from the process's
/// termination handler (which may run before anyone waits), `wait(seconds:)` suspends until then.
public final class ExitSignal: @unchecked Sendable {
    public init() {}
    private let lock = NSLock()
    private var fired = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0
    /// Waiters whose time ran out before they were registered.
    private var expired: Set<Int> = []

    /// The process has exited: every waiter resumes with `true`, and later waits return at once.
    public func fire() {
        lock.lock()
        fired = true
        let resumed = waiters.values
        waiters = [:]
        lock.unlock()
        for waiter in resumed { waiter.resume(returning: true) }
    }

    /// Waits until `fire()` or until `seconds` have passed: whether the process exited.
    public func wait(seconds: Double) async -> Bool {
        let id: Int = lock.withLock { nextWaiter += 1; return nextWaiter }
        let timer = seconds.isFinite ? Task { [self] in
            try? await Task.sleep(for: .seconds(seconds))
            timeOut(id)
        } : nil
        defer { timer?.cancel() }
        return await withCheckedContinuation { continuation in
            lock.lock()
            if fired || expired.contains(id) {
                let exited = fired
                lock.unlock()
                continuation.resume(returning: exited)
            } else {
                waiters[id] = continuation
                lock.unlock()
            }
        }
    }

    /// The waiter `id` gives up (if it is still waiting).
    private func timeOut(_ id: Int) {
        let waiter = lock.withLock {
            let waiter = waiters.removeValue(forKey: id)
            if waiter == nil, !fired { expired.insert(id) }
            return waiter
        }
        waiter?.resume(returning: false)
    }
}
