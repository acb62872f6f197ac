import Foundation
import Viewing
import FeelModel
import JSON

/// Notices when the feel file changes on disk and reads it again: live reload.
///
/// `poll()` is called once per frame and costs one `stat` (no read) while nothing changes. A change
/// of modification time, size or inode (editors that save by rename) is read once the file has
/// looked the same for two polls in a row, so a save in progress is not read half-written; a change
/// is therefore picked up within two frames. A file over `FeelFile.sizeLimit` is refused unread.
///
/// The watcher also remembers the bytes the app last read from the file or wrote to it, so a save
/// can tell whether the file on disk still holds them (`holdsLastKnownContent()`).
package final class FeelFileWatcher {
    /// What a poll found.
    package enum Change: Equatable, Sendable {
        /// The file holds valid parameters, `feel`, read from its JSON object `layer`: new ones, or
        /// the last good ones again after an invalid edit (which clears its error).
        case reloaded(Feel, layer: JSONObject)
        /// The file cannot be used; the message names the file, line, key and range. Reported once
        /// per change of the file.
        case failed(String)
    }

    /// What `stat` says about the file; equal signatures mean "not changed".
    package struct Signature: Equatable {
        package var device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0
        var modifiedSeconds: Int = 0, modifiedNanoseconds: Int = 0
        var missing = false
    }

    package let path: String
    /// The last valid parameters read from the file.
    package private(set) var lastGood: Feel
    /// True while the file's current content is invalid.
    package private(set) var isFailing = false
    /// The bytes last read from the file with valid parameters, or last written by the app.
    private var lastKnownBytes: [UInt8]
    private var signature: Signature
    private var pending: Signature?

    /// Watches `path`, whose current content, `bytes`, was read as `loaded`.
    package init(path: String, loaded: Feel, bytes: [UInt8]) {
        self.path = path
        self.lastGood = loaded
        self.lastKnownBytes = bytes
        self.signature = Self.signature(of: path)
    }

    /// True when the last poll saw a change it waits to see again before reading the file.
    package var isWaitingToRead: Bool { pending != nil }

    /// Checks the file; returns what changed since the last poll, or nil.
    package func poll() -> Change? {
        let current = Self.signature(of: path)
        if current == signature { pending = nil; return nil }
        if pending != current { pending = current; return nil }
        pending = nil
        signature = current
        do {
            let (feel, layer, bytes) = try FeelFile.read(path: path)
            let unchanged = feel == lastGood
            lastGood = feel
            lastKnownBytes = bytes
            let wasFailing = isFailing
            isFailing = false
            if unchanged && !wasFailing { return nil }
            return .reloaded(feel, layer: layer)
        } catch {
            isFailing = true
            return .failed(error.message)
        }
    }

    /// True when the file on disk holds what the app last read from it or wrote to it (or is
    /// gone, so nothing in it can be lost): a save may replace it.
    package func holdsLastKnownContent() -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return true }
        guard let bytes = try? FeelFile.bytes(path: path) else { return false }
        return bytes == lastKnownBytes
    }

    /// After the app itself wrote `bytes` (the parameters `feel`) to the file: adopt them without
    /// reporting a change.
    package func adoptOwnWrite(_ feel: Feel, bytes: [UInt8]) {
        lastGood = feel
        lastKnownBytes = bytes
        isFailing = false
        signature = Self.signature(of: path)
        pending = nil
    }

    package static func signature(of path: String) -> Signature {
        var st = stat()
        guard stat(path, &st) == 0 else { return Signature(missing: true) }
        return Signature(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                         modifiedSeconds: Int(st.st_mtim.tv_sec), modifiedNanoseconds: Int(st.st_mtim.tv_nsec))
    }
}
