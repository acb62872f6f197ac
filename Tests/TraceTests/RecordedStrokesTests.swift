import Geometry
import Testing
@testable import Trace
import Events
import Motion

/// `replay --prediction`'s reading of a trace: its mouse drags as strokes, frames with the
/// horizons recorded before them, stops where the held hand paused.
@Suite("A trace's drags for the prediction score: frames with their recorded horizons, a pause is a stop, a throw is not")
struct RecordedStrokesTests {
    /// A drag right at 1,000 pt/s, reported every ms for 0.2 s, paused 0.1 s with the button down,
    /// then on for 0.1 s and released while moving (a throw); frames every 1/60 s, the horizon
    /// 8 ms recorded before the first.
    static var events: [InputEvent] {
        var out: [InputEvent] = [.pointer(.down, 0, 100, 300)]
        var moves: [InputEvent] = []
        for k in 1...200 { moves.append(.pointer(.move, Double(k) / 1000, 100 + Double(k), 300)) }
        for k in 1...100 { moves.append(.pointer(.move, 0.3 + Double(k) / 1000, 300 + Double(k), 300)) }
        var frames: [InputEvent] = [InputEvent(time: 0.01, kind: .horizon(seconds: 0.008))]
        var t = 0.01
        while t < 0.4 { frames.append(.frame(t)); t += 1.0 / 60 }
        out += (moves + frames).sorted { $0.time < $1.time }
        out.append(.pointer(.up, 0.4005, 400, 300))
        out.append(.frame(0.41))
        return out
    }

    @Test("one stroke, its frames while held at the recorded 8 ms, one stop (the pause), none at the throw")
    func strokesOfADrag() throws {
        let strokes = RecordedStrokes.strokes(Self.events, horizon: nil)
        let stroke = try #require(strokes.first)
        #expect(strokes.count == 1)
        #expect(stroke.samples.count == 301)
        // Frames from 0.01 s every 1/60 s before the release at 0.4005 s: 24 of them.
        #expect(stroke.frames.count == 24 && stroke.frames.allSatisfy { $0.horizon == 0.008 })
        #expect(stroke.stops.count == 1)
        #expect(stroke.stops.first?.rest == Point(300, 300) && stroke.stops.first?.resumes == 0.301)
    }

    @Test("without recorded horizons the frames are left out unless one is given")
    func fallbackHorizon() {
        let bare = Self.events.filter { if case .horizon = $0.kind { false } else { true } }
        #expect(RecordedStrokes.strokes(bare, horizon: nil).first?.frames.isEmpty == true)
        #expect(RecordedStrokes.strokes(bare, horizon: 0.01).first?.frames.count == 24)
    }

    @Test("scored: prediction brings the 1,000 pt/s trail of 8-25 pt to under a point, nothing the wrong way, no overshoot at the pause")
    func scored() {
        let strokes = RecordedStrokes.strokes(Self.events, horizon: nil)
        let off = PointerPredictionScore.measure(strokes, predictor: nil)
        let on = PointerPredictionScore.measure(strokes, predictor: PointerPredictor())
        #expect(off.medianDistance >= 8)
        #expect(on.medianDistance < 1 && on.wrongWayFrames == 0 && on.overshoot <= 2, "\(on.description)")
    }
}

extension RecordedStrokesTests {
    @Test("a stop's overshoot counts from the hand's last turn back: a hand that went out and came back to rest did not overshoot (a live triangle drag read 120 pt)")
    func stopAfterATurn() throws {
        // Right for 0.1 s at 1,000 pt/s, back left for 0.1 s, then held still 0.2 s and released.
        var events: [InputEvent] = [.pointer(.down, 0, 100, 300)]
        var moves: [InputEvent] = []
        for k in 1...100 { moves.append(.pointer(.move, Double(k) / 1000, 100 + Double(k), 300)) }
        for k in 1...100 { moves.append(.pointer(.move, 0.1 + Double(k) / 1000, 200 - Double(k), 300)) }
        var frames: [InputEvent] = [InputEvent(time: 0.005, kind: .horizon(seconds: 0.008))]
        var t = 0.005
        while t < 0.4 { frames.append(.frame(t)); t += 1.0 / 60 }
        events += (moves + frames).sorted { $0.time < $1.time }
        events.append(.pointer(.up, 0.4, 100, 300))
        let strokes = RecordedStrokes.strokes(events, horizon: nil)
        let stop = try #require(strokes.first?.stops.first)
        #expect(stop.rest == Point(100, 300) && stop.heading == Point(-1, 0) && stop.approach == 0.1)
        // Off, the drawn point trails the hand: never past the rest point on its way in.
        #expect(PointerPredictionScore.measure(strokes, predictor: nil).overshoot <= 0)
    }
}
