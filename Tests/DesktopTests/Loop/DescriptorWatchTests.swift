import Foundation
import Testing
@testable import App

/// `DescriptorWatch`: what wakes the live loop's wait on input when nothing moves (issue 28), so
/// the loop never polls. Each expectation waits on the watch's own thread with a 10 s bound: the
/// bound only fails a watch that never wakes, it measures nothing.
@Suite("The loop's wait is woken by news on a descriptor or in a watched folder, once until the loop rearms")
struct DescriptorWatchTests {
    /// Counts wakes and lets a test wait for the next one.
    final class Wakes: @unchecked Sendable {
        private let condition = NSCondition()
        private var count = 0

        func wake() {
            condition.lock()
            count += 1
            condition.broadcast()
            condition.unlock()
        }

        /// The wakes so far, once there are at least `n` (or 10 s passed).
        func waitFor(_ n: Int) -> Int {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date(timeIntervalSinceNow: 10)
            while count < n && condition.wait(until: deadline) {}
            return count
        }

        var now: Int {
            condition.lock()
            defer { condition.unlock() }
            return count
        }
    }

    @Test("bytes on a pipe the loop reads itself wake it once; unread after the rearm they wake it again; read, nothing more until new bytes")
    func wakesOnReadableDescriptor() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let wakes = Wakes()
        let made = DescriptorWatch(wake: { wakes.wake() })
        let watch = try #require(made)
        watch.watch(readable: fds[0])
        #expect(wakes.now == 0)  // nothing written: no wake

        var byte: UInt8 = 7
        _ = write(fds[1], &byte, 1)
        #expect(wakes.waitFor(1) == 1)
        // More news before the loop's rearm: no second wake (the loop reads it all in its frame).
        _ = write(fds[1], &byte, 1)
        // The loop rearms without reading: the bytes still wait, so it is woken again.
        watch.rearm()
        #expect(wakes.waitFor(2) == 2)
        // The loop reads them and rearms: no news, no wake; a new byte wakes it a third time.
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(read(fds[0], &buffer, buffer.count) == 2)
        watch.rearm()
        _ = write(fds[1], &byte, 1)
        #expect(wakes.waitFor(3) == 3)
        withExtendedLifetime(watch) {}
    }

    @Test("a file written in a watched folder wakes the loop; the watch drains its own queue, so the next write wakes it again after a rearm")
    func wakesOnFolderChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("descriptor-watch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feel = folder.appendingPathComponent("feel.json")
        let wakes = Wakes()
        let made = DescriptorWatch(wake: { wakes.wake() })
        let watch = try #require(made)
        #expect(watch.watch(folderOf: feel.path))
        #expect(watch.watch(folderOf: feel.path))  // once per folder
        try Data("{}".utf8).write(to: feel)
        #expect(wakes.waitFor(1) >= 1)
        watch.rearm()
        let before = wakes.now
        try Data("{ }".utf8).write(to: feel)
        // The first write's last events may have woken it once more since: the loop rearms at
        // the end of each frame, and the second write wakes it then at the latest.
        watch.rearm()
        #expect(wakes.waitFor(before + 1) >= before + 1)
        withExtendedLifetime(watch) {}
    }
}
