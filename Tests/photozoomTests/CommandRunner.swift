import Foundation

/// Runs the built `photozoom` binary as a person would, capturing exit status and output.
struct CommandRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `photozoom` binary next to the test bundle (`.build/<config>/photozoom`).
    static var binary: URL { binary(named: "photozoom") }

    /// The package's executable `name` next to the test bundle (`.build/<config>/NAME`).
    static func binary(named name: String) -> URL {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/" + name)
    }

    /// Runs `program args…` (`photozoom` unless told) with `environment` added to this process's,
    /// waiting at most `timeout` seconds.
    static func run(_ args: [String], program: String = "photozoom", environment: [String: String] = [:],
                    timeout: Double = 60) throws -> Result {
        let process = Process()
        process.executableURL = binary(named: program)
        process.arguments = args
        // Output goes to files, so a chatty process can never block on a full pipe.
        let dir = try temporaryDirectory("run")
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = env["SDL_VIDEODRIVER"] ?? "dummy"
        // Config and cache folders of its own: no remembered window or folder from the user's runs or
        // other tests, and no thumbnails written into the user's cache.
        env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
        env["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(status: process.terminationStatus,
                      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("photozoom-tests-\(name)-\(getpid())-\(UInt64.random(in: 0..<UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
