import Testing
@testable import App
@testable import Window

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
        // The 0.5 s frame has left the last 120: p50 and p99 are 3 ms; the input's 40 ms stays;
        // nothing was presented, so nothing was missed.
        #expect(work.overlayText == "frame work 3.0 ms (p99 3.0 ms) · last input 40.0 ms to present · hitches 0.0 ms/s")
        #expect(FrameWork.percentile([], 0.5) == nil)
    }
}

/// The hitch ratio (Apple's: milliseconds of missed frames per second of motion), from presents.
@Suite("The hitch ratio is Σ max(0, d − p) / Σ d over frames presented back to back in motion")
struct HitchRatioTests {
    /// 60 Hz: one refresh.
    static let period = 1.0 / 60

    @Test("120 frames at 60 Hz with 3 planted long ones (50, 50 and 100 ms): 150 ms missed over 2.15 s, 69.8 ms/s")
    func plantedLongFrames() {
        var work = FrameWork()
        var t = 0.0
        work.presented(at: t, moving: true, period: Self.period)
        var durations = Array(repeating: Self.period, count: 120)
        durations[30] = 0.05; durations[60] = 0.05; durations[90] = 0.1
        for d in durations {
            t += d
            work.presented(at: t, moving: true, period: Self.period)
        }
        // Σ max(0, d − p) = 2 × (0.05 − 1/60) + (0.1 − 1/60); Σ d = 117/60 + 0.2 s.
        let missed = 2 * (0.05 - Self.period) + (0.1 - Self.period), motion = 117 * Self.period + 0.2
        #expect(abs(work.hitchRatio.millisecondsPerSecond - 1000 * missed / motion) < 1e-9)
        #expect(work.hitchRatio.hitches == 3 && work.hitchRatio.frames == 120)
        #expect(work.hitchSummary.hasPrefix("frame hitch ratio " + String(format: "%.1f", 1000 * missed / motion) + " ms/s (3 of 120 frames late"))
    }

    @Test("frames on time, a pause with nothing presented, and frames at rest count nothing: 0 ms/s")
    func pausesAreNotHitches() {
        var work = FrameWork()
        var t = 0.0
        for _ in 0..<60 {
            work.presented(at: t, moving: true, period: Self.period)
            t += Self.period * 1.05
        }
        // The hand held still for a second: no frame drawn, then it moves again.
        work.notPresented()
        t += 1
        for _ in 0..<10 {
            work.presented(at: t, moving: true, period: Self.period)
            t += Self.period
        }
        // Nothing moving: a frame a second apart is a still picture redrawn, not a hitch.
        work.presented(at: t + 1, moving: false, period: Self.period)
        work.presented(at: t + 2, moving: false, period: Self.period)
        #expect(work.hitchRatio.millisecondsPerSecond == 0)
        #expect(work.hitchRatio.frames == 59 + 9)
    }
}

extension HitchRatioTests {
    @Test("the player's frame statistics count hitches while the trace plays only: a planted 100 ms frame, 0 while paused")
    func playerStatistics() {
        var statistics = FrameStatistics()
        var t = 0.0
        // Playing: 60 frames on time, one of 100 ms.
        for k in 0...60 {
            t += k == 30 ? 0.1 : Self.period
            statistics.presented(at: t, moving: true, period: Self.period)
        }
        // Paused: a present a second apart is no hitch.
        statistics.presented(at: t + 1, moving: false, period: Self.period)
        statistics.presented(at: t + 2, moving: false, period: Self.period)
        // Σ max(0, d − p) = 0.1 − 1/60 over Σ d = 59/60 + 0.1 s.
        let expected = 1000 * (0.1 - Self.period) / (59 * Self.period + 0.1)
        #expect(abs(statistics.hitchRatio.millisecondsPerSecond - expected) < 1e-9)
        #expect(statistics.hitchRatio.hitches == 1 && statistics.hitchRatio.frames == 60)
    }
}
