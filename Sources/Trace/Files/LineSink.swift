/// Where trace and state-log lines go, one at a time.
public protocol LineSink: AnyObject {
    /// Appends `line` and a newline. Throws a `TraceError` (exit status 1) when it cannot be written.
    func write(line: String) throws(TraceError)
    /// Writes out anything held back.
    func flush() throws(TraceError)
}

/// Lines kept in memory, for tests and benchmarks.
package final class MemoryLineSink: LineSink {
    package private(set) var lines: [String] = []
    /// When false, lines are counted and dropped (a benchmark of the formatting alone).
    package var keepsLines: Bool
    package private(set) var count = 0

    package init(keepsLines: Bool = true) {
        self.keepsLines = keepsLines
    }

    package func write(line: String) throws(TraceError) {
        count += 1
        if keepsLines { lines.append(line) }
    }

    package func flush() throws(TraceError) {}

    /// Everything written, one line after another, each ending in a newline.
    package var text: String { lines.map { $0 + "\n" }.joined() }
}
