import Foundation
import ImageFormats
import Geometry
import PhotoFiles

/// What PhotoZoom remembers between runs, in `state.json` in the config folder
/// (`ConfigDirectory`): the window's size (when not fullscreen), the last folder shown, and for
/// each folder shown its order, last photo and scroll (`FolderMemory`).
///
/// `{"folders":{"\/home\/me\/Pictures":{"photo":"a.jpg","scroll":1840,"sort":"dateTaken"}},
///   "lastFolder":"\/home\/me\/Pictures","window":{"h":800,"w":1280}}` (read and written by the
/// project's JSON reader and writer, `WindowState+JSON`). A missing file is an empty state (nothing
/// remembered yet). A damaged one is said in one line per fault naming the file, the line and the
/// field; what can be read is kept, and the file is never overwritten: the write at quit first
/// keeps it under a new name beside it (`state-damaged.json`). The file is written atomically when
/// the app quits.
package struct WindowState: Sendable, Equatable {
    package var windowSize: Size?
    package var lastFolder: String?
    /// What is remembered of each folder shown, by its absolute path.
    package var folders: [String: FolderMemory] = [:]
    /// The bytes of the file this state was read from when it could not all be used (nil when it
    /// was read whole, or there was none): the write keeps that file aside rather than replace it.
    package var damagedBytes: [UInt8]?

    package init(windowSize: Size? = nil, lastFolder: String? = nil) {
        self.windowSize = windowSize
        self.lastFolder = lastFolder
    }

    /// The window size to remember after a run: the size the user left the window at. A size
    /// given on the command line (`--size`) is for that run only: when the window still has it at
    /// the end, the size remembered before the run stays (nil: none yet); once the user resized
    /// the window, the size they left it at is remembered.
    /// - Parameter previous: the size remembered before the run.
    /// - Parameter requested: the run's `--size`, nil when the window opened at `previous` or the default.
    /// - Parameter final: the window's size at the end (its windowed size when it was fullscreen).
    package static func rememberedSize(previous: Size?, requested: Size?, final: Size) -> Size? {
        guard let requested, final == requested else { return final }
        return previous
    }

    /// The file in `folder`.
    package static func path(in folder: String = ConfigDirectory.path) -> String {
        (folder as NSString).appendingPathComponent("state.json")
    }

    /// Reads the state file; what is malformed is said through `warn` in one line naming the file,
    /// the line and the field, and left out (see `init(jsonBytes:file:warn:)`). A file that exists
    /// but cannot be read counts as damaged, so it is kept aside too.
    package init(contentsOf path: String, warn: (String) -> Void = { _ in }) {
        guard FileManager.default.fileExists(atPath: path) else {
            self.init()
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            self.init()
            warn("photozoom: \(path): cannot be read; nothing remembered is used (at quit the file is kept under a new name beside it, not overwritten)")
            damagedBytes = []
            return
        }
        self.init(jsonBytes: [UInt8](data), file: path, warn: warn)
    }

    /// Writes the state file atomically (a temporary file renamed over it); false on failure.
    /// A state file that is a symbolic link (dotfiles kept in a repository) stays one: the file it
    /// points to is replaced, not the link (issue 33). When this state was read from a damaged file
    /// that is still there as it was read, that file is first kept under a fresh name beside it
    /// (`state-damaged.json`, `state-damaged-2.json`, …; a hard link, so nothing is ever replaced)
    /// and `warn` says where; when it cannot be kept, nothing is written.
    @discardableResult
    package func write(to path: String, warn: (String) -> Void = printError) -> Bool {
        let target = Self.linkTarget(path)
        ConfigDirectory.create((target as NSString).deletingLastPathComponent)
        if let damagedBytes, FileManager.default.fileExists(atPath: target) {
            let current = FileManager.default.contents(atPath: target).map { [UInt8]($0) }
            // Changed since it was read (the user mended it): replaced as any state file is.
            if current == nil || current == damagedBytes {
                guard let aside = Self.keepAside(target) else {
                    warn("photozoom: \(path): could not be read whole, and could not be kept beside it; left as it is, this run's state not saved")
                    return false
                }
                warn("photozoom: \(path): could not be read whole; kept as \(aside), and this run's state written anew")
            }
        }
        let data = Data(jsonText.utf8)
        return (try? data.write(to: URL(fileURLWithPath: target), options: .atomic)) != nil
    }

    /// Links `path` under the first free name `state-damaged.json`, `state-damaged-2.json`, … in
    /// its folder (`link` refuses a name that exists: nothing is replaced); that name, or nil.
    static func keepAside(_ path: String) -> String? {
        let first = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("state-damaged.json")
        for n in 1...1000 {
            let candidate = FreshPath.candidate(first, n)
            if link(path, candidate) == 0 { return candidate }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// The file `path` names once symbolic links are followed (up to 40, as the kernel does), also
    /// when the last one points to a file not made yet; `path` itself when it is no link.
    static func linkTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }
}
