import Glibc

/// Splits a byte stream into lines, holding no more than the longest line (plus one read's worth),
/// so a trace of any length streams in constant memory.
///
/// A line ends at `\n` (a `\r` before it is dropped). The last line may lack its newline: the caller
/// is told, so it can tell a hand-written last line from one cut off by a crash.
final class LineSplitter {
    /// Reads up to `count` bytes into the pointer; returns 0 at the end, or throws.
    typealias Fill = (UnsafeMutableRawPointer, Int) throws(TraceError) -> Int

    private var storage: UnsafeMutableRawPointer
    private(set) var capacity: Int
    private var start = 0
    private var end = 0
    private var scanFrom = 0
    private var atEnd = false
    private let fill: Fill

    init(initialCapacity: Int = 1 << 16, fill: @escaping Fill) {
        capacity = max(16, initialCapacity)
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        self.fill = fill
    }

    deinit {
        storage.deallocate()
    }

    /// Calls `body` with the next line (without its newline) and whether it ended in a newline;
    /// nil at the end of the stream. The bytes are valid only inside `body`.
    func next<R>(_ body: (UnsafeBufferPointer<UInt8>, Bool) throws(TraceError) -> R) throws(TraceError) -> R? {
        while true {
            if scanFrom < end, let hit = memchr(storage + scanFrom, 0x0A, end - scanFrom) {
                let newline = storage.distance(to: hit)
                var lineEnd = newline
                if lineEnd > start, storage.load(fromByteOffset: lineEnd - 1, as: UInt8.self) == 0x0D { lineEnd -= 1 }
                let line = UnsafeBufferPointer(start: (storage + start).assumingMemoryBound(to: UInt8.self), count: lineEnd - start)
                start = newline + 1
                scanFrom = start
                return try body(line, true)
            }
            scanFrom = end
            if atEnd {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(start: (storage + start).assumingMemoryBound(to: UInt8.self), count: end - start)
                start = end
                return try body(line, false)
            }
            try refill()
        }
    }

    /// Moves the unread bytes to the front, grows the buffer when a line fills it, and reads more.
    private func refill() throws(TraceError) {
        if start > 0 {
            let pending = end - start
            if pending > 0 { memmove(storage, storage + start, pending) }
            scanFrom -= start
            end = pending
            start = 0
        }
        if end == capacity {
            let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
            grown.copyMemory(from: storage, byteCount: end)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        let n = try fill(storage + end, capacity - end)
        if n == 0 { atEnd = true } else { end += n }
    }
}

extension LineSplitter {
    /// Lines of an open file descriptor, read with `read(2)`; `name` is used in messages.
    static func reading(fd: Int32, name: String) -> LineSplitter {
        LineSplitter { (pointer, count) throws(TraceError) in
            while true {
                let n = read(fd, pointer, count)
                if n >= 0 { return n }
                if errno == EINTR { continue }
                throw TraceError(file: name, message: "cannot read: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Lines of bytes in memory.
    static func reading(bytes: [UInt8]) -> LineSplitter {
        var offset = 0
        return LineSplitter { (pointer, count) throws(TraceError) in
            let n = min(count, bytes.count - offset)
            if n > 0 {
                bytes.withUnsafeBytes { raw in pointer.copyMemory(from: raw.baseAddress! + offset, byteCount: n) }
                offset += n
            }
            return n
        }
    }
}
