/// A JSON object: members in document order, duplicates kept (the reader of the object decides what
/// a repeated key means). Lookup is linear, which is fastest for the handful of keys a trace line
/// has; a repeated key resolves to its last occurrence, as most readers do.
public struct JSONObject: Hashable, Sendable {
    public var members: [JSONMember]

    package init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The value of `key`, nil when absent.
    package subscript(key: String) -> JSONValue? {
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
    package func merging(_ other: JSONObject) -> JSONObject {
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

/// One `"key": value` member of a JSON object, with where its key and value stood in the text read
/// (nil for a member built in code). Positions take no part in equality: the same JSON is equal
/// wherever it was written.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue
    /// Where the key's opening quote stood.
    public var keyPosition: JSONPosition?
    /// Where the value started.
    public var valuePosition: JSONPosition?

    package init(_ key: String, _ value: JSONValue, keyPosition: JSONPosition? = nil, valuePosition: JSONPosition? = nil) {
        self.key = key
        self.value = value
        self.keyPosition = keyPosition
        self.valuePosition = valuePosition
    }

    public static func == (a: JSONMember, b: JSONMember) -> Bool {
        a.key == b.key && a.value == b.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}
