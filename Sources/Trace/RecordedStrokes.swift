import Geometry
import Gestures
import Motion
import Events

/// A trace's mouse drags as pointer prediction's score reads them (`PointerPredictionScore`):
/// `photozoom replay TRACE --prediction` runs the predictor over the paths a person recorded.
///
/// Each drag (a button's press to its release) is a stroke whose samples are the recorded
/// pointer events and whose hand is the same path read between them (a straight line from one
/// report to the next: what the recording knows of the hand); its frames are the trace's frames
/// while the button was held, each with the horizon the live loop recorded before it (or
/// `horizon` where the trace recorded none). The hand has stopped where no report came for
/// `pauseSeconds` while the button stayed down, having moved faster than the score's moving
/// speed just before (a release while moving is a throw, not a stop).
package enum RecordedStrokes {
    /// A pause this long between reports of a held drag is a stop, seconds.
    package static let pauseSeconds = 0.05

    /// The drags of `events`; `horizon`: the frames' time to the screen where the trace recorded
    /// none (nil: those frames are left out).
    package static func strokes(_ events: [InputEvent], horizon fallback: Double?) -> [PointerPredictionScore.Stroke] {
        var strokes: [PointerPredictionScore.Stroke] = []
        var samples: [PointerSample] = []
        var frames: [PointerPredictionScore.Frame] = []
        var recorded: Double?
        var held = false
        func finish(at end: Double) {
            defer { samples = []; frames = []; held = false }
            guard samples.count >= 2 else { return }
            strokes.append(.init(samples: samples, frames: frames, hand: samples, stops: stops(of: samples, releasedAt: end)))
        }
        for event in events {
            switch event.kind {
            case let .horizon(seconds):
                recorded = seconds
            case .frame:
                if held, let h = recorded ?? fallback, h > 0 { frames.append(.init(time: event.time, horizon: h)) }
            case let .pointer(.down, position, _?, _):
                finish(at: event.time)
                held = true
                samples = [PointerSample(time: event.time, position: position)]
            case let .pointer(.move, position, button, _) where held:
                if button == nil { finish(at: event.time) } else { samples.append(PointerSample(time: event.time, position: position)) }
            case let .pointer(.up, position, _, _) where held:
                if samples.last?.position != position { samples.append(PointerSample(time: event.time, position: position)) }
                finish(at: event.time)
            default:
                break
            }
        }
        finish(at: events.last?.time ?? 0)
        return strokes
    }

    /// Where the hand stopped along `path` (released at `end`): each report followed by a pause
    /// of `pauseSeconds` with the button down, where the hand came in faster than the score's
    /// moving speed.
    static func stops(of path: [PointerSample], releasedAt end: Double) -> [PointerPredictionScore.Stop] {
        var out: [PointerPredictionScore.Stop] = []
        for i in 1..<path.count {
            let isLast = i == path.count - 1
            guard (isLast ? end : path[i + 1].time) - path[i].time >= pauseSeconds else { continue }
            let before = path[i - 1], at = path[i]
            let dt = at.time - before.time, step = at.position - before.position
            guard dt > 0, step.length / dt > PointerPredictionScore.movingSpeed else { continue }
            let heading = step * (1 / step.length)
            // Since the hand last moved against the heading (a turn back on its way in).
            var j = i - 1
            while j > 0, (path[j].position - path[j - 1].position).dot(heading) > 0 { j -= 1 }
            out.append(.init(time: at.time, rest: at.position, heading: heading, resumes: isLast ? nil : path[i + 1].time,
                             approach: path[j].time))
        }
        return out
    }
}
