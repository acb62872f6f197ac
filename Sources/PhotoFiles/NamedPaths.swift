import Foundation
import Synchronization

/// The photo paths the user named: on the command line, or dropped on the window (`PhotoSelection`).
///
/// A symbolic link among them is followed wherever it leads, since the user chose it; a link met
/// in a listed folder is followed only while it stays in that folder (`PhotoFile.openToHand`,
/// issue 43: a hostile folder or archive holding `zz.jpg -> /proc/self/mem` or `ab.jpg ->
/// ~/.ssh/id_ed25519` must not hand a decoder what the link reaches).
package enum NamedPaths {
    private static let named = Mutex<Set<String>>([])

    /// Records that the user named `path`.
    package static func add(_ path: String) {
        let key = key(path)
        named.withLock { _ = $0.insert(key) }
    }

    /// True when the user named `path` (spelled any way that standardizes to the same path).
    package static func contains(_ path: String) -> Bool {
        let key = key(path)
        return named.withLock { $0.contains(key) }
    }

    private static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
