import JSON
/// A feel file or feel value that cannot be used: which key, where, and what is allowed.
///
/// `description` reads `openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)`;
/// `message(file:)` prefixes the file and line: `feel.json:4: openSpring.dampingRatio: …`.
public struct FeelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The dotted key at fault (`openSpring.dampingRatio`), nil for an error about the whole text.
    public var key: String?
    /// Where in the text, when known (1-based).
    public var line: Int?
    public var column: Int?
    /// What is wrong and what is allowed.
    public var reason: String

    package init(key: String?, reason: String, line: Int? = nil, column: Int? = nil) {
        self.key = key; self.reason = reason; self.line = line; self.column = column
    }

    init(key: String?, reason: String, at position: JSONPosition?) {
        self.init(key: key, reason: reason, line: position?.line, column: position?.column)
    }

    public var description: String {
        (key.map { "\($0): " } ?? "") + reason
    }

    /// The one-line message for a file: `feel.json:4: openSpring.dampingRatio: 0 is out of range (…)`.
    /// Syntax errors (no key) also carry the column: `feel.json:3:17: expected ',' or '}'…`.
    public func message(file: String) -> String {
        var where_ = file
        if let line {
            where_ += ":\(line)"
            if key == nil, let column { where_ += ":\(column)" }
        }
        return where_ + ": " + description
    }
}
