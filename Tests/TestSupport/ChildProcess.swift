import Foundation

/// The one way the tests run a program to its end: outputs captured through files (no pipe can fill
/// up), its own config and cache folders, waited for without holding a thread (Swift Testing runs
/// tests on as many threads as the machine has cores, and a test blocked on a child process — an X
/// session waits seconds on xdotool — would idle one), and stopped after a time limit.
public enum ChildProcess {
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The program was stopped at the time limit (SIGTERM, then SIGKILL).
        public var timedOut = false

        public init(status: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.timedOut = timedOut
        }
    }

    /// Runs `program arguments…` in `directory` (else this process's folder) with `environment`
    /// over this process's and config and cache folders of its own (no remembered window or folder
    /// from the user's runs or other tests, no thumbnails in the user's cache), `stdin` as its
    /// input (else nothing), for at most `timeout` seconds.
    public static func run(_ program: URL, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                           timeout: Double = 300, in directory: URL? = nil) async throws -> Outcome {
        let scratch = try scratchFolder("process-\(counter.next())")
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
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
        func outcome(_ status: Int32, timedOut: Bool) -> Outcome {
            Outcome(status: status, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                    stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "", timedOut: timedOut)
        }
        var timedOut = false
        if await !exit.wait(seconds: timeout) {
            timedOut = true
            // SIGTERM, then SIGKILL: the child inherits this thread's blocked signals.
            process.terminate()
            if await !exit.wait(seconds: 2) { kill(process.processIdentifier, SIGKILL) }
            // 60 s at most: the test run ends even if the child's end is never reported.
            if await !exit.wait(seconds: 60) { return outcome(-1, timedOut: true) }
        }
        process.waitUntilExit()
        return outcome(process.terminationStatus, timedOut: timedOut)
    }

    /// A fresh, empty folder for one test (or one run), under this test process's own folder.
    public static func scratchFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photozoom-tests-\(getpid())", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Distinct names for concurrent runs.
    public final class Counter: @unchecked Sendable {
        public init() {}
        private var value = 0
        private let lock = NSLock()
        public func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
    public static let counter = Counter()
}
