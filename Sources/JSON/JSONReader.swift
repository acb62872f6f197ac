/// Reads one JSON value from UTF-8 bytes (RFC 8259), reporting the line, column and field at fault,
/// and recording where each object member's key and value stood (for messages about a value that
/// parsed but is not allowed, like a feel parameter out of range).
///
/// Numbers are read with `Double(String)`, so a number written by `JSONText.number` reads back
/// bit for bit; one too large for a `Double` is an error. Strings must be valid UTF-8. A leading
/// UTF-8 byte-order mark is skipped. Nesting is limited to `maximumDepth` so hostile input cannot
/// exhaust the stack. The reader holds nothing between calls: JSON Lines are read a line at a time.
public struct JSONReader {
    package static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The current line (1-based) and the index of its first byte.
    private var line = 1
    private var lineStart = 0
    private var path: [PathComponent] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    /// The one value in `bytes` (whitespace around it allowed), and where it starts.
    package static func parseDocument(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> (value: JSONValue, position: JSONPosition) {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let position = reader.position
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected text after the value: \(reader.describeCurrent())")
        }
        return (value, position)
    }

    /// The one value in `bytes` (whitespace around it allowed).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try parseDocument(bytes).value
    }

    /// The one value in `bytes`.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try parse(buffer) }
    }

    /// The one value in `text`.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parseDocument(text).value
    }

    /// The one value in `text`, and where it starts.
    package static func parseDocument(_ text: String) throws(JSONSyntaxError) -> (value: JSONValue, position: JSONPosition) {
        var copy = text
        let result: Result<(value: JSONValue, position: JSONPosition), JSONSyntaxError> = copy.withUTF8 { buffer in
            do throws(JSONSyntaxError) { return .success(try parseDocument(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    // MARK: - Values

    private var position: JSONPosition { JSONPosition(line: line, column: index - lineStart + 1) }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the text", endedEarly: true) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return .object(try readObject(depth: depth + 1))
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return .array(try readArray(depth: depth + 1))
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONObject {
        let start = position
        index += 1 // {
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONObject(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("expected a quoted key, found the end of the text\(opened("object", at: start))", endedEarly: true) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key, found \(describeCurrent())") }
            let keyPosition = position
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ':' after key \"\(key)\", found the end of the text", endedEarly: true) }
            guard bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\", found \(describeCurrent())") }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            let valuePosition = position
            let value = try readValue(depth: depth)
            path.removeLast()
            members.append(JSONMember(key, value, keyPosition: keyPosition, valuePosition: valuePosition))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the text\(opened("object", at: start))", endedEarly: true) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return JSONObject(members) }
            throw error("expected ',' or '}', found \(describeCurrent())")
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        let start = position
        index += 1 // [
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipWhitespace()
            path.append(.index(items.count))
            let value = try readValue(depth: depth)
            path.removeLast()
            items.append(value)
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the text\(opened("array", at: start))", endedEarly: true) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return items }
            throw error("expected ',' or ']', found \(describeCurrent())")
        }
    }

    /// " (object opened at 2:14)" when the text ends on a later line than the one the unclosed
    /// object or array opened on (in a multi-line file, the line to look at); "" otherwise.
    private func opened(_ kind: String, at start: JSONPosition) -> String {
        start.line < line ? " (\(kind) opened at \(start))" : ""
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = word.utf8CodeUnitCount
        for k in 0..<count {
            guard start + k < bytes.count else {
                throw error("expected \(word), found the end of the text", endedEarly: true)
            }
            guard bytes[start + k] == word.utf8Start[k] else {
                index = start
                throw error("expected a value, found \(describeCurrent())")
            }
        }
        index = start + count
    }

    // MARK: - Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read with `Double(String)`.
    private mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("expected a digit, found the end of the text", endedEarly: true) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("a number may not start with 0 followed by digits") }
        } else if isDigit(bytes[index]) {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        } else {
            throw error("expected a digit, found \(describeCurrent())")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count else { throw error("expected a digit after '.', found the end of the text", endedEarly: true) }
            guard isDigit(bytes[index]) else { throw error("expected a digit after '.', found \(describeCurrent())") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw error("expected an exponent, found the end of the text", endedEarly: true) }
            guard isDigit(bytes[index]) else { throw error("expected an exponent, found \(describeCurrent())") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is too large for a Double (±1.8e308)")
        }
        return value
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    // MARK: - Strings

    private mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1 // opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard let s = String(validating: raw, as: UTF8.self) else {
                    index = start
                    throw error("invalid UTF-8 in a string")
                }
                index += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("a control character (byte 0x\(hex(b))) inside a string must be escaped") }
            index += 1
        }
        // Slow path: escapes.
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                guard let s = String(validating: utf8, as: UTF8.self) else {
                    index = start
                    throw error("invalid UTF-8 in a string")
                }
                index += 1
                return s
            }
            if b < 0x20 { throw error("a control character (byte 0x\(hex(b))) inside a string must be escaped") }
            if b != UInt8(ascii: "\\") {
                utf8.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate \\u\(String(scalar, radix: 16)) must be followed by a low one")
                    }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("expected a low surrogate after \\u\(String(scalar, radix: 16))") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("a lone low surrogate \\u\(String(scalar, radix: 16))")
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("invalid escape \\u\(String(scalar, radix: 16))") }
                utf8.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                index -= 2
                let shown = e >= 0x21 && e < 0x7F ? "'\\\(Character(Unicode.Scalar(e)))'" : "'\\' then \(describeByte(e))"
                throw error("invalid escape \(shown)")
            }
        }
        throw error("unterminated string: expected '\"', found the end of the text", endedEarly: true)
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("expected 4 hex digits after \\u, found the end of the text", endedEarly: true) }
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u, found \(describeCurrent())")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    // MARK: - Errors

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        index < bytes.count ? describeByte(bytes[index]) : "the end of the text"
    }

    private func describeByte(_ b: UInt8) -> String {
        if b >= 0x21, b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0x20 { return "a space" }
        if b == 0x0A { return "the end of the line" }
        return "byte 0x\(hex(b))"
    }

    private func hex(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }

    private func fieldPath() -> String? {
        guard !path.isEmpty else { return nil }
        var out = ""
        for component in path {
            switch component {
            case let .key(k): out += out.isEmpty ? k : "." + k
            case let .index(i): out += "[\(i)]"
            }
        }
        return out
    }

    private func error(_ message: String, endedEarly: Bool = false) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: index - lineStart + 1, field: fieldPath(), message: message, endedEarly: endedEarly)
    }
}
