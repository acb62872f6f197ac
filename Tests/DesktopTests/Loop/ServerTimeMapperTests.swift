import Testing
@testable import LiveInput

@Suite("Server times on the session clock: gaps kept, offset from the fastest event, wrap-around, drift, never backwards")
struct ServerTimeMapperTests {
    /// A 1000 Hz mouse seen by the server at `first` + k ms (k = 0..<count), at session time
    /// 0.3 ms + k ms / `rate` (a server clock running `rate` times as fast as ours), polled at 60
    /// frames per second; the app takes each batch in `latency` seconds after the frame's start.
    /// Returns the server times, the session times the mapper gave them, and the true times.
    static func stream(count: Int, first: UInt32, rate: Double = 1, latency: Double = 0.0004,
                       mapper: inout ServerTimeMapper) -> (server: [UInt32], mapped: [Double], truth: [Double]) {
        var server: [UInt32] = [], mapped: [Double] = [], truth: [Double] = []
        var pending: [UInt32] = []
        var pendingTruth: [Double] = []
        var frame = 1
        for k in 0..<count {
            let s = first &+ UInt32(k)
            // The session time at which the server's clock read s (its ms grain truncates).
            let t = 0.0003 + Double(k) / 1000 / rate
            while t >= Double(frame) / 60 {
                let receipt = Double(frame) / 60 + latency
                mapped += mapper.times(for: pending, receivedAt: receipt)
                server += pending
                truth += pendingTruth
                pending.removeAll(); pendingTruth.removeAll()
                frame += 1
            }
            pending.append(s)
            pendingTruth.append(t)
        }
        let receipt = Double(frame) / 60 + latency
        mapped += mapper.times(for: pending, receivedAt: receipt)
        server += pending
        truth += pendingTruth
        return (server, mapped, truth)
    }

    @Test("a 1000 Hz stream polled at 60 Hz keeps the server's 1 ms gaps after the first frame")
    func keepsGaps() {
        var mapper = ServerTimeMapper()
        let r = Self.stream(count: 2000, first: 5_000, mapper: &mapper)
        // After the first batch the offset is the batch's tightest bound; from the second frame
        // on (≥ 17 events in) every gap is the server's: 1 ms, to the microsecond's rounding.
        let gaps = zip(r.mapped.dropFirst(20), r.mapped.dropFirst(21)).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - 0.001) < 2e-6 }, "gaps: \(gaps.filter { abs($0 - 0.001) >= 2e-6 }.prefix(5))")
        // Each time is within latency + 1 ms (the server's grain) of the truth.
        for (m, t) in zip(r.mapped, r.truth).dropFirst(20) { #expect(m - t >= -1e-6 && m - t <= 0.0014 + 1e-6) }
        #expect(r.mapped == r.mapped.sorted())
    }

    @Test("the server's 32-bit clock wrapping mid-stream is a 1 ms step, not a jump of 49.7 days")
    func wrapAround() {
        var mapper = ServerTimeMapper()
        let first = UInt32.max - 500
        let r = Self.stream(count: 1500, first: first, mapper: &mapper)
        #expect(r.server.contains(0) && r.server.contains(UInt32.max))
        let gaps = zip(r.mapped.dropFirst(20), r.mapped.dropFirst(21)).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - 0.001) < 2e-6 })
        #expect(r.mapped.last! < 1.6)
    }

    @Test("a server clock 200 ppm slow is followed: the error stays under 1.7 ms over 200 s")
    func drift() {
        var mapper = ServerTimeMapper()
        // 200 s of a 1000 Hz stream: the server loses 40 ms against the session clock.
        let r = Self.stream(count: 200_000, first: 1, rate: 1 - 200e-6, mapper: &mapper)
        let worst = zip(r.mapped, r.truth).dropFirst(20).map { $0 - $1 }.max()!
        // Error bound: latency 0.4 ms + grain 1 ms + at most 1 s × 200 ppm of drift before the
        // next rise = 1.6 ms; well under a frame.
        #expect(worst < 0.0017, "worst error \(worst * 1000) ms")
        #expect(zip(r.mapped, r.mapped.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("a late poll (a 200 ms frame) neither moves later events nor lets time go backwards")
    func latePoll() {
        var mapper = ServerTimeMapper()
        _ = mapper.times(for: [1000, 1005, 1010], receivedAt: 0.0105)
        let offset = mapper.offset!
        // Events at 1020…1030 ms seen only 200 ms later: mapped at their server times.
        let late = mapper.times(for: [1020, 1025, 1030], receivedAt: 0.23)
        #expect(mapper.offset == offset)
        // offset = 0.0105 s − 10 ms (the first batch's latest event, counted from its first).
        #expect(late == [0.0205, 0.0255, 0.0305])
    }

    @Test("a server time far behind the last (a new server clock) restarts the estimate; times still rise")
    func reset() {
        var mapper = ServerTimeMapper()
        let before = mapper.times(for: [900_000, 900_010], receivedAt: 1.0)
        let after = mapper.times(for: [20, 30], receivedAt: 1.02)
        #expect(before.last! <= after.first!)
        #expect(abs(after[1] - after[0] - 0.010) < 2e-6)
        #expect(after.last! <= 1.02)
    }

    @Test("inputs without a server time: the stamped neighbour before, else after, else the poll time")
    func fallback() {
        var mapper = ServerTimeMapper()
        _ = mapper.times(for: [100, 110], receivedAt: 0.5)
        let offset = mapper.offset!
        let t = mapper.times(for: [nil, 120, nil, 130, nil], receivedAt: 0.53)
        // Server times count from the first one seen (100 ms): 120 → 20 ms, 130 → 30 ms.
        let at120 = ((0.020 + offset) * 1e6).rounded() / 1e6, at130 = ((0.030 + offset) * 1e6).rounded() / 1e6
        #expect(t == [at120, at120, at120, at130, at130])
        // A batch with no server time at all (the dummy driver): the poll time, never backwards.
        #expect(mapper.times(for: [nil, nil], receivedAt: 0.6) == [0.6, 0.6])
        #expect(mapper.times(for: [nil], receivedAt: 0.55) == [0.6])
    }
}
