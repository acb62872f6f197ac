/// Decodes any `Decodable` from a `JSONValue`, with errors that carry the full coding path and say
/// what was expected and found ("expected a whole number, found the number 2.5").
///
/// Numbers decode exactly: a `Double` is the value read; an integer type takes only a whole number
/// within its range.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(o) = value else { throw mismatch([String: Int].self, "an object", value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: o, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(items) = value else { throw mismatch([Int].self, "an array", value, codingPath) }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(value: value, codingPath: codingPath)
    }
}

/// A path component for array elements.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "[\(intValue ?? 0)]" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private func mismatch(_ type: Any.Type, _ expected: String, _ found: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "expected \(expected), found \(found.kindDescription)"))
}

/// The shared scalar decoding of the three containers.
private func decodeScalar<T>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    switch type {
    case is Bool.Type:
        guard case let .bool(b) = value else { throw mismatch(type, "true or false", value, path) }
        return b as! T
    case is String.Type:
        guard case let .string(s) = value else { throw mismatch(type, "a string", value, path) }
        return s as! T
    case is Double.Type:
        guard case let .number(n) = value else { throw mismatch(type, "a number", value, path) }
        return n as! T
    case is Float.Type:
        guard case let .number(n) = value else { throw mismatch(type, "a number", value, path) }
        return Float(n) as! T
    default:
        guard case let .number(n) = value else { throw mismatch(type, "a whole number", value, path) }
        func whole<I: FixedWidthInteger>(_: I.Type) throws -> I {
            guard n == n.rounded(), let i = I(exactly: n) else {
                throw mismatch(type, "a whole number in \(I.min)…\(I.max)", value, path)
            }
            return i
        }
        switch type {
        case is Int.Type: return try whole(Int.self) as! T
        case is Int8.Type: return try whole(Int8.self) as! T
        case is Int16.Type: return try whole(Int16.self) as! T
        case is Int32.Type: return try whole(Int32.self) as! T
        case is Int64.Type: return try whole(Int64.self) as! T
        case is UInt.Type: return try whole(UInt.self) as! T
        case is UInt8.Type: return try whole(UInt8.self) as! T
        case is UInt16.Type: return try whole(UInt16.self) as! T
        case is UInt32.Type: return try whole(UInt32.self) as! T
        case is UInt64.Type: return try whole(UInt64.self) as! T
        default: throw mismatch(type, "\(type)", value, path)
        }
    }
}

private func decodeAny<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    switch type {
    case is Bool.Type, is String.Type, is Double.Type, is Float.Type, is Int.Type, is Int8.Type, is Int16.Type,
         is Int32.Type, is Int64.Type, is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
        return try decodeScalar(type, value, path)
    default:
        return try T(from: JSONValueDecoder(value, codingPath: path))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let v = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeAny(type, try value(key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoder(try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoder(try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { JSONValueDecoder(.object(object), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder { JSONValueDecoder(try value(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected another element"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (v, path) = try next()
        return try decodeAny(type, v, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (v, path) = try next()
        return try JSONValueDecoder(v, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (v, path) = try next()
        return try JSONValueDecoder(v, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (v, path) = try next()
        return JSONValueDecoder(v, codingPath: path)
    }
}

private struct SingleValue: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeAny(type, value, codingPath) }
}
