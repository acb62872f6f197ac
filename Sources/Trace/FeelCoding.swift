import Foundation
import Viewer

/// Feel layers as the trace sees them: the trace header's `feel`, `feel` events and `--feel FILE`,
/// with errors as the trace's (`FieldError`, `TraceError`). Decoding is `Feel(layers:)`, the one
/// feel decoder (Feel), so live and replay cannot differ: a header without `feel` or with some keys
/// replays on the defaults for the rest, and `--feel` overrides both.
public enum FeelCoding {
    /// The defaults as a JSON object, keys sorted.
    public static var defaultsObject: JSONObject { Feel.defaultsObject }

    /// The full JSON object of `feel`, keys sorted at every level (the form a trace header records).
    public static func object(of feel: Feel) -> JSONObject { feel.sortedJSONObject }

    /// The defaults with each layer laid over in turn, decoded by `Feel(layers:)`. Nil layers are
    /// skipped. A field of the wrong kind, or one that `Feel` rejects, throws naming its path.
    public static func resolve(_ layers: [JSONObject?]) throws(FieldError) -> Feel {
        do throws(FeelError) {
            return try Feel(layers: layers)
        } catch {
            throw FieldError(field: error.key ?? "", message: error.reason)
        }
    }

    /// Reads a feel file: one JSON object, of any subset of the parameters.
    public static func layer(fromFile path: String) throws(TraceError) -> JSONObject {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw TraceError(file: path, message: exists ? "cannot be read (permission denied?)" : "no such file")
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONReader.parse([UInt8](data))
        } catch {
            throw TraceError(file: path, line: error.line, field: error.field, message: "\(error.message) (column \(error.column))")
        }
        guard case let .object(o) = value else {
            throw TraceError(file: path, line: 1, message: "expected a JSON object of feel parameters, found \(value.kindDescription)")
        }
        // Read with the positions the reader kept, so a value out of range names its line.
        do throws(FeelError) {
            _ = try Feel(json: value)
        } catch {
            throw TraceError(file: path, line: error.line, field: error.key, message: error.reason)
        }
        return o
    }
}
