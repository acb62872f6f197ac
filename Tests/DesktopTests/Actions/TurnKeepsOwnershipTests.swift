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

    // MARK: - As another user, the kernel refusing (root only)

    /// Runs `body` on a thread of its own whose file-system identity is `uid`:`gid` (setfsuid and
    /// setfsgid, found with dlsym: Swift's Glibc leaves <sys/fsuid.h> out). Both are per thread, and
    /// a root thread that takes another file-system uid loses CAP_CHOWN, CAP_FOWNER and
    /// CAP_DAC_OVERRIDE on it: it creates, writes and changes owners as that user would.
    static func asUser(uid: UInt32, gid: UInt32, _ body: @escaping @Sendable () -> Void) throws {
        typealias SetID = @convention(c) (UInt32) -> Int32
        let libc = dlopen(nil, RTLD_NOW)
        let setfsuid = unsafeBitCast(try #require(dlsym(libc, "setfsuid")), to: SetID.self)
        let setfsgid = unsafeBitCast(try #require(dlsym(libc, "setfsgid")), to: SetID.self)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = setfsgid(gid)
            _ = setfsuid(uid)
            body()
            _ = setfsuid(0)
            _ = setfsgid(0)
            done.signal()
        }
        thread.start()
        done.wait()
    }

    /// A group folder (root's, group nogroup, 0775) holding `kite.jpg`, owned by `owner`:nogroup with `mode`.
    static func groupFolder(photoOwner owner: UInt32, mode: mode_t) throws -> (folder: URL, path: String) {
        let folder = TestImages.folder()
        let path = JPEGOrientationEditTests.placed(JPEGOrientationEditTests.photo(orientation: 1), "kite.jpg", in: folder)
        try #require(chown(folder.path, 0, Self.nogroup) == 0 && chmod(folder.path, 0o775) == 0)
        try #require(chown(path, owner, Self.nogroup) == 0 && chmod(path, mode) == 0)
        return (folder, path)
    }

    /// The owner, group and mode bits of the file at `path` (empty when it cannot be read).
    static func ownership(_ path: String) -> [UInt32] {
        var st = stat()
        return stat(path, &st) == 0 ? [st.st_uid, st.st_gid, st.st_mode & 0o7777] : []
    }

    static let nobody: UInt32 = 65534, nogroup: UInt32 = 65534
    /// A user id that is neither root's nor nobody's: alice, the photo's owner.
    static let alice: UInt32 = 4321

    /// The outcome of a turn of `path` into `.right`, made by a thread acting as nobody:nogroup.
    static func turnAsNobody(_ path: String) throws -> String? {
        final class Outcome: @unchecked Sendable { var message: String? = "not run" }
        let outcome = Outcome()
        try asUser(uid: nobody, gid: nogroup) {
            do throws(CommandLineError) {
                let original = try PhotoFileRewrite.read(path)
                try PhotoFileRewrite.replace(path, with: try JPEGOrientationEdit.setting(.right, in: original.bytes), original: original)
                outcome.message = nil
            } catch {
                outcome.message = error.message
            }
        }
        return outcome.message
    }

    @Test("nobody, in the photo's group, turns alice's 0664 photo in a group folder: the kernel refuses to give the new file to alice, and nothing is replaced",
          .enabled(if: getuid() == 0, "acting as another user needs root"))
    func ownerNotKeptAsOtherUser() throws {
        let (folder, path) = try Self.groupFolder(photoOwner: Self.alice, mode: 0o664)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.contents(folder)
        let message = try Self.turnAsNobody(path) ?? "the turn happened"
        #expect(message == "cannot write kite.jpg: the turned file could not keep its owner and group (uid \(Self.alice), gid \(Self.nogroup)): "
                + "Operation not permitted; it was left as it was", "\(message)")
        #expect(try Self.contents(folder) == before, "the folder changed")
        #expect(Self.ownership(path) == [Self.alice, Self.nogroup, 0o664])
    }

    @Test("nobody turns a photo of its own in the same folder: the turn happens and the photo stays nobody's, with its mode",
          .enabled(if: getuid() == 0, "acting as another user needs root"))
    func ownPhotoTurnedAsOtherUser() throws {
        let (folder, path) = try Self.groupFolder(photoOwner: Self.nobody, mode: 0o644)
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try Self.turnAsNobody(path)
        #expect(message == nil, "\(message ?? "")")
        #expect(try JPEGOrientationEditTests.headerOrientation(try PhotoFileRewrite.read(path).bytes) == .right)
        #expect(Self.ownership(path) == [Self.nobody, Self.nogroup, 0o644])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kite.jpg"], "a file was left beside the photo")
    }
}
