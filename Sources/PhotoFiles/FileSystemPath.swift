import Foundation
import Viewer
#if canImport(Glibc)
import Glibc
#endif

/// The file system's side of `PhotoName`: paths spelled the reversible way PhotoZoom spells names
/// that are not UTF-8, turned back into their bytes for the system calls that take them, and
/// folders listed with their names' real bytes (Foundation's listing replaces such bytes with U+FFFD,
/// which names no file).
package enum FileSystemPath {
    /// Calls `body` with the bytes of `path` as a C string.
    package static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard path.unicodeScalars.contains(where: PhotoName.isRawByte) else { return try path.withCString(body) }
        let bytes = PhotoName.bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `lstat(2)` of `path` (a symbolic link itself, not what it points to); nil when there is nothing there.
    package static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        return withCString(path) { lstat($0, &info) } == 0 ? info : nil
    }

    /// `stat(2)` of `path` (following links); nil when it cannot be reached.
    package static func status(_ path: String) -> stat? {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0 ? info : nil
    }

    /// True when `path` is a folder (following links).
    package static func isFolder(_ path: String) -> Bool {
        status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    /// The names in folder `path` (not `.` and `..`), spelled from their bytes; nil when it cannot be read.
    package static func names(in path: String) -> [String]? {
        guard let dir = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PhotoName.spelling(raw.prefix { $0 != 0 })
            }
            if name != ".", name != ".." { out.append(name) }
        }
        return out
    }

    /// The absolute path with every link resolved (`realpath(3)`); nil when it cannot be resolved.
    static func resolved(_ path: String) -> String? {
        guard let real = withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return PhotoName.spelling(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self), count: strlen(real)))
    }
}
