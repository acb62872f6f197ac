import CFileAttributes
import Foundation
import Testing
@testable import ImageFormats
@testable import PhotoActions
@testable import PhotoFiles
import Diagnostics

/// A turn written into a photo keeps everything the file had or does not happen (issue 43): a
/// shared photo that the turner cannot give back to its owner and group (fchown refused: alice's
/// 0664 photo in a group folder turned by bob) is left as it was, and every extended attribute
/// goes to the new file, a name that is not UTF-8 included.
@Suite("A turn that cannot keep owner, group, mode and every attribute does not happen", .serialized)
struct TurnKeepsOwnershipTests {
    /// The names and bytes of the folder's files.
    static func contents(_ folder: URL) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { [UInt8]($0) }
        }
        return out
    }

    @Test("the new file cannot take the photo's owner and group: nothing is replaced, one line says why")
    func ownerNotKept() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = JPEGOrientationEditTests.placed(JPEGOrientationEditTests.photo(orientation: 1), "kite.jpg", in: folder)
        let before = try Self.contents(folder)
        let original = try PhotoFileRewrite.read(path)
        let refused = { (_: Int32, _: uid_t, _: gid_t) -> Int32 in errno = EPERM; return -1 }
        let e = #expect(throws: CommandLineError.self) {
            try PhotoFileRewrite.replace(path, with: try JPEGOrientationEdit.setting(.right, in: original.bytes), original: original,
                                         changeOwner: refused)
        }
        let message = e?.message ?? ""
        #expect(message.hasPrefix("cannot write kite.jpg: the turned file could not keep its owner and group (uid \(getuid()), gid \(getgid()))"), "\(message)")
        #expect(message.hasSuffix("; it was left as it was") && !message.contains("\n"))
        #expect(try Self.contents(folder) == before)
    }

    @Test("an attribute whose name is not UTF-8 (user.caf\\xE9) goes to the turned file with its value")
    func rawAttributeNameKept() throws {
        let folder = try JPEGOrientationEditTests.attributeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = JPEGOrientationEditTests.placed(JPEGOrientationEditTests.photo(orientation: 1), "kite.jpg", in: folder)
        let name: [CChar] = (Array("user.caf".utf8) + [0xE9, 0]).map { CChar(bitPattern: $0) }
        let value = Array("a tag from an old Latin-1 tool".utf8)
        try #require(setxattr(path, name, value, value.count, 0) == 0)
        let original = try PhotoFileRewrite.read(path)
        try PhotoFileRewrite.replace(path, with: try JPEGOrientationEdit.setting(.right, in: original.bytes), original: original)
        #expect(try JPEGOrientationEditTests.headerOrientation(try PhotoFileRewrite.read(path).bytes) == .right)
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = getxattr(path, name, &buffer, buffer.count)
        #expect(n >= 0 && Array(buffer[..<max(0, n)]) == value, "user.caf\\xE9 after the turn: \(n)")
    }
}
