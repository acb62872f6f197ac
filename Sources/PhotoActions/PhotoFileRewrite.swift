import PhotoFiles
import Viewing
import ImageFormats
import Decoding
import PhotoLoading
import Foundation
import CFileAttributes
import Diagnostics
import Events
#if canImport(Glibc)
import Glibc
#endif

/// Writes new bytes over a photo's file the way a rotation is kept: no backup, never half a file.
///
/// The bytes go to a temporary file in the photo's own folder (`.NAME.photozoom-PID`, the same
/// file system, so the rename is atomic), which takes the photo's permission bits and, where the
/// user may, its owner and group; it is synced to the disk, given the photo's access and
/// modification times, and renamed over the photo, and the folder is synced. A reader (or a
/// crash) sees the old photo or the new one, never a mixture; any failure leaves the photo as it
/// was and removes the temporary file.
///
/// The modification time is kept on purpose: turning a photo changes how it is shown, not what
/// it shows, so a folder sorted by date modified keeps its order, and "recent" views do not call
/// an old photo new. The status-change time moves (it is the new file's), which is what
/// PhotoZoom's thumbnail caches check besides the modification time (`FileIdentity`), so they
/// never show the old orientation; other programs' thumbnails of the photo, which check only the
/// modification time, are removed (`FreedesktopThumbnailCache.removeEntries`). The price, said in
/// docs/photos.md: a backup tool that compares only size and modification time (rsync's default)
/// does not see an in-place tag change.
///
/// A symbolic link is followed: the file it points to is replaced and the link stays. A
/// read-only photo is not replaced (the folder's permission would allow the rename, but the user
/// said the file must not change). Nor is a photo with a second name (a hard link): the rename
/// would give this name the turned photo and leave the other with the old bytes, two files where
/// the user had one. Its extended attributes (tags and comments other programs keep in `user.*`,
/// an access list) go to the new file with it, and its owner and group: a turn that cannot keep
/// them all does not happen (issue 43).
enum PhotoFileRewrite {
    /// A photo's file as read for rewriting.
    struct Original {
        var bytes: [UInt8]
        /// The version read (nil: it changed while it was read).
        var identity: FileIdentity?
        /// Its access and modification times before it was read (reading it moves the access time).
        var times: [timespec]
    }

    /// The bytes of the regular file at `path`, its identity as read and its times before.
    static func read(_ path: String) throws(CommandLineError) -> Original {
        guard let st = FileSystemPath.status(path) else { throw CommandLineError("\(displayed(path)): \(String(cString: strerror(errno)))") }
        let file: PhotoFile
        do { file = try PhotoFile(path: path) } catch { throw CommandLineError("\(displayed(path)): \(error.message)") }
        let (result, identity) = FileIdentity.around(path) { Result { () throws(ImageProblem) in try file.readAll() } }
        switch result {
        case let .success(bytes): return Original(bytes: bytes, identity: identity, times: [st.st_atim, st.st_mtim])
        case let .failure(problem): throw CommandLineError("\(displayed(path)): \(problem.message)")
        }
    }

