import Foundation

/// How wide the terminal is, for output laid out in columns.
enum TerminalWidth {
    /// `COLUMNS` when set to a whole number ≥ 20, else the width of the terminal on standard output,
    /// else nil (output to a file or a pipe: no limit).
    static func columns() -> Int? {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n >= 20 { return n }
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 else { return nil }
        return Int(size.ws_col)
    }
}
