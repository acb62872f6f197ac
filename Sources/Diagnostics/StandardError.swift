import Foundation

/// Writes a line to standard error.
/// Hostile text in a message (a feel-file key, an event type, a file name with a terminal escape or
/// a newline) is written escaped (`PrintablePath`), so the message stays one line that cannot
/// retitle or recolour the terminal (issue 33).
package func printError(_ line: String) {
    FileHandle.standardError.write(Data((PrintablePath.escaped(line) + "\n").utf8))
}