    /// Replaces the file at `path` with `bytes`, keeping its mode, owner (where allowed), and the
    /// access and modification times `original` read. `original.identity`: the version the bytes
    /// were made from; when the file is no longer that version (another program wrote it
    /// meanwhile, or it changed while read) nothing is replaced.
    /// `changeOwner` gives the new file its owner and group (`fchown`; a test's seam).
    static func replace(_ path: String, with bytes: [UInt8], original: Original,
                        changeOwner: (Int32, uid_t, gid_t) -> Int32 = { fchown($0, $1, $2) }) throws(CommandLineError) {
        func failure(_ reason: String) -> CommandLineError { CommandLineError("cannot write \(displayed(path)): \(reason); it was left as it was") }
        let target = FileSystemPath.resolved(path) ?? path
        guard let st = FileSystemPath.status(target) else { throw failure(String(cString: strerror(errno))) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw failure("it is not a regular file") }
        // No write bit at all is read-only for everyone, root too (whom access() would let through).
        guard st.st_mode & 0o222 != 0 else { throw failure("it is read-only") }
        guard FileSystemPath.withCString(target, { access($0, W_OK) }) == 0 else {
            throw failure(errno == EACCES || errno == EROFS ? "it is read-only" : String(cString: strerror(errno)))
        }
        guard st.st_nlink <= 1 else { throw failure(Self.hardLinkProblem) }
        guard let expected = original.identity, FileIdentity(st) == expected else { throw failure("it changed on disk while it was being turned") }
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = folder + "/." + (target as NSString).lastPathComponent + ".photozoom-\(getpid())"
        let fd = FileSystemPath.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw failure("cannot make a file in its folder (\(String(cString: strerror(errno))))") }
        var problem: String?
        // The new file is the user's until given the photo's owner and group; a photo the user may
        // write but not give back (alice's 0664 photo in a group folder) would change hands, so
        // the turn does not happen (issue 43).
        if changeOwner(fd, st.st_uid, st.st_gid) != 0 {
            problem = "the turned file could not keep its owner and group (uid \(st.st_uid), gid \(st.st_gid)): \(String(cString: strerror(errno)))"
        }
        if problem == nil, fchmod(fd, st.st_mode & 0o7777) != 0 { problem = String(cString: strerror(errno)) }
        if problem == nil { problem = copyExtendedAttributes(from: target, to: fd) }
        var written = 0
        while problem == nil, written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                problem = String(cString: strerror(errno))
            } else {
                written += n
            }
        }
        if problem == nil, fsync(fd) != 0 { problem = String(cString: strerror(errno)) }
        // The times last: nothing written after them moves the modification time again.
        var times = original.times
        if problem == nil, futimens(fd, &times) != 0 { problem = String(cString: strerror(errno)) }
        if close(fd) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        // Still the file that was read (another program may have replaced or removed it during
        // the write and its sync): checked again just before the rename, which is atomic.
        if problem == nil {
            if FileSystemPath.status(target).map(FileIdentity.init) != expected { problem = "it changed on disk while it was being turned" }
        }
        if problem == nil, FileSystemPath.withCStrings(temporary, target, { rename($0, $1) }) != 0 { problem = String(cString: strerror(errno)) }
        if let problem {
            _ = FileSystemPath.withCString(temporary) { unlink($0) }
            throw failure(problem)
        }
        let dir = FileSystemPath.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    static let hardLinkProblem = "it has another name (a hard link), which would keep the old picture"

    /// Copies every extended attribute of the file at `path` onto `fd`; why not, or nil. Every one
    /// must come along, named by its bytes (a name that is not UTF-8 included): the `user.` ones
    /// are the user's tags and comments, the others an access list or a label; one that cannot be
    /// set stops the write, unless the new file holds it already with the same value (a label the
    /// system gives every new file).
    private static func copyExtendedAttributes(from path: String, to fd: Int32) -> String? {
        let size = FileSystemPath.withCString(path) { listxattr($0, nil, 0) }
        guard size > 0 else { return nil }
        var names = [CChar](repeating: 0, count: size)
        let listed = FileSystemPath.withCString(path) { listxattr($0, &names, size) }
        guard listed > 0 else { return nil }
        for raw in names[..<listed].split(separator: 0) {
            let name = Array(raw) + [0]
            func cannotKeep(_ code: Int32) -> String {
                let shown = PrintablePath.escaped(PhotoName.spelling(raw.map { UInt8(bitPattern: $0) }))
                return "cannot keep its attribute \(shown) (\(String(cString: strerror(code))))"
            }
            guard let value = attribute(name, at: path) else {
                if errno == ENODATA { continue }  // removed since it was listed
                return cannotKeep(errno)
            }
            let set = value.withUnsafeBytes { fsetxattr(fd, name, $0.baseAddress, $0.count, 0) }
            if set != 0 {
                let code = errno
                var held = [UInt8](repeating: 0, count: value.count + 1)
                let n = held.withUnsafeMutableBytes { fgetxattr(fd, name, $0.baseAddress, $0.count) }
                guard n == value.count, Array(held[..<n]) == value else { return cannotKeep(code) }
            }
        }
        return nil
    }

    /// The value of the attribute `name` (a C string) of the file at `path`; nil with `errno` when it cannot be read.
    private static func attribute(_ name: [CChar], at path: String) -> [UInt8]? {
        let length = FileSystemPath.withCString(path) { getxattr($0, name, nil, 0) }
        guard length >= 0 else { return nil }
        var value = [UInt8](repeating: 0, count: length)
        let read = value.withUnsafeMutableBytes { buffer in FileSystemPath.withCString(path) { getxattr($0, name, buffer.baseAddress, length) } }
        guard read >= 0 else { return nil }
        return Array(value[..<read])
    }

    /// Why the file at `path` cannot be replaced now (gone, not a regular file, read-only); nil
    /// when it can (as far as can be told before writing).
    static func writeProblem(_ path: String) -> String? {
        guard let st = FileSystemPath.status(path) else { return String(cString: strerror(errno)) }
        guard st.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard st.st_mode & 0o222 != 0 else { return "it is read-only" }
        guard FileSystemPath.withCString(path, { access($0, W_OK) }) == 0 else { return errno == EACCES || errno == EROFS ? "it is read-only" : String(cString: strerror(errno)) }
        guard st.st_nlink <= 1 else { return hardLinkProblem }
        return nil
    }

    /// A path as a message names it: the file's name, escaped (`caf\xE9.jpg`).
    static func displayed(_ path: String) -> String { PrintablePath.escaped((path as NSString).lastPathComponent) }
}
