import CSDL2
import Foundation
import Testing
@testable import ImageFormats
@testable import PhotoFiles
import TestSupport

@Suite("Image headers: sizes and orientation without decoding")
struct ImageHeaderTests {
    func header(_ bytes: [UInt8], ext: String = "") throws -> ImageHeader? {
        try ImageHeader.read(MemoryBytes(bytes), fileExtension: ext)
    }

    func problem(_ bytes: [UInt8], ext: String = "") -> ImageProblem? {
        do throws(ImageProblem) {
            _ = try ImageHeader.read(MemoryBytes(bytes), fileExtension: ext)
            return nil
        } catch { return error }
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    // MARK: - JPEG

    @Test("JPEG: the frame header gives the size; no EXIF means upright")
    func jpegSize() throws {
        let h = try #require(try header(TestImages.jpeg(width: 40, height: 24) { _, _ in .init(1, 2, 3) }))
        #expect(h.format == .jpeg && h.storedWidth == 40 && h.storedHeight == 24 && h.orientation == .up)
    }

    @Test("JPEG: EXIF orientations 1–8 are read (both byte orders); 5–8 swap the upright size",
          arguments: 1...8, [false, true])
    func jpegOrientation(orientation: Int, bigEndian: Bool) throws {
        let bytes = TestImages.jpeg(width: 40, height: 24, orientation: orientation, bigEndianExif: bigEndian) { _, _ in .init(9, 9, 9) }
        let h = try #require(try header(bytes))
        #expect(h.orientation.rawValue == orientation)
        let expected = orientation >= 5 ? (24, 40) : (40, 24)
        #expect(h.uprightSize == expected)
    }

    @Test("JPEG: the fixture portrait-exif6.jpg is stored 512×384 with Orientation 6, shown 384×512")
    func bundledPortrait() throws {
        let path = Repository.path("Tests/Fixtures/Photos/portrait-exif6.jpg").path
        let h = try #require(try ImageHeader.read(PhotoFile(path: path)))
        #expect(h.storedWidth == 512 && h.storedHeight == 384 && h.orientation == .right)
        #expect(h.uprightSize == (384, 512))
    }

    @Test("JPEG: a file cut inside its headers is truncated; image data before a frame header is corrupt")
    func jpegDamage() throws {
        let good = TestImages.jpeg(width: 16, height: 16) { _, _ in .init(0, 0, 0) }
        #expect(problem(Array(good[0..<10])).map { if case .truncated = $0 { true } else { false } } == true)
        #expect(problem([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x04, 0, 0]).map { if case .corrupt = $0 { true } else { false } } == true)
    }

    // MARK: - Other formats

    @Test("PNG: IHDR gives the size")
    func png() throws {
        let dir = TestImages.folder()
        let url = TestImages.writePNG(width: 30, height: 20, "a.png", in: dir) { _, _ in .init(1, 1, 1) }
        let h = try #require(try ImageHeader.read(PhotoFile(path: url.path)))
        #expect(h.format == .png && h.storedWidth == 30 && h.storedHeight == 20 && h.orientation == .up)
    }

    @Test("PNG: an eXIf chunk before the image data gives the orientation")
    func pngExif() throws {
        let dir = TestImages.folder()
        let url = TestImages.writePNG(width: 30, height: 20, "a.png", in: dir) { _, _ in .init(1, 1, 1) }
        var bytes = [UInt8](try Data(contentsOf: url))
        let tiff = TestImages.tiffBlock(entries: [(274, 3, 8)], bigEndian: true)
        let chunk = Self.be32(tiff.count) + Array("eXIf".utf8) + tiff + [0, 0, 0, 0]
        bytes.insert(contentsOf: chunk, at: 8 + 25)  // after the signature and the 25-byte IHDR chunk
        let h = try #require(try header(bytes))
        #expect(h.orientation == .left && h.uprightSize == (20, 30))
    }

    @Test("GIF: the logical screen size")
    func gif() throws {
        let bytes = Array("GIF89a".utf8) + Self.le16(300) + Self.le16(200) + [0, 0, 0]
        let h = try #require(try header(bytes))
        #expect(h.format == .gif && h.storedWidth == 300 && h.storedHeight == 200)
    }

    @Test("BMP: SDL's BMP, and a top-down bitmap (negative height)")
    func bmp() throws {
        let dir = TestImages.folder()
        let s = TestImages.surface(width: 33, height: 17) { _, _ in .init(5, 5, 5) }
        let path = dir.appendingPathComponent("a.bmp").path
        #expect(SDL_SaveBMP_RW(s, SDL_RWFromFile(path, "wb"), 1) == 0)
        SDL_FreeSurface(s)
        let h = try #require(try ImageHeader.read(PhotoFile(path: path)))
        #expect(h.format == .bmp && h.storedWidth == 33 && h.storedHeight == 17)
        let topDown = Array("BM".utf8) + Self.le32(0) + Self.le32(0) + Self.le32(54) + Self.le32(40) + Self.le32(64)
            + Self.le32(Int(UInt32(bitPattern: -48)))
        let t = try #require(try header(topDown))
        #expect(t.storedWidth == 64 && t.storedHeight == 48)
    }

    @Test("WebP: lossy (VP8), lossless (VP8L) and extended (VP8X) with an EXIF orientation")
    func webp() throws {
        func riff(_ chunks: [UInt8]) -> [UInt8] { Array("RIFF".utf8) + Self.le32(chunks.count + 4) + Array("WEBP".utf8) + chunks }
        // VP8: 3-byte frame tag, start code 9D 01 2A, 14-bit width and height.
        let vp8 = riff(Array("VP8 ".utf8) + Self.le32(10) + [0, 0, 0, 0x9D, 0x01, 0x2A] + Self.le16(640) + Self.le16(480))
        let a = try #require(try header(vp8))
        #expect(a.format == .webp && a.storedWidth == 640 && a.storedHeight == 480)
        // VP8L: signature 0x2F, then width − 1 and height − 1 in 14 bits each.
        let bits = (123 - 1) | (45 - 1) << 14
        let vp8l = riff(Array("VP8L".utf8) + Self.le32(5) + [0x2F] + Self.le32(bits))
        let b = try #require(try header(vp8l))
        #expect(b.storedWidth == 123 && b.storedHeight == 45)
        // VP8X: flags (EXIF = 0x08), canvas width − 1 and height − 1 in 24 bits; then an EXIF chunk.
        let tiff = TestImages.tiffBlock(entries: [(274, 3, 6)], bigEndian: false)
        let vp8x = riff(Array("VP8X".utf8) + Self.le32(10) + [0x08, 0, 0, 0] + Array(Self.le32(3999).prefix(3))
                        + Array(Self.le32(2999).prefix(3)) + Array("EXIF".utf8) + Self.le32(tiff.count) + tiff)
        let c = try #require(try header(vp8x))
        #expect(c.storedWidth == 4000 && c.storedHeight == 3000 && c.orientation == .right)
    }

    @Test("TIFF: ImageWidth and ImageLength from the first directory, either byte order", arguments: [false, true])
    func tiff(bigEndian: Bool) throws {
        let bytes = TestImages.tiffBlock(entries: [(256, 3, 640), (257, 4, 70000)], bigEndian: bigEndian)
        let h = try #require(try header(bytes))
        #expect(h.format == .tiff && h.storedWidth == 640 && h.storedHeight == 70000)
    }

    @Test("PNM, QOI and TGA headers")
    func smallFormats() throws {
        let pnm = try #require(try header(Array("P6\n# a comment\n640 480\n255\n".utf8)))
        #expect(pnm.format == .pnm && pnm.storedWidth == 640 && pnm.storedHeight == 480)
        let qoi = try #require(try header(Array("qoif".utf8) + Self.be32(800) + Self.be32(600) + [4, 0]))
        #expect(qoi.format == .qoi && qoi.storedWidth == 800 && qoi.storedHeight == 600)
        let tgaBytes: [UInt8] = [0, 0, 2] + [UInt8](repeating: 0, count: 9) + Self.le16(320) + Self.le16(240) + [32, 0]
        let tga = try #require(try header(tgaBytes, ext: "tga"))
        #expect(tga.format == .tga && tga.storedWidth == 320 && tga.storedHeight == 240)
        #expect(try header(tgaBytes, ext: "jpg") == nil)  // TGA has no magic: only by its extension
    }

    @Test("an empty file, text, and a zero size in a header are problems or unrecognised")
    func notImages() throws {
        #expect(problem([]) == .emptyFile)
        #expect(try header(Array("These are notes.\n".utf8)) == nil)
        let zeroWidth = Array("GIF89a".utf8) + Self.le16(0) + Self.le16(200) + [0, 0, 0]
        #expect(problem(zeroWidth).map { if case .corrupt = $0 { true } else { false } } == true)
    }
}
