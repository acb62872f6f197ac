import Foundation
import Viewer

/// The one place where feel parameters meet JSON, for the trace header, `feel` events and
/// `--feel FILE`: every Feel that a session runs on is decoded here, from the same JSON text live
/// and in replay, so the two cannot differ.
///
/// A feel object is a layer: the keys it gives override what lies under it, the rest keep their
/// values. Layers resolve over the defaults in order (`defaults ⊕ header ⊕ --feel`), so a header
/// without `feel` or with some keys replays on the defaults for the rest, and `--feel` overrides both.
/// Decoding goes through `Feel(json:)`, the feel file's reader, so its validation applies.
public enum FeelCoding {
    /// The defaults as a JSON object, keys sorted.
    public static let defaultsObject: JSONObject = object(of: .defaults)

    /// The full JSON object of `feel`, keys sorted at every level (the form a trace header records).
    public static func object(of feel: Feel) -> JSONObject {
        guard case let .object(o) = feel.jsonValue else { preconditionFailure("Feel must write a JSON object") }
        return sortedByKey(o)
    }

    /// The defaults with each layer laid over in turn, decoded into a `Feel`. Nil layers are skipped.
    /// A field of the wrong kind, or one that `Feel` rejects, throws naming its path.
    public static func resolve(_ layers: [JSONObject?]) throws(FieldError) -> Feel {
        var merged = defaultsObject
        for layer in layers {
            if let layer { merged = merged.merging(layer) }
        }
        do throws(FeelError) {
            return try Feel(json: .object(merged))
        } catch {
            throw FieldError(field: error.key ?? "", message: error.reason)
        }
    }

    /// A JSON object text of one layer in canonical form (compact, members in their given order).
    public static func canonicalText(_ layer: JSONObject) -> String {
        JSONText.value(.object(layer))
    }

    /// Parses the text of one layer (a feel event's payload, or a feel file's content).
    public static func layer(fromText text: String) throws(FieldError) -> JSONObject {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONReader.parse(text)
        } catch {
            let place = error.line > 1 ? "line \(error.line), column \(error.column)" : "column \(error.column)"
            throw FieldError(field: error.field ?? "", message: "\(error.message) (\(place))")
        }
        guard case let .object(o) = value else {
            throw FieldError(field: "", message: "expected an object of feel parameters, found \(value.kindDescription)")
        }
        return o
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

    /// `object` with its members sorted by key, at every level.
    private static func sortedByKey(_ object: JSONObject) -> JSONObject {
        JSONObject(object.members.sorted { $0.key < $1.key }.map { member in
            guard case let .object(inner) = member.value else { return member }
            return JSONMember(member.key, .object(sortedByKey(inner)))
        })
    }
}
