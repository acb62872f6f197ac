import Foundation
import Viewer

/// Reading, resolving and atomically writing feel files.
public enum FeelFile {
    /// Where `run --feel ARG` gets its parameters: a file (watched and saved to) or a preset.
    public enum Source: Hashable, Sendable {
        case file(path: String)
        case preset(name: String)
    }

    /// `--feel ARG`: an existing file, else a preset name; otherwise a bad-input error that says both.
    public static func resolve(_ argument: String) throws(ShellError) -> Source {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw ShellError.badInput("\(argument): is a folder, not a feel file") }
            return .file(path: argument)
        }
        if Feel.preset(named: argument) != nil { return .preset(name: argument.lowercased()) }
        let names = Feel.presets.map(\.name).joined(separator: ", ")
        throw ShellError.badInput("\(argument): no such feel file, and not a preset name (\(names))")
    }

    /// The parameters of `source`.
    public static func load(_ source: Source) throws(ShellError) -> Feel {
        switch source {
        case let .file(path): return try read(path: path).feel
        case let .preset(name): return Feel.preset(named: name) ?? .defaults
        }
    }

    /// Reads and checks the feel file at `path` (missing keys keep the defaults). Errors are bad
    /// input naming the file, the line and the key: `feel.json:4: openSpring.dampingRatio: 0 is …`.
    public static func read(path: String) throws(ShellError) -> (feel: Feel, text: String) {
        let text = try contents(path: path)
        do {
            return (try Feel(jsonText: text), text)
        } catch {
            throw ShellError.badInput(error.message(file: path))
        }
    }

    /// The file's text, or a bad-input error saying why it cannot be read.
    static func contents(path: String) throws(ShellError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (permission denied)" : "no such file"
            throw ShellError.badInput("\(path): \(reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ShellError.badInput("\(path): not UTF-8 text")
        }
        return text
    }

    /// Writes `feel` to `path` atomically: the text goes to a temporary file in the same folder,
    /// which is flushed to disk and then renamed over `path`, so a reader (the watcher, an editor,
    /// a crash) sees the old file or the new one, never half of one.
    public static func save(_ feel: Feel, to path: String) throws(ShellError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let bytes = Array(feel.jsonText().utf8)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw ShellError("\(path): cannot save the feel file: \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw ShellError("\(path): cannot save the feel file: \(reason)")
            }
            written += n
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ShellError("\(path): cannot save the feel file: \(reason)")
        }
    }

    /// A path in the current folder that does not exist yet: `feel.json`, then `feel-2.json`, …
    /// (saving a tuned preset never overwrites a file the user made).
    public static func freshPath(in folder: String = FileManager.default.currentDirectoryPath) -> String {
        var n = 1
        while true {
            let name = n == 1 ? "feel.json" : "feel-\(n).json"
            let path = (folder as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: path) { return path }
            n += 1
        }
    }
}
