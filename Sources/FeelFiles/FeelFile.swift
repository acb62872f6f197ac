import Foundation
import Viewing
import PhotoFiles
import Diagnostics
import FeelModel
import JSON

/// Reading, resolving and atomically writing feel files.
package enum FeelFile {
    /// Where `run --feel ARG` gets its parameters: a file (watched and saved to) or a preset.
    package enum Source: Hashable, Sendable {
        case file(path: String)
        case preset(name: String)
    }

    /// `--feel ARG`: an existing file, else a preset name; otherwise a bad-input error that says both.
    package static func resolve(_ argument: String) throws(CommandLineError) -> Source {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw CommandLineError.badInput("\(argument): is a folder, not a feel file") }
            return .file(path: argument)
        }
        if Feel.preset(named: argument) != nil { return .preset(name: argument.lowercased()) }
        let names = Feel.presets.map(\.name).joined(separator: ", ")
        throw CommandLineError.badInput("\(argument): no such feel file, and not a preset name (\(names))")
    }

    /// The parameters of `source`.
    package static func load(_ source: Source) throws(CommandLineError) -> Feel {
        switch source {
        case let .file(path): return try read(path: path).feel
        case let .preset(name): return Feel.preset(named: name) ?? .defaults
        }
    }

    /// Reads and checks the feel file at `path` (missing keys keep the defaults; at most
    /// `sizeLimit` bytes). Errors are bad input naming the file, the line and the key:
    /// `feel.json:4: openSpring.dampingRatio: 0 is …`. Returns the file's JSON object (the layer a
    /// trace records) and the bytes read as well.
    package static func read(path: String) throws(CommandLineError) -> (feel: Feel, layer: JSONObject, bytes: [UInt8]) {
        let data = try bytes(path: path)
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw CommandLineError.badInput("\(path): not UTF-8 text")
        }
        do {
            let decoded = try Feel.decode(jsonText: text)
            return (decoded.feel, decoded.layer, data)
        } catch {
            throw CommandLineError.badInput(error.message(file: path))
        }
    }

    /// The largest feel file read (1 MB): a full one is 2 KB. A larger file is refused before it
    /// is read, so a stray 50 MB file saved live cannot stall the frame loop.
    package static let sizeLimit = 1 << 20

    /// The file's text, or a bad-input error saying why it cannot be read.
    package static func contents(path: String) throws(CommandLineError) -> String {
        let data = try bytes(path: path)
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw CommandLineError.badInput("\(path): not UTF-8 text")
        }
        return text
    }

    /// The file's bytes (at most `sizeLimit`), or a bad-input error saying why they cannot be read.
    package static func bytes(path: String) throws(CommandLineError) -> [UInt8] {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw CommandLineError.badInput("\(path): " + (errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        guard st.st_mode & S_IFMT == S_IFREG else { throw CommandLineError.badInput("\(path): not a regular file") }
        guard st.st_size <= sizeLimit else {
            let megabytes = (Double(st.st_size) / Double(1 << 20) * 10).rounded() / 10
            throw CommandLineError.badInput("\(path): \(megabytes) MB is too large for a feel file (at most 1 MB)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandLineError.badInput("\(path): cannot be read (permission denied)")
        }
        guard data.count <= sizeLimit else { throw CommandLineError.badInput("\(path): grew past 1 MB while being read") }
        return [UInt8](data)
    }

    /// Writes `feel` to `path` atomically: the text goes to a temporary file in the same folder,
    /// which is flushed to disk and then renamed over `path`, so a reader (the watcher, an editor,
    /// a crash) sees the old file or the new one, never half of one.
    ///
    /// A symbolic link is followed: the file it points to is replaced and the link stays. The
    /// file keeps its permission bits (a 0600 file stays 0600); a new file gets 0644 less the umask.
    /// Returns the bytes written.
    @discardableResult
    package static func save(_ feel: Feel, to path: String) throws(CommandLineError) -> [UInt8] {
        func failure(_ reason: String) -> CommandLineError { CommandLineError("\(path): cannot save the feel file: \(reason)") }
        // The file a link points to (realpath fails for a missing file: then the path itself).
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var mode: mode_t?
        var st = stat()
        if stat(target, &st) == 0 { mode = st.st_mode & 0o7777 }
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let bytes = Array(feel.jsonText().utf8)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode ?? 0o644)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        // open's mode is cut by the umask; an existing file's own bits are restored exactly.
        if let mode { _ = fchmod(fd, mode) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw failure(reason)
            }
            written += n
        }
        let synced = fsync(fd) == 0
        let syncError = errno
        close(fd)
        guard synced else {
            unlink(temporary)
            throw failure(String(cString: strerror(syncError)))
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(reason)
        }
        return bytes
    }

    /// A path beside `path` that does not exist yet: `feel-2.json`, `feel-3.json`, … (for a save
    /// that must not replace the user's file).
    static func freshPath(beside path: String) -> String {
        var n = 2
        while FileManager.default.fileExists(atPath: FreshPath.candidate(path, n)) { n += 1 }
        return FreshPath.candidate(path, n)
    }

    /// A path in the current folder that does not exist yet: `feel.json`, then `feel-2.json`, …
    /// (saving a tuned preset never overwrites a file the user made).
    package static func freshPath(in folder: String = FileManager.default.currentDirectoryPath) -> String {
        var n = 1
        while true {
            let name = n == 1 ? "feel.json" : "feel-\(n).json"
            let path = (folder as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: path) { return path }
            n += 1
        }
    }
}
