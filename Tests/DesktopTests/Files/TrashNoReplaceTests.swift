import Foundation
import Testing
@testable import PhotoFiles

/// The trash and Ctrl+Z never replace a file that appeared meanwhile (issue 43): the move itself
/// refuses a taken name (`renameat2` with `RENAME_NOREPLACE`), so a file written at the name between
/// the check and the move is kept. The window between them is opened by the trash's test seam.
@Suite("Trash and undo never replace a file that appeared meanwhile", .serialized)
struct TrashNoReplaceTests {
    /// A fresh folder holding `kite.jpg` (bytes 1, 2, 3) and a trash of its own: the folder, the photo's path, the trash.
    static func setUp(_ name: String) throws -> (String, String, FreedesktopTrash) {
        let root = try FreedesktopTrashTests.scratch("noreplace-" + name)
        let path = root + "/kite.jpg"
        try FreedesktopTrashTests.write([1, 2, 3], to: path)
        return (root, path, FreedesktopTrash(homeTrash: root + "/Trash", uid: getuid()))
    }

    @Test("Ctrl+Z: a file written at the photo's name after the check is kept; the photo stays in the trash; one line says why")
    func undoKeepsTheNewcomer() throws {
        let (_, path, made) = try Self.setUp("undo")
        var trash = made
        let item = try trash.trash(path)
        trash.beforeMove = { try? FreedesktopTrashTests.write([9, 9], to: path) }
        #expect(throws: FreedesktopTrash.Failure(message: "cannot put kite.jpg back: a file of that name is there again; it stays in the trash")) {
            try trash.restore(item)
        }
        #expect(FreedesktopTrashTests.bytes(path) == [9, 9])
        #expect(FreedesktopTrashTests.bytes(item.trashedPath) == [1, 2, 3])
        #expect(FileManager.default.fileExists(atPath: item.infoPath))
    }

    @Test("Delete: a file that appears in files/ under the chosen name after the check is kept; the photo takes the next free name")
    func trashKeepsTheNewcomer() throws {
        let (root, path, made) = try Self.setUp("trash")
        var trash = made
        let squatter = root + "/Trash/files/kite.jpg"
        trash.beforeMove = { if !FileManager.default.fileExists(atPath: squatter) { try? FreedesktopTrashTests.write([7], to: squatter) } }
        let item = try trash.trash(path)
        #expect(FreedesktopTrashTests.bytes(squatter) == [7])
        #expect(item.trashedPath == root + "/Trash/files/kite.2.jpg")
        #expect(FreedesktopTrashTests.bytes(item.trashedPath) == [1, 2, 3])
        #expect(!FileManager.default.fileExists(atPath: root + "/Trash/info/kite.jpg.trashinfo"))
        #expect(FileManager.default.fileExists(atPath: item.infoPath))
    }
}
