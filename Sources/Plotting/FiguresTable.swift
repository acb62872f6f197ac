import Foundation
import Geometry
import Viewing
import PhotoFiles
import Diagnostics
import JSON

/// Gesture figures as a table: the rows drawn under a plot, and the CSV or JSON file `--data` writes.
package enum FiguresTable {
    /// The drawn table's column titles.
    package static let header = ["log", "#", "t (s, viewer)", "kind", "centre v, before → after (pt/s)", "hand-off (pt/s)",
                         "scale v (1/s)", "angular v (rad/s)", "overshoot", "90 % / settle (s)"]

    /// The drawn table's cells, one row per figure.
    package static func rows(_ figures: [GestureFigures]) -> [[String]] {
        figures.map { f in
            [f.log, String(f.number), fixed(f.time, 3), f.kind.rawValue,
             pair(f.centerVelocityBefore.map(vector), f.centerVelocityAfter.map(vector)),
             f.centerHandOff.map { fixed($0, 0) } ?? "—",
             pair(f.scaleVelocityBefore.map { fixed($0, 2) }, f.scaleVelocityAfter.map { fixed($0, 2) }),
             pair(f.angularVelocityBefore.map { fixed($0, 2) }, f.angularVelocityAfter.map { fixed($0, 2) }),
             overshoot(f), (f.responseSeconds.map { fixed($0, 3) + " / " } ?? "") + (f.settleSeconds.map { fixed($0, 3) } ?? "moving")]
        }
    }

    static func pair(_ a: String?, _ b: String?) -> String { (a ?? "—") + " → " + (b ?? "—") }
    static func vector(_ p: Point) -> String { "(\(fixed(p.x, 0)), \(fixed(p.y, 0)))" }
    package static func overshoot(_ f: GestureFigures) -> String {
        var parts: [String] = []
        if let p = f.overshootPoints {
            parts.append(fixed(p, 1) + " pt" + (f.overshootFraction.map { " (" + fixed($0 * 100, 1) + " %)" } ?? ""))
        }
        if let s = f.scaleOvershootFraction { parts.append("scale " + fixed(s * 100, 1) + " %") }
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }

    package static func fixed(_ v: Double, _ places: Int) -> String {
        guard v.isFinite else { return "—" }
        let text = String(format: "%.\(places)f", v)
        return Double(text) == 0 ? String(format: "%.\(places)f", 0.0) : text
    }

    // MARK: - Files

    /// The machine-readable columns, with units in their names.
    static let dataColumns = ["log", "number", "kind", "time_s",
                              "centre_vx_before_pt_s", "centre_vy_before_pt_s", "centre_vx_after_pt_s", "centre_vy_after_pt_s",
                              "centre_hand_off_pt_s", "scale_v_before_per_s", "scale_v_after_per_s",
                              "angular_v_before_rad_s", "angular_v_after_rad_s",
                              "overshoot_pt", "scale_overshoot_fraction", "settle_s", "travel_pt", "overshoot_fraction_of_travel", "response_90_s"]

    /// One figure's values in `dataColumns` order; nil where there is none.
    package static func values(_ f: GestureFigures) -> [Any?] {
        [f.log, f.number, f.kind.rawValue, f.time,
         f.centerVelocityBefore?.x, f.centerVelocityBefore?.y, f.centerVelocityAfter?.x, f.centerVelocityAfter?.y,
         f.centerHandOff, f.scaleVelocityBefore, f.scaleVelocityAfter, f.angularVelocityBefore, f.angularVelocityAfter,
         f.overshootPoints, f.scaleOvershootFraction, f.settleSeconds, f.travelPoints, f.overshootFraction, f.responseSeconds]
    }

    /// CSV (RFC 4180): a header line, then a line per figure; empty cells where there is no value.
    package static func csv(_ figures: [GestureFigures]) -> String {
        func cell(_ v: Any?) -> String {
            switch v {
            case let s as String:
                return s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
            case let d as Double: return d.isFinite ? number(d) : ""
            case let i as Int: return String(i)
            default: return ""
            }
        }
        return ([dataColumns.joined(separator: ",")] + figures.map { values($0).map(cell).joined(separator: ",") })
            .joined(separator: "\n") + "\n"
    }

    /// JSON: `{"figures": [{column: value, …}, …]}`, null where there is no value.
    package static func json(_ figures: [GestureFigures]) -> String {
        let objects = figures.map { f in
            let members = zip(dataColumns, values(f)).map { key, v -> JSONMember in
                switch v {
                case let s as String: return JSONMember(key, .string(s))
                case let d as Double: return JSONMember(key, d.isFinite ? .number((d * 1e6).rounded() / 1e6) : .null)
                case let i as Int: return JSONMember(key, .number(Double(i)))
                default: return JSONMember(key, .null)
                }
            }
            return JSONValue.object(JSONObject(members))
        }
        return "{\"figures\": [\n" + objects.map { "  " + JSONText.value($0) }.joined(separator: ",\n") + "\n]}\n"
    }

    /// Shortest text of `v` rounded to 1e-6.
    package static func number(_ v: Double) -> String { JSONText.number((v * 1e6).rounded() / 1e6) }

    /// Writes `figures` to `path` as CSV or JSON by its extension.
    package static func write(_ figures: [GestureFigures], to path: String) throws(CommandLineError) {
        let ext = (path as NSString).pathExtension.lowercased()
        let text: String
        switch ext {
        case "csv": text = csv(figures)
        case "json": text = json(figures)
        default: throw CommandLineError.badInput("\(path): --data writes .csv or .json, not '\(ext.isEmpty ? "no extension" : "." + ext)'")
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw CommandLineError("\(path): cannot write the figures (\(String(cString: strerror(errno))))")
        }
    }
}
