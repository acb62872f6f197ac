import Foundation
import Gestures
import Viewer

/// The running app's feel file: where the parameters came from (`--feel FILE` or a preset), live
/// reload while the app runs, and saving what was tuned.
///
/// A valid edit of the file becomes a `.feel` input event carrying the full parameter set, so the
/// trace records it and a replay applies it at the same instant. The session takes only the keys
/// the edit changed (`Feel.replacing` those keys): values tuned in the panel and not yet saved survive an edit
/// of other keys, and an invalid edit changes nothing at all.
///
/// Parameters fixed on the command line (`run --reduced-motion`) are a top layer: laid over the file
/// or preset at start-up (so the trace header records them), kept through every reload whatever the
/// file says about them, and left out of what is saved (the file keeps its own value for them: a
/// command-line switch is a preference of this run, not a tuning).
public final class LiveFeelFile {
    /// What the window should show after a poll or a save.
    public enum Notice: Equatable, Sendable {
        case info(String)
        case error(String)
        /// The error shown before no longer holds.
        case clear
    }

    /// The parameters at start-up, the fixed layer included.
    public let initial: Feel
    /// Parameters fixed on the command line, by key, as `FeelParameter` values (1 for true).
    public let fixed: [String: Double]
    /// The layer `run --reduced-motion` fixes.
    public static let reducedMotionLayer: [String: Double] = ["reducedMotion": 1]
    /// The parameters beneath the fixed layer: the file's last good content, the preset, or the
    /// last set saved. Saving takes the fixed keys from here.
    private var underlying: Feel
    /// The file saved to and watched; nil when the parameters came from a preset and nothing was saved yet.
    public private(set) var path: String?
    private var watcher: FeelFileWatcher?
    private let warn: (String) -> Void
    private let saveFolder: String

    /// Resolves `run --feel ARG` (nil: the defaults) and lays `fixed` over it (keys of
    /// `Feel.parameters`; unknown keys are ignored). A bad file is bad input (exit status 2).
    /// Without a file, the first save goes to a fresh name in `saveFolder`.
    public init(argument: String?, fixed: [String: Double] = [:],
                saveFolder: String = FileManager.default.currentDirectoryPath,
                warn: @escaping (String) -> Void = printError) throws(ShellError) {
        self.warn = warn
        self.saveFolder = saveFolder
        self.fixed = fixed.filter { Feel.parameter($0.key) != nil }
        var base = Feel.defaults
        if let argument {
            switch try FeelFile.resolve(argument) {
            case let .file(path):
                base = try FeelFile.read(path: path).feel
                self.path = path
                watcher = FeelFileWatcher(path: path, loaded: base)
            case let .preset(name):
                base = Feel.preset(named: name) ?? .defaults
            }
        }
        underlying = base
        initial = Self.laying(self.fixed, over: base)
    }

    /// `feel` with the `fixed` values set (sorted by key, so the result never depends on hashing).
    static func laying(_ fixed: [String: Double], over feel: Feel) -> Feel {
        var result = feel
        for (key, value) in fixed.sorted(by: { $0.key < $1.key }) {
            Feel.parameter(key)?.set(value, in: &result)
        }
        return result
    }

    /// Checks the file (one `stat`); on a valid change returns the `.feel` event to feed at `time`,
    /// built over `current` (the parameters in force); errors go to stderr once and to the window.
    public func poll(at time: Double, current: Feel) -> (event: InputEvent?, notice: Notice?) {
        guard let watcher, let change = watcher.poll() else { return (nil, nil) }
        let name = (watcher.path as NSString).lastPathComponent
        switch change {
        case let .reloaded(file, changedKeys):
            underlying = file
            // The command line's fixed parameters stay as it set them, whatever the file says.
            let taken = changedKeys.filter { fixed[$0] == nil }
            let overruled = changedKeys.filter { fixed[$0] != nil }
            let merged = current.replacing(taken, from: file)
            var list = taken.prefix(3).map { key in
                Feel.parameter(key).map { "\(key) \($0.formatted($0.value(in: file)))" } ?? key
            }.joined(separator: ", ") + (taken.count > 3 ? ", …" : "")
            if !overruled.isEmpty {
                list += (list.isEmpty ? "" : "; ") + overruled.joined(separator: ", ") + " kept as the command line set it"
            }
            let event = taken.isEmpty ? nil : InputEvent(time: time, kind: .feel(json: merged.jsonText(compact: true)))
            return (event, .info("reloaded \(name): \(list)"))
        case .recovered:
            return (nil, .clear)
        case let .failed(message):
            warn("photozoom: \(message) (keeping the last good parameters)")
            return (nil, .error(message + " (keeping the last good parameters)"))
        }
    }

    /// Saves `feel` atomically to the feel file (a fresh `feel.json` in the current folder when the
    /// parameters came from a preset) and watches it from then on. A fixed parameter still at the
    /// command line's value is saved with its value beneath that layer; one changed in the panel
    /// since is saved as changed.
    public func save(_ tuned: Feel) -> Notice {
        let untouched = fixed.keys.sorted().filter { Feel.parameter($0)?.value(in: tuned) == fixed[$0] }
        let feel = tuned.replacing(untouched, from: underlying)
        let target = path ?? FeelFile.freshPath(in: saveFolder)
        do {
            try FeelFile.save(feel, to: target)
        } catch {
            warn("photozoom: \(error.message)")
            return .error(error.message)
        }
        if let watcher, watcher.path == target {
            watcher.adoptOwnWrite(feel)
        } else {
            path = target
            watcher = FeelFileWatcher(path: target, loaded: feel)
        }
        underlying = feel
        let changed = feel.differences(from: .defaults).count
        return .info("saved \(target) (\(changed) of \(Feel.parameters.count) differ from the defaults)")
    }
}
