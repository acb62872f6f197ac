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
    public static func string(_ s: String) -> String {
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

    /// The compact JSON text of `value` (no spaces, no newline).
    public static func value(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += number(n)
        case let .string(s): out += string(s)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case let .object(object):
            out += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += "," }
                out += string(member.key)
                out += ":"
                write(member.value, into: &out)
            }
            out += "}"
        }
    }
}
