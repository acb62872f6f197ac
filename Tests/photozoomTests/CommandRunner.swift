import Foundation
import TestSupport

/// Runs the built `photozoom` binary as a person would, capturing exit status and output.
struct CommandRunner {
    typealias Result = PhotoZoomProcess.Outcome

    /// The package root, found from this file's path.
    static let packageRoot: URL = Repository.root

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

    /// Runs `program args…` (`photozoom` unless told) with `environment` added to this process's
    /// (SDL's dummy video driver unless set), waiting at most `timeout` seconds (a bound for a hang:
    /// under CI's load a 4 s `fit` took 45 s).
    static func run(_ args: [String], program: String = "photozoom", environment: [String: String] = [:],
                    timeout: Double = 300) async throws -> Result {
        let video = ["SDL_VIDEODRIVER": ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? "dummy"]
        return try await PhotoZoomProcess.runProgram(binary(named: program), args, environment: video.merging(environment) { _, new in new },
                                                     timeout: timeout)
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("photozoom-tests-\(name)-\(getpid())-\(UInt64.random(in: 0..<UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
