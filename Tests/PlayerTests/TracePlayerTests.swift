import Foundation
import Geometry
import Gestures
import Motion
import TestSupport
import Testing
@testable import Player
import Trace
import Viewing
import Drawing
import JSON

@Suite("Trace player: every step, scrub and jump shows the state a straight replay reaches at that frame")
struct TracePlayerTests {
    /// A minute of generated use (about 3,500 frames and 6,000 events), shared by the tests.
    static let session = GeneratedSession(seconds: 60, seed: 16)
    static let straight: [String] = (try? session.straightReplay().lines) ?? []

    /// The state-log line of what the player's run shows.
    static func line(_ run: PlaybackRun) -> String { StateLogFormat.line(run.viewer.snapshot) }

    @Test("the generated session is shaped like a real one: bursts of 1000 Hz moves, releases, interruptions")
    func generatedSessionIsRealistic() throws {
        let player = try TracePlayer(trace: Self.session.trace)
        #expect(player.frameCount == Self.straight.count)
        #expect(player.frameCount > 3_000)
        // At 1000 Hz, a frame after a drag's moves carries more than 10 of them.
        var burst = 0, longest = 0
        for e in Self.session.events {
            if case .frame = e.kind { longest = max(longest, burst); burst = 0 } else { burst += 1 }
        }
        #expect(longest >= 10)
        #expect(player.a.marks.contains { $0.kind == .release })
        #expect(player.a.marks.contains { $0.kind == .interruption })
        #expect(player.a.marks.filter { $0.kind == .gesture }.count > 10)
    }

    @Test("stepping forward and back lands on the straight replay's state at every frame, byte for byte")
    func steppingMatchesStraightReplay() throws {
        let player = try TracePlayer(trace: Self.session.trace, checkpointInterval: 150)
        #expect(Self.line(player.a) == Self.straight[0])
        for _ in 0..<300 {
            try player.step(by: 1)
            #expect(Self.line(player.a) == Self.straight[player.frame - 1])
        }
        #expect(player.frame == 301)
        #expect(player.a.checkpointCount > 5)
        // Backwards crosses checkpoints: each step back replays from the one before it.
        for _ in 0..<300 {
            try player.step(by: -1)
            #expect(Self.line(player.a) == Self.straight[player.frame - 1])
        }
        #expect(player.frame == 1)
        try player.step(by: -1)
        #expect(player.frame == 1)
    }

    @Test("scrubbing to any time shows the frame of that instant, as the straight replay drew it (scene equal)")
    func scrubbingMatchesStraightReplay() throws {
        var random = SplitMix64(seed: 1616)
        let trace = Self.session.trace
        let targets = (0..<30).map { _ in random.uniform(-1...(trace.duration + 1)) }
        let frames = Set(targets.map { trace.frame(atTime: $0) })
        let expected = try Self.session.straightReplay(scenesAt: frames)
        let player = try TracePlayer(trace: trace, checkpointInterval: 700)
        for t in targets {
            try player.scrub(toTime: t)
            let n = trace.frame(atTime: t)
            #expect(player.frame == n)
            #expect(Self.line(player.a) == Self.straight[n - 1])
            // Scene is not Equatable; its description prints every field, doubles in round-trip form.
            #expect(String(describing: player.a.viewer.scene()) == expected.scenes[n].map { String(describing: $0) })
            // The playhead stays on the instant scrubbed to, within the trace.
            #expect(player.time == min(max(t, trace.time(ofFrame: 1)), trace.time(ofFrame: trace.frameCount)))
        }
    }

