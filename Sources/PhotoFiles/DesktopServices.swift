import Foundation
import Events
import Diagnostics

/// The desktop's standard services for a photo's file: its default application (`xdg-open`) and
/// the file manager showing it selected (`org.freedesktop.FileManager1.ShowItems` over D-Bus with
/// `dbus-send`, and when no file manager answers, `xdg-open` on its folder).
///
/// The programs run on their own; the frame loop never waits for them. What the window says is
/// decided when they start (the effect it records); a file manager that does not answer falls back
/// afterwards, on the process's termination thread, with nothing more to record.
package struct DesktopServices {
    package init() {}

    /// Opens `path` with the desktop's default application for it.
    package func open(_ path: String) -> EffectResult {
        let name = PrintablePath.escaped((path as NSString).lastPathComponent)
        if let why = Self.launch("xdg-open", Self.openArguments(path)) {
            return .photoFile(message: "cannot open \(name): \(why)", isError: true)
        }
        return .photoFile(message: "opening \(name) in its default application", isError: false)
    }

    /// Shows `path` selected in the file manager; its folder in the default one when no file
    /// manager offers `org.freedesktop.FileManager1`.
    package func showInFolder(_ path: String) -> EffectResult {
        let name = PrintablePath.escaped((path as NSString).lastPathComponent)
        // The folder as a URI too: a program's arguments are text, a path's bytes need not be.
        let folder = Self.openArguments((path as NSString).deletingLastPathComponent)
        let arguments = ["--session", "--print-reply", "--reply-timeout=5000", "--dest=org.freedesktop.FileManager1", "--type=method_call",
                         "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1.ShowItems",
                         "array:string:" + Self.fileURI(path), "string:"]
        let failed = Self.launch("dbus-send", arguments) { status in
            if status != 0 { _ = Self.launch("xdg-open", folder) }
        }
        if failed != nil, let why = Self.launch("xdg-open", folder) {
            return .photoFile(message: "cannot show \(name) in its folder: \(why)", isError: true)
        }
        return .photoFile(message: "showing \(name) in its folder", isError: false)
    }

    /// What `xdg-open` is given to open `path`: its `file://` URI, which names the file by its
    /// bytes (a program's arguments are text; `caf\xE9.jpg`'s spelling as text would name another file).
    static func openArguments(_ path: String) -> [String] {
        [fileURI(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)]
    }

    /// `file://` and the path with its bytes percent-escaped (letters, digits, `-._~/` kept).
    package static func fileURI(_ path: String) -> String { "file://" + FreedesktopTrash.escaped(path) }

    /// Starts `program` (found on PATH) with `arguments`, its output discarded; `finished` gets its
    /// exit status. Nil when it started, else why not.
    @discardableResult
    static func launch(_ program: String, _ arguments: [String], finished: (@Sendable (Int32) -> Void)? = nil) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return "\(program) is not installed (Debian: \(program == "xdg-open" ? "xdg-utils" : "dbus"))" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { finished?($0.terminationStatus) }
        do { try process.run() } catch { return "cannot start \(program): \(error.localizedDescription)" }
        return nil
    }
}
