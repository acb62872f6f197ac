import Foundation

/// The desktop's UI font, asked of fontconfig once at start-up (`fc-match sans-serif`, in a child
/// process that runs while the window opens, off the frame path): captions and notices are drawn
/// in it. Nil when fontconfig is missing or names no file; the text renderer then falls back to
/// DejaVu Sans, then to the monospaced font. Only the live window asks: replays, filmstrips and
/// tests keep DejaVu Sans, so what they draw does not depend on the machine's fonts.
public struct SystemFont {
    private let process: Process?
    private let output = Pipe()

    /// Starts `fc-match` for `pattern` (the desktop's default sans-serif face); `path` waits for it.
    public init(matching pattern: String = "sans-serif:style=Regular") {
        let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let tool = search.split(separator: ":").map({ "\($0)/fc-match" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { process = nil; return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format=%{file}", pattern]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { self.process = nil; return }
        self.process = process
    }

    /// The file fontconfig picked, or nil.
    public var path: String? {
        guard let process else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let file = String(data: data, encoding: .utf8), file.hasPrefix("/"),
              FileManager.default.fileExists(atPath: file) else { return nil }
        return file
    }
}
