import Foundation
import Events
import Diagnostics

/// The freedesktop.org trash (Trash specification 1.0): Delete moves a photo's file there, with a
/// `.trashinfo` that says where it came from and when, and Ctrl+Z moves it back.
///
/// A file on the home trash's device goes to the home trash (`$XDG_DATA_HOME/Trash`, by default
/// `~/.local/share/Trash`); a file on another mount to that mount's own trash: `$topdir/.Trash/$uid`
/// when the administrator made `$topdir/.Trash` (a sticky directory, not a link), else
/// `$topdir/.Trash-$uid`, so a file is never copied across devices. A name the trash already holds
/// gets a new one (`kite.2.jpg`). The `.trashinfo` is made first, exclusively, so two programs
/// trashing at once cannot take one name, and the moves never replace a file (`renameat2` with
/// `RENAME_NOREPLACE`: one that arrived at the name meanwhile is kept); if the move then fails it
/// is removed again and the file stays where it was: nothing the user made is lost to an error.
package struct FreedesktopTrash {
    /// A file moved to the trash: where it was and where it is now.
    package struct Item: Equatable {
        /// The file's absolute path before it was trashed.
        package var originalPath: String
        /// Its path in the trash's `files` folder.
        var trashedPath: String
        /// Its `.trashinfo` in the trash's `info` folder.
        var infoPath: String

        /// The memberwise initializer, for the other modules of the package.
        package init(originalPath: String, trashedPath: String, infoPath: String) {
            self.originalPath = originalPath
            self.trashedPath = trashedPath
            self.infoPath = infoPath
        }
    }

    /// Why a file could not be trashed or put back; the message names the file and the cause.
    package struct Failure: Error, Equatable {
        package var message: String
    }

    /// The home trash: `$XDG_DATA_HOME/Trash`.
    var homeTrash: String
    /// The user's id, for a mount's `.Trash/$uid` or `.Trash-$uid`.
    var uid: UInt32
    /// Called between the checks and each move (a test's seam: another program writing meanwhile).
    var beforeMove: () -> Void = {}

    /// The home trash of `environment` (`XDG_DATA_HOME`, else `HOME/.local/share`).
    package init(environment: [String: String] = ProcessInfo.processInfo.environment, uid: UInt32 = getuid()) {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        self.init(homeTrash: dataHome + "/Trash", uid: uid)
    }

    package init(homeTrash: String, uid: UInt32) {
        self.homeTrash = homeTrash
        self.uid = uid
    }

    // MARK: - Trashing

    /// Moves the file at `path` (absolute) to the trash of its device, stamped `date` (the
    /// trashinfo's local time). Throws, leaving the file where it was, when it cannot.
    package func trash(_ path: String, date: Date = Date()) throws(Failure) -> Item {
        let name = (path as NSString).lastPathComponent
        func fail(_ why: String) -> Failure { Failure(message: "cannot move \(PrintablePath.escaped(name)) to the trash: \(why)") }
        guard let file = FileSystemPath.linkStatus(path) else { throw fail(Self.errorText()) }
        let (trash, infoPathField) = try trashFolder(for: path, device: file.st_dev, fail: fail)
        let files = trash + "/files", info = trash + "/info"
        if trash == homeTrash {
            try? FileManager.default.createDirectory(atPath: (trash as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        for dir in [trash, files, info] {
            guard Self.makeFolder(dir) else { throw fail("cannot make \(PrintablePath.escaped(dir)): \(Self.errorText())") }
        }
        let text = "[Trash Info]\nPath=\(Self.escaped(infoPathField))\nDeletionDate=\(Self.deletionDate(date))\n"
        // A free name: its .trashinfo made exclusively, and no file of that name in files/.
        for candidate in Self.candidateNames(for: name) {
            let infoPath = info + "/" + candidate + ".trashinfo"
            let trashedPath = files + "/" + candidate
            if FileSystemPath.linkStatus(trashedPath) != nil { continue }
            let fd = FileSystemPath.withCString(infoPath) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd < 0 {
                if errno == EEXIST { continue }
                throw fail("cannot write \(PrintablePath.escaped(infoPath)): \(Self.errorText())")
            }
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == bytes.count, synced else {
                let why = Self.errorText()
                Self.remove(infoPath)
                throw fail("cannot write \(PrintablePath.escaped(infoPath)): \(why)")
            }
            beforeMove()
            guard FileSystemPath.renameWithoutReplacing(path, trashedPath) == 0 else {
                let taken = errno == EEXIST
                let why = Self.errorText()
                Self.remove(infoPath)
                if taken { continue }  // a file arrived in files/ under this name meanwhile: it stays
                throw fail(why)
            }
            return Item(originalPath: path, trashedPath: trashedPath, infoPath: infoPath)
        }
        throw fail("no free name in \(PrintablePath.escaped(files))")
    }

    /// Moves a trashed file back to where it was and removes its `.trashinfo`. Throws, leaving it
    /// in the trash, when a file of that name is there again or the folder is gone.
    package func restore(_ item: Item) throws(Failure) {
        let name = PrintablePath.escaped((item.originalPath as NSString).lastPathComponent)
        if FileSystemPath.linkStatus(item.originalPath) != nil {
            throw Failure(message: "cannot put \(name) back: a file of that name is there again; it stays in the trash")
        }
        beforeMove()
        // The move itself refuses a taken name: a file written there since the check is kept.
        guard FileSystemPath.renameWithoutReplacing(item.trashedPath, item.originalPath) == 0 else {
            let why = errno == EEXIST ? "a file of that name is there again" : Self.errorText()
            throw Failure(message: "cannot put \(name) back: \(why); it stays in the trash")
        }
        Self.remove(item.infoPath)
    }

    /// Removes the file at `path` (a `.trashinfo`).
    static func remove(_ path: String) { _ = FileSystemPath.withCString(path) { unlink($0) } }

    /// The trash for a file on `device`, and the path its `.trashinfo` records (absolute for the
    /// home trash, relative to the mount's top for a mount's own trash).
    private func trashFolder(for path: String, device: dev_t, fail: (String) -> Failure) throws(Failure) -> (String, String) {
        if Self.device(ofNearestExisting: homeTrash) == device { return (homeTrash, path) }
        let top = Self.mountTop(of: path, device: device)
        let relative = String(path.dropFirst(top == "/" ? 1 : top.count + 1))
        let shared = (top == "/" ? "" : top) + "/.Trash"
        if let s = FileSystemPath.linkStatus(shared), (s.st_mode & S_IFMT) == S_IFDIR, (s.st_mode & S_ISVTX) != 0 {
            let own = shared + "/\(uid)"
            if Self.makeFolder(own), Self.isOwnFolder(own, uid: uid) { return (own, relative) }
        }
        let own = (top == "/" ? "" : top) + "/.Trash-\(uid)"
        guard Self.makeFolder(own) else { throw fail("cannot make \(PrintablePath.escaped(own)): \(Self.errorText())") }
        guard Self.isOwnFolder(own, uid: uid) else { throw fail("\(PrintablePath.escaped(own)) is not a folder of yours") }
        return (own, relative)
    }

    // MARK: - Parts

    /// `name`, then `stem.2.ext`, `stem.3.ext`, … (at most 10,000 tries).
    static func candidateNames(for name: String) -> [String] {
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        return [name] + (2...10_000).map { ext.isEmpty ? "\(stem).\($0)" : "\(stem).\($0).\(ext)" }
    }

    /// The trashinfo's `Path`: every byte percent-encoded but letters, digits, `-._~` and `/`
    /// (RFC 2396 escaping of the path's bytes, as the specification asks: a name that is not
    /// UTF-8 is encoded by its real bytes, `caf%E9.jpg`, from its `PhotoName` spelling).
    package static func escaped(_ path: String) -> String {
        var out = ""
        for byte in PhotoName.bytes(path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// `YYYY-MM-DDThh:mm:ss` in local time.
    static func deletionDate(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// The device of `path`, or of its nearest ancestor that exists.
    package static func device(ofNearestExisting path: String) -> dev_t? {
        var p = path
        while true {
            if let s = FileSystemPath.status(p) { return s.st_dev }
            if p == "/" || p.isEmpty { return nil }
            p = (p as NSString).deletingLastPathComponent
        }
    }

    /// The top of the mount holding `path`: its highest ancestor on the same device.
    static func mountTop(of path: String, device: dev_t) -> String {
        var top = (path as NSString).deletingLastPathComponent
        while top != "/" {
            let parent = (top as NSString).deletingLastPathComponent
            guard let s = FileSystemPath.status(parent), s.st_dev == device else { break }
            top = parent
        }
        return top
    }

    /// Makes `path` a folder only its owner may enter (0700) unless it is one already; false when it cannot.
    static func makeFolder(_ path: String) -> Bool {
        if FileSystemPath.withCString(path, { mkdir($0, 0o700) }) == 0 { return true }
        guard errno == EEXIST else { return false }
        return FileSystemPath.linkStatus(path).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false
    }

    /// True when `path` is a folder (not a link) owned by `uid`.
    static func isOwnFolder(_ path: String, uid: UInt32) -> Bool {
        guard let s = FileSystemPath.linkStatus(path) else { return false }
        return (s.st_mode & S_IFMT) == S_IFDIR && s.st_uid == uid
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
