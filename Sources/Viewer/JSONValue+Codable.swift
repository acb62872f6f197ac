/// A JSON value read from, or written to, any `Decoder`/`Encoder` (positions are unknown then); how
/// `Feel` meets `JSONDecoder`/`JSONEncoder`.
extension JSONValue: Codable {
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
            var members: [JSONMember] = []
            for key in keys {
                members.append(JSONMember(key.stringValue, try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(members))
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let b = try? single.decode(Bool.self) {
                self = .bool(b)
            } else if let n = try? single.decode(Double.self) {
                self = .number(n)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case let .bool(b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case let .number(n):
            var c = encoder.singleValueContainer()
            // Whole numbers as integers, so encoders that print `Double`s with a fraction write `150`.
            if n.isFinite, n == n.rounded(), n.magnitude < 1e15 { try c.encode(Int64(n)) } else { try c.encode(n) }
        case let .string(s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case let .array(items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case let .object(object):
            var c = encoder.container(keyedBy: AnyKey.self)
            for m in object.members { try c.encode(m.value, forKey: AnyKey(stringValue: m.key)) }
        }
    }
}
