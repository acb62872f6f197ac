import Foundation
import Testing
@testable import ImageFormats
@testable import PhotoFiles

/// HEIC and AVIF headers, read from the ISO media boxes by PhotoZoom's own parser (`HEIFHeader`,
/// issue 32): the size the grid lays out, the orientation still to apply, the pixel limit.
@Suite("HEIF headers: size, transformations and EXIF, the pixel limit")
struct HEIFHeaderTests {
    static let folder = PhonePhotoTests.folder

    func header(_ name: String) throws -> ImageHeader? {
        try ImageHeader.read(PhotoFile(path: Self.folder.appendingPathComponent(name).path))
    }

    @Test("heif-enc's HEIC keeps the sideways pixels and the JPEG's EXIF: stored 512×384, Orientation 6 still to apply")
    func exifOnly() throws {
        let h = try #require(try header("portrait-exif6.heic"))
        #expect(h.format == .heif && h.storedWidth == 512 && h.storedHeight == 384 && h.orientation == .right)
    }

    @Test("an AVIF with irot and EXIF both: libheif's turned picture, 384×512, and the EXIF not applied again")
    func irotWins() throws {
        let h = try #require(try header("portrait-irot.avif"))
        #expect(h.format == .avif && h.storedWidth == 384 && h.storedHeight == 512 && h.orientation == .up)
    }

    @Test("ffmpeg's AVIF: upright pixels, no EXIF")
    func ffmpegAVIF() throws {
        let h = try #require(try header("portrait-ffmpeg.avif"))
        #expect(h.format == .avif && h.uprightSize == (384, 512) && h.orientation == .up)
    }

    @Test("an ispe of 2^32 − 1 squared is refused by the pixel limit before decoding")
    func hugeSize() throws {
        var bytes = HostileFiles.bytes(Self.folder.appendingPathComponent("portrait-ffmpeg.avif"))
        let at = try #require(bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == Array("ispe".utf8) })
        // Type, then version and flags (4 bytes), then width and height (32 bits each).
        for i in at + 8..<at + 16 { bytes[i] = 0xFF }
        let url = TestImages.write(bytes, "huge.avif", in: TestImages.folder("hostile-heif"))
        let e = PhotoCatalog.entry(for: url, pixelLimit: PhotoCatalog.defaultPixelLimit)
        guard case .tooManyPixels(4_294_967_295, 4_294_967_295, _, beforeDecoding: true)? = e.problem else {
            Issue.record("\(String(describing: e.problem))"); return
        }
    }

    @Test("ISO media that is no HEIF image (an MP4's ftyp) is left to the other readers; a box past its container is corrupt")
    func otherISOMedia() throws {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let mp4 = be32(20) + Array("ftypisom".utf8) + be32(0x200) + Array("mp41".utf8) + be32(8) + Array("free".utf8)
        #expect(try ImageHeader.read(MemoryBytes(mp4)) == nil)
        let heic = be32(20) + Array("ftypheic".utf8) + be32(0) + Array("mif1".utf8) + be32(4000) + Array("meta".utf8) + [0, 0, 0, 0]
        do {
            _ = try ImageHeader.read(MemoryBytes(heic))
            Issue.record("a meta box of 4000 bytes in a 32-byte file was read")
        } catch {
            guard case .corrupt = error else { Issue.record("\(error)"); return }
        }
    }
}
