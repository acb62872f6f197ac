import Foundation
import Testing
import TestSupport

/// The built `photozoom` binary, run as a user would, with its exit status and both output streams.
enum PhotoZoomProcess {
    /// The package's root folder.
    static let packageRoot = Repository.root

    /// The golden traces committed with the Trace tests.
    static let goldenFolder = packageRoot.appendingPathComponent("Tests/TraceTests/Golden", isDirectory: true)

    /// `photozoom` beside the test bundle (`.build/debug/photozoom`), else under the package's `.build`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent().appendingPathComponent("photozoom")) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("photozoom"))
        let arg0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(arg0.deletingLastPathComponent().appendingPathComponent("photozoom"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/photozoom"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `photozoom arguments…` to completion (killed after `timeout` seconds).
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                    timeout: Double = 300) async throws -> Outcome {
        let binary = try #require(binary, "photozoom is not built next to the tests; run `swift build` first")
        return try await runProgram(binary, arguments, environment: environment.merging(["SDL_VIDEODRIVER": "dummy"]) { a, _ in a },
                                    stdin: stdin, timeout: timeout)
    }

    /// Runs any program to completion, with outputs captured through files (no pipe can fill up),
    /// in `directory` when given (else this process's current folder). The test waits without
    /// holding a thread: Swift Testing runs tests on as many threads as the machine has cores, and a
    /// test blocked on a child process (an X session waits seconds on xdotool) would idle one.
    static func runProgram(_ program: URL, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                           timeout: Double = 300, in directory: URL? = nil) async throws -> Outcome {
        let scratch = try scratchFolder("process-\(counter.next())")
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // Config and cache folders of its own: no remembered window or folder from the user's runs or
        // other tests, and no thumbnails written into the user's cache.
        let isolated = ["XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
                        "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path]
        process.environment = ProcessInfo.processInfo.environment.merging(isolated) { _, new in new }.merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let stdin {
            let input = scratch.appendingPathComponent("stdin")
            try stdin.write(to: input, atomically: false, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: input)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let exit = ExitSignal()
        process.terminationHandler = { _ in exit.fire() }
        try process.run()
        if await !exit.wait(seconds: timeout) {
            // SIGTERM, then SIGKILL: the child inherits this thread's blocked signals.
            process.terminate()
            if await !exit.wait(seconds: 2) { kill(process.processIdentifier, SIGKILL) }
            // 60 s at most: the test run ends even if the child's end is never reported.
            let ended = await exit.wait(seconds: 60)
            Issue.record("\(program.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
            if !ended {
                return Outcome(status: -1, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                               stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
            }
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                       stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// A fresh, empty folder for one test.
    static func scratchFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photozoom-cli-tests-\(getpid())", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Distinct names for concurrent tests.
    final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
    static let counter = Counter()
}

extension PhotoZoomProcess {
    /// Whether a recorded trace (its lines) gives photo `index`, named `name`, the size `w` × `h`:
    /// in the header, or, for a photo whose header was read after start-up's 50 ms budget (as on
    /// a busy machine) and is recorded there as 0 × 0, in a `photo` event of the trace.
    static func traceGivesSize(_ lines: [Substring], index: Int, name: String, _ w: Int, _ h: Int) -> Bool {
        guard let header = lines.first else { return false }
        return header.contains(#"{"name":"\#(name)","w":\#(w),"h":\#(h)}"#)
            || (header.contains(#"{"name":"\#(name)","w":0,"h":0}"#)
                && lines.contains { $0.contains(#""type":"photo","index":\#(index),"w":\#(w),"h":\#(h)}"#) })
    }
}
