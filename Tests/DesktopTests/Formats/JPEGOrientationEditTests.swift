import CSDL2
import Foundation
import CFileAttributes
import Testing
@testable import PhotoActions
@testable import PhotoFiles
@testable import ImageFormats
@testable import Decoding
@testable import PhotoLoading
@testable import Rendering
import Diagnostics
import TestSupport

/// Rotating a JPEG and keeping it (issue 32): the EXIF orientation is rewritten, the image data
/// never re-encoded, and the file replaced atomically with its mode and times kept.
@Suite("JPEG orientation rewrite: the tag changes, every byte of the image data stays, the write is atomic")
struct JPEGOrientationEditTests {
    // MARK: - Turning an orientation

    @Test("a clockwise turn of each orientation puts every stored pixel where the EXIF table's picture turned 90° clockwise puts it (2×3)",
          arguments: 1...8)
    func turnFollowsTheSpecification(value: Int) throws {
        let o = try #require(ExifOrientation(rawValue: value))
        let turned = o.turned(clockwise: 1)
        let sw = 2, sh = 3
        let (w, h) = o.uprightSize(width: sw, height: sh)
        for i in 0..<sh {
            for j in 0..<sw {
                // Upright under o, then turned clockwise in a w×h picture: (x, y) → (h − 1 − y, x).
                let p = ExifSpec.upright(ofStored: j, i, orientation: value, uprightWidth: w, uprightHeight: h)
                let q = ExifSpec.upright(ofStored: j, i, orientation: turned.rawValue, uprightWidth: h, uprightHeight: w)
                #expect(q.x == h - 1 - p.y && q.y == p.x, "orientation \(value) → \(turned.rawValue), stored (\(j), \(i))")
            }
        }
    }

    @Test("turns cycle: 1 → 6 → 3 → 8 → 1 clockwise; four turns, or one each way, give every orientation back")
    func turnsCycle() {
        var o = ExifOrientation.up
        var seen: [Int] = []
        for _ in 0..<4 {
            o = o.turned(clockwise: 1)
            seen.append(o.rawValue)
        }
        #expect(seen == [6, 3, 8, 1])
        for o in ExifOrientation.allCases {
            #expect(o.turned(clockwise: 4) == o)
            #expect(o.turned(clockwise: 1).turned(clockwise: -1) == o)
            #expect(o.turned(clockwise: -1) == o.turned(clockwise: 3))
            #expect(o.turned(clockwise: 2).swapsAxes == o.swapsAxes && o.turned(clockwise: 1).swapsAxes != o.swapsAxes)
        }
    }

    // MARK: - The bytes

    /// A 24×16 JPEG of noise (long image data), with an EXIF orientation when given.
    static func photo(orientation: Int? = nil, bigEndian: Bool = false) -> [UInt8] {
        TestImages.jpeg(width: 24, height: 16, orientation: orientation, bigEndianExif: bigEndian, colour: TestImages.noise)
    }

    /// The orientation an independent reader (the header parser the decoders use) finds.
    static func headerOrientation(_ bytes: [UInt8]) throws -> ExifOrientation {
        try #require(try ImageHeader.read(MemoryBytes(bytes))).orientation
    }

    /// The bytes from the first SOS marker to the end.
    static func imageData(_ bytes: [UInt8]) throws -> ArraySlice<UInt8> {
        let sos = try #require((2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        return bytes[sos...]
    }

    @Test("orientation 1...8 set over each of 1...8 in a little- and a big-endian block: only the tag's two value bytes may differ",
          arguments: [false, true])
    func inPlace(bigEndian: Bool) throws {
        for from in 1...8 {
            let original = Self.photo(orientation: from, bigEndian: bigEndian)
            for to in 1...8 {
                let edited = try JPEGOrientationEdit.setting(ExifOrientation(rawValue: to)!, in: original)
                #expect(edited.count == original.count)
                let differing = zip(original, edited).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
                #expect(differing.count <= 2)
                // The value field of the single entry: SOI (2) + APP1 header (4) + "Exif\0\0" (6) + TIFF header (8) + count (2) + 8.
                let valueField = 2 + 4 + 6 + 8 + 2 + 8
                #expect(differing.allSatisfy { (valueField..<(valueField + 2)).contains($0) }, "from \(from) to \(to): bytes \(differing)")
                #expect(try Self.headerOrientation(edited).rawValue == to)
                #expect(try JPEGOrientationEdit.orientation(of: edited).rawValue == to)
                #expect(try Self.imageData(edited) == Self.imageData(original))
            }
        }
    }