    @Test("Home, End, the Nth gesture and the next and previous release or interruption land on their marks: a release at its instant")
    func jumpsLandOnMarks() throws {
        let player = try TracePlayer(trace: Self.session.trace)
        let marks = player.a.marks
        let gestures = marks.filter { $0.kind == .gesture }
        let decisions = marks.filter { $0.kind != .gesture }
        try player.goToGesture(3)
        #expect(player.frame == gestures[2].frame)
        #expect(Self.line(player.a) == Self.straight[player.frame - 1])
        try player.goToGesture(gestures.count + 1)
        #expect(player.frame == gestures[2].frame)

        try player.goToStart()
        // A release is stood on at its own instant (the last frame before it shows), an
        // interruption at the frame that noted it.
        var visited: [Double] = []
        while true {
            let before = player.time
            try player.nextDecision()
            if player.time == before { break }
            visited.append(player.time)
            #expect(Self.line(player.a) == Self.straight[player.frame - 1])
        }
        #expect(visited == Array(Set(decisions.map(player.playhead(of:)))).sorted())
        #expect(decisions.allSatisfy { $0.kind == .interruption || player.playhead(of: $0) == $0.time })
        try player.goToEnd()
        #expect(player.frame == player.frameCount)
        #expect(Self.line(player.a) == Self.straight.last)
        try player.previousDecision()
        #expect(player.time == decisions.last.map(player.playhead(of:)))
    }

