/// A failure the command line reports in one line, with the exit status it maps to.
public struct CommandLineError: Error, CustomStringConvertible, Sendable {
    /// 1 for a runtime failure, 2 for bad arguments or bad input files.
    package var exitStatus: Int32
    package var message: String

    package init(_ message: String, exitStatus: Int32 = 1) {
        self.message = message
        self.exitStatus = exitStatus
    }

    package static func badInput(_ message: String) -> CommandLineError { CommandLineError(message, exitStatus: 2) }

    public var description: String { message }
}
