import Glibc

/// Lines written to a file descriptor with `write(2)`.
///
/// With `flushesEachLine` every line goes out in one `write(2)` as it is given, with no buffer in
/// this process, so a `kill -9` loses at most the line in flight (what `run --record` and
/// `run --states` need). Without it, lines collect in a 64 KiB buffer (what a fast replay needs).
public final class FileLineSink: LineSink {
    /// The name used in messages.
    public let path: String
    public let flushesEachLine: Bool
    private let fd: Int32
    private var ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private static let bufferLimit = 1 << 16

    /// Creates (or, with `replacing`, truncates) `path`; `-` is standard output. Throws exit status
    /// 2 when the file cannot be created (a bad path is a bad argument); without `replacing`, an
    /// existing file is refused too (`open(2)`'s `O_EXCL`: no race with another writer).
    public init(path: String, flushesEachLine: Bool, replacing: Bool = true) throws(TraceError) {
        self.path = path
        self.flushesEachLine = flushesEachLine
        if path == "-" {
            fd = 1
            ownsDescriptor = false
        } else {
            let opened = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL), 0o644)
            guard opened >= 0 else {
                throw TraceError(file: path, message: "cannot create: \(String(cString: strerror(errno)))")
            }
            fd = opened
            ownsDescriptor = true
        }
        if !flushesEachLine { buffer.reserveCapacity(Self.bufferLimit + 4096) }
    }

    deinit {
        try? flush()
        if ownsDescriptor { _ = Glibc.close(fd) }
    }

    public func write(line: String) throws(TraceError) {
        if flushesEachLine {
            var bytes = Array(line.utf8)
            bytes.append(0x0A)
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: line.utf8)
            buffer.append(0x0A)
            if buffer.count >= Self.bufferLimit { try flush() }
        }
    }

    public func flush() throws(TraceError) {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        try writeAll(pending)
    }

    /// Flushes and closes the file; later writes fail.
    public func close() throws(TraceError) {
        try flush()
        guard ownsDescriptor else { return }
        ownsDescriptor = false
        if Glibc.close(fd) != 0 {
            throw TraceError(file: path, message: "cannot write: \(String(cString: strerror(errno)))", exitStatus: 1)
        }
    }

    private func writeAll(_ bytes: [UInt8]) throws(TraceError) {
        var offset = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure != 0 {
            throw TraceError(file: path, message: "cannot write: \(String(cString: strerror(failure)))", exitStatus: 1)
        }
    }
}
