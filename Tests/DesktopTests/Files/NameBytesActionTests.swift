import Foundation
import Testing
@testable import ImageFormats
@testable import PhotoActions
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Viewing
import Events

/// Every file action names a photo by its bytes (issue 43): `caf\xE9.jpg` (Latin-1) beside its twin
/// `caf\u{10FFE9}.jpg`, the valid UTF-8 name that the Swift spelling of the first would become if it
/// were handed to C as a string. Delete, Ctrl+Z and Ctrl+R act on the photo shown, never on the
/// twin; URIs percent-encode the real bytes; messages show `\xE9`.
@Suite("Names are bytes in every file action: the shown photo moves, turns and comes back, never its twin", .serialized)
struct NameBytesActionTests {
    static let raw = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    static let twin = Array("caf\u{10FFE9}.jpg".utf8)

    /// Writes `content` at the file named by the bytes `name` in `dir`.
    static func make(_ content: [UInt8], named name: [UInt8], in dir: URL) throws {
        let path = PhotoName.spelling(Array(dir.path.utf8) + [UInt8(ascii: "/")] + name)
        let fd = FileSystemPath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(fd >= 0)
        #expect(write(fd, content, content.count) == content.count)
        close(fd)
    }

    /// The bytes of the file named by the bytes `name` in `dir`; nil when there is none.
    static func content(named name: [UInt8], in dir: URL) -> [UInt8]? {
        let path = PhotoName.spelling(Array(dir.path.utf8) + [UInt8(ascii: "/")] + name)
        guard let file = try? PhotoFile(path: path) else { return nil }
        return try? file.readAll()
    }

    static func effects(_ events: [InputEvent]) -> [EffectResult] {
        events.compactMap { if case let .effect(e) = $0.kind { e } else { nil } }
    }

    static func message(_ effect: EffectResult?) -> String {
        switch effect {
        case let .photoFile(message, _)?, let .photoTrashed(_, message)?, let .photoRestored(_, message)?: return message
        case let .photoTurned(_, _, message, _)?: return message
        default: return "\(String(describing: effect))"
        }
    }

    /// A folder holding the photo and its twin (two different JPEGs), actions over it with a trash
    /// of its own, and the photo's index and name.
    static func setUp(_ name: String = #function) throws -> (URL, PhotoFileActions, Int, String, [UInt8], [UInt8]) {
        let dir = TestImages.folder(name)
        let shown = TestImages.jpeg(width: 32, height: 24, orientation: 1) { _, _ in TestImages.RGB(200, 30, 30) }
        let other = TestImages.jpeg(width: 24, height: 32, orientation: 1) { _, _ in TestImages.RGB(30, 30, 200) }
        try make(shown, named: raw, in: dir)
        try make(other, named: twin, in: dir)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), warn: { _ in })
        let pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(.inProcess), warn: { _ in })
        let trash = FreedesktopTrash(homeTrash: dir.path + "/.trash", uid: getuid())
        let actions = PhotoFileActions(pipeline: pipeline, trash: trash)
        let index = try #require((0..<2).first { pipeline.path(ofPhotoAt: $0).map(PhotoName.bytes)?.last(where: { $0 >= 0x80 }) == 0xE9 })
        let path = try #require(pipeline.path(ofPhotoAt: index))
        return (dir, actions, index, (path as NSString).lastPathComponent, shown, other)
    }

    @Test("Delete moves caf\\xE9.jpg to the trash, not its twin; the .trashinfo's Path has %E9; Ctrl+Z puts back the same bytes")
    func deleteAndUndo() throws {
        let (dir, actions, index, name, shown, other) = try Self.setUp()
        let deleted = Self.effects(actions.carryOut(.photoFile(.trash, photo: index, name: name), at: 1)).first
        let said = Self.message(deleted)
        guard case .photoTrashed? = deleted else { Issue.record("not trashed: \(said)"); return }
        #expect(said.contains("caf\\xE9.jpg"), "\(said)")
        #expect(Self.content(named: Self.raw, in: dir) == nil, "the shown photo is still in its folder")
        #expect(Self.content(named: Self.twin, in: dir) == other, "the twin was moved")
        #expect(Self.content(named: Self.raw, in: dir.appendingPathComponent(".trash/files")) == shown)
        let info = String(decoding: try #require(Self.content(named: Self.raw + Array(".trashinfo".utf8), in: dir.appendingPathComponent(".trash/info"))),
                          as: UTF8.self)
        #expect(info.contains("caf%E9.jpg"), "\(info)")

        let restored = Self.effects(actions.carryOut(.undoTrash, at: 2)).first
        #expect(Self.message(restored).contains("put caf\\xE9.jpg back"), "\(Self.message(restored))")
        #expect(Self.content(named: Self.raw, in: dir) == shown)
        #expect(Self.content(named: Self.twin, in: dir) == other)
    }

    @Test("Ctrl+R turns caf\\xE9.jpg in its file (EXIF 1 → 6) and leaves the twin as it was")
    func turnTheShownPhoto() throws {
        let (dir, actions, index, name, _, other) = try Self.setUp()
        let turned = Self.effects(actions.carryOut(.photoFile(.turnClockwise, photo: index, name: name), at: 1)).first
        guard case .photoTurned? = turned else { Issue.record("not turned: \(Self.message(turned))"); return }
        #expect(Self.message(turned).contains("caf\\xE9.jpg"))
        actions.finishWrites()
        #expect(actions.takeFinishedWrites(at: 2).isEmpty)
        let bytes = try #require(Self.content(named: Self.raw, in: dir))
        #expect(try JPEGOrientationEdit.orientation(of: bytes) == .right)
        #expect(Self.content(named: Self.twin, in: dir) == other)
    }

    @Test("a photo's URI (open with, show in folder, copy) percent-encodes its bytes: caf%E9.jpg")
    func urisFromBytes() {
        let path = PhotoName.spelling(Array("/photos/".utf8) + Self.raw)
        #expect(DesktopServices.fileURI(path) == "file:///photos/caf%E9.jpg")
        #expect(FreedesktopTrash.escaped(path) == "/photos/caf%E9.jpg")
        #expect(DesktopServices.openArguments(path) == ["file:///photos/caf%E9.jpg"])
    }
}
