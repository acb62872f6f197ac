import JSON
/// The feel file: a JSON object whose keys are `Feel`'s property names, springs and the backdrop
/// curve as nested objects, in the parameter table's order:
///
/// ```json
/// {
///   "openSpring": {"responseSeconds": 0.45, "dampingRatio": 0.85},
///   …
///   "dragRadiusPoints": 150,
///   …
/// }
/// ```
///
/// Reading is strict about what is written and lenient about what is not: a missing key keeps the
/// base value (the defaults), while an unknown key, a value of the wrong type, a fraction where a
/// whole number belongs, a duplicate key or a value out of range is an error naming the key and the
/// allowed range. A dotted key at the top level (`"openSpring.dampingRatio": 0.9`) is read as the
/// nested one.
extension Feel {
    /// Reads a feel file's text over `base`. Errors carry the line of the value at fault.
    package init(jsonText: String, over base: Feel = .defaults) throws(FeelError) {
        self = try Feel.decode(jsonText: jsonText, over: base).feel
    }

    /// Reads a feel file's text over `base`: the feel, and the file's JSON object as parsed (the
    /// layer a trace records). Errors carry the line of the value at fault.
    public static func decode(jsonText: String, over base: Feel = .defaults) throws(FeelError) -> (feel: Feel, layer: JSONObject) {
        let document: (value: JSONValue, position: JSONPosition)
        do {
            document = try JSONReader.parseDocument(jsonText)
        } catch {
            // A syntax error inside a value names its key, with the column in the reason (the one
            // format: `FILE:LINE: key: what`); one at the top level keeps `FILE:LINE:COLUMN: what`.
            if let field = error.field {
                throw FeelError(key: field, reason: "\(error.message) (column \(error.column))", at: error.position)
            }
            throw FeelError(key: nil, reason: error.message, at: error.position)
        }
        var feel = base
        try Feel.read(document.value, at: document.position, prefix: "", into: &feel)
        guard case let .object(layer) = document.value else { preconditionFailure("read accepts only an object") }
        return (feel, layer)
    }

    /// Reads a parsed feel object over `base`.
    package init(json: JSONValue, over base: Feel = .defaults) throws(FeelError) {
        var feel = base
        try Feel.read(json, at: nil, prefix: "", into: &feel)
        self = feel
    }

    /// The feel file's text: two-space indented, one line per parameter or group, table order, a
    /// final newline. `compact` gives one line (for a trace's event line).
    public func jsonText(compact: Bool = false) -> String {
        compact ? JSONText.value(jsonValue) : JSONText.pretty(jsonValue, inlineDepth: 1) + "\n"
    }

    /// The feel as a JSON object in the parameter table's order.
    public var jsonValue: JSONValue {
        Feel.object(for: Feel.keyTree, in: self)
    }

    // MARK: - Key tree

    /// The parameter table as the nested objects of the file, in table order.
    enum KeyNode: Sendable {
        case leaf(FeelParameter)
        case group(name: String, children: [KeyNode])
    }

    static let keyTree: [KeyNode] = {
        func build(_ rows: [FeelParameter], depth: Int) -> [KeyNode] {
            var nodes: [KeyNode] = []
            var i = 0
            while i < rows.count {
                let parts = rows[i].key.split(separator: ".")
                if parts.count == depth + 1 {
                    nodes.append(.leaf(rows[i]))
                    i += 1
                    continue
                }
                let name = String(parts[depth])
                var j = i
                while j < rows.count, rows[j].key.split(separator: ".").count > depth + 1,
                      rows[j].key.split(separator: ".")[depth] == parts[depth] { j += 1 }
                nodes.append(.group(name: name, children: build(Array(rows[i..<j]), depth: depth + 1)))
                i = j
            }
            return nodes
        }
        return build(parameters, depth: 0)
    }()

