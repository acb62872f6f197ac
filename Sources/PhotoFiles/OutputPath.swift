import Foundation
import Diagnostics
#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes a file the user named (issue 33): the rule `run --record` follows, for
/// every output. A file already there is never replaced without `--force`: the output goes to the
/// next free name (`FreshPath`: `log-2.states.jsonl`), said on standard error. An output that is
/// the same file as one of the command's inputs (the same device and inode, whatever the names:
/// a link, `./x`, a symbolic link) is refused, `--force` or not.
package enum OutputPath {
    /// The path to write `path` to; throws when it is the same file as one of `inputs`.
    /// - Parameters:
    ///   - option: the option that named it (`--states`), for messages.
    ///   - force: replace a file already there.
    ///   - folder: the output is a folder of files (`--frames`): one holding files is taken as
    ///     "already there"; an empty one is used.
    package static func resolve(_ path: String, option: String, inputs: [String], force: Bool, folder: Bool = false,
                               warn: (String) -> Void) throws(CommandLineError) -> String {
        if path == "-" { return path }
        if let out = identity(path) {
            for input in inputs where input != "-" {
                if let i = identity(input), i == out {
                    throw CommandLineError.badInput("\(option) \(PrintablePath.escaped(path)): that is the input \(PrintablePath.escaped(input)); "
                                              + "writing it would destroy it (name another file)")
                }
            }
        }
        if force { return path }
        var n = 1
        while isTaken(FreshPath.candidate(path, n), folder: folder) { n += 1 }
        let chosen = FreshPath.candidate(path, n)
        if n > 1 { warn("photozoom: \(PrintablePath.escaped(path)) exists (kept); \(option) writes \(PrintablePath.escaped(chosen)) (--force replaces it)") }
        return chosen
    }

    /// Throws when two of a command's outputs name the same file (`--states v.mp4 --video v.mp4`):
    /// the second would destroy the first. Paths compared made absolute and standardized; nil ones skipped.
    package static func requireDistinct(_ outputs: [(option: String, path: String?)]) throws(CommandLineError) {
        var seen: [String: String] = [:]
        for (option, path) in outputs {
            guard let path, path != "-" else { continue }
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            if let first = seen[absolute] {
                throw CommandLineError.badInput("\(option) \(PrintablePath.escaped(path)): \(first) writes that file too (name another)")
            }
            seen[absolute] = option
        }
    }

    /// True when something is at `path` that writing there would replace: any file or link (a
    /// dangling link too: writing would create its target), or for a folder output a folder with entries.
    static func isTaken(_ path: String, folder: Bool) -> Bool {
        guard FileSystemPath.linkStatus(path) != nil else { return false }
        guard folder else { return true }
        guard FileSystemPath.isFolder(path) else { return true }
        return FileSystemPath.names(in: path).map { !$0.isEmpty } ?? true
    }

    /// The device and inode of the file at `path` (links followed); nil when there is none.
    package static func identity(_ path: String) -> [UInt64]? {
        guard let info = FileSystemPath.status(path) else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
