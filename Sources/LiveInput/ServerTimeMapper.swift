/// Puts the window system's event times (the X server's milliseconds) on the session clock.
///
/// The X server stamps every input event with its own clock: milliseconds in 32 bits, wrapping
/// every 49.7 days, unrelated to this process's clock and possibly on another machine. The app sees
/// a batch of events only when it polls, up to a frame after they happened, so the poll time is
/// an upper bound of each event's true time, never the time itself.
///
/// The mapping `session = server + offset` keeps the server's gaps exactly (to its 1 ms grain):
/// - **Wrap-around**: each 32-bit time is unwrapped against the previous one (a step of less than
///   half the range either way), so 4294967290 → 3 is a step of 9 ms.
/// - **Offset**: every event gives a bound, `offset ≤ receipt − server` (an event cannot be seen
///   before it happened); the estimate is the lowest bound seen (the event that reached the app
///   fastest), so it closes in on the true latency within a few frames and a busy frame that polls
///   late does not move it.
/// - **Drift**: the two clocks may run at slightly different rates, which makes the bounds creep
///   up. Once a second, the estimate may rise towards the lowest bound of that second by at most
///   `driftRate` seconds per second (1 ms/s, ten times a poor crystal's drift): drift is followed,
///   and late polls (whose bounds are high) do not move it.
/// - **Discontinuity**: a server time more than `resetStepMilliseconds` before the previous one
///   (a new server, a reset clock) starts the estimate afresh.
/// - **Never backwards**: a mapped time is never earlier than the previous input's, and never later
///   than the poll that delivered it.
///
/// Without a server time (other video drivers, events SDL makes itself) an input takes the time of
/// the stamped input delivered just before it in the same batch, else of the first stamped one
/// after it, else the poll time: see `times(for:receivedAt:)`.
package struct ServerTimeMapper {
    /// How fast the offset may rise, seconds per second (1 ms per s).
    var driftRate = 0.001
    /// A step back of more than this many milliseconds is a new server clock (1 s).
    var resetStepMilliseconds: Int64 = 1_000
    /// How long the offset looks for its lowest bound before it may rise (1 s).
    var driftWindowSeconds = 1.0

    /// The last 32-bit server time and its unwrapped value in ms.
    private var lastRaw: UInt32?
    private var unwrapped: Int64 = 0
    /// Session seconds minus server seconds; nil before the first server time.
    package private(set) var offset: Double?
    /// The current drift window: when it began (session seconds) and the lowest bound seen in it.
    private var window = (start: 0.0, lowest: Double.infinity)
    /// The latest time handed out.
    package private(set) var lastTime = 0.0

    /// The session times of a batch of inputs delivered together and taken in at `receipt` seconds,
    /// in delivery order; `servers` holds each input's server time in ms, or nil when it has none.
    ///
    /// Inputs without a server time take the mapped time of the stamped input just before them in
    /// the batch, else that of the first stamped input after them, else `receipt` (a whole batch
    /// without server times, as under SDL's dummy or Wayland drivers, is stamped with its poll
    /// time). Every time is clamped to [the previous time handed out, `receipt`] and rounded to
    /// the microsecond.
    package mutating func times(for servers: [UInt32?], receivedAt receipt: Double) -> [Double] {
        let unwrappedTimes = servers.map { $0.map { unwrap($0) } }
        observe(unwrappedTimes.compactMap { $0 }, receipt: receipt)
        var mapped: [Double?] = unwrappedTimes.map { u in
            guard let u, let offset else { return nil }
            return Double(u) / 1000 + offset
        }
        // Inputs without a server time: the stamped neighbour before, else after, else the poll.
        var previous: Double?
        for i in mapped.indices {
            if let m = mapped[i] { previous = m } else { mapped[i] = previous }
        }
        var next: Double?
        for i in mapped.indices.reversed() {
            if let m = mapped[i] { next = m } else { mapped[i] = next }
        }
        return mapped.map { m in
            let t = min(max(((m ?? receipt) * 1_000_000).rounded() / 1_000_000, lastTime), max(receipt, lastTime))
            lastTime = t
            return t
        }
    }

    /// The server time `raw` unwrapped across 32-bit wrap-around, in ms since the first one seen.
    private mutating func unwrap(_ raw: UInt32) -> Int64 {
        defer { lastRaw = raw }
        guard let lastRaw else { unwrapped = 0; return 0 }
        let step = Int64(Int32(bitPattern: raw &- lastRaw))
        if step < -resetStepMilliseconds {
            // A new server clock: start again from here.
            offset = nil
            unwrapped = 0
            return 0
        }
        unwrapped += step
        return unwrapped
    }

    /// Lowers the offset to the batch's bound when that is tighter; otherwise keeps the lowest
    /// bound of the current window of `driftWindowSeconds` and, when the window closes, lets the
    /// offset rise towards it at `driftRate`. A window's lowest bound is the latency of its fastest
    /// event, so one late poll (after an idle spell, a slow frame) cannot raise the offset.
    private mutating func observe(_ serverTimes: [Int64], receipt: Double) {
        guard let latest = serverTimes.max() else { return }
        // The latest event of the batch gives the lowest bound: receipt − server is smallest for it.
        let bound = receipt - Double(latest) / 1000
        guard let current = offset, bound >= current else {
            offset = bound
            window = (start: receipt, lowest: .infinity)
            return
        }
        window.lowest = min(window.lowest, bound)
        let length = receipt - window.start
        if length >= driftWindowSeconds {
            offset = current + min(window.lowest - current, driftRate * length)
            window = (start: receipt, lowest: .infinity)
        }
    }

    /// The memberwise initializer, for the other modules of the package.
    package init(driftRate: Double = 0.001, resetStepMilliseconds: Int64 = 1_000, driftWindowSeconds: Double = 1.0, offset: Double? = nil, lastTime: Double = 0.0) {
        self.driftRate = driftRate
        self.resetStepMilliseconds = resetStepMilliseconds
        self.driftWindowSeconds = driftWindowSeconds
        self.offset = offset
        self.lastTime = lastTime
    }
}
