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

    typealias Outcome = ChildProcess.Outcome

    /// The package's executable `name` beside the test bundle (`.build/<config>/NAME`), else under the
    /// package's `.build/debug`.
    static func binary(named name: String) -> URL {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/" + name)
    }

    /// Runs `program arguments…` (`photozoom` unless told) to completion, with SDL's dummy video
    /// driver unless `environment` sets one, killed after `timeout` seconds (a bound for a hang:
    /// under CI's load a 4 s `fit` took 45 s).
    static func run(_ arguments: [String], program: String = "photozoom", environment: [String: String] = [:], stdin: String? = nil,
                    timeout: Double = 300) async throws -> Outcome {
        let binary = program == "photozoom" ? try #require(binary, "photozoom is not built next to the tests; run `swift build` first")
                                            : binary(named: program)
        return try await runProgram(binary, arguments, environment: environment.merging(["SDL_VIDEODRIVER": "dummy"]) { a, _ in a },
                                    stdin: stdin, timeout: timeout)
    }

    /// Runs any program to completion (`ChildProcess.run`); a run stopped at its time limit is a
    /// failure of the test.
    static func runProgram(_ program: URL, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                           timeout: Double = 300, in directory: URL? = nil) async throws -> Outcome {
        let outcome = try await ChildProcess.run(program, arguments, environment: environment, stdin: stdin, timeout: timeout, in: directory)
        if outcome.timedOut {
            Issue.record("\(program.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        return outcome
    }

    /// A fresh, empty folder for one test.
    static func scratchFolder(_ name: String) throws -> URL { try ChildProcess.scratchFolder(name) }

    /// A fresh, empty folder for one test whose `name` other tests running at once may share.
    static func freshFolder(_ name: String) throws -> URL { try ChildProcess.scratchFolder("\(name)-\(ChildProcess.counter.next())") }
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
