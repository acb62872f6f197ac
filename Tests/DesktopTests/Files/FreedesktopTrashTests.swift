import Foundation
import Testing
@testable import PhotoFiles

/// Delete moves a photo to the freedesktop trash and Ctrl+Z puts it back (issue 32): the trash
/// specification's layout, names that clash, a mount's own trash, and failures that keep the file.
@Suite("Freedesktop trash: files/ + info/NAME.trashinfo, clashes renamed, undo restores bytes and name")
struct FreedesktopTrashTests {
    /// A fresh folder under `root` (the system's temporary folder unless given).
    static func scratch(_ name: String, root: String = NSTemporaryDirectory()) throws -> String {
        let path = (root as NSString).appendingPathComponent("pz-trash-\(getpid())-\(name)")
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    @Test("a photo goes to $XDG_DATA_HOME/Trash/files with a .trashinfo naming its escaped path and the deletion time; restore brings back its exact bytes and name")
    func trashAndRestore() throws {
        let root = try Self.scratch("home")
        let photos = root + "/my photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let path = photos + "/kite #1.jpg"
        let content: [UInt8] = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Self.write(content, to: path)
        // The data home does not exist yet: the trash makes it.
        let trash = FreedesktopTrash(environment: ["XDG_DATA_HOME": root + "/data", "HOME": "/nonexistent"])
        #expect(trash.homeTrash == root + "/data/Trash")
        // 2026-11-26 06:40:05 local time.
        var parts = tm(tm_sec: 5, tm_min: 40, tm_hour: 6, tm_mday: 26, tm_mon: 10, tm_year: 126, tm_wday: 0, tm_yday: 0, tm_isdst: -1, tm_gmtoff: 0, tm_zone: nil)
        let date = Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))

        let item = try trash.trash(path, date: date)
        #expect(item.trashedPath == root + "/data/Trash/files/kite #1.jpg")
        #expect(item.infoPath == root + "/data/Trash/info/kite #1.jpg.trashinfo")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(Self.bytes(item.trashedPath) == content)
        let info = try String(contentsOfFile: item.infoPath, encoding: .utf8)
        // Space is %20, # is %23; "/" stays.
        let escapedRoot = root.replacingOccurrences(of: " ", with: "%20")
        #expect(info == "[Trash Info]\nPath=\(escapedRoot)/my%20photos/kite%20%231.jpg\nDeletionDate=2026-11-26T06:40:05\n")

        try trash.restore(item)
        #expect(Self.bytes(path) == content)
        #expect(!FileManager.default.fileExists(atPath: item.trashedPath))
        #expect(!FileManager.default.fileExists(atPath: item.infoPath))
        try FileManager.default.removeItem(atPath: root)
    }

    @Test("two photos of one name trashed one after the other: the second becomes kite.2.jpg, its .trashinfo kite.2.jpg.trashinfo; each restores to its own folder")
    func clashingNames() throws {
        let root = try Self.scratch("clash")
        for dir in ["a", "b"] { try FileManager.default.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true) }
        try Self.write([1, 2, 3], to: root + "/a/kite.jpg")
        try Self.write([4, 5, 6, 7], to: root + "/b/kite.jpg")
        let trash = FreedesktopTrash(homeTrash: root + "/Trash", uid: getuid())
        let first = try trash.trash(root + "/a/kite.jpg")
        let second = try trash.trash(root + "/b/kite.jpg")
        #expect(first.trashedPath == root + "/Trash/files/kite.jpg")
        #expect(second.trashedPath == root + "/Trash/files/kite.2.jpg")
        #expect(second.infoPath == root + "/Trash/info/kite.2.jpg.trashinfo")
        #expect(try String(contentsOfFile: second.infoPath, encoding: .utf8).contains("Path=\(root)/b/kite.jpg\n"))
        try trash.restore(second)
        try trash.restore(first)
        #expect(Self.bytes(root + "/a/kite.jpg") == [1, 2, 3])
        #expect(Self.bytes(root + "/b/kite.jpg") == [4, 5, 6, 7])
        #expect(FreedesktopTrash.candidateNames(for: "README").prefix(3) == ["README", "README.2", "README.3"])
        try FileManager.default.removeItem(atPath: root)
    }

    @Test("a photo on another mount (/dev/shm, a tmpfs) goes to that mount's .Trash-$uid with a Path relative to the mount's top, never across devices")
    func otherMount() throws {
        var shm = stat(), tmp = stat()
        try #require(stat("/dev/shm", &shm) == 0 && stat(NSTemporaryDirectory(), &tmp) == 0)
        try #require(shm.st_dev != tmp.st_dev, "/dev/shm is on the temporary folder's device here: no second mount to test with")
        let home = try Self.scratch("mount-home")
        let folder = try Self.scratch("mount", root: "/dev/shm")
        try Self.write([9, 8, 7], to: folder + "/moss.jpg")
        let uid = getuid()
        let trash = FreedesktopTrash(homeTrash: home + "/Trash", uid: uid)
        let topTrash = "/dev/shm/.Trash-\(uid)"
        let hadTopTrash = FileManager.default.fileExists(atPath: topTrash)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: home)
            if !hadTopTrash { try? FileManager.default.removeItem(atPath: topTrash) }
        }
        let item = try trash.trash(folder + "/moss.jpg")
        #expect(item.trashedPath.hasPrefix(topTrash + "/files/moss"))
        let info = try String(contentsOfFile: item.infoPath, encoding: .utf8)
        #expect(info.contains("\nPath=\(folder.dropFirst("/dev/shm/".count))/moss.jpg\n"), "\(info)")
        #expect(!FileManager.default.fileExists(atPath: home + "/Trash"))
        try trash.restore(item)
        #expect(Self.bytes(folder + "/moss.jpg") == [9, 8, 7])
    }

    @Test("when the trash cannot be made (the data home is a file) trashing fails in one line naming the photo and the cause, and the photo stays")
    func failureKeepsThePhoto() throws {
        let root = try Self.scratch("fail")
        try Self.write([1], to: root + "/data")
        try Self.write([5, 5, 5], to: root + "/boats.jpg")
        let trash = FreedesktopTrash(environment: ["XDG_DATA_HOME": root + "/data"])
        #expect(throws: FreedesktopTrash.Failure(message: "cannot move boats.jpg to the trash: cannot make \(root)/data/Trash: Not a directory")) {
            _ = try trash.trash(root + "/boats.jpg")
        }
        #expect(Self.bytes(root + "/boats.jpg") == [5, 5, 5])
        try FileManager.default.removeItem(atPath: root)
    }

    @Test("putting back over a file of the same name made since is refused: both files stay, the trashed one in the trash")
    func restoreNeverOverwrites() throws {
        let root = try Self.scratch("over")
        try Self.write([1, 1], to: root + "/cups.jpg")
        let trash = FreedesktopTrash(homeTrash: root + "/Trash", uid: getuid())
        let item = try trash.trash(root + "/cups.jpg")
        try Self.write([2, 2, 2], to: root + "/cups.jpg")
        #expect(throws: FreedesktopTrash.Failure(message: "cannot put cups.jpg back: a file of that name is there again; it stays in the trash")) {
            try trash.restore(item)
        }
        #expect(Self.bytes(root + "/cups.jpg") == [2, 2, 2])
        #expect(Self.bytes(item.trashedPath) == [1, 1])
        #expect(FileManager.default.fileExists(atPath: item.infoPath))
        try FileManager.default.removeItem(atPath: root)
    }
}
