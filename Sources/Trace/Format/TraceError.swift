/// A problem with a trace, a state log or a feel layer, in one line a person can act on:
/// `FILE:LINE: field 'x': expected …`.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file at fault, as the user named it.
    public var file: String
    /// 1-based line number, when the fault is on a line.
    public var line: Int?
    /// The field at fault (`window.w`, `photos[2].name`, `feel.openSpring.dampingRatio`).
    public var field: String?
    /// What was expected and what was found.
    public var message: String
    /// The command line's exit status for it: 2 for bad input, 1 for a failure to write.
    public var exitStatus: Int32

    package init(file: String, line: Int? = nil, field: String? = nil, message: String, exitStatus: Int32 = 2) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
        self.exitStatus = exitStatus
    }

    public var description: String {
        var out = file
        if let line { out += ":\(line)" }
        out += ": "
        if let field { out += "field '\(field)': " }
        return out + message
    }
}

/// A field of a JSON object that is missing or of the wrong kind; the caller adds file and line.
public struct FieldError: Error, Hashable, Sendable {
    public var field: String
    public var message: String

    package init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// This error for a field nested under `parent` (`window` + `w` → `window.w`).
    package func nested(under parent: String) -> FieldError {
        FieldError(field: field.hasPrefix("[") ? parent + field : parent + "." + field, message: message)
    }
}

extension TraceError {
    /// `error` located in `file` at `line` (an empty field names the whole line or object).
    package init(file: String, line: Int?, _ error: FieldError, fieldPrefix: String? = nil) {
        var field: String? = error.field.isEmpty ? fieldPrefix : error.field
        if let prefix = fieldPrefix, !error.field.isEmpty {
            field = error.field.hasPrefix("[") ? prefix + error.field : prefix + "." + error.field
        }
        self.init(file: file, line: line, field: field, message: error.message)
    }
}