    /// Every dotted prefix that names a group (`openSpring`, `backdropCurve`).
    static let groupKeys: Set<String> = {
        var keys = Set<String>()
        for p in parameters {
            let parts = p.key.split(separator: ".")
            for n in parts.indices.dropLast() { keys.insert(parts[...n].joined(separator: ".")) }
        }
        return keys
    }()

    private static func object(for nodes: [KeyNode], in feel: Feel) -> JSONValue {
        .object(JSONObject(nodes.map { node in
            switch node {
            case let .leaf(p):
                let name = String(p.key.split(separator: ".").last!)
                let value = p.value(in: feel)
                return JSONMember(name, p.isBoolean ? .bool(value != 0) : .number(value))
            case let .group(name, children):
                return JSONMember(name, object(for: children, in: feel))
            }
        }))
    }

    // MARK: - Reading

    /// Reads `value` (which starts at `position`, when known) as the group `prefix` ("" for the file).
    private static func read(_ value: JSONValue, at position: JSONPosition?, prefix: String, into feel: inout Feel) throws(FeelError) {
        guard case let .object(object) = value else {
            if prefix.isEmpty {
                throw FeelError(key: nil, reason: "a feel file is a JSON object of parameters, found \(value.kindName)",
                                at: position)
            }
            throw FeelError(key: prefix, reason: "expected an object with \(childNames(of: prefix)), found \(value.kindName)",
                            at: position)
        }
        var seen = Set<String>()
        for member in object.members {
            let key = prefix.isEmpty ? member.key : prefix + "." + member.key
            guard seen.insert(key).inserted else {
                throw FeelError(key: key, reason: "appears twice", at: member.keyPosition)
            }
            if let parameter = parameter(key) {
                if parameter.isBoolean {
                    guard case let .bool(on) = member.value else {
                        throw FeelError(key: key, reason: "expected true or false, found \(member.value.kindName)",
                                        at: member.valuePosition)
                    }
                    parameter.set(on ? 1 : 0, in: &feel)
                    continue
                }
                guard case let .number(number) = member.value else {
                    throw FeelError(key: key, reason: "expected a number (\(parameter.range)), found \(member.value.kindName)",
                                    at: member.valuePosition)
                }
                if let problem = parameter.problem(with: number) {
                    throw FeelError(key: key, reason: problem, at: member.valuePosition)
                }
                parameter.set(number, in: &feel)
            } else if groupKeys.contains(key) {
                try read(member.value, at: member.valuePosition, prefix: key, into: &feel)
            } else {
                throw FeelError(key: key, reason: "unknown key" + suggestion(for: key, prefix: prefix), at: member.keyPosition)
            }
        }
    }

    /// "responseSeconds, dampingRatio" for `openSpring`.
    private static func childNames(of prefix: String) -> String {
        var names: [String] = []
        for p in parameters where p.key.hasPrefix(prefix + ".") {
            let rest = p.key.dropFirst(prefix.count + 1)
            let name = String(rest.split(separator: ".").first!)
            if !names.contains(name) { names.append(name) }
        }
        return names.joined(separator: ", ")
    }

    /// ` (did you mean "openSpring.dampingRatio"?)` for a near miss, or "".
    private static func suggestion(for key: String, prefix: String) -> String {
        let candidates = parameters.map(\.key) + groupKeys.sorted()
        var best: (String, Int)?
        for c in candidates {
            // A key missing its unit suffix (`dragRadius`) is a prefix of the real one: a near miss.
            let isPrefix = key.count >= 4 && c.lowercased().hasPrefix(key.lowercased())
            let d = isPrefix ? 1 : editDistance(key.lowercased(), c.lowercased())
            if d <= max(2, c.count / 4), d < (best?.1 ?? .max) { best = (c, d) }
        }
        if let best { return " (did you mean \"\(best.0)\"?)" }
        if !prefix.isEmpty { return " (\(prefix) has \(childNames(of: prefix)))" }
        return " (`photozoom feel --defaults` lists every key)"
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
