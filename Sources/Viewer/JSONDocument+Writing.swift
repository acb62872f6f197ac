extension JSONDocument.Value {
    /// One line, no spaces: `{"a":1,"b":{"c":true}}`.
    public var compactText: String {
        var out = ""
        write(into: &out, indent: nil, depth: 0, inlineDepth: 0)
        return out
    }

    /// Indented by two spaces per level; objects and arrays nested `inlineDepth` levels or deeper
    /// are written on one line with a space after each ':' and ','.
    public func prettyText(inlineDepth: Int = .max) -> String {
        var out = ""
        write(into: &out, indent: "", depth: 0, inlineDepth: inlineDepth)
        return out
    }

    /// A JSON number: whole numbers without a point, others in the shortest form that reads back
    /// to the same Double; not-a-number and infinities (which JSON lacks) as `null`.
    public static func numberText(_ value: Double) -> String {
        value.isFinite ? FeelNumber.text(value) : "null"
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private func write(into out: inout String, indent: String?, depth: Int, inlineDepth: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b, _): out += b ? "true" : "false"
        case let .number(n, _): out += Self.numberText(n)
        case let .string(s, _): out += Self.quoted(s)
        case let .array(items, _):
            writeList(items.map { (nil, $0) }, open: "[", close: "]", into: &out, indent: indent, depth: depth,
                      inlineDepth: inlineDepth)
        case let .object(members, _):
            writeList(members.map { ($0.key, $0.value) }, open: "{", close: "}", into: &out, indent: indent,
                      depth: depth, inlineDepth: inlineDepth)
        }
    }

    private func writeList(_ items: [(String?, JSONDocument.Value)], open: String, close: String, into out: inout String,
                           indent: String?, depth: Int, inlineDepth: Int) {
        out += open
        guard !items.isEmpty else { out += close; return }
        let multiline = indent != nil && depth < inlineDepth
        let inner = (indent ?? "") + "  "
        for (i, (key, value)) in items.enumerated() {
            if i > 0 { out += indent != nil && !multiline ? ", " : "," }
            if multiline { out += "\n" + inner }
            if let key { out += Self.quoted(key) + (indent != nil ? ": " : ":") }
            value.write(into: &out, indent: indent.map { _ in inner }, depth: depth + 1, inlineDepth: inlineDepth)
        }
        if multiline { out += "\n" + (indent ?? "") }
        out += close
    }
}
