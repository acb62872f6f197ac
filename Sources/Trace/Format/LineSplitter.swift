import Glibc

/// Splits a byte stream into lines, holding no more than the longest line (plus one read's worth),
/// so a trace of any length streams in constant memory.
///
/// A line ends at `\n` (a `\r` before it is dropped). The last line may lack its newline: the caller
/// is told, so it can tell a hand-written last line from one cut off by a crash. A line longer than
/// `maxLineBytes` is an error as soon as that many bytes have come without a newline, so an endless
/// stream without one (`/dev/zero`) stops at once instead of filling memory.
final class LineSplitter {
    /// The longest line taken: 1 MiB, a thousand times a trace header with a hundred photos.
    static let defaultMaxLineBytes = 1 << 20

    /// Reads up to `count` bytes into the pointer; returns 0 at the end, or throws.
    typealias Fill = (UnsafeMutableRawPointer, Int) throws(TraceError) -> Int

    private var storage: UnsafeMutableRawPointer
    private(set) var capacity: Int
    private var start = 0
    private var end = 0
    private var scanFrom = 0
    private var atEnd = false
    private let fill: Fill
    private let maxLineBytes: Int
    /// The stream's name in messages.
    private let name: String
    /// Lines handed out so far.
    private var linesRead = 0
    /// Bytes of the stream handed out so far as lines, newlines included (where the next line starts).
    private(set) var consumed = 0

    init(name: String, initialCapacity: Int = 1 << 16, maxLineBytes: Int = defaultMaxLineBytes,
         startingAt offset: Int = 0, linesBefore: Int = 0, fill: @escaping Fill) {
        self.name = name
        consumed = offset
        linesRead = linesBefore
        self.maxLineBytes = max(1, maxLineBytes)
        capacity = max(16, min(initialCapacity, maxLineBytes + 1))
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
                consumed += newline + 1 - start
                start = newline + 1
                scanFrom = start
                try checkLength(line.count)
                linesRead += 1
                return try body(line, true)
            }
            scanFrom = end
            if atEnd {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(start: (storage + start).assumingMemoryBound(to: UInt8.self), count: end - start)
                consumed += end - start
                start = end
                try checkLength(line.count)
                linesRead += 1
                return try body(line, false)
            }
            try checkLength(end - start)
            try refill()
        }
    }

    /// Throws when `length` bytes of one line exceed the limit.
    private func checkLength(_ length: Int) throws(TraceError) {
        guard length > maxLineBytes else { return }
        throw TraceError(file: name, line: linesRead + 1,
                         message: "the line is longer than \(maxLineBytes) bytes (the limit for one event or header); is this a trace?")
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
        LineSplitter(name: name) { (pointer, count) throws(TraceError) in
            while true {
                let n = read(fd, pointer, count)
                if n >= 0 { return n }
                if errno == EINTR { continue }
                throw TraceError(file: name, message: "cannot read: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Lines of an open file from byte `offset` on (after `linesBefore` lines), read with `pread(2)`
    /// so the descriptor's own position is never used; the descriptor stays the caller's.
    static func reading(fd: Int32, from offset: Int, linesBefore: Int, name: String) -> LineSplitter {
        var position = offset
        return LineSplitter(name: name, initialCapacity: 1 << 14, startingAt: offset, linesBefore: linesBefore) { (pointer, count) throws(TraceError) in
            while true {
                let n = pread(fd, pointer, count, off_t(position))
                if n >= 0 { position += n; return n }
                if errno == EINTR { continue }
                throw TraceError(file: name, message: "cannot read: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Lines of bytes in memory.
    static func reading(bytes: [UInt8], name: String) -> LineSplitter {
        var offset = 0
        return LineSplitter(name: name) { (pointer, count) throws(TraceError) in
            let n = min(count, bytes.count - offset)
            if n > 0 {
                bytes.withUnsafeBytes { raw in pointer.copyMemory(from: raw.baseAddress! + offset, byteCount: n) }
                offset += n
            }
            return n
        }
    }
}
