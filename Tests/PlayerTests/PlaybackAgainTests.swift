import Geometry
import Gestures
@testable import Player
import TestSupport
import Testing
import Trace
import Viewing
import Drawing
import Events

@Suite("Trace player over a recorded again: any frame reached through the checkpoints shows the re-run and its ghost as a straight replay does")
struct PlaybackAgainTests {
    /// A photo open at rest, a 100 pt pull from a 1000 Hz mouse (moves in bursts before frames
    /// 15–19 ms apart, ms-rounded), let go at 1.921 s; under a 60 pt drag radius from 2.9 s, the
    /// again key at 3.2 s and its effect after that frame, as the live window records them.
    static func trace() -> PlaybackTrace {
        let header = TraceHeader(windowSize: Size(1280, 800), scale: 1,
                                 photos: (0..<12).map { Photo(name: "a\($0).jpg", pixelSize: Size(Double(1200 + $0 * 40), 800)) },
                                 feel: nil, openPhoto: 2)
        var inputs: [InputEvent] = [.pointer(.down, 1.5, 640, 400)]
        for k in 1...300 {
            let u = Double(k) / 300
            inputs.append(.pointer(.move, Double(1500 + k) / 1000, 640, ((400 + 100 * u * u * (3 - 2 * u)) * 1000).rounded() / 1000, button: .left))
        }
        inputs.append(.pointer(.up, 1.921, 640, 500))
        inputs.append(InputEvent(time: 2.9, kind: .feel(layer: feelLayer(#"{"dragRadiusPoints":60}"#))))
        inputs += [.key(.down, 3.2, "a"), .key(.up, 3.262, "a")]
        var events: [InputEvent] = []
        var i = 0, m = 0, k = 0, againDone = false
        while m < 6000 {
            k += 1
            m += [17, 15, 19, 16, 18, 17][k % 6]
            let t = Double(m) / 1000
            while i < inputs.count, inputs[i].time <= t { events.append(inputs[i]); i += 1 }
            events.append(.frame(t))
            if !againDone, t >= 3.2 {
                events.append(InputEvent(time: t, kind: .effect(.again(from: 1.5))))
                againDone = true
            }
        }
        return PlaybackTrace(name: "again", header: header, events: events)
    }

    @Test("stepping back and forth and jumping through a re-run lands on the straight replay's re-run and ghost, byte for byte")
    func seeksMatchStraightReplay() throws {
        let trace = Self.trace()
        // The straight replay: at each frame, the re-run's and the ghost's state lines (nil: none shown).
        let session = try Session(header: trace.header)
        var straight: [(String?, String?)] = []
        var scenes: [Int: String] = [:]
        for i in 0..<trace.eventCount {
            let e = try trace.event(at: i).event
            try session.handle(e)
            guard case .frame = e.kind else { continue }
            straight.append((session.again.map { StateLogFormat.line($0.rerun.snapshot) },
                             session.again.map { StateLogFormat.line($0.previous.snapshot) }))
            // What is drawn, exactly (every coordinate printed in full, not the log's rounding).
            if let again = session.again { scenes[session.frameCount] = "\(GhostScene.again(again, overlays: []))" }
        }
        let shown = straight.indices.filter { straight[$0].0 != nil }.map { $0 + 1 }
        // The pull lasts 0.42 s and its landing at ~17 ms a frame: dozens of frames show the re-run.
        #expect(shown.count > 40)
        // Checkpoints every 50 events, so most seeks restore one mid-run.
        let run = try PlaybackRun(trace: trace, feelOverride: nil, checkpointInterval: 50)
        try run.buildAll()
        #expect(run.checkpointCount > 10)
        let visits = [shown[20], shown[21], shown[20], shown[0] - 1, shown[0], shown.last!, shown[5], 1, shown[30], shown[29]]
        for n in visits {
            try run.seek(toFrame: n)
            let got = (run.again.map { StateLogFormat.line($0.rerun.snapshot) }, run.again.map { StateLogFormat.line($0.previous.snapshot) })
            #expect(got.0 == straight[n - 1].0 && got.1 == straight[n - 1].1, "frame \(n)")
            let drawn = run.again.map { "\(GhostScene.again($0, overlays: []))" }
            #expect(drawn == scenes[n], "frame \(n): the scene drawn differs")
        }
        // Where the re-run and its ghost part: the re-run closes, the ghost returns.
        try run.seek(toFrame: shown.last!)
        #expect(run.again?.rerun.phase == .grid || run.again?.rerun.phase == .closing)
        #expect(run.again?.previous.phase == .presented)
    }
}
