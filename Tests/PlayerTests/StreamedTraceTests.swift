import Foundation
import Gestures
import JSON
@testable import LabUI
import TestSupport
@testable import Player
import Testing
import Trace

@Suite("play streams a trace file: the same events, times and lines as holding it whole, and a bounded number held")
struct StreamedTraceTests {
    static let stretch = 4096
    static let cached = 4
    /// What a streamed trace may hold at once: its cached stretches.
    static let cap = stretch * cached

    /// 200,000 events of a generated session, written as a person's recorder and hand editing leave
    /// a file: a blank line every 997 lines, CRLF endings on every 13th, and every 5,003rd line an
    /// event of a type this version does not know (skipped); so line numbers are the file's, not
    /// the index plus two.
    static let text: String = {
        let session = GeneratedSession(seconds: 2400, seed: 33)
        var out = session.header.line + "\n"
        for (i, event) in session.events.prefix(200_000).enumerated() {
            if i % 997 == 500 { out += "\n" }
            if i % 5003 == 2000 { out += "{\"t\":\(JSONText.number(event.time)),\"type\":\"pressure\",\"p\":0.5}\n" }
            out += TraceEventFormat.line(event) + (i % 13 == 7 ? "\r\n" : "\n")
        }
        return out
    }()

    /// The text in a temporary file, removed after `body`.
    static func withFile<R>(_ text: String, _ body: (String) throws -> R) throws -> R {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString).trace.jsonl").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    static func open(_ path: String) throws -> (whole: PlaybackTrace, streamed: PlaybackTrace) {
        let whole = try PlaybackTrace(reading: try TraceReader(path: path, warn: { _ in }))
        let streamed = try PlaybackTrace(streaming: try TraceReader(path: path, warn: { _ in }),
                                         stretchLength: stretch, cachedStretches: cached)
        return (whole, streamed)
    }

    @Test("forward, backward and at random, every event read back equals the one held whole, with its line; frames and times agree")
    func sameEventsAnywhere() throws {
        try Self.withFile(Self.text) { path in
            let (whole, streamed) = try Self.open(path)
            #expect(streamed.isStreamed && !whole.isStreamed)
            #expect(whole.eventCount == 200_000)
            #expect(streamed.eventCount == whole.eventCount)
            #expect(streamed.frameEventIndices == whole.frameEventIndices)
            #expect(streamed.frameTimes == whole.frameTimes)
            // The lines are the file's: past the blank and skipped lines, not index + 2.
            // The last event's line: the header, 200,000 events, a blank line before each event i with
            // i % 997 == 500 and a skipped one before each with i % 5003 == 2000.
            let blanks = (199_999 - 500) / 997 + 1, skipped = (199_999 - 2000) / 5003 + 1
            #expect(try whole.event(at: whole.eventCount - 1).line == 1 + 200_000 + blanks + skipped)

            var mismatches = 0, mostHeld = 0
            func check(_ i: Int) throws {
                let a = try whole.event(at: i), b = try streamed.event(at: i)
                if a.event != b.event || a.line != b.line { mismatches += 1 }
                mostHeld = max(mostHeld, streamed.heldEvents)
            }
            for i in 0..<whole.eventCount { try check(i) }
            for i in (0..<whole.eventCount).reversed() { try check(i) }
            var random = SplitMix64(seed: 4096)
            for _ in 0..<300 { try check(random.integer(0...(whole.eventCount - 1))) }
            // Either side of every stretch boundary, both ways.
            for k in 1..<(whole.eventCount / Self.stretch) {
                for i in [k * Self.stretch, k * Self.stretch - 1, k * Self.stretch + 1, k * Self.stretch - 2] { try check(i) }
            }
            #expect(mismatches == 0)
            #expect(mostHeld <= Self.cap)
        }
    }

    @Test("what is held: nothing after opening, at most 4 stretches of 4,096 events while playing; holding it whole holds all 200,000")
    func holdsABoundedNumber() throws {
        try Self.withFile(Self.text) { path in
            let (whole, streamed) = try Self.open(path)
            #expect(streamed.heldEvents == 0)
            // The measure, shown failing on a form that holds everything.
            #expect(whole.heldEvents == 200_000)
            #expect(whole.heldEvents > Self.cap)

            let player = try TracePlayer(trace: streamed, checkpointInterval: 2000)
            var most = streamed.heldEvents
            #expect(most <= Self.cap)
            var random = SplitMix64(seed: 33)
            for _ in 0..<40 {
                try player.scrub(toTime: random.uniform(0...streamed.duration))
                most = max(most, streamed.heldEvents)
            }
            try player.goToEnd()
            try player.step(by: -1)
            try player.goToStart()
            most = max(most, streamed.heldEvents)
            #expect(most <= Self.cap)
            #expect(most > 0)
        }
    }

    @Test("a player on the streamed trace shows, at every frame visited, the state the player on the whole trace shows")
    func playerAgrees() throws {
        try Self.withFile(Self.text) { path in
            let (whole, streamed) = try Self.open(path)
            let a = try TracePlayer(trace: whole), b = try TracePlayer(trace: streamed)
            #expect(a.a.marks == b.a.marks)
            var random = SplitMix64(seed: 9)
            let frames = [1, whole.frameCount, whole.frameCount / 2, 2] + (0..<30).map { _ in random.integer(1...whole.frameCount) }
            for n in frames {
                try a.seek(toFrame: n)
                try b.seek(toFrame: n)
                #expect(b.frame == n)
                #expect(TracePlayerTests.line(b.a) == TracePlayerTests.line(a.a), "frame \(n)")
            }
        }
    }

    @Test("opened in one pass (play's way): each line parsed once, and at seek points in any order it draws the states, live curves and marks a straight replay of the whole trace draws")
    func onePassAgreesWithStraightReplay() throws {
        try Self.withFile(Self.text) { path in
            let whole = try PlaybackTrace(reading: try TraceReader(path: path, warn: { _ in }))
            // The reference: one checkpoint (the start), visited in increasing order, so every frame is
            // reached straight from the start, no checkpoint restored.
            let straight = try TracePlayer(trace: whole, checkpointInterval: whole.eventCount + 1)
            let fused = try TracePlayer(path: path, warn: { _ in }, stretchLength: Self.stretch, cachedStretches: Self.cached)
            #expect(fused.trace.isStreamed)
            #expect(fused.a.checkpointCount > 90)  // 200,000 / 2,000
            // One pass: opening read back no stretch but the first (for frame 1). Two passes (open,
            // then build) read back every one of the ⌈200,000 / 4,096⌉ = 49.
            #expect(fused.trace.stretchesRead <= 1)
            let twoPass = try PlaybackTrace(streaming: try TraceReader(path: path, warn: { _ in }), stretchLength: Self.stretch,
                                            cachedStretches: Self.cached)
            _ = try TracePlayer(trace: twoPass)
            #expect(twoPass.stretchesRead >= 49)

            #expect(fused.a.marks == straight.a.marks)
            var random = SplitMix64(seed: 1033)
            let points = [1, 2, whole.frameCount, whole.frameCount / 2] + (0..<12).map { _ in random.integer(1...whole.frameCount) }
            var shown: [Int: (line: String, curves: [CurveHistory.Sample], marks: [CurveMark], again: Bool)] = [:]
            for n in points {
                try fused.seek(toFrame: n)
                #expect(fused.frame == n)
                shown[n] = (TracePlayerTests.line(fused.a), fused.a.lab.feelLab.curves.samples, fused.a.lab.feelLab.curves.marks,
                            fused.a.again != nil)
            }
            for n in shown.keys.sorted() {
                try straight.seek(toFrame: n)
                let s = shown[n]!
                #expect(s.line == TracePlayerTests.line(straight.a), "frame \(n)")
                #expect(s.curves == straight.a.lab.feelLab.curves.samples, "frame \(n)")
                #expect(s.marks == straight.a.lab.feelLab.curves.marks, "frame \(n)")
                #expect(s.again == (straight.a.again != nil), "frame \(n)")
            }
        }
    }

    @Test("a checkpoint holds the live curves' shown seconds, not their 2,048-sample ring, in its lab and in its recalled lab")
    func checkpointsAreSmall() throws {
        let session = GeneratedSession(seconds: 600, seed: 34)
        let player = try TracePlayer(trace: session.trace)
        let checkpoints = player.a.checkpointStates
        // About 60,000 events, one checkpoint every 2,000.
        #expect(checkpoints.count >= 25)
        // Frames come at least 15 ms apart: a 2 s window shows at most 2 / 0.015 + 1 = 134 samples.
        var most = 0, recalled = 0
        for c in checkpoints {
            let curves = c.labState.feelLab.curves
            #expect(curves.heldSamples == curves.samples.count)
            most = max(most, curves.heldSamples)
            if let lab = c.recalledLab {
                recalled += 1
                most = max(most, lab.feelLab.curves.heldSamples)
            }
        }
        #expect(most <= 134)
        #expect(recalled > 0)
        // The measure, shown failing on a lab that went straight through the session (no checkpoint
        // on the way): its ring has filled (over 30,000 frames).
        let straight = try TracePlayer(trace: session.trace, checkpointInterval: session.events.count + 1)
        try straight.goToEnd()
        #expect(straight.frame > 30_000)
        #expect(straight.a.lab.feelLab.curves.heldSamples == 2048)
    }

    @Test("a checkpoint budget: past the limit every second checkpoint goes and the spacing doubles; a scrub still costs at most one stretch, and lands on the straight replay's state")
    func checkpointBudget() throws {
        let session = GeneratedSession(seconds: 600, seed: 35)
        let trace = session.trace
        // 100 events apart, at most 16: about 60,000 events need 600 at that spacing, so it doubles
        // k times until 60,000 / (100 · 2^k) ≤ 16, k = 6 (6,400 apart); between 8 and 16 kept.
        let player = try TracePlayer(trace: trace, checkpointInterval: 100, checkpointLimit: 16)
        let straight = try TracePlayer(trace: trace, checkpointInterval: trace.eventCount + 1)
        #expect(trace.eventCount > 50_000 && trace.eventCount < 102_400)
        #expect(player.a.checkpointCount <= 16 && player.a.checkpointCount >= 8)
        var largestFrame = 0, previous = -1
        for i in trace.frameEventIndices { largestFrame = max(largestFrame, i - previous); previous = i }
        #expect(player.a.longestStretch <= 2 * 6_400 + largestFrame)
        #expect(player.a.longestStretch >= 6_400)
        // Unthinned, the same run keeps one every 100 events (the measure, shown failing).
        #expect(try TracePlayer(trace: trace, checkpointInterval: 100).a.checkpointCount > 500)
        var random = SplitMix64(seed: 16)
        var frames = (0..<20).map { _ in random.integer(1...trace.frameCount) }
        for n in frames {
            let before = player.a.replayedEvents
            try player.seek(toFrame: n)
            #expect(player.a.replayedEvents - before <= player.a.longestStretch)
        }
        frames.sort()
        for n in frames {
            try player.seek(toFrame: n)
            try straight.seek(toFrame: n)
            #expect(TracePlayerTests.line(player.a) == TracePlayerTests.line(straight.a), "frame \(n)")
            #expect(player.a.lab.feelLab.curves.samples == straight.a.lab.feelLab.curves.samples, "frame \(n)")
        }
    }

    @Test("a trace cut short in place after opening fails when its lost stretch is read, naming the file and line")
    func changedFileFails() throws {
        try Self.withFile(Self.text) { path in
            let streamed = try PlaybackTrace(streaming: try TraceReader(path: path, warn: { _ in }), stretchLength: Self.stretch, cachedStretches: 1)
            let kept = Self.text.utf8.count / 2
            #expect(truncate(path, off_t(kept)) == 0)
            #expect(try streamed.event(at: 0).line == 2)
            var failure: TraceError?
            do throws(TraceError) { _ = try streamed.event(at: streamed.eventCount - 1) } catch { failure = error }
            #expect(failure?.description.hasPrefix(path + ":") == true, "\(String(describing: failure))")
            #expect(failure?.description.contains("ended early") == true)
        }
    }

    @Test("a trace file opened by path, as play opens it, is streamed")
    func openingByPath() throws {
        try Self.withFile(Self.text) { path in
            let trace = try PlaybackTrace(path: path, warn: { _ in })
            #expect(trace.isStreamed)
            #expect(trace.eventCount == 200_000)
        }
    }
}
