/// Where trace and state-log lines go, one at a time.
public protocol LineSink: AnyObject {
    /// Appends `line` and a newline. Throws a `TraceError` (exit status 1) when it cannot be written.
    func write(line: String) throws(TraceError)
    /// Writes out anything held back.
    func flush() throws(TraceError)
}

/// Lines kept in memory, for tests and benchmarks.
public final class MemoryLineSink: LineSink {
    public private(set) var lines: [String] = []
    /// When false, lines are counted and dropped (a benchmark of the formatting alone).
    public var keepsLines: Bool
    public private(set) var count = 0

    public init(keepsLines: Bool = true) {
        self.keepsLines = keepsLines
    }

    public func write(line: String) throws(TraceError) {
        count += 1
        if keepsLines { lines.append(line) }
    }

    public func flush() throws(TraceError) {}

    /// Everything written, one line after another, each ending in a newline.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}
