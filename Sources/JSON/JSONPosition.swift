/// A place in JSON text: 1-based line, and 1-based column counting UTF-8 bytes from the line's start
/// (characters, for ASCII text).
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `3:17`.
    public var description: String { "\(line):\(column)" }
}
