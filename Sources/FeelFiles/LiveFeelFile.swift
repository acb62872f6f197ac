import Foundation
import Gestures
import Viewing
import PhotoFiles
import Diagnostics
import Events
import FeelModel

/// The running app's feel file: where the parameters came from (`--feel FILE` or a preset), live
/// reload while the app runs, and saving what was tuned.
///
/// A change of the file on disk becomes an `effect` input event carrying the file's content
/// (`feelReloaded`) or why it cannot be used (`feelReloadFailed`), so the trace records it and a
/// replay applies it at the same instant. How the file merges with the parameters in force is the
/// viewer's decision (`LabViewer.feelFileReloaded`): only the keys the edit changed are taken, so
/// values tuned in the panel and not yet saved survive an edit of other keys, and an invalid edit
/// changes nothing at all. A save's result comes back the same way (`feelSaved`,
/// `feelSaveFailed`), and only then does the panel count the parameters as saved.
///
/// Saving never loses an edit made on disk: when the file no longer holds what the app last read
/// from it or wrote to it (the user edited it since, say with a typo the reload refused), the
/// parameters are saved beside it (`feel-2.json`) and the message says where. Saving follows a
/// symbolic link and keeps the file's permission bits (see `FeelFile.save`).
///
/// Parameters fixed on the command line (`run --reduced-motion`) are a top layer: laid over the file
/// or preset at start-up (so the trace header records them), kept through every reload whatever the
/// file says about them, and left out of what is saved (the file keeps its own value for them: a
/// command-line switch is a preference of this run, not a tuning).
package final class LiveFeelFile {
    /// The parameters at start-up, the fixed layer included.
    package let initial: Feel
    /// Parameters fixed on the command line, by key, as `FeelParameter` values (1 for true).
    package let fixed: [String: Double]
    /// The layer `run --reduced-motion` fixes.
    package static let reducedMotionLayer: [String: Double] = ["reducedMotion": 1]
    /// The parameters beneath the fixed layer: the file's last good content, the preset, or the
    /// last set saved. Saving takes the fixed keys from here.
    private var underlying: Feel
    /// The file saved to and watched; nil when the parameters came from a preset and nothing was saved yet.
    package private(set) var path: String?
    /// Where the parameters at start-up came from, for the tuning panel: the file's path (the home
    /// folder as `~`), "preset NAME", or "the defaults".
    package let source: String
    /// The file a plain launch starts from: the last feel saved, `feel.json` in the save folder.
    package static let savedName = "feel.json"
    private var watcher: FeelFileWatcher?
    private let warn: (String) -> Void
    private let saveFolder: String

    /// Resolves `run --feel ARG` and lays `fixed` over it (keys of `Feel.parameters`; unknown keys
    /// are ignored). A bad file is bad input (exit status 2).
    ///
    /// Without an argument the parameters are the last ones saved, `feel.json` in `saveFolder`
    /// (the XDG config folder in the app), read and watched as `--feel` would, so Ctrl+S updates
    /// it (beside it when it changed on disk since it was read); without that file, or when it
    /// cannot be used (said on stderr), the defaults, and the first save goes to a fresh name in
    /// `saveFolder`. With a preset, the first save goes to a fresh name in `saveFolder` too.
    package init(argument: String?, fixed: [String: Double] = [:],
                saveFolder: String = FileManager.default.currentDirectoryPath,
                warn: @escaping (String) -> Void = printError) throws(CommandLineError) {
        self.warn = warn
        self.saveFolder = saveFolder
        self.fixed = fixed.filter { Feel.parameter($0.key) != nil }
        var base = Feel.defaults
        var source = "the defaults"
        if let argument {
            switch try FeelFile.resolve(argument) {
            case let .file(path):
                let read = try FeelFile.read(path: path)
                base = read.feel
                self.path = path
                watcher = FeelFileWatcher(path: path, loaded: base, bytes: read.bytes)
                source = Self.shown(path)
            case let .preset(name):
                base = Feel.preset(named: name) ?? .defaults
                source = "preset \(name)"
            }
        } else {
            let saved = (saveFolder as NSString).appendingPathComponent(Self.savedName)
            if FileManager.default.fileExists(atPath: saved) {
                do throws(CommandLineError) {
                    let read = try FeelFile.read(path: saved)
                    base = read.feel
                    self.path = saved
                    watcher = FeelFileWatcher(path: saved, loaded: base, bytes: read.bytes)
                    source = Self.shown(saved) + ", saved last"
                } catch {
                    warn("photozoom: \(error.message) (starting from the defaults; Ctrl+S saves beside it)")
                    source = "the defaults (\(Self.shown(saved)) could not be read)"
                }
            }
        }
        self.source = source
        underlying = base
        initial = Self.laying(self.fixed, over: base)
    }

    /// `path` with the home folder written `~`.
    package static func shown(_ path: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        guard let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// `feel` with the `fixed` values set (sorted by key, so the result never depends on hashing).
    static func laying(_ fixed: [String: Double], over feel: Feel) -> Feel {
        var result = feel
        for (key, value) in fixed.sorted(by: { $0.key < $1.key }) {
            Feel.parameter(key)?.set(value, in: &result)
        }
        return result
    }

    /// True when the file changed and is read once it looks the same at the next `poll` (a save
    /// in progress is not read half-written): the loop polls again a frame later.
    package var isWaitingToRead: Bool { watcher?.isWaitingToRead ?? false }

    /// Checks the file (one `stat`); on a change returns the `effect` event to feed at `time`.
    /// An error also goes to stderr, once per change of the file.
    package func poll(at time: Double) -> InputEvent? {
        guard let watcher, let change = watcher.poll() else { return nil }
        let name = (watcher.path as NSString).lastPathComponent
        switch change {
        case let .reloaded(file, layer):
            underlying = file
            return InputEvent(time: time, kind: .effect(.feelReloaded(name: name, layer: layer, fixed: fixed.keys.sorted())))
        case let .failed(message):
            warn("photozoom: \(message) (keeping the last good parameters)")
            return InputEvent(time: time, kind: .effect(.feelReloadFailed(message: message)))
        }
    }

    /// Saves `tuned` atomically to the feel file (a fresh `feel.json` in the save folder when the
    /// parameters came from a preset, watched from then on), or beside it when the file on disk
    /// is no longer what the app last read or wrote. A fixed parameter still at the command line's
    /// value is saved with its value beneath that layer; one changed in the panel since is saved
    /// as changed. Returns the result for the trace; a failure also goes to stderr.
    package func save(_ tuned: Feel) -> EffectResult {
        let untouched = fixed.keys.sorted().filter { Feel.parameter($0)?.value(in: tuned) == fixed[$0] }
        let feel = tuned.replacing(untouched, from: underlying)
        var target = path ?? FeelFile.freshPath(in: saveFolder)
        var besides: String?
        if let path, let watcher, !watcher.holdsLastKnownContent() {
            target = FeelFile.freshPath(beside: path)
            besides = (path as NSString).lastPathComponent
        }
        let bytes: [UInt8]
        do {
            bytes = try FeelFile.save(feel, to: target)
        } catch {
            warn("photozoom: \(error.message)")
            return .feelSaveFailed(message: error.message)
        }
        if let watcher, watcher.path == target {
            watcher.adoptOwnWrite(feel, bytes: bytes)
        } else if path == nil {
            path = target
            watcher = FeelFileWatcher(path: target, loaded: feel, bytes: bytes)
        }
        underlying = feel
        let changed = feel.differences(from: .defaults).count
        var message = "saved \(target) (\(changed) of \(Feel.parameters.count) differ from the defaults)"
        if let besides {
            message += "; \(besides) was changed on disk since it was read, so it was left as it is"
            warn("photozoom: \(message)")
        }
        return .feelSaved(path: target, message: message)
    }
}
