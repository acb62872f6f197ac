/// Writes JSON text exactly: numbers in the shortest form that reads back to the same `Double`,
/// strings escaped as RFC 8259 requires, object members in their stored order.
public enum JSONText {
    /// `2^53`: below it every integral `Double` prints as an integer and reads back exactly.
    static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// The JSON text of a finite `value` that `Double(String)` reads back bit for bit: integers
    /// without a fraction (`600`, `-0`), everything else in Swift's shortest round-trip form
    /// (`0.0083`, `1e-07`). A non-finite value has no JSON form and writes `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < exactIntegerLimit {
            if value == 0 { return value.sign == .minus ? "-0" : "0" }
            return String(Int64(value))
        }
        return value.description
    }

    /// `s` as a quoted JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, … or
    /// `\u00XX`; everything else, non-ASCII included, written as UTF-8.
    package static func string(_ s: String) -> String {
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            needsEscape = true
            break
        }
        if !needsEscape { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The compact JSON text of `value`, on one line with no spaces: `{"a":1,"b":{"c":true}}`.
    public static func value(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: nil, depth: 0, inlineDepth: 0)
        return out
    }

    /// `value` indented by two spaces per level (no final newline); objects and arrays nested
    /// `inlineDepth` levels or deeper are written on one line with a space after each ':' and ','.
    package static func pretty(_ value: JSONValue, inlineDepth: Int = .max) -> String {
        var out = ""
        write(value, into: &out, indent: "", depth: 0, inlineDepth: inlineDepth)
        return out
    }

    /// `indent` nil writes compact text; otherwise the indentation of the current line.
    private static func write(_ value: JSONValue, into out: inout String, indent: String?, depth: Int, inlineDepth: Int) {
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += number(n)
        case let .string(s): out += string(s)
        case let .array(items):
            out += "["
            writeItems(items.count, into: &out, indent: indent, depth: depth, inlineDepth: inlineDepth) { i, inner, out in
                write(items[i], into: &out, indent: inner, depth: depth + 1, inlineDepth: inlineDepth)
            }
            out += "]"
        case let .object(object):
            out += "{"
            writeItems(object.members.count, into: &out, indent: indent, depth: depth, inlineDepth: inlineDepth) { i, inner, out in
                out += string(object.members[i].key)
                out += indent == nil ? ":" : ": "
                write(object.members[i].value, into: &out, indent: inner, depth: depth + 1, inlineDepth: inlineDepth)
            }
            out += "}"
        }
    }

    /// The separators and line breaks between `count` items of an array or object; `item` writes
    /// item `i` given the indentation of its line.
    private static func writeItems(_ count: Int, into out: inout String, indent: String?, depth: Int, inlineDepth: Int,
                                   item: (Int, String?, inout String) -> Void) {
        guard count > 0 else { return }
        guard let indent else {
            for i in 0..<count {
                if i > 0 { out += "," }
                item(i, nil, &out)
            }
            return
        }
        let multiline = depth < inlineDepth
        let inner = indent + "  "
        for i in 0..<count {
            if i > 0 { out += multiline ? "," : ", " }
            if multiline { out += "\n" + inner }
            item(i, inner, &out)
        }
        if multiline { out += "\n" + indent }
    }
}
