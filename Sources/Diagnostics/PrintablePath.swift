import Events
/// A file path as a message shows it: control characters (a newline, an escape sequence that
/// would recolour or clear the terminal, …) written as `\n`, `\t`, `\r` or `\x1B` / `\u{9B}`, so a
/// hostile file name cannot forge or hide message lines; a byte of a name that is not UTF-8
/// (`PhotoName`) as `\xE9`. Everything else is kept as it is.
package enum PrintablePath {
    package static func escaped(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F: out += "\\x" + hex(scalar.value, digits: 2)
            case 0x80..<0xA0, 0x2028, 0x2029: out += "\\u{" + hex(scalar.value, digits: 2) + "}"
            case PhotoName.rawByteBase...: out += "\\x" + hex(scalar.value - PhotoName.rawByteBase, digits: 2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text of several lines (a summary, a table) written to a terminal: each line escaped as
    /// `escaped` does, the newlines between them kept (issue 33: photo and feel names in
    /// `replay --summary` and `compare` tables came from files and reached the terminal raw).
    package static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
