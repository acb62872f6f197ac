import Foundation
import Gestures
import Trace
import Viewing
import FeelFiles
import PhotoFiles
import Diagnostics
import Events
import FeelModel

/// The live app's side of `--record`, `--states` and `--feel`: opens the files before the window,
/// starts the `Session` the frame loop feeds, and turns trace errors into the shell's exit statuses.
///
/// Both files are written one whole line per `write(2)` as events happen, so a `kill -9` loses at
/// most the event in flight.
struct Recording {
    /// The feel in force at the start (defaults ⊕ `--feel FILE`, or a preset, ⊕ `--reduced-motion`).
    package var feel: Feel { live.initial }
    /// The feel file: live reload and saving (`--feel FILE` or a preset name).
    let live: LiveFeelFile
    private let trace: LineSink?
    private let states: LineSink?

    /// Opens the trace and state-log files and reads the feel file; a bad path or feel file is bad
    /// input (exit status 2), reported before any window opens. A file already there is kept: the
    /// recording goes to the next free name (`FreshPath`), said on stderr, unless `overwrite`.
    init(options: RunOptions, warn: (String) -> Void = printError) throws {
        let live = try LiveFeelFile(argument: options.feelPath,
                                    fixed: options.reducedMotion ? LiveFeelFile.reducedMotionLayer : [:],
                                    saveFolder: options.feelSaveFolder)
        // Neither output may be one of the inputs (the feel file, a photo), --force or not (issue 33).
        let inputs = options.photoPaths + (options.feelPath.map { [$0] } ?? [])
        for (option, path) in [("--record", options.recordPath), ("--states", options.statesPath)] {
            if let path { _ = try OutputPath.resolve(path, option: option, inputs: inputs, force: true, warn: warn) }
        }
        let trace: FileLineSink?, states: FileLineSink?
        do throws(TraceError) {
            trace = try options.recordPath.map { path throws(TraceError) in
                try Self.open(path, what: "recording the trace", overwrite: options.overwrite, warn: warn)
            }
            states = try options.statesPath.map { path throws(TraceError) in
                try Self.open(path, what: "writing the state log", overwrite: options.overwrite, warn: warn)
            }
        } catch {
            throw CommandLineError(error.description, exitStatus: error.exitStatus)
        }
        self.init(live: live, trace: trace, states: states)
    }

    /// A recording into `trace` and `states` (memory sinks in tests) with the feel file `live`.
    init(live: LiveFeelFile, trace: LineSink?, states: LineSink?) {
        self.live = live
        self.trace = trace
        self.states = states
    }

    /// Creates `path`, or when a file is there and `overwrite` is false, the first free
    /// `FreshPath` candidate, saying which.
    private static func open(_ path: String, what: String, overwrite: Bool, warn: (String) -> Void) throws(TraceError) -> FileLineSink {
        if overwrite || path == "-" { return try FileLineSink(path: path, flushesEachLine: true) }
        var n = 1
        while true {
            let candidate = FreshPath.candidate(path, n)
            if !FileManager.default.fileExists(atPath: candidate) {
                do throws(TraceError) {
                    let sink = try FileLineSink(path: candidate, flushesEachLine: true, replacing: false)
                    if n > 1 { warn("photozoom: \(path) exists (kept); \(what) to \(candidate) (--force overwrites)") }
                    return sink
                } catch {
                    // Made by someone else in between: try the next name; any other failure is the error.
                    if !FileManager.default.fileExists(atPath: candidate) { throw error }
                }
            }
            n += 1
        }
    }

    /// The session for the window just opened; writes the trace header. A file that cannot be
    /// written later (a full disk) stops the recording, not the app (see `FrameLoop`).
    package func session(header: TraceHeader) throws -> Session {
        do throws(Session.Failure) {
            let session = try Session(header: header, trace: trace, states: states)
            session.continuesWhenRecordingFails = true
            return session
        } catch {
            throw Self.shellError(error)
        }
    }

    /// Hands one stamped event to the session. A feel event whose parameters do not decode is
    /// refused with a warning (nothing is recorded or applied; the app runs on); a file that cannot
    /// be written ends the app with exit status 1.
    package func handle(_ event: InputEvent, in session: Session) throws {
        do throws(Session.Failure) {
            try session.handle(event)
        } catch let .badFeel(error) {
            printError("photozoom: feel parameters not applied: " + TraceError(file: "feel", line: nil, error).description)
        } catch {
            throw Self.shellError(error)
        }
    }

    /// Closes both files.
    package func close() throws {
        do throws(TraceError) {
            try (trace as? FileLineSink)?.close()
            try (states as? FileLineSink)?.close()
        } catch {
            throw CommandLineError(error.description, exitStatus: 1)
        }
    }

    private static func shellError(_ failure: Session.Failure) -> CommandLineError {
        switch failure {
        case let .cannotWrite(error): return CommandLineError(error.description, exitStatus: 1)
        case let .badFeel(error): return CommandLineError(TraceError(file: "feel", line: nil, error, fieldPrefix: "feel").description, exitStatus: 2)
        }
    }
}