    @Test("a JPEG without EXIF gains a 36-byte APP1 (length field 34) after its JFIF APP0; everything else is the original's bytes, and it decodes to the same pixels")
    func noExif() throws {
        let original = Self.photo()
        #expect(original[2] == 0xFF && original[3] == 0xE0)  // TurboJPEG writes JFIF first
        let app0End = 4 + (Int(original[4]) << 8 | Int(original[5]))
        let edited = try JPEGOrientationEdit.setting(.right, in: original)
        // 2 (marker) + 2 (length) + 6 (Exif\0\0) + 8 (TIFF header) + 2 (count) + 12 (the entry) + 4 (no next IFD) = 36.
        #expect(edited.count == original.count + 36)
        #expect(Array(edited[..<app0End]) == Array(original[..<app0End]))
        #expect(Array(edited[(app0End + 36)...]) == Array(original[app0End...]))
        #expect(try Self.headerOrientation(edited) == .right)
        let header = try #require(try ImageHeader.read(MemoryBytes(edited)))
        #expect(header.uprightSize.width == 16 && header.uprightSize.height == 24)
        #expect(try Self.headerOrientation(JPEGOrientationEdit.setting(.up, in: original)) == .up)
        // The same pixels, decoded from each (TurboJPEG, stored orientation).
        #expect(try Self.decode(edited) == Self.decode(original))
    }

    @Test("an EXIF block without the tag (little- and big-endian, with a Make string and a next IFD): IFD0 is written again at its end, every other entry and offset still true",
          arguments: [false, true])
    func exifWithoutTheTag(bigEndian: Bool) throws {
        let plain = Self.photo()
        // IFD0: Make (271, ASCII, count 8, at offset 38) and ImageWidth (256, SHORT 24); next IFD at 46.
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(2)
        tiff += u16(256) + u16(3) + u32(1) + u16(24) + [0, 0]
        tiff += u16(271) + u16(2) + u32(8) + u32(38)
        tiff += u32(46)                                  // next IFD (IFD1) at 46
        tiff += Array("Camera1\0".utf8)                  // 38..<46
        tiff += u16(0) + u32(0)                          // IFD1: no entries, no next
        let payload = Array("Exif\0\0".utf8) + tiff
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload
        let original = Array(plain[..<2]) + segment + Array(plain[2...])
        #expect(try Self.headerOrientation(original) == .up)

        let edited = try JPEGOrientationEdit.setting(.left, in: original)
        #expect(try Self.headerOrientation(edited) == .left)
        #expect(try Self.imageData(edited) == Self.imageData(original))
        // The new block: the old one (8 + 2 + 24 + 4 + 8 + 6 = 52 bytes) whole except the IFD0
        // offset, then IFD0 with 3 entries (2 + 36 + 4 bytes).
        #expect(tiff.count == 52)
        let tiffStart = 2 + 4 + 6
        let block = Array(edited[tiffStart..<(tiffStart + 52 + 2 + 36 + 4)])
        #expect(Array(block[8..<52]) == Array(tiff[8..<52]))
        #expect(Array(block[4..<8]) == u32(52))
        let ifd = Array(block[52...])
        #expect(Array(ifd[0..<2]) == u16(3))
        // Tags in order 256, 271, 274; the Make entry still points at its string; the next IFD kept.
        #expect(Array(ifd[2..<14]) == Array(tiff[10..<22]))
        #expect(Array(ifd[14..<26]) == Array(tiff[22..<34]))
        #expect(Array(ifd[26..<38]) == u16(274) + u16(3) + u32(1) + u16(8) + [0, 0])
        #expect(Array(ifd[38..<42]) == u32(46))
        #expect(String(decoding: block[38..<45], as: UTF8.self) == "Camera1")
        // The segment's length says so: 2 + 6 + 52 + 42.
        #expect(Int(edited[4]) << 8 | Int(edited[5]) == 102)
    }

    @Test("what is not a JPEG, or a JPEG cut before its image data, is refused with a reason and no bytes")
    func refusals() {
        #expect(throws: CommandLineError.self) { try JPEGOrientationEdit.setting(.right, in: Array("\u{89}PNG\r\n".utf8) + [0, 0]) }
        let cut = Array(Self.photo(orientation: 1).prefix(30))
        #expect(throws: CommandLineError.self) { try JPEGOrientationEdit.setting(.right, in: cut) }
    }

