import Viewing
import JSON

/// The state log's lines (`.states.jsonl`, docs/design.md "State log"): one JSON object per frame, with
/// a fixed field order and fixed rounding, so logs written live and in replay compare byte for byte.
///
/// `{"frame":12,"t":0.1,"phase":"opening","photo":3,"image":{"x":640,"y":400,"w":900,"h":600,
///   "rotation":0},"backdrop":0.42,"progress":0.42,"scroll":0,"gesture":"none"}`; while paging, when
/// the photo drawn largest is not `photo`, that one, `"shown":2`; and on the first frame after a
/// release or interruption its instant, `"event":0.093`.
///
/// Rounding: `t` to the microsecond (the clock's grain); positions and sizes to 0.001 pt; rotation to
/// 0.00001 rad; backdrop and progress to 0.0001; trailing zeros are not written.
package enum StateLogFormat {
    /// One JSON line (no newline) for `s`; `event`, when given, is the instant of the release or
    /// interruption that this frame is the first drawn after (seconds, viewer time), written last
    /// as `"event"` so `plot` measures from it as the summary does.
    package static func line(_ s: StateSnapshot, event: Double? = nil) -> String {
        var out = "{\"frame\":\(s.frame),\"t\":\(number(s.time, places: 6)),\"phase\":\"\(s.phase.rawValue)\","
        out += "\"photo\":" + (s.photo.map(String.init) ?? "null") + ","
        if let i = s.image {
            out += "\"image\":{\"x\":\(number(i.center.x)),\"y\":\(number(i.center.y)),\"w\":\(number(i.size.width)),"
            out += "\"h\":\(number(i.size.height)),\"rotation\":\(number(i.rotation, places: 5))},"
        } else {
            out += "\"image\":null,"
        }
        out += "\"backdrop\":\(number(s.backdrop, places: 4)),\"progress\":\(number(s.progress, places: 4)),"
        out += "\"scroll\":\(number(s.scroll)),\"gesture\":\"\(s.gesture.rawValue)\""
        if let shown = s.shown { out += ",\"shown\":\(shown)" }
        if let event, event.isFinite { out += ",\"event\":\(number(event, places: 6))" }
        return out + "}"
    }

    /// A line without its `event` annotation: the state its frame shows, as a line written from the
    /// snapshot alone reads (the player and a re-run's ghost compare states with a log so).
    package static func state(of line: String) -> String {
        guard let range = line.firstRange(of: ",\"event\":") else { return line }
        guard let end = line[range.upperBound...].firstIndex(where: { $0 == "}" || $0 == "," }) else { return line }
        return String(line[..<range.lowerBound] + line[end...])
    }

    /// `value` rounded to `places` decimals, printed without trailing zeros ("-0" prints as "0");
    /// `null` for a non-finite value (which the viewer never produces).
    package static func number(_ value: Double, places: Int = 3) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let r = (value * scale).rounded() / scale
        // Beyond 1e15 a Double has no fraction digits left to round: the value is printed as is
        // (scaling 1e308 by 10^places would give infinity, which is not JSON).
        guard r.isFinite else { return JSONText.number(value) }
        if r == 0 { return "0" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }
}
