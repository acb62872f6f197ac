/// Text that is not valid JSON: where (1-based column, and the field being read) and what was expected.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// 1-based byte column of the fault.
    public var column: Int
    /// The field being read, as `photos[2].name`; nil at the top level.
    public var field: String?
    /// What was expected and found, e.g. "expected ',' or '}', found 'x'".
    public var message: String
    /// True when the text ended before the value did (a line cut off mid-way).
    public var endedEarly: Bool

    public init(column: Int, field: String?, message: String, endedEarly: Bool = false) {
        self.column = column
        self.field = field
        self.message = message
        self.endedEarly = endedEarly
    }
}
