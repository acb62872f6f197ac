import Foundation
import PhotoFiles
#if canImport(Glibc)
import Glibc
#endif

/// An open photo file, read with `pread` through a small block cache: the header parsers read a
/// few hundred bytes from a file of megabytes, so only the blocks they touch are read.
///
/// Opening never blocks (a named pipe with a photo's name is refused, not waited on) and maps the
/// system's refusals to `ImageProblem`s a person can act on.
package final class PhotoFile: ByteSource {
    /// Bytes per cached block. 16 KiB covers a JPEG's markers and a typical EXIF block in one read.
    static let blockSize = 16 * 1024

    package let path: String
    package let count: Int
    /// Last modification, whole seconds since 1970 (what the thumbnail cache records).
    package let modificationTime: Int
    /// Which version of the file was opened.
    package let identity: FileIdentity
    private let descriptor: Int32
    private var blocks: [Int: [UInt8]] = [:]
    /// The cached blocks' indices, oldest first.
    private var blockOrder: [Int] = []
    /// Blocks kept at once (issue 33): a header walk through a 1 GiB GIF's sub-blocks reads every
    /// block once, in order, so the newest few are all it needs; 16 × 16 KiB = 256 KiB at most.
    static let blockLimit = 16
    /// Bytes held in the block cache now.
    var cachedBytes: Int { blocks.values.reduce(0) { $0 + $1.count } }

    /// Opens `path` for reading; throws an `ImageProblem` for a missing, unreadable or non-regular file.
    package convenience init(path: String) throws(ImageProblem) {
        let fd = FileSystemPath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw Self.problem(errno: errno, path: path) }
        try self.init(owning: fd, path: path)
    }

    /// The file open on `descriptor` (a decoder helper's photo, opened by the app and handed over),
    /// named `path`; a copy of the descriptor is kept, the caller's stays the caller's. Throws as
    /// `init(path:)` does for a file that is not a regular one.
    package convenience init(descriptor: Int32, path: String) throws(ImageProblem) {
        let fd = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard fd >= 0 else { throw Self.problem(errno: errno, path: path) }
        try self.init(owning: fd, path: path)
    }

    private init(owning fd: Int32, path: String) throws(ImageProblem) {
        self.path = path
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let e = errno
            close(fd)
            throw Self.problem(errno: e, path: path)
        }
        if let problem = Self.problem(mode: info.st_mode) {
            close(fd)
            throw problem
        }
        descriptor = fd
        count = Int(info.st_size)
        modificationTime = Int(info.st_mtim.tv_sec)
        identity = FileIdentity(info)
    }

    deinit { close(descriptor) }

    /// The open descriptor, to hand to a decoder helper (it stays this file's).
    package var descriptorToHand: Int32 { descriptor }

    /// The whole file (what the decoders need: run them in a helper, whose address space is
    /// limited, or check `count` first).
    package func readAll() throws(ImageProblem) -> [UInt8] {
        try bytes(at: 0, count: count, cached: false)
    }

    package func bytes(at offset: Int, count wanted: Int) throws(ImageProblem) -> [UInt8] {
        try bytes(at: offset, count: wanted, cached: true)
    }

    private func bytes(at offset: Int, count wanted: Int, cached: Bool) throws(ImageProblem) -> [UInt8] {
        let end = min(count, offset + max(0, wanted))
        guard offset >= 0, offset < end else { return [] }
        if cached, offset / Self.blockSize == (end - 1) / Self.blockSize {
            let index = offset / Self.blockSize
            let block = try self.block(index)
            let start = offset - index * Self.blockSize
            return Array(block[start..<min(block.count, start + end - offset)])
        }
        return try read(from: offset, count: end - offset)
    }

    private func block(_ index: Int) throws(ImageProblem) -> [UInt8] {
        if let b = blocks[index] { return b }
        let b = try read(from: index * Self.blockSize, count: min(Self.blockSize, count - index * Self.blockSize))
        if blockOrder.count >= Self.blockLimit { blocks[blockOrder.removeFirst()] = nil }
        blocks[index] = b
        blockOrder.append(index)
        return b
    }

    private func read(from offset: Int, count n: Int) throws(ImageProblem) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: n)
        var done = 0
        while done < n {
            let got = out.withUnsafeMutableBytes { buf in
                pread(descriptor, buf.baseAddress! + done, n - done, off_t(offset + done))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw Self.problem(errno: errno, path: path)
            }
            if got == 0 { break } // the file shrank since it was opened
            done += got
        }
        if done < n { out.removeLast(n - done) }
        return out
    }

    /// Opens `path` for a decoder helper, in the app (issue 33: the helper opens nothing itself),
    /// and hands over only a photo's file (issue 43; `PhotoFile+Handing`): what is not a regular
    /// file is refused before it is opened (no device is opened by the app), with the problem
    /// opening it would give; what was opened is refused when a link led out of its folder (unless
    /// the user named it), when it lies on none of the disks' file systems, or when its first bytes
    /// are no image's.
    package static func openToHand(_ path: String) throws(ImageProblem) -> PhotoFile {
        var info = stat()
        if FileSystemPath.withCString(path, { stat($0, &info) }) == 0, let problem = problem(mode: info.st_mode) { throw problem }
        let file = try PhotoFile(path: path)
        if let problem = file.handingProblem() { throw problem }
        return file
    }

    /// The problem with a file of mode `mode` (`st_mode`): nil for a regular file.
    package static func problem(mode: mode_t) -> ImageProblem? {
        let kind = mode & S_IFMT
        guard kind != S_IFREG else { return nil }
        return .notAFile(kind == S_IFDIR ? "a folder" : kind == S_IFIFO ? "a named pipe" : kind == S_IFSOCK ? "a socket" : "a device")
    }

    /// The problem for a failed open or read, with the cause in words.
    package static func problem(errno code: Int32, path: String) -> ImageProblem {
        switch code {
        case ELOOP: return .unreadable("symbolic link loop")
        case ENOENT: return .unreadable(FileSystemPath.linkStatus(path).map { $0.st_mode & S_IFMT == S_IFLNK } == true
                                        ? "dangling symbolic link" : "no such file")
        case EACCES, EPERM: return .unreadable("permission denied")
        case EISDIR: return .notAFile("a folder")
        case EIO: return .unreadable("input/output error")
        default: return .unreadable(String(cString: strerror(code)))
        }
    }
}
