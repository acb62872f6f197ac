import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which version of a file: its byte count, its modification time (whole seconds, what the shared
/// thumbnail cache records) and its status-change time to the nanosecond, which no program can set
/// back (an edit in place that restores the modification time, as `exiftool -P` does, still moves
/// it). A thumbnail is stored for the version it was decoded from, and read only for that version.
public struct FileIdentity: Equatable, Sendable {
    package var byteCount: Int
    package var modificationTime: Int
    package var changeSeconds: Int
    package var changeNanoseconds: Int

    package init(byteCount: Int, modificationTime: Int, changeSeconds: Int, changeNanoseconds: Int) {
        self.byteCount = byteCount
        self.modificationTime = modificationTime
        self.changeSeconds = changeSeconds
        self.changeNanoseconds = changeNanoseconds
    }

    package init(_ info: stat) {
        self.init(byteCount: Int(info.st_size), modificationTime: Int(info.st_mtim.tv_sec),
                  changeSeconds: Int(info.st_ctim.tv_sec), changeNanoseconds: Int(info.st_ctim.tv_nsec))
    }

    /// The identity of the regular file at `path` now; nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard FileSystemPath.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    /// The identity of the file at `path` around `work`: nil when it changed meanwhile (the work
    /// may have read either version, so its result belongs to neither).
    package static func around<T>(_ path: String, _ work: () -> T) -> (T, FileIdentity?) {
        let before = FileIdentity(path: path)
        let result = work()
        let after = FileIdentity(path: path)
        return (result, before != nil && before == after ? before : nil)
    }
}
