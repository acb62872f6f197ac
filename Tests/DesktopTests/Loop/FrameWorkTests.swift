import Testing
@testable import App

/// `FrameWork`: the live loop's account of its drawn frames, printed at exit and shown in the lab.
@Suite("Frame work is told by phase (p50, p99 by nearest rank) and the last input's wait is the newest drawn")
struct FrameWorkTests {
    @Test("100 frames of 1…100 ms in one phase: p50 51 ms, p99 99 ms (nearest rank); phases apart, by name")
    func percentilesByPhase() {
        var work = FrameWork()
        // Added out of order: the figures do not depend on it.
        for ms in (1...100).reversed() { work.add(phase: "interacting", work: Double(ms) / 1000, inputLatency: nil) }
        work.add(phase: "grid", work: 0.002, inputLatency: 0.006)
        // Nearest rank: the value at index round(p · (n − 1)) of the sorted 1…100 ms, which is index + 1 ms:
        // p50 at round(49.5) = 50 → 51 ms, p99 at round(98.01) = 98 → 99 ms.
        #expect(work.summary == [
            "frame work grid: 1 frames, p50 2.0 ms, p99 2.0 ms",
            "frame work interacting: 100 frames, p50 51.0 ms, p99 99.0 ms",
        ])
        #expect(work.lastInputLatency == 0.006)
    }

    @Test("parts are told by phase, in the order first given, p50/p99 each: 100 frames of prepare 1…100 ms and step 0.1 ms")
    func partsByPhase() {
        var work = FrameWork()
        for ms in 1...100 {
            work.add(phase: "opening", work: Double(ms) / 1000 + 0.0001, inputLatency: nil,
                     parts: [("step", 0.0001), ("prepare", Double(ms) / 1000)])
        }
        work.add(phase: "grid", work: 0.002, inputLatency: nil, parts: [("step", 0.002)])
        // Nearest rank as above: prepare p50 51 ms, p99 99 ms; step 0.1 ms throughout. A phase
        // lists only the parts it was given.
        #expect(work.partSummary == [
            "frame parts grid: step 2.0/2.0 ms",
            "frame parts opening: step 0.1/0.1 ms, prepare 51.0/99.0 ms",
        ])
        // The phases' lines are unchanged by the parts.
        #expect(work.summary.count == 2)
    }

    @Test("each phase's slowest frame counts its present until it returned: a frame of 1 ms work and a 240 ms present beats one of 30 ms work")
    func slowestByWall() {
        var work = FrameWork()
        work.add(phase: "opening", work: 0.030, inputLatency: nil, parts: [("draw", 0.029), ("present", 0.005)])
        // The first opening's frame: little work to the present call, the shaders compiled inside it.
        work.add(phase: "opening", work: 0.001, inputLatency: nil, parts: [("draw", 0.0005), ("present", 0.240), ("cpu", 0.210)])
        work.add(phase: "opening", work: 0.002, inputLatency: nil, parts: [("draw", 0.001), ("present", 0.010)])
        work.add(phase: "grid", work: 0.004, inputLatency: nil)
        // 1 + 240 = 241 ms against 30 + 5 = 35 ms; a frame without a present part is its work alone.
        #expect(work.slowestSummary == [
            "frame slowest grid: 4.0 ms",
            "frame slowest opening: 241.0 ms (draw 0.5, present 240.0, cpu 210.0 ms)",
        ])
        // The work's own percentiles still end at the present call: p99 of 1, 2, 30 ms is 30 ms.
        #expect(work.summary.last == "frame work opening: 3 frames, p50 2.0 ms, p99 30.0 ms")
    }

    @Test("a frame that drew no input keeps the last input's wait; the overlay tells the last 120 frames only")
    func overlayTellsRecentFrames() {
        var work = FrameWork()
        work.add(phase: "interacting", work: 0.5, inputLatency: 0.040)
        for _ in 0..<120 { work.add(phase: "interacting", work: 0.003, inputLatency: nil) }
        // The 0.5 s frame has left the last 120: p50 and p99 are 3 ms; the input's 40 ms stays.
        #expect(work.overlayText == "frame work 3.0 ms (p99 3.0 ms) · last input 40.0 ms to present")
        #expect(FrameWork.percentile([], 0.5) == nil)
    }
}
