/// A JSON value whose objects keep their members in document order, so what is read can be
/// written back in the same order and compared byte for byte.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// Every JSON number, as the `Double` nearest to its text (`Double(String)`).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short description of the value for error messages ("a number", "the string \"abc\"").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return "the number \(JSONText.number(n))"
        case let .string(s): return "the string " + JSONText.string(s.count > 24 ? String(s.prefix(24)) + "…" : s)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var objectValue: JSONObject? {
        if case let .object(o) = self { return o }
        return nil
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object: members in document order. Lookup is linear, which is fastest for the handful of
/// keys a trace line has; a repeated key resolves to its last occurrence, as most readers do.
public struct JSONObject: Hashable, Sendable {
    public var members: [JSONMember]

    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The value of `key`, nil when absent.
    public subscript(key: String) -> JSONValue? {
        get {
            var i = members.count - 1
            while i >= 0 {
                if members[i].key == key { return members[i].value }
                i -= 1
            }
            return nil
        }
        set {
            if let i = members.lastIndex(where: { $0.key == key }) {
                if let newValue { members[i].value = newValue } else { members.remove(at: i) }
            } else if let newValue {
                members.append(JSONMember(key, newValue))
            }
        }
    }

    /// This object with `other`'s members laid over it: objects merge member by member (recursively),
    /// anything else in `other` replaces. Keys keep this object's order; new keys follow in `other`'s.
    public func merging(_ other: JSONObject) -> JSONObject {
        var out = self
        for member in other.members {
            if case let .object(mine)? = out[member.key], case let .object(theirs) = member.value {
                out[member.key] = .object(mine.merging(theirs))
            } else {
                out[member.key] = member.value
            }
        }
        return out
    }
}
