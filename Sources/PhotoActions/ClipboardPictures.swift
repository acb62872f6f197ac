import Foundation
import PhotoFiles

/// The last picture the clipboard offered, kept so a second Ctrl+C on the same photo (a person
/// who is not sure the first one took) offers it again instead of decoding the photo at its full
/// size once more: the same file, unchanged on disk (its `FileIdentity`), turned the same way.
/// Pictures are made one at a time in the order of the presses, so a press that comes while the
/// first is still being made waits for it and then finds it here.
final class ClipboardPictures: @unchecked Sendable {
    private struct Made {
        var path: String
        var identity: FileIdentity
        var quarterTurns: Int
        var png: [UInt8]
    }

    private let lock = NSLock()
    private var last: Made?
    /// How many pictures were made, not found (for tests).
    package private(set) var madeCount = 0

    /// The PNG of the photo at `path` turned `quarterTurns` × 90° clockwise: the last one made
    /// when it is the same file, unchanged, and the same turn; otherwise `make()`'s, kept when
    /// the file did not change while it was made and there is a picture (empty: none).
    func picture(path: String, quarterTurns: Int, make: () -> [UInt8]) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        let turns = (quarterTurns % 4 + 4) % 4
        if let last, last.path == path, last.quarterTurns == turns, let now = FileIdentity(path: path), now == last.identity {
            return last.png
        }
        madeCount += 1
        let (png, identity) = FileIdentity.around(path, make)
        if let identity, !png.isEmpty {
            last = Made(path: path, identity: identity, quarterTurns: turns, png: png)
        }
        return png
    }
}
