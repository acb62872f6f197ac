import Testing

/// The instrument of the paced drag (`GapComparison`) against the faults it exists for, and
/// against what a loaded machine does to a correct app.
@Suite("The paced drag's gap comparison: the server's times kept, the app's own clock caught")
struct GapComparisonTests {
    /// 60 moves a server saw every 4 ms, some 22,000 s into its clock, seconds.
    static let server = (0..<60).map { 22_000 + 0.004 * Double($0) }

    /// Times that never go backwards (the mapper holds a time at the last one handed out).
    static func heldForward(_ times: [Double]) -> [Double] {
        var last = -Double.infinity
        return times.map { last = max(last, $0); return last }
    }

    @Test("the server's times on a constant offset: no fault")
    func constantOffset() {
        let c = GapComparison(app: Self.server.map { $0 - 21_990.0123 }, server: Self.server)
        #expect(c.faults.isEmpty, "\(c.faults)")
        #expect(c.heldBack == 0 && c.rises.isEmpty)
    }

    @Test("the offset estimate falls by 33.5 ms in the middle (a faster delivery), moves held at the last time until they pass it: no fault")
    func estimateClosesIn() {
        // Offset 40 ms for the first 20 moves, then 6.5 ms: the next ⌈33.5 / 4⌉ − 1 = 8 moves are
        // mapped before the 20th's time and held at it.
        let mapped = Self.server.enumerated().map { $0.element - 21_990 + ($0.offset < 20 ? 0.040 : 0.0065) }
        let c = GapComparison(app: Self.heldForward(mapped), server: Self.server)
        #expect(c.faults.isEmpty, "\(c.faults); \(c.report)")
        #expect(c.heldBack == 8, "\(c.report)")
    }

    @Test("moves stamped with the poll that read them (a frame every 16 ms): caught")
    func pollTimes() {
        // Each move takes the time of the next frame after it: 4 moves a frame, one time each.
        let app = Self.server.map { (($0 - 21_990) / 0.016).rounded(.up) * 0.016 + 0.002 }
        let c = GapComparison(app: app, server: Self.server)
        #expect(!c.faults.isEmpty, "\(c.report)")
        #expect(c.rises.count >= 14, "\(c.report)")
    }

    @Test("moves read just after a frame they came before, held at that frame's time (6 of 59, up to 1.4 ms late): no fault; the same moves not marked as held: caught")
    func heldAtTheFrameBefore() {
        // Moves 5, 14, 23, 32, 41, 50 recorded 0.4 … 1.4 ms after their mapped time (the frame's).
        let late: [Int: Double] = [5: 0.0004, 14: 0.0009, 23: 0.0014, 32: 0.0006, 41: 0.0011, 50: 0.0013]
        let app = Self.server.enumerated().map { $0.element - 21_990 + (late[$0.offset] ?? 0) }
        let held = GapComparison(app: app, server: Self.server, heldAtFrame: Set(late.keys))
        #expect(held.faults.isEmpty && held.rises.isEmpty, "\(held.faults); \(held.report)")
        let unmarked = GapComparison(app: app, server: Self.server)
        #expect(unmarked.rises.count == 5 && !unmarked.faults.isEmpty, "\(unmarked.report)")
    }

    @Test("a whole drag read in one poll and stamped with it: caught")
    func onePoll() {
        let c = GapComparison(app: Array(repeating: 12.5, count: Self.server.count), server: Self.server)
        #expect(c.faults.contains { $0.contains("fewer than half") }, "\(c.faults)")
    }

    @Test("the server's milliseconds read at half their length: caught")
    func wrongScale() {
        let c = GapComparison(app: Self.server.map { 10 + ($0 - 22_000) / 2 }, server: Self.server)
        // Every gap 2 ms off: median error 2 ms > 1.5 ms.
        #expect(c.faults.contains { $0.contains("median error 2.000 ms") }, "\(c.faults)")
    }
}
