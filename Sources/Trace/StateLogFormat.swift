import Viewer

/// Formats state snapshots as state-log lines (`.states.jsonl`).
///
/// PROVISIONAL (foundation): the traces issue owns the recorder, reader and replay; this is the
/// line format of the DESIGN contract, written with a fixed field order so logs compare byte for byte.
public enum StateLogFormat {
    /// One JSON line (no newline) for `s`.
    public static func line(_ s: StateSnapshot) -> String {
        var out = "{\"frame\":\(s.frame),\"t\":\(number(s.time, places: 6)),\"phase\":\"\(s.phase.rawValue)\","
        out += "\"photo\":" + (s.photo.map(String.init) ?? "null") + ","
        if let i = s.image {
            out += "\"image\":{\"x\":\(number(i.center.x)),\"y\":\(number(i.center.y)),\"w\":\(number(i.size.width)),"
            out += "\"h\":\(number(i.size.height)),\"rotation\":\(number(i.rotation, places: 5))},"
        } else {
            out += "\"image\":null,"
        }
        out += "\"backdrop\":\(number(s.backdrop, places: 4)),\"progress\":\(number(s.progress, places: 4)),"
        out += "\"scroll\":\(number(s.scroll)),\"gesture\":\"\(s.gesture.rawValue)\"}"
        return out
    }

    /// `value` rounded to `places` decimals, printed without trailing zeros ("-0" prints as "0").
    public static func number(_ value: Double, places: Int = 3) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let r = (value * scale).rounded() / scale
        if r == 0 { return "0" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }
}
