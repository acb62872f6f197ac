import Foundation
import Gestures
import Viewer

/// The running app's feel file: where the parameters came from (`--feel FILE` or a preset), live
/// reload while the app runs, and saving what was tuned.
///
/// A valid edit of the file becomes a `.feel` input event carrying the full parameter set, so the
/// trace records it and a replay applies it at the same instant. The session takes only the keys
/// the edit changed (`Feel.merging`): values tuned in the panel and not yet saved survive an edit
/// of other keys, and an invalid edit changes nothing at all.
public final class LiveFeelFile {
    /// What the window should show after a poll or a save.
    public enum Notice: Equatable, Sendable {
        case info(String)
        case error(String)
        /// The error shown before no longer holds.
        case clear
    }

    /// The parameters at start-up.
    public let initial: Feel
    /// The file saved to and watched; nil when the parameters came from a preset and nothing was saved yet.
    public private(set) var path: String?
    private var watcher: FeelFileWatcher?
    private let warn: (String) -> Void
    private let saveFolder: String

    /// Resolves `run --feel ARG` (nil: the defaults). A bad file is bad input (exit status 2).
    /// Without a file, the first save goes to a fresh name in `saveFolder`.
    public init(argument: String?, saveFolder: String = FileManager.default.currentDirectoryPath,
                warn: @escaping (String) -> Void = printError) throws(ShellError) {
        self.warn = warn
        self.saveFolder = saveFolder
        guard let argument else {
            initial = .defaults
            return
        }
        switch try FeelFile.resolve(argument) {
        case let .file(path):
            initial = try FeelFile.read(path: path).feel
            self.path = path
            watcher = FeelFileWatcher(path: path, loaded: initial)
        case let .preset(name):
            initial = Feel.preset(named: name) ?? .defaults
        }
    }

    /// Checks the file (one `stat`); on a valid change returns the `.feel` event to feed at `time`,
    /// built over `current` (the parameters in force); errors go to stderr once and to the window.
    public func poll(at time: Double, current: Feel) -> (event: InputEvent?, notice: Notice?) {
        guard let watcher, let change = watcher.poll() else { return (nil, nil) }
        let name = (watcher.path as NSString).lastPathComponent
        switch change {
        case let .reloaded(file, changedKeys):
            let merged = current.replacing(changedKeys, from: file)
            let list = changedKeys.prefix(3).map { key in
                Feel.parameter(key).map { "\(key) \($0.formatted($0.value(in: file)))" } ?? key
            }.joined(separator: ", ") + (changedKeys.count > 3 ? ", …" : "")
            return (InputEvent(time: time, kind: .feel(json: merged.jsonText(compact: true))),
                    .info("reloaded \(name): \(list)"))
        case .recovered:
            return (nil, .clear)
        case let .failed(message):
            warn("photozoom: \(message) (keeping the last good parameters)")
            return (nil, .error(message + " (keeping the last good parameters)"))
        }
    }

    /// Saves `feel` atomically to the feel file (a fresh `feel.json` in the current folder when the
    /// parameters came from a preset) and watches it from then on.
    public func save(_ feel: Feel) -> Notice {
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
        let changed = feel.differences(from: .defaults).count
        return .info("saved \(target) (\(changed) of \(Feel.parameters.count) differ from the defaults)")
    }
}
