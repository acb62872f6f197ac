import Feel
import Gestures
import JSON
import Trace

/// A gesture trace held in memory for the trace player: its header, every event with the line it
/// came from, and where each frame falls. Read once through `TraceReader`, so a bad trace gets the
/// same errors as `replay`; the player only reads it and never writes anything back.
public struct PlaybackTrace: Sendable {
    /// The trace's name in messages (its path).
    public let name: String
    public let header: TraceHeader
    /// Every event after the header, in order.
    public let events: [InputEvent]
    /// The trace line of each event (for errors met while playing it under another feel).
    let lines: [Int]
    /// For frame `n` (1-based, as the state log's `frame`), the index in `events` of its `.frame`
    /// event: element `n − 1`.
    public let frameEventIndices: [Int]
    /// The time of each frame, seconds on the trace clock: element `n − 1` for frame `n`.
    public let frameTimes: [Double]

    /// Reads every remaining event of `reader`. Throws the reader's error for a malformed line.
    public init(reading reader: TraceReader) throws(TraceError) {
        var events: [InputEvent] = []
        var lines: [Int] = []
        while let event = try reader.next() {
            events.append(event)
            lines.append(reader.lineNumber)
        }
        self.init(name: reader.name, header: reader.header, events: events, lines: lines)
    }

    /// A trace made in memory (tests, benchmarks): line numbers count from 2, after the header.
    public init(name: String, header: TraceHeader, events: [InputEvent]) {
        self.init(name: name, header: header, events: events, lines: events.indices.map { $0 + 2 })
    }

    private init(name: String, header: TraceHeader, events: [InputEvent], lines: [Int]) {
        var frames: [Int] = []
        var times: [Double] = []
        // The session raises a time earlier than the last to it and drops non-finite ones; so here.
        var latest = 0.0
        for (i, event) in events.enumerated() where event.time.isFinite {
            latest = max(latest, event.time)
            if case .frame = event.kind {
                frames.append(i)
                times.append(latest)
            }
        }
        self.name = name
        self.header = header
        self.events = events
        self.lines = lines
        frameEventIndices = frames
        frameTimes = times
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