    /// Stored pixels, as TurboJPEG decodes them (RGB, row by row).
    static func decode(_ jpeg: [UInt8]) throws -> [UInt8] {
        let handle = try #require(tjInitDecompress())
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, space: Int32 = 0
        #expect(tjDecompressHeader3(handle, jpeg, UInt(jpeg.count), &w, &h, &sub, &space) == 0)
        var out = [UInt8](repeating: 0, count: Int(w * h * 3))
        #expect(tjDecompress2(handle, jpeg, UInt(jpeg.count), &out, w, 0, h, TJPF_RGB.rawValue, 0) == 0)
        return out
    }

    // MARK: - The write

    /// A photo at `folder/name` with mode 0640, accessed 2001-09-09 01:46:40 and modified at
    /// 2009-02-13 23:31:30 UTC (1e9 and 1234567890 seconds), 500 ns each.
    static func placed(_ bytes: [UInt8], _ name: String, in folder: URL) -> String {
        let path = TestImages.write(bytes, name, in: folder).path
        chmod(path, 0o640)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 500), timespec(tv_sec: 1_234_567_890, tv_nsec: 500)]
        utimensat(AT_FDCWD, path, &times, 0)
        return path
    }

    @Test("the rewrite replaces the file (a new inode), keeps its mode 0640 and its access and modification times to the nanosecond, and leaves no temporary file")
    func keepsModeAndTimes() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Self.placed(Self.photo(orientation: 1), "kite.jpg", in: folder)
        var before = stat()
        stat(path, &before)
        let original = try PhotoFileRewrite.read(path)
        try PhotoFileRewrite.replace(path, with: try JPEGOrientationEdit.setting(.right, in: original.bytes), original: original)
        var after = stat()
        stat(path, &after)
        #expect(after.st_ino != before.st_ino)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_mtim.tv_sec == 1_234_567_890 && after.st_mtim.tv_nsec == 500)
        #expect(after.st_atim.tv_sec == 1_000_000_000 && after.st_atim.tv_nsec == 500)
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        #expect(try Self.headerOrientation(try PhotoFileRewrite.read(path).bytes) == .right)
        // Only the tag's value differs from what was there.
        let now = try PhotoFileRewrite.read(path).bytes
        #expect(now.count == original.bytes.count && zip(now, original.bytes).filter { $0 != $1 }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kite.jpg"])
    }

    /// A fresh folder whose file system keeps user attributes: the package's own build folder when
    /// the temporary one's does not (tmpfs before Linux 6.6), so a test runs rather than passing
    /// for want of a place.
    static func attributeFolder(_ name: String = #function) throws -> URL {
        var folder = TestImages.folder(name)
        let probe = folder.appendingPathComponent("probe").path
        FileManager.default.createFile(atPath: probe, contents: Data())
        if setxattr(probe, "user.probe", "1", 1, 0) != 0 {
            try? FileManager.default.removeItem(at: folder)
            folder = Repository.path(".build/xattr-test-\(getpid())-\(name.filter(\.isLetter))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        unlink(probe)
        return folder
    }

    @Test("the photo's extended attributes (a user's tag and comment) go to the turned file with it")
    func keepsExtendedAttributes() throws {
        let folder = try Self.attributeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Self.placed(Self.photo(orientation: 1), "kite.jpg", in: folder)
        let attributes = ["user.xdg.tags": "holiday,kites", "user.xdg.comment": "the red kite over the dunes"]
        for (name, value) in attributes { try #require(setxattr(path, name, value, value.utf8.count, 0) == 0, "cannot set \(name) here") }
        let original = try PhotoFileRewrite.read(path)
        try PhotoFileRewrite.replace(path, with: try JPEGOrientationEdit.setting(.right, in: original.bytes), original: original)
        #expect(try Self.headerOrientation(try PhotoFileRewrite.read(path).bytes) == .right)
        for (name, value) in attributes {
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = getxattr(path, name, &buffer, buffer.count)
            #expect(n >= 0 && String(decoding: buffer[..<max(0, n)], as: UTF8.self) == value, "\(name) after the turn")
        }
    }

    @Test("a photo with a second name (a hard link) is not replaced: both names keep the same bytes, one line says why")
    func hardLinkRefused() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Self.photo(orientation: 1)
        let path = Self.placed(bytes, "kite.jpg", in: folder)
        let other = folder.appendingPathComponent("kite-2024.jpg").path
        #expect(link(path, other) == 0)
        #expect(PhotoFileRewrite.writeProblem(path) == "it has another name (a hard link), which would keep the old picture")
        let original = try PhotoFileRewrite.read(path)
        let e = #expect(throws: CommandLineError.self) {
            try PhotoFileRewrite.replace(path, with: try JPEGOrientationEdit.setting(.right, in: original.bytes), original: original)
        }
        #expect(e?.message == "cannot write kite.jpg: it has another name (a hard link), which would keep the old picture; it was left as it was")
        #expect(try PhotoFileRewrite.read(path).bytes == bytes && PhotoFileRewrite.read(other).bytes == bytes)
        var a = stat(), b = stat()
        stat(path, &a); stat(other, &b)
        #expect(a.st_ino == b.st_ino && a.st_nlink == 2)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["kite.jpg", "kite-2024.jpg"])
    }

    @Test("a symbolic link to the photo stays a link; the photo it names is turned")
    func followsLinks() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Self.placed(Self.photo(), "kite.jpg", in: folder)
        let link = folder.appendingPathComponent("link.jpg").path
        #expect(symlink("kite.jpg", link) == 0)
        let original = try PhotoFileRewrite.read(link)
        try PhotoFileRewrite.replace(link, with: try JPEGOrientationEdit.setting(.down, in: original.bytes), original: original)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "kite.jpg")
        #expect(try Self.headerOrientation(try PhotoFileRewrite.read(path).bytes) == .down)
    }

    @Test("each failure — read-only, vanished, changed meanwhile, no room for the temporary file — names the file, changes nothing and leaves nothing behind")
    func failuresKeepTheOriginal() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = Self.photo(orientation: 1)
        let turned = try JPEGOrientationEdit.setting(.right, in: original)

        let readOnly = Self.placed(original, "read-only.jpg", in: folder)
        chmod(readOnly, 0o444)
        let read1 = try PhotoFileRewrite.read(readOnly)
        let e1 = #expect(throws: CommandLineError.self) { try PhotoFileRewrite.replace(readOnly, with: turned, original: read1) }
        #expect(e1?.message == "cannot write read-only.jpg: it is read-only; it was left as it was")
        #expect(try PhotoFileRewrite.read(readOnly).bytes == original)

        let gone = folder.appendingPathComponent("gone.jpg").path
        let vanishing = Self.placed(original, "gone.jpg", in: folder)
        let read2 = try PhotoFileRewrite.read(vanishing)
        #expect(unlink(vanishing) == 0)
        let e2 = #expect(throws: CommandLineError.self) { try PhotoFileRewrite.replace(gone, with: turned, original: read2) }
        #expect(e2?.message.hasPrefix("cannot write gone.jpg: ") == true)
        #expect(!FileManager.default.fileExists(atPath: gone))

        let changed = Self.placed(original, "changed.jpg", in: folder)
        let read = try PhotoFileRewrite.read(changed)
        let other = Self.photo(orientation: 3)
        _ = FileManager.default.createFile(atPath: changed, contents: Data(other + [0]))
        let e3 = #expect(throws: CommandLineError.self) { try PhotoFileRewrite.replace(changed, with: turned, original: read) }
        #expect(e3?.message == "cannot write changed.jpg: it changed on disk while it was being turned; it was left as it was")
        #expect(try PhotoFileRewrite.read(changed).bytes == other + [0])

        let blocked = Self.placed(original, "blocked.jpg", in: folder)
        let temporary = folder.appendingPathComponent(".blocked.jpg.photozoom-\(getpid())")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        let e4 = #expect(throws: CommandLineError.self) {
            try PhotoFileRewrite.replace(blocked, with: turned, original: try PhotoFileRewrite.read(blocked))
        }
        #expect(e4?.message.hasPrefix("cannot write blocked.jpg: cannot make a file in its folder") == true)
        #expect(try PhotoFileRewrite.read(blocked).bytes == original)
        try FileManager.default.removeItem(at: temporary)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["read-only.jpg", "changed.jpg", "blocked.jpg"])
    }
}
