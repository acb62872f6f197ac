import FeelModel
import Gestures
import JSON
import Trace
import Events

/// A gesture trace for the trace player: its header, its events with the lines they came from, and
/// where each frame falls. Read once through `TraceReader`, so a bad trace gets the same errors as
/// `replay`; the player only reads it and never writes anything back.
///
/// A trace file is streamed (`init(path:)`): its events stay in the file and are read back a stretch
/// at a time (`TraceStretches`), so a trace of any length opens in one pass and holds a bounded
/// number of events; what is kept whole is the frame table (an index and a time per frame).
/// Standard input, and traces made in memory, are held whole.
public struct PlaybackTrace {
    /// The trace's name in messages (its path).
    public let name: String
    public let header: TraceHeader
    private let store: Store
    /// For frame `n` (1-based, as the state log's `frame`), the index of its `.frame` event:
    /// element `n − 1`.
    public let frameEventIndices: [Int]
    /// The time of each frame, seconds on the trace clock: element `n − 1` for frame `n`.
    public let frameTimes: [Double]

    private enum Store {
        case memory(events: [InputEvent], lines: [Int])
        case file(TraceStretches)
    }

    /// Opens the trace at `path`: streamed from the file, or held whole for standard input (`-`).
    public init(path: String, warn: @escaping (String) -> Void, stretchLength: Int = 4096,
                cachedStretches: Int = 4) throws(TraceError) {
        let reader = try TraceReader(path: path, warn: warn)
        if reader.fileDescriptor == nil {
            try self.init(reading: reader)
        } else {
            try self.init(streaming: reader, stretchLength: stretchLength, cachedStretches: cachedStretches)
        }
    }

    /// Reads every remaining event of `reader` into memory. Throws the reader's error for a
    /// malformed line.
    public init(reading reader: TraceReader) throws(TraceError) {
        var events: [InputEvent] = []
        var lines: [Int] = []
        var frames = FrameTable()
        while let event = try reader.next() {
            frames.add(event, at: events.count)
            events.append(event)
            lines.append(reader.lineNumber)
        }
        self.init(name: reader.name, header: reader.header, store: .memory(events: events, lines: lines), frames: frames)
    }

    /// Goes through the rest of `reader` (a file) once, keeping only where each stretch of
    /// `stretchLength` events starts; events are read back from the file when asked for. Each
    /// event is also handed to `each` with its line as the pass reads it (the player builds its
    /// runs there, so a line is parsed once); an error it throws ends the pass.
    public init(streaming reader: TraceReader, stretchLength: Int = 4096, cachedStretches: Int = 4,
                each: (_ event: InputEvent, _ line: Int) throws(TraceError) -> Void = { _, _ in }) throws(TraceError) {
        var frames = FrameTable()
        let stretches = try TraceStretches(reading: reader, stretchLength: stretchLength,
                                           cachedStretches: cachedStretches) { (i, event, line) throws(TraceError) in
            frames.add(event, at: i)
            try each(event, line)
        }
        self.init(name: reader.name, header: reader.header, store: .file(stretches), frames: frames)
    }

    /// A trace made in memory (tests, benchmarks): line numbers count from 2, after the header.
    public init(name: String, header: TraceHeader, events: [InputEvent]) {
        var frames = FrameTable()
        for (i, event) in events.enumerated() { frames.add(event, at: i) }
        self.init(name: name, header: header, store: .memory(events: events, lines: events.indices.map { $0 + 2 }), frames: frames)
    }

    private init(name: String, header: TraceHeader, store: Store, frames: FrameTable) {
        self.name = name
        self.header = header
        self.store = store
        frameEventIndices = frames.indices
        frameTimes = frames.times
    }

    /// Where frames fall, noted event by event.
    private struct FrameTable {
        var indices: [Int] = []
        var times: [Double] = []
        // The session raises a time earlier than the last to it and drops non-finite ones; so here.
        var latest = 0.0

        mutating func add(_ event: InputEvent, at i: Int) {
            guard event.time.isFinite else { return }
            latest = max(latest, event.time)
            if case .frame = event.kind {
                indices.append(i)
                times.append(latest)
            }
        }
    }

    // MARK: - Events

    /// Events after the header.
    public var eventCount: Int {
        switch store {
        case let .memory(events, _): events.count
        case let .file(stretches): stretches.count
        }
    }

    /// Event `i` (0 ≤ i < eventCount) and the trace line it is on. Throws only for a streamed
    /// trace whose file cannot be read again as it was.
    public func event(at i: Int) throws(TraceError) -> (event: InputEvent, line: Int) {
        switch store {
        case let .memory(events, lines): (events[i], lines[i])
        case let .file(stretches): try stretches.event(at: i)
        }
    }

    /// Events held in memory now: all of them for a trace held whole; for a streamed one, those of
    /// the stretches kept (at most `stretchLength × cachedStretches`).
    public var heldEvents: Int {
        switch store {
        case let .memory(events, _): events.count
        case let .file(stretches): stretches.heldEvents
        }
    }

    /// Stretches of a streamed trace read back from its file so far (0 for one held whole): the
    /// lines parsed a second time.
    public var stretchesRead: Int {
        switch store {
        case .memory: 0
        case let .file(stretches): stretches.stretchesRead
        }
    }

    /// True when the events are read back from the file rather than held.
    public var isStreamed: Bool {
        if case .file = store { return true }
        return false
    }

    /// Frames in the trace.
    public var frameCount: Int { frameEventIndices.count }

    /// The trace's length on its own clock, from its first frame to its last, seconds.
    public var duration: Double { (frameTimes.last ?? 0) - (frameTimes.first ?? 0) }

    /// The last frame shown at time `t`: the latest whose time is at or before `t` (frame 1 before
    /// the first; 0 when the trace has no frames).
    public func frame(atTime t: Double) -> Int {
        guard !frameTimes.isEmpty else { return 0 }
        var low = 0, high = frameTimes.count
        while low < high {
            let mid = (low + high) / 2
            if frameTimes[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return max(1, low)
    }

    /// The time of frame `n` (clamped to the trace's frames).
    public func time(ofFrame n: Int) -> Double {
        guard !frameTimes.isEmpty else { return 0 }
        return frameTimes[min(max(n, 1), frameTimes.count) - 1]
    }
}
