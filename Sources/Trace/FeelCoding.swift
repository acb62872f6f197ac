import Foundation
import Viewer

/// The one place where feel parameters meet JSON, for the trace header, `feel` events and
/// `--feel FILE`: every Feel that a session runs on is decoded here, from the same JSON text live
/// and in replay, so the two cannot differ.
///
/// A feel object is a layer: the keys it gives override what lies under it, the rest keep their
/// values. Layers resolve over the defaults in order (`defaults ⊕ header ⊕ --feel`), so a header
/// without `feel` or with some keys replays on the defaults for the rest, and `--feel` overrides both.
/// Decoding goes through `Feel`'s `Codable` conformance, so its validation applies.
public enum FeelCoding {
    /// The defaults as a JSON object, keys sorted.
    public static let defaultsObject: JSONObject = object(of: .defaults)

    /// The full JSON object of `feel`, keys sorted (the form a trace header records).
    public static func object(of feel: Feel) -> JSONObject {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(feel),
              case let .object(o)? = try? JSONReader.parse([UInt8](data)) else {
            preconditionFailure("Feel must encode to a JSON object")
        }
        return o
    }

    /// The defaults with each layer laid over in turn, decoded into a `Feel`. Nil layers are skipped.
    /// A field of the wrong kind, or one that `Feel` rejects, throws naming its path.
    public static func resolve(_ layers: [JSONObject?]) throws(FieldError) -> Feel {
        var merged = defaultsObject
        for layer in layers {
            if let layer { merged = merged.merging(layer) }
        }
        return try decode(merged)
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
            throw FieldError(field: error.field ?? "", message: "\(error.message) (byte \(error.column))")
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
            let (line, column) = lineAndColumn(of: error.column, in: data)
            throw TraceError(file: path, line: line, field: error.field, message: "\(error.message) (column \(column))")
        }
        guard case let .object(o) = value else {
            throw TraceError(file: path, line: 1, message: "expected a JSON object of feel parameters, found \(value.kindDescription)")
        }
        do throws(FieldError) {
            _ = try resolve([o])
        } catch {
            throw TraceError(file: path, line: nil, error)
        }
        return o
    }

    // MARK: - Decoding

    private static func decode(_ object: JSONObject) throws(FieldError) -> Feel {
        do {
            return try Feel(from: JSONValueDecoder(.object(object)))
        } catch let DecodingError.typeMismatch(_, context) {
            throw FieldError(field: path(context.codingPath), message: context.debugDescription)
        } catch let DecodingError.valueNotFound(_, context) {
            throw FieldError(field: path(context.codingPath), message: context.debugDescription)
        } catch let DecodingError.keyNotFound(key, context) {
            throw FieldError(field: path(context.codingPath + [key]), message: "expected a value, found nothing (the key is missing)")
        } catch let DecodingError.dataCorrupted(context) {
            throw FieldError(field: path(context.codingPath), message: context.debugDescription)
        } catch {
            throw fieldError(from: error)
        }
    }

    /// `Feel`'s own validation error (`FeelError`, from `Feel+Codable`) carries the dotted key at
    /// fault and the reason; read them by name so this file builds with or without it.
    static func fieldError(from error: any Error) -> FieldError {
        var key: String?, reason: String?
        for child in Mirror(reflecting: error).children {
            switch (child.label, child.value) {
            case let ("key", value as String?): key = value
            case let ("reason", value as String): reason = value
            default: break
            }
        }
        guard let reason else { return FieldError(field: "", message: "\(error)") }
        return FieldError(field: key ?? "", message: reason)
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let i = key.intValue { out += "[\(i)]" } else { out += out.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return out
    }

    /// 1-based line and column of 1-based byte `offset` in `data`.
    private static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1, column = 1
        for (i, b) in data.enumerated() where i < offset - 1 {
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
