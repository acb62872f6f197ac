/// A JSON value read from, or written to, any `Decoder`/`Encoder` (positions are unknown then).
extension JSONDocument.Value: Codable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            // Decoders keep keys in a dictionary; sorting makes the first error reported deterministic.
            let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
            var members: [JSONDocument.Member] = []
            for key in keys {
                members.append(JSONDocument.Member(key: key.stringValue, keyPosition: nil,
                                               value: try object.decode(JSONDocument.Value.self, forKey: key)))
            }
            self = .object(members, nil)
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [JSONDocument.Value] = []
            while !list.isAtEnd { items.append(try list.decode(JSONDocument.Value.self)) }
            self = .array(items, nil)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null(nil)
            } else if let b = try? single.decode(Bool.self) {
                self = .bool(b, nil)
            } else if let n = try? single.decode(Double.self) {
                self = .number(n, nil)
            } else {
                self = .string(try single.decode(String.self), nil)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case let .bool(b, _):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case let .number(n, _):
            var c = encoder.singleValueContainer()
            if n.isFinite, n == n.rounded(), n.magnitude < 1e15 { try c.encode(Int64(n)) } else { try c.encode(n) }
        case let .string(s, _):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case let .array(items, _):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case let .object(members, _):
            var c = encoder.container(keyedBy: AnyKey.self)
            for m in members { try c.encode(m.value, forKey: AnyKey(stringValue: m.key)) }
        }
    }
}
