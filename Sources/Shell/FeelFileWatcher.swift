import Foundation
import Viewer

/// Notices when the feel file changes on disk and reads it again: live reload.
///
/// `poll()` is called once per frame and costs one `stat` (no read) while nothing changes. A change
/// of modification time, size or inode (editors that save by rename) is read once the file has
/// looked the same for two polls in a row, so a save in progress is not read half-written; a change
/// is therefore picked up within two frames.
public final class FeelFileWatcher {
    /// What a poll found.
    public enum Change: Equatable, Sendable {
        /// The file holds a new valid set. `changedKeys` are the parameters it changed relative to
        /// the last good file, the ones a running session takes (`LiveFeelFile.poll`).
        case reloaded(Feel, changedKeys: [String])
        /// The file was edited back to valid parameters equal to the last good ones (clears an error).
        case recovered
        /// The file cannot be used; the message names the file, line, key and range. Reported once
        /// per change of the file.
        case failed(String)
    }

    /// What `stat` says about the file; equal signatures mean "not changed".
    struct Signature: Equatable {
        var device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0
        var modifiedSeconds: Int = 0, modifiedNanoseconds: Int = 0
        var missing = false
    }

    public let path: String
    /// The last valid parameters read from the file.
    public private(set) var lastGood: Feel
    /// True while the file's current content is invalid.
    public private(set) var isFailing = false
    private var signature: Signature
    private var pending: Signature?

    /// Watches `path`, whose current content was read as `loaded`.
    public init(path: String, loaded: Feel) {
        self.path = path
        self.lastGood = loaded
        self.signature = Self.signature(of: path)
    }

    /// Checks the file; returns what changed since the last poll, or nil.
    public func poll() -> Change? {
        let current = Self.signature(of: path)
        if current == signature { pending = nil; return nil }
        if pending != current { pending = current; return nil }
        pending = nil
        signature = current
        do {
            let feel = try FeelFile.read(path: path).feel
            let changed = feel.differences(from: lastGood)
            lastGood = feel
            let wasFailing = isFailing
            isFailing = false
            if changed.isEmpty { return wasFailing ? .recovered : nil }
            return .reloaded(feel, changedKeys: changed)
        } catch {
            isFailing = true
            return .failed(error.message)
        }
    }

    /// After the app itself saved `feel` to the file: adopt it without reporting a change.
    public func adoptOwnWrite(_ feel: Feel) {
        lastGood = feel
        isFailing = false
        signature = Self.signature(of: path)
        pending = nil
    }

    static func signature(of path: String) -> Signature {
        var st = stat()
        guard stat(path, &st) == 0 else { return Signature(missing: true) }
        return Signature(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                         modifiedSeconds: Int(st.st_mtim.tv_sec), modifiedNanoseconds: Int(st.st_mtim.tv_nsec))
    }
}
