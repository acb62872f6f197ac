import Gestures
import Events

/// The events of a trace file, read back from the file on demand instead of held: one pass notes,
/// for every stretch of `stretchLength` events, where it starts (byte offset, line, the time before
/// it); an event is found by reading its stretch again from there, and the last `cachedStretches`
/// stretches read are kept. So what is held is the index (three numbers a stretch: under 6 KB for a
/// million events at 4,096 a stretch) plus at most `stretchLength × cachedStretches` events,
/// however long the trace.
///
/// The pass goes through a `TraceReader`, so a bad trace fails at once with `replay`'s errors; a
/// stretch read again meets the same checks and, since the pass passed them, the same events —
/// unless the file was changed in place since, which is an error naming the file and line.
package final class TraceStretches {
    /// Where a stretch starts: what the pass's reader stood at just before its first event.
    struct Start {
        let offset: Int
        let lineNumber: Int
        let lastTime: Double
    }

    package let name: String
    package let header: TraceHeader
    /// Events in a stretch (the last may have fewer).
    package let stretchLength: Int
    /// Stretches kept after being read.
    package let cachedStretches: Int
    /// Events in the trace.
    package let count: Int
    private let starts: [Start]
    /// The pass's reader, kept for its open descriptor: stretches are read from the very file the
    /// pass read, even when the path is renamed or replaced meanwhile.
    private let file: TraceReader
    private let descriptor: Int32
    /// Stretches read, the most recently used last.
    private var cache: [(stretch: Int, events: [InputEvent], lines: [Int])] = []

    /// Reads `reader` (a file, not standard input) through once, handing each event with its index
    /// and line to `each` and keeping none. An error `each` throws ends the pass.
    package init(reading reader: TraceReader, stretchLength: Int = 4096, cachedStretches: Int = 4,
                each: (_ index: Int, _ event: InputEvent, _ line: Int) throws(TraceError) -> Void) throws(TraceError) {
        guard let fd = reader.fileDescriptor else {
            throw TraceError(file: reader.name, message: "cannot be read again in place (standard input); read it whole instead")
        }
        let length = max(1, stretchLength)
        var starts: [Start] = []
        var count = 0
        while true {
            let before = Start(offset: reader.offset, lineNumber: reader.lineNumber, lastTime: reader.lastTime)
            guard let event = try reader.next() else { break }
            if count % length == 0 { starts.append(before) }
            try each(count, event, reader.lineNumber)
            count += 1
        }
        name = reader.name
        header = reader.header
        self.stretchLength = length
        self.cachedStretches = max(1, cachedStretches)
        self.count = count
        self.starts = starts
        file = reader
        descriptor = fd
    }

    /// Event `i` (0 ≤ i < count) and the trace line it is on.
    package func event(at i: Int) throws(TraceError) -> (event: InputEvent, line: Int) {
        precondition(i >= 0 && i < count, "event \(i) of \(count)")
        let k = i / stretchLength, j = i % stretchLength
        if let hit = cache.lastIndex(where: { $0.stretch == k }) {
            let entry = cache[hit]
            if hit != cache.count - 1 {
                cache.remove(at: hit)
                cache.append(entry)
            }
            return (entry.events[j], entry.lines[j])
        }
        let entry = try read(stretch: k)
        if cache.count >= cachedStretches { cache.removeFirst() }
        cache.append(entry)
        return (entry.events[j], entry.lines[j])
    }

    /// Events held in memory now (those of the stretches kept).
    package var heldEvents: Int { cache.reduce(0) { $0 + $1.events.count } }

    /// Stretches read back from the file so far (each a second parse of its lines).
    package private(set) var stretchesRead = 0

    /// Stretches noted by the pass.
    package var stretchCount: Int { starts.count }

    private func read(stretch k: Int) throws(TraceError) -> (stretch: Int, events: [InputEvent], lines: [Int]) {
        let start = starts[k]
        stretchesRead += 1
        let reader = TraceReader(resuming: name, header: header, descriptor: descriptor, offset: start.offset,
                                 lineNumber: start.lineNumber, lastTime: start.lastTime, warn: { _ in })
        let wanted = min(stretchLength, count - k * stretchLength)
        var events: [InputEvent] = [], lines: [Int] = []
        events.reserveCapacity(wanted)
        lines.reserveCapacity(wanted)
        while events.count < wanted {
            guard let event = try reader.next() else {
                throw TraceError(file: name, line: reader.lineNumber,
                                 message: "the trace ended early when read again (changed since it was opened?)")
            }
            events.append(event)
            lines.append(reader.lineNumber)
        }
        return (k, events, lines)
    }
}