    @Test("the marks are the releases and interruptions the summary reports, at the same instants")
    func marksAgreeWithSummary() throws {
        let reader = try TraceReader(text: Self.session.text, name: "generated", warn: { Issue.record("\($0)") })
        let replay = try TraceReplay.session(for: reader, summarize: true)
        try TraceReplay.run(reader, through: replay)
        let entries = try #require(replay.summary).entries
        let releases = entries.compactMap { if case .released = $0.kind { $0.time } else { nil } }
        let interruptions = entries.compactMap { if case .interrupted = $0.kind { $0.time } else { nil } }
        let player = try TracePlayer(trace: Self.session.trace)
        #expect(player.a.marks.filter { $0.kind == .release }.map(\.time) == releases)
        #expect(player.a.marks.filter { $0.kind == .interruption }.map(\.time) == interruptions)
        #expect(!releases.isEmpty && !interruptions.isEmpty)
        // Each mark sits on the first frame at or after its note's instant.
        for mark in player.a.marks { #expect(Self.session.trace.time(ofFrame: mark.frame) >= mark.time) }
    }

    @Test("playing moves the playhead by wall time × speed and stops at the last frame; [ and ] halve and double within 0.1×–4×")
    func playingAndSpeed() throws {
        let player = try TracePlayer(trace: Self.session.trace)
        let trace = Self.session.trace
        player.halveSpeed()
        player.halveSpeed()
        #expect(player.speed == 0.25)
        player.togglePlaying()
        #expect(player.isPlaying)
        let start = player.time
        for _ in 0..<120 { try player.advance(wallSeconds: 1.0 / 60) }
        // 120 wall frames of 1/60 s at 0.25×: 0.5 s of trace time (summed in steps, so within rounding).
        #expect(abs(player.time - (start + 0.5)) < 1e-9)
        #expect(player.frame == trace.frame(atTime: player.time))
        #expect(Self.line(player.a) == Self.straight[player.frame - 1])

        for _ in 0..<10 { player.halveSpeed() }
        #expect(player.speed == 0.1)
        var doubled: [Double] = []
        for _ in 0..<7 { player.doubleSpeed(); doubled.append(player.speed) }
        #expect(doubled == [0.2, 0.4, 0.8, 1.6, 3.2, 4, 4])

        try player.advance(wallSeconds: trace.duration)
        #expect(player.frame == player.frameCount)
        #expect(!player.isPlaying)
        // Playing again from the end starts over.
        player.togglePlaying()
        #expect(player.frame == 1 && player.isPlaying)
    }

    @Test("an edited feel re-runs the trace from its start with the new numbers, the playhead kept")
    func editReplaysFromStart() throws {
        let player = try TracePlayer(trace: Self.session.trace, checkpointInterval: 800)
        let frame = try #require(player.a.marks.first { $0.kind == .release }).frame + 5
        try player.seek(toFrame: frame)
        var feel = player.a.viewer.feel
        feel.closeSpring.dampingRatio = 0.5
        feel.cancelSpring.responseSeconds = 0.8
        try player.edit(feel: feel)
        #expect(player.frame == frame)
        #expect(player.edits.keys == ["cancelSpring.responseSeconds", "closeSpring.dampingRatio"])

        let layer = try #require(try JSONReader.parse(#"{"closeSpring":{"dampingRatio":0.5},"cancelSpring":{"responseSeconds":0.8}}"#).objectValue)
        let edited = try Self.session.straightReplay(feel: layer).lines
        #expect(edited != Self.straight)
        #expect(Self.line(player.a) == edited[frame - 1])
        // Only the stretch up to the playhead was replayed; the rest follows in slices.
        #expect(player.a.builtFrames < player.frameCount)
        while try player.buildMore(events: 5_000) {}
        for n in stride(from: 1, through: player.frameCount, by: 97) {
            try player.seek(toFrame: n)
            #expect(Self.line(player.a) == edited[n - 1])
        }
    }

    @Test("A and B share the playhead, each showing its own feel's straight replay; pinning keeps B as A was")
    func abComparison() throws {
        let soft = try #require(try JSONReader.parse(#"{"closeSpring":{"responseSeconds":0.9,"dampingRatio":0.6}}"#).objectValue)
        let player = try TracePlayer(trace: Self.session.trace, against: soft, checkpointInterval: 900)
        let b = try #require(player.b)
        let softLines = try Self.session.straightReplay(feel: soft).lines
        var random = SplitMix64(seed: 2)
        for _ in 0..<40 {
            try player.seek(toFrame: random.integer(1...player.frameCount))
            #expect(Self.line(player.a) == Self.straight[player.frame - 1])
            #expect(Self.line(b) == softLines[player.frame - 1])
        }
        // Pin A as B, then edit A: B keeps showing the unedited run.
        player.pinAsB()
        var feel = player.a.viewer.feel
        feel.closeSpring = Spring(responseSeconds: 0.9, dampingRatio: 0.6)
        try player.edit(feel: feel)
        let pinned = try #require(player.b)
        for _ in 0..<20 {
            try player.seek(toFrame: random.integer(1...player.frameCount))
            #expect(Self.line(pinned) == Self.straight[player.frame - 1])
            #expect(Self.line(player.a) == softLines[player.frame - 1])
        }
    }

    @Test("a trace from elsewhere plays: 30 Hz frames, photos not in any folder at hand")
    func foreignTracePlays() throws {
        let photos = (0..<9).map { Photo(name: "elsewhere-\($0).png", pixelSize: Size(Double(800 + $0 * 10), 600)) }
        let session = GeneratedSession(seconds: 40, seed: 30, photos: photos, frameGap: 30...36)
        let reader = try TraceReader(text: session.text, name: "elsewhere", warn: { Issue.record("\($0)") })
        let player = try TracePlayer(trace: try PlaybackTrace(reading: reader))
        let lines = try session.straightReplay().lines
        #expect(player.frameCount == lines.count)
        for n in [lines.count, 1, lines.count / 2, lines.count / 2 - 1] {
            try player.seek(toFrame: n)
            #expect(Self.line(player.a) == lines[n - 1])
        }
    }

    @Test("bad traces fail with replay's errors: a malformed line, time going back, a feel event that does not decode")
    func badTracesFailAsReplay() throws {
        let header = Self.session.header.line
        let cases = [
            header + "\n{\"t\":0.016,\"type\":\"frame\"}\n{\"t\":0.02,\"type\":\"pointer\",\"phase\":\"down\"}\n",
            header + "\n{\"t\":0.5,\"type\":\"frame\"}\n{\"t\":0.2,\"type\":\"frame\"}\n",
            header + "\n{\"t\":0.016,\"type\":\"frame\"}\n{\"t\":0.02,\"type\":\"feel\",\"feel\":{\"openSpring\":{\"dampingRatio\":-3}}}\n",
        ]
        for text in cases {
            let replayError = Self.error {
                let reader = try TraceReader(text: text, name: "bad.trace.jsonl", warn: { _ in })
                try TraceReplay.run(reader, through: try TraceReplay.session(for: reader))
            }
            let playError = Self.error {
                let reader = try TraceReader(text: text, name: "bad.trace.jsonl", warn: { _ in })
                _ = try TracePlayer(trace: try PlaybackTrace(reading: reader))
            }
            #expect(replayError != nil)
            #expect(playError == replayError)
            #expect(playError?.description.hasPrefix("bad.trace.jsonl:3:") == true)
        }
    }

    static func error(_ body: () throws -> Void) -> TraceError? {
        do { try body() } catch let e as TraceError { return e } catch { Issue.record("\(error)") }
        return nil
    }
}
