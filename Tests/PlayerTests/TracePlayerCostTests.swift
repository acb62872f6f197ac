import Gestures
import TestSupport
import Testing
@testable import Player
import Trace
import Viewing

@Suite("Trace player's cost: reaching any frame replays at most one stretch between checkpoints")
struct TracePlayerCostTests {
    @Test("a scrub anywhere in a 10-minute session replays no more than one stretch between checkpoints")
    func scrubCostIsBounded() throws {
        let long = GeneratedSession(seconds: 600, seed: 10)
        let trace = long.trace
        let interval = 1000
        let player = try TracePlayer(trace: trace, checkpointInterval: interval)
        // A stretch ends at the first frame after `interval` events: at most interval + the largest
        // frame's events − 1.
        var largestFrame = 0, previous = -1
        for i in trace.frameEventIndices { largestFrame = max(largestFrame, i - previous); previous = i }
        #expect(player.a.longestStretch <= interval + largestFrame - 1)
        #expect(trace.eventCount > 40 * interval)

        var random = SplitMix64(seed: 600)
        for _ in 0..<40 {
            let before = player.a.replayedEvents
            try player.scrub(toTime: random.uniform(0...trace.duration))
            let cost = player.a.replayedEvents - before
            #expect(cost <= player.a.longestStretch)
        }
        // Backwards from the very end to just before it: from a checkpoint, not from the start.
        try player.goToEnd()
        let before = player.a.replayedEvents
        try player.step(by: -1)
        #expect(player.a.replayedEvents - before <= player.a.longestStretch)
        #expect(player.a.longestStretch < trace.eventCount / 40)
    }
}
