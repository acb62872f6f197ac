import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The text of a log file of any length (issue 33: `plot` refused state logs over 1 MB, about two
/// minutes of session, with the feel-file reader's "too large for a feel file"). A regular file
/// only (a FIFO or a device is refused without blocking); read in 1 MiB chunks; UTF-8.
enum LogFileText {
    static func read(path: String) throws(ShellError) -> String {
        let shown = PrintablePath.escaped(path)
        let fd = FileSystemPath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else {
            throw ShellError.badInput("\(shown): " + (errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw ShellError.badInput("\(shown): not a regular file") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw ShellError.badInput("\(shown): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ShellError.badInput("\(shown): not UTF-8 text") }
        return text
    }
}
