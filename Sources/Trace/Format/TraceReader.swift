import Glibc
import Gestures
import Viewing
import Events
import JSON

/// Reads a gesture trace line by line: the header at once, then one event per `next()`.
///
/// Memory stays constant however long the trace (see `LineSplitter`). What it does with bad input:
/// - a malformed line, or a time earlier than the line before it: throws a `TraceError` naming the
///   line and the field (exit status 2);
/// - an event of an unknown `type`: skipped, with one warning for each type;
/// - a last line cut off mid-way (no newline, and its JSON ends early): a warning, and the trace
///   ends at the last whole line;
/// - blank lines are skipped; a `\r` before the newline is dropped.
public final class TraceReader {
    /// The trace's name in messages (the path as given).
    public let name: String
    public let header: TraceHeader
    /// The line last read, 1-based.
    public private(set) var lineNumber = 0
    /// The time of the last event read, seconds.
    public private(set) var lastTime = 0.0
    /// How many lines of unknown types were skipped.
    public private(set) var skippedCount = 0
    /// True once a cut-off last line was met.
    public private(set) var endedCutOff = false

    private let lines: LineSplitter
    private let descriptor: Int32?
    private let warn: (String) -> Void
    private var warnedTypes: Set<String> = []
    private var lastTimeLine = 0

    /// Opens `path` (`-` reads standard input) and reads its header.
    public convenience init(path: String, warn: @escaping (String) -> Void) throws(TraceError) {
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let reason = errno == ENOENT ? "no such file" : "cannot open: \(String(cString: strerror(errno)))"
                throw TraceError(file: path, message: reason)
            }
        }
        do throws(TraceError) {
            try self.init(name: path, lines: .reading(fd: fd, name: path), descriptor: path == "-" ? nil : fd, warn: warn)
        } catch {
            if path != "-" { close(fd) }
            throw error
        }
    }

    /// Reads a trace held in memory.
    public convenience init(text: String, name: String, warn: @escaping (String) -> Void) throws(TraceError) {
        try self.init(name: name, lines: .reading(bytes: Array(text.utf8), name: name), descriptor: nil, warn: warn)
    }

    /// Reads on in a trace already read once, from a place an earlier reader of it stood at
    /// (`offset`, `lineNumber` and `lastTime` as that reader had them after some event): the same
    /// events follow, with the same lines and the same checks. The descriptor stays the caller's.
    public init(resuming name: String, header: TraceHeader, descriptor fd: Int32, offset: Int, lineNumber: Int,
                lastTime: Double, warn: @escaping (String) -> Void) {
        self.name = name
        self.header = header
        lines = .reading(fd: fd, from: offset, linesBefore: lineNumber, name: name)
        descriptor = nil
        self.warn = warn
        self.lineNumber = lineNumber
        self.lastTime = lastTime
        lastTimeLine = lineNumber
    }

    private init(name: String, lines: LineSplitter, descriptor: Int32?, warn: @escaping (String) -> Void) throws(TraceError) {
        self.name = name
        self.lines = lines
        self.descriptor = descriptor
        self.warn = warn
        var found: TraceHeader?
        var number = 0
        while found == nil {
            let result: TraceHeader?? = try lines.next { (bytes, terminated) throws(TraceError) -> TraceHeader? in
                number += 1
                if Self.isBlank(bytes) { return nil }
                let value: JSONValue
                do throws(JSONSyntaxError) {
                    value = try JSONReader.parse(bytes)
                } catch {
                    let cut = !terminated && error.endedEarly ? "the header line is cut off: " : ""
                    throw TraceError(file: name, line: number, field: error.field, message: "\(cut)\(error.message) (column \(error.column))")
                }
                guard case let .object(o) = value else {
                    throw TraceError(file: name, line: number, message: "expected the trace header {\"trace\":\"photozoom\",…}, found \(value.kindDescription)")
                }
                do throws(FieldError) {
                    return try TraceHeader(o)
                } catch {
                    throw TraceError(file: name, line: number, error)
                }
            }
            guard let line = result else {
                throw TraceError(file: name, message: "empty: expected the trace header {\"trace\":\"photozoom\",…} on line 1")
            }
            found = line
        }
        header = found!
        lineNumber = number
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// The next event, or nil at the end of the trace.
    public func next() throws(TraceError) -> InputEvent? {
        while true {
            let step: Step? = try lines.next { (bytes, terminated) throws(TraceError) -> Step in
                lineNumber += 1
                return try decode(bytes, terminated: terminated)
            }
            switch step {
            case nil: return nil
            case let .event(event)?: return event
            case .skip?: continue
            case .end?: return nil
            }
        }
    }

    private enum Step {
        case event(InputEvent)
        case skip
        case end
    }

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, terminated: Bool) throws(TraceError) -> Step {
        if Self.isBlank(bytes) { return .skip }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONReader.parse(bytes)
        } catch {
            if !terminated, error.endedEarly {
                endedCutOff = true
                warn("\(name):\(lineNumber): warning: the last line is cut off (\(error.message)); replaying up to line \(lineNumber - 1)")
                return .end
            }
            throw TraceError(file: name, line: lineNumber, field: error.field, message: "\(error.message) (column \(error.column))")
        }
        guard case let .object(o) = value else {
            throw TraceError(file: name, line: lineNumber, message: "expected an event {\"t\":…,\"type\":…}, found \(value.kindDescription)")
        }
        let decoded: TraceEventFormat.Decoded
        do throws(FieldError) {
            decoded = try TraceEventFormat.decode(o)
        } catch {
            throw TraceError(file: name, line: lineNumber, error)
        }
        switch decoded {
        case let .unknown(type):
            skippedCount += 1
            if warnedTypes.insert(type).inserted {
                warn("\(name):\(lineNumber): warning: skipping events of unknown type \"\(type)\"")
            }
            return .skip
        case let .event(event):
            guard event.time >= lastTime else {
                throw TraceError(file: name, line: lineNumber, field: "t",
                                 message: "time \(JSONText.number(event.time)) s goes backwards (line \(lastTimeLine) was at \(JSONText.number(lastTime)) s)")
            }
            lastTime = event.time
            lastTimeLine = lineNumber
            return .event(event)
        }
    }

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b != 0x20 && b != 0x09 && b != 0x0D { return false }
        return true
    }

    /// Where the next line starts: bytes of the trace read so far as lines, newlines included.
    public var offset: Int { lines.consumed }

    /// The open file read (nil for standard input and text in memory): for re-reading in place.
    public var fileDescriptor: Int32? { descriptor }

    /// The capacity of the line buffer, bytes: it tracks the longest line, not the trace's length.
    var lineBufferCapacity: Int { lines.capacity }
}
