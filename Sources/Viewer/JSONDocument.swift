/// A small JSON reader that remembers where every value and key stood, so an error about a value
/// can name its line. Pure Swift (the core has no Foundation); RFC 8259 grammar, UTF-8.
public enum JSONDocument {
    /// A position in the text, both 1-based; the column counts UTF-8 bytes from the line start.
    public struct Position: Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) { self.line = line; self.column = column }
        public var description: String { "\(line):\(column)" }
    }

    /// A parsed value and the position where it starts.
    public indirect enum Value: Hashable, Sendable {
        case null(Position?)
        case bool(Bool, Position?)
        case number(Double, Position?)
        case string(String, Position?)
        case array([Value], Position?)
        /// Members in the order written, duplicates kept (the reader of the object decides).
        case object([Member], Position?)

        public var position: Position? {
            switch self {
            case let .null(p), let .bool(_, p), let .number(_, p), let .string(_, p), let .array(_, p), let .object(_, p): p
            }
        }

        /// "a number", "an object"…, for messages.
        public var kindName: String {
            switch self {
            case .null: "null"
            case let .bool(b, _): b ? "true" : "false"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }

        /// The first member named `key` of an object.
        public subscript(key: String) -> Value? {
            guard case let .object(members, _) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
    }

    /// An object's member: key, where the key stands, value.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var keyPosition: Position?
        public var value: Value
        public init(key: String, keyPosition: Position?, value: Value) {
            self.key = key; self.keyPosition = keyPosition; self.value = value
        }
    }

    /// Malformed JSON: where, and what was expected.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        public var position: Position
        public var message: String
        public var description: String { "\(position): \(message)" }
    }

    /// Parses one JSON value (with optional surrounding white space) from `text`.
    public static func parse(_ text: String) throws(SyntaxError) -> Value {
        var reader = Reader(Array(text.utf8))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if !reader.atEnd { throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value") }
        return value
    }

    // MARK: - Reader

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte-order mark is allowed and skipped.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        }

        var atEnd: Bool { index >= bytes.count }
        /// The current line and column (columns count bytes, which is characters for ASCII text).
        var position: Position { Position(line: line, column: index - lineStart + 1) }

        func error(_ message: String) -> SyntaxError { SyntaxError(position: position, message: message) }
        func error(_ message: String, at position: Position) -> SyntaxError { SyntaxError(position: position, message: message) }

        func describeCurrent() -> String {
            guard !atEnd else { return "end of file" }
            let b = bytes[index]
            if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
            if b == 0x0A { return "end of line" }
            return "byte 0x\(String(b, radix: 16, uppercase: true))"
        }

        mutating func skipSpace() {
            while !atEnd {
                switch bytes[index] {
                case 0x20, 0x09, 0x0D: index += 1
                case 0x0A: index += 1; line += 1; lineStart = index
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> Value {
            guard depth < 512 else { throw error("nesting deeper than 512 levels") }
            guard !atEnd else { throw error("expected a value, found end of file") }
            let start = position
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth, start: start)
            case UInt8(ascii: "["): return try array(depth: depth, start: start)
            case UInt8(ascii: "\""): return .string(try string(), start)
            case UInt8(ascii: "t"): try literal("true"); return .bool(true, start)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false, start)
            case UInt8(ascii: "n"): try literal("null"); return .null(start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(), start)
            default: throw error("expected a value, found \(describeCurrent())")
            }
        }

        mutating func literal(_ word: String) throws(SyntaxError) {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
                throw error("expected a value, found \(describeCurrent())")
            }
            index += w.count
        }

        mutating func object(depth: Int, start: Position) throws(SyntaxError) -> Value {
            index += 1
            var members: [Member] = []
            skipSpace()
            if !atEnd, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, start) }
            while true {
                skipSpace()
                guard !atEnd, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a key in quotes, found \(describeCurrent())")
                }
                let keyPosition = position
                let key = try string()
                skipSpace()
                guard !atEnd, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after key \"\(key)\", found \(describeCurrent())")
                }
                index += 1
                skipSpace()
                let v = try value(depth: depth + 1)
                members.append(Member(key: key, keyPosition: keyPosition, value: v))
                skipSpace()
                guard !atEnd else { throw error("expected ',' or '}', found end of file (object opened at \(start))") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, start) }
                throw error("expected ',' or '}', found \(describeCurrent())")
            }
        }

        mutating func array(depth: Int, start: Position) throws(SyntaxError) -> Value {
            index += 1
            var items: [Value] = []
            skipSpace()
            if !atEnd, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, start) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard !atEnd else { throw error("expected ',' or ']', found end of file (array opened at \(start))") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, start) }
                throw error("expected ',' or ']', found \(describeCurrent())")
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = position
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int, into s: inout String.UnicodeScalarView, bytes: [UInt8]) {
                if end > run { s.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            }
            while true {
                guard !atEnd else { throw error("unterminated string (opened at \(start))", at: start) }
                let b = bytes[index]
                if b == UInt8(ascii: "\"") {
                    flush(index, into: &scalars, bytes: bytes)
                    index += 1
                    return String(scalars)
                }
                if b < 0x20 { throw error("control character in a string (escape it)") }
                if b == UInt8(ascii: "\\") {
                    flush(index, into: &scalars, bytes: bytes)
                    index += 1
                    guard !atEnd else { throw error("unterminated string (opened at \(start))", at: start) }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            if (0xDC00..<0xE000).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                code = 0xFFFD
                            }
                        }
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default:
                        index -= 1
                        throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                    }
                    run = index
                    continue
                }
                index += 1
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard !atEnd, let d = hexDigit(bytes[index]) else { throw error("expected four hex digits after \\u") }
                v = v << 4 | d
                index += 1
            }
            return v
        }

        func hexDigit(_ b: UInt8) -> UInt32? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = index
            func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw error("expected a digit, found \(describeCurrent())") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if isDigit(index) { throw error("a number may not start with 0 followed by digits") }
            } else {
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard isDigit(index) else { throw error("expected a digit after '.', found \(describeCurrent())") }
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard isDigit(index) else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
                while isDigit(index) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            // The grammar above admits only what Double's parser reads; a too-large exponent gives ±inf.
            return Double(text) ?? .nan
        }
    }
}
