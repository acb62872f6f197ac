import Foundation
import PhotoFiles
import Diagnostics
#if canImport(Glibc)
import Glibc
#endif

/// The lines of a log, one at a time, from a file of any length or from text (issue 33: `plot`
/// refused state logs over 1 MB, about two minutes of session, with the feel-file reader's "too
/// large for a feel file"). A file is read in 1 MiB chunks and never held whole; it must be a
/// regular file (a FIFO or a device is refused without blocking), and each line UTF-8.
package struct LogLines {
    private enum Source {
        case file(Int32)
        case text
    }
    private let source: Source
    private let shownPath: String
    private var buffer: [UInt8]
    private var start = 0
    private var ended = false
    private var number = 0

    /// The lines of `text`.
    package init(text: String) {
        source = .text
        shownPath = ""
        buffer = Array(text.utf8)
        ended = true
    }

    /// The lines of the file at `path`; a bad-input error naming it when it cannot be read.
    package init(path: String) throws(CommandLineError) {
        shownPath = PrintablePath.escaped(path)
        let fd = FileSystemPath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else {
            throw CommandLineError.badInput("\(shownPath): " + (errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw CommandLineError.badInput("\(shownPath): not a regular file")
        }
        source = .file(fd)
        buffer = []
    }

    /// Closes the file (the lines not read are left).
    package func close() { if case let .file(fd) = source { Glibc.close(fd) } }

    /// The next line without its newline, and whether a newline ended it (only a last line cut off
    /// mid-way has none); nil after the last.
    package mutating func next() throws(CommandLineError) -> (line: String, terminated: Bool)? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return (try line(buffer[start..<newline]), true)
            }
            if ended {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return (try line(buffer[start...]), false)
            }
            try refill()
        }
    }

    private mutating func line(_ bytes: ArraySlice<UInt8>) throws(CommandLineError) -> String {
        number += 1
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandLineError.badInput("\(shownPath):\(number): not UTF-8 text")
        }
        return text
    }

    /// Drops the lines handed out and reads the next chunk.
    private mutating func refill() throws(CommandLineError) {
        guard case let .file(fd) = source else { ended = true; return }
        buffer.removeFirst(start)
        start = 0
        let old = buffer.count
        buffer += [UInt8](repeating: 0, count: 1 << 20)
        var n = 0
        repeat { n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + old, 1 << 20) } } while n < 0 && errno == EINTR
        guard n >= 0 else { throw CommandLineError.badInput("\(shownPath): \(String(cString: strerror(errno)))") }
        buffer.removeLast((1 << 20) - n)
        if n == 0 { ended = true }
    }
}
