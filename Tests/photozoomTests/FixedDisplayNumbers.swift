import Foundation

/// Display numbers handed to scenarios whose X server must have a fixed number (a companion
/// connects to it): the first number from a start that no server holds (no lock file, no socket:
/// `XorgServer.isFree`) and that no scenario of this process holds already, its server not
/// started yet; given back when the scenario ends.
final class FixedDisplayNumbers: @unchecked Sendable {
    private var held: Set<Int> = []
    private let lock = NSLock()

    /// The first number from `first` that is free and not held; held until `release`.
    func claim(from first: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        var n = first
        while held.contains(n) || !XorgServer.isFree(n) { n += 1 }
        held.insert(n)
        return n
    }

    /// Gives `n` back.
    func release(_ n: Int) {
        lock.lock()
        defer { lock.unlock() }
        held.remove(n)
    }
}
