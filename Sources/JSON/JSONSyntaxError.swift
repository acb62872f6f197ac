/// Text that is not valid JSON: where (line, column, and the field being read) and what was expected.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the fault (always 1 for a single line of JSON Lines).
    package var line: Int
    /// 1-based byte column of the fault within its line.
    package var column: Int
    /// The field being read, as `photos[2].name`; nil at the top level.
    package var field: String?
    /// What was expected and found, e.g. "expected ',' or '}', found 'x'".
    package var message: String
    /// True when the text ended before the value did (a line cut off mid-way).
    package var endedEarly: Bool

    package init(line: Int = 1, column: Int, field: String?, message: String, endedEarly: Bool = false) {
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        self.endedEarly = endedEarly
    }

    /// Where the fault is, as `line:column`.
    package var position: JSONPosition { JSONPosition(line: line, column: column) }

    /// `3:17: expected ',' or '}', found '"'`.
    package var description: String { "\(position): \(message)" }
}
