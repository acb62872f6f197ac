import ArgumentParser
import Foundation
import Geometry
import DecoderSandbox
import PhotoFiles
import App
import Viewing
import Diagnostics
import Events

@main
struct PhotoZoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photozoom",
        abstract: "A photo grid that zooms on springs, with a gesture-trace and feel-tuning lab.",
        version: PhotoZoomCommand.version,
        subcommands: [Run.self, Replay.self, Play.self, FeelCommand.self, Plot.self, Compare.self, Fit.self, Match.self, Check.self, DecodeHelperCommand.self],
        defaultSubcommand: Run.self
    )

    /// The version `--version` prints.
    static let version = "0.9.0"

    /// Parses and runs, mapping argument errors to docs/design.md's exit status 2 with one line on stderr
    /// (ArgumentParser's own code for them is 64).
    static func main() {
        // Photos are decoded in helper processes running this same program (`decode-helper`).
        DecoderIsolation.processDefault = .helperProcesses(.thisProgram)
        do {
            // Arguments spelled from their bytes: a path that is not UTF-8 names its file (`PhotoName`).
            let arguments = (1..<Int(CommandLine.argc)).map { i in
                CommandLine.unsafeArgv[i].map { PhotoName.spelling(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? ""
            }
            var command = try parseAsRoot(arguments)
            try command.run()
            // Output that could not be written (`> /dev/full`, a closed pipe) is a failure, said once (issue 33).
            if let failure = StandardOutput.finish() {
                printError("photozoom: \(failure)")
                Foundation.exit(1)
            }
        } catch {
            if exitCode(for: error) == .success {
                // --help and --version: printed here so that a failed write is said (issue 33).
                print(fullMessage(for: error))
                if let failure = StandardOutput.finish() {
                    printError("photozoom: \(failure)")
                    Foundation.exit(1)
                }
                Foundation.exit(0)
            }
            if exitCode(for: error) == .validationFailure {
                printError("photozoom: " + message(for: error).split(separator: "\n").joined(separator: "; "))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Parses `WxH` into a size in points.
struct WindowSizeArgument: ExpressibleByArgument {
    var size: Size
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 64, h >= 64, w <= 16384, h <= 16384 else { return nil }
        size = Size(w, h)
    }
    /// How `--help` shows a default: `1280x800`.
    var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// Runs `body`, turning a `CommandLineError` into its one-line message and exit status.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as CommandLineError {
        printError("photozoom: \(error.message)")
        throw ExitCode(error.exitStatus)
    }
}

/// The default folder: the bundled photos, beside the installed binary or in the checkout.
func bundledPhotosPath() -> String {
    ResourceDirectory.photosPath
}
