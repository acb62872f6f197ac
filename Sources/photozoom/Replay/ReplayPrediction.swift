import Foundation
import Motion
import PhotoFiles
import Diagnostics
import Trace
import Events
import FeelModel
import JSON

/// `photozoom replay TRACE --prediction`: pointer prediction scored on the trace's mouse drags
/// (`RecordedStrokes`, `PointerPredictionScore`), off and on.
enum ReplayPrediction {
    static func run(_ reader: TraceReader, feelOverride: JSONObject?, horizon: Double?) throws {
        var events: [InputEvent] = []
        while let event = try reader.next() { events.append(event) }
        let feel: Feel
        do throws(FieldError) {
            feel = try FeelCoding.resolve([reader.header.feel, feelOverride])
        } catch {
            throw CommandLineError.badInput("\(reader.name): feel.\(error.field): \(error.message)")
        }
        let seconds = feel.pointerPredictionSeconds > 0 ? feel.pointerPredictionSeconds : PointerPredictor().maximumSeconds
        let strokes = RecordedStrokes.strokes(events, horizon: horizon)
        let framed = strokes.reduce(0) { $0 + $1.frames.count }
        var lines = ["prediction: \(strokes.count) drags, \(framed) frames while held, look-ahead at most \(JSONText.number(seconds * 1000)) ms"]
        if framed == 0 {
            lines.append("prediction: no frame knows its time to the screen (recorded before pointer prediction): give --horizon SECONDS")
        } else {
            lines.append("prediction off: " + PointerPredictionScore.measure(strokes, predictor: nil).description)
            lines.append("prediction on:  " + PointerPredictionScore.measure(strokes, predictor: PointerPredictor(maximumSeconds: seconds)).description)
        }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
