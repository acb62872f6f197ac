import Foundation
import Testing
@testable import App
@testable import PhotoFiles
@testable import ImageFormats
@testable import Decoding
@testable import PhotoLoading

/// Issue 32, "sort by name, date taken (EXIF) or date modified": the order of a folder's photos
/// from what their files say.
@Suite("Photo order: by name, by EXIF date taken, by date modified")
struct PhotoOrderTests {
    /// An APP1 segment whose IFD0 points (tag 34665) at an EXIF directory holding
    /// DateTimeOriginal `date` (ASCII, 20 bytes with its zero), laid out: IFD0 at 8 (one entry,
    /// 18 bytes), the EXIF directory at 26 (one entry, 18 bytes), the text at 44.
    static func exifDate(_ date: String, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
        tiff += u32(8) + u16(1) + u16(34665) + u16(4) + u32(1) + u32(26) + u32(0)
        tiff += u16(1) + u16(36867) + u16(2) + u32(20) + u32(44) + u32(0)
        tiff += Array(date.utf8) + [0]
        let payload = Array("Exif\0\0".utf8) + tiff
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// A small JPEG carrying `date` as its DateTimeOriginal (none when nil), modified at `modified`.
    @discardableResult
    static func photo(_ name: String, in folder: URL, date: String?, modified: Int, bigEndian: Bool = false) -> URL {
        var bytes = TestImages.jpeg(width: 16, height: 16) { _, _ in TestImages.RGB(90, 120, 150) }
        if let date { bytes.insert(contentsOf: exifDate(date, bigEndian: bigEndian), at: 2) }
        let url = TestImages.write(bytes, name, in: folder)
        try! FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(modified))], ofItemAtPath: url.path)
        return url
    }

    @Test("DateTimeOriginal is read from the EXIF sub-directory, either byte order; none, or a blank one, is nil")
    func readsDateTaken() throws {
        let folder = TestImages.folder()
        let little = Self.photo("a.jpg", in: folder, date: "2024:07:01 09:30:05", modified: 0)
        let big = Self.photo("b.jpg", in: folder, date: "1999:12:31 23:59:59", modified: 0, bigEndian: true)
        let none = Self.photo("c.jpg", in: folder, date: nil, modified: 0)
        let blank = Self.photo("d.jpg", in: folder, date: "    :  :     :  :  ", modified: 0)
        #expect(DateTaken.read(try PhotoFile(path: little.path)) == "2024:07:01 09:30:05")
        #expect(DateTaken.read(try PhotoFile(path: big.path)) == "1999:12:31 23:59:59")
        #expect(DateTaken.read(try PhotoFile(path: none.path)) == nil)
        #expect(DateTaken.read(try PhotoFile(path: blank.path)) == nil)
    }

    @Test("Date taken: oldest first, photos without a date after those with (by modification time), ties by name")
    func dateTakenOrder() throws {
        let folder = TestImages.folder()
        // Name order: a b c d e f.
        Self.photo("a.jpg", in: folder, date: "2024:05:02 10:00:00", modified: 500)
        Self.photo("b.jpg", in: folder, date: nil, modified: 300)
        Self.photo("c.jpg", in: folder, date: "2023:01:01 08:00:00", modified: 100)
        Self.photo("d.jpg", in: folder, date: nil, modified: 200)
        Self.photo("e.jpg", in: folder, date: "2024:05:02 10:00:00", modified: 400)
        Self.photo("f.jpg", in: folder, date: nil, modified: 200)
        let names = try PhotoFolder(path: folder.path).names
        #expect(names == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg"])
        let facts = names.map { PhotoOrder.Facts(path: folder.appendingPathComponent($0).path) }
        // c (2023) first; a and e taken the same second: by modification time, e (400) before a (500);
        // then the dateless by modification time: d and f (200, tie: by name), b (300).
        #expect(PhotoOrder.dateTaken.arrange(facts).map { names[$0] } == ["c.jpg", "e.jpg", "a.jpg", "d.jpg", "f.jpg", "b.jpg"])
        // By modification time alone, oldest first, ties by name.
        #expect(PhotoOrder.dateModified.arrange(facts).map { names[$0] } == ["c.jpg", "d.jpg", "f.jpg", "b.jpg", "e.jpg", "a.jpg"])
        #expect(PhotoOrder.name.arrange(facts) == [0, 1, 2, 3, 4, 5])
    }

    @Test("Shift+S cycles name → date taken → date modified → name")
    func cycles() {
        #expect(PhotoOrder.name.next == .dateTaken)
        #expect(PhotoOrder.dateTaken.next == .dateModified)
        #expect(PhotoOrder.dateModified.next == .name)
    }
}
