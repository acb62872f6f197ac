import CFileSystem
import Foundation
import Events
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

    /// Calls `body` with the bytes of `a` and of `b` as C strings (a rename's two paths).
    package static func withCStrings<R>(_ a: String, _ b: String,
                                         _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try withCString(a) { pa in try withCString(b) { pb in try body(pa, pb) } }
    }

    /// Renames `from` to `to` unless something is at `to`: never replaces (issue 43: the trash
    /// and Ctrl+Z must not lose a file written at the name meanwhile). `renameat2(2)` with
    /// `RENAME_NOREPLACE`; on a file system that cannot refuse so (EINVAL), a hard link then the
    /// old name's removal, which refuses a taken name as well. 0, or -1 with `errno` (EEXIST: the
    /// name is taken).
    package static func renameWithoutReplacing(_ from: String, _ to: String) -> Int32 {
        withCStrings(from, to) { a, b in
            if pz_rename_noreplace(a, b) == 0 { return 0 }
            guard errno == EINVAL || errno == ENOSYS else { return -1 }
            guard link(a, b) == 0 else { return -1 }
            return unlink(a)
        }
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
    package static func resolved(_ path: String) -> String? {
        guard let real = withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return PhotoName.spelling(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self), count: strlen(real)))
    }

    /// The path the kernel gives the file open on `descriptor` (`/proc/self/fd/N`), spelled the
    /// `PhotoName` way; nil where /proc cannot tell.
    package static func openedPath(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBytes { raw in
            readlink("/proc/self/fd/\(descriptor)", raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count - 1)
        }
        guard n > 0, buffer[0] == UInt8(ascii: "/") else { return nil }
        return PhotoName.spelling(buffer[..<n])
    }

    /// The name of the kernel's own file system (procfs, sysfs, …) that holds the file open on
    /// `descriptor`; nil for any other (a disk's, tmpfs, a network's) or when it cannot be told.
    package static func kernelFileSystem(of descriptor: Int32) -> String? {
        kernelFileSystems[pz_file_system_type(descriptor)]
    }

    /// The kernel's own file systems (`statfs(2)`'s `f_type`, linux/magic.h), by name: none holds a photo.
    static let kernelFileSystems: [Int: String] = [
        0x9FA0: "procfs", 0x6265_6572: "sysfs", 0x6462_6720: "debugfs", 0x7472_6163: "tracefs",
        0x7363_6673: "securityfs", 0x0027_E0EB: "cgroup", 0x6367_7270: "cgroup2", 0xCAFE_4A11: "bpf",
        0x6265_6570: "configfs", 0x6165_676C: "pstore", 0xDE5E_81E4: "efivarfs", 0x1CD1: "devpts",
        0x4249_4E4D: "binfmt_misc", 0x6E73_6673: "nsfs", 0xF97C_FF8C: "selinuxfs", 0x4341_5D53: "smackfs",
        0x6573_5543: "fusectl", 0x0904_1934: "anonymous inodes", 0x5049_5045: "pipes", 0x534F_434B: "sockets",
        0x9584_58F6: "hugetlbfs",
    ]
}
