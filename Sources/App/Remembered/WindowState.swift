import Foundation
import ImageFormats
import Geometry
import PhotoFiles
import Diagnostics

/// What PhotoZoom remembers between runs, in `state.json` in the config folder
/// (`ConfigDirectory`): the window's size (when not fullscreen), the last folder shown, for each
/// folder shown its order, last photo and scroll (`FolderMemory`), and whether the first-run hint
/// ("Press ? for every control") has been shown.
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
    /// The folders shown, newest first, at most `FolderOpening.recentLimit` (issue 42: the chooser
    /// and an empty start offer them; one that is gone is left out when offered, not forgotten).
    package var recentFolders: [String] = []
    /// What is remembered of each folder shown, by its absolute path.
    package var folders: [String: FolderMemory] = [:]
    /// True once the first-run hint has been shown (`firstRunHint`): it is shown once, ever.
    package var helpHintShown = false
    /// True when the file this state was read from could not all be used: the write keeps that
    /// file aside rather than replace it, unless it changed since (`readVersion`).
    package var isFromDamagedFile = false
    /// The version of the file read (nil: none, or not known): a damaged file mended on disk since
    /// is replaced as any state file is. Compared by identity, not read again (issue 43: a 1 GiB
    /// state file was read whole twice).
    package var readVersion: FileIdentity?

    /// Equal when they remember the same (and both or neither come from a damaged file): the
    /// version read says where a state came from, not what it is.
    package static func == (a: WindowState, b: WindowState) -> Bool {
        a.windowSize == b.windowSize && a.lastFolder == b.lastFolder && a.recentFolders == b.recentFolders && a.folders == b.folders
            && a.helpHintShown == b.helpHintShown && a.isFromDamagedFile == b.isFromDamagedFile
    }

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

    /// The hint the first run shows on the message line, fading with any notice.
    package static let helpHint = "Press ? for every control"

    /// The hint to show at this start: `helpHint` until it has been shown once (no state file yet,
    /// or one written before the hint existed); nil after.
    package var firstRunHint: String? { helpHintShown ? nil : Self.helpHint }

    /// The file in `folder`.
    package static func path(in folder: String = ConfigDirectory.path) -> String {
        (folder as NSString).appendingPathComponent("state.json")
    }

    /// The largest state file read (1 MB, as a feel file): one of a hundred folders remembered is
    /// 10 KB. A larger one is not read (issue 43: 1 GiB took the app to 2 GB), said in one line,
    /// and kept aside at quit as a damaged one is.
    package static let sizeLimit = 1 << 20

    /// Reads the state file, once and at most `sizeLimit` bytes; what is malformed is said through
    /// `warn` in one line naming the file, the line and the field, and left out (see
    /// `init(jsonBytes:file:warn:)`). A file that exists but cannot be read, or is too large,
    /// counts as damaged, so it is kept aside too.
    package init(contentsOf path: String, warn: (String) -> Void = { _ in }) {
        let kept = "; nothing remembered is used (at quit the file is kept under a new name beside it, not overwritten)"
        let fd = FileSystemPath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else {
            self.init()
            guard errno != ENOENT else { return }
            warn("photozoom: \(PrintablePath.escaped(path)): cannot be read (\(String(cString: strerror(errno))))" + kept)
            isFromDamagedFile = true
            return
        }
        defer { close(fd) }
        var info = stat()
        let version = fstat(fd, &info) == 0 ? FileIdentity(info) : nil
        guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= Self.sizeLimit, let bytes = Self.read(fd, limit: Self.sizeLimit) else {
            self.init()
            let megabytes = (Double(info.st_size) / Double(1 << 20) * 10).rounded() / 10
            let why = info.st_mode & S_IFMT != S_IFREG ? "not a regular file"
                : Int(info.st_size) > Self.sizeLimit ? "\(megabytes) MB is too large for a state file (at most 1 MB)" : "cannot be read whole"
            warn("photozoom: \(PrintablePath.escaped(path)): \(why)" + kept)
            isFromDamagedFile = true
            readVersion = version
            return
        }
        self.init(jsonBytes: bytes, file: path, warn: warn)
        readVersion = version
    }

    /// At most `limit` bytes of `fd` from its start; nil when it holds more (it grew) or a read fails.
    static func read(_ fd: Int32, limit: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: limit + 1)
        var done = 0
        while done <= limit {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, limit + 1 - done, off_t(done)) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            done += n
        }
        guard done <= limit else { return nil }
        return Array(out[..<done])
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
        if isFromDamagedFile, FileManager.default.fileExists(atPath: target) {
            // Changed since it was read (the user mended it): replaced as any state file is.
            let current = FileIdentity(path: target)
            if current == nil || readVersion == nil || current == readVersion {
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
