/// A JSON value whose objects keep their members in document order, so what is read can be
/// written back in the same order and compared byte for byte. The one JSON model of PhotoZoom: the
/// feel file (`Feel+Coding`), trace and state-log lines (`Trace`), the plotted state log (`Plotting`).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// Every JSON number, as the `Double` nearest to its text (`Double(String)`); always finite.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The kind, for messages: "a number", "a string", "an object", "true", "null"…
    public var kindName: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The kind and, for scalars, the value, for messages ("the number 2.5", "the string \"abc\"").
    public var kindDescription: String {
        switch self {
        case let .number(n): return "the number \(JSONText.number(n))"
        case let .string(s): return "the string " + JSONText.string(s.count > 24 ? String(s.prefix(24)) + "…" : s)
        default: return kindName
        }
    }

    public var objectValue: JSONObject? {
        if case let .object(o) = self { return o }
        return nil
    }

    /// The value of `key` in an object (nil for a missing key, or when this is not an object).
    package subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}
