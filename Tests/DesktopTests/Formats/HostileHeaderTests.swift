import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
import Diagnostics

/// Issue 19's hostile headers: every size a header can state is refused or accepted by the pixel
/// limit, before a byte of pixel memory, without an arithmetic trap.
@Suite("Hostile headers: refused before decoding, never a trap")
struct HostileHeaderTests {
    static let limit = PhotoCatalog.defaultPixelLimit

    func entry(_ bytes: [UInt8], _ name: String) -> PhotoCatalog.Entry {
        let url = TestImages.write(bytes, name, in: TestImages.folder("hostile-\(name)"))
        return PhotoCatalog.entry(for: url, pixelLimit: Self.limit)
    }

    func isRefusedBeforeDecoding(_ e: PhotoCatalog.Entry) -> Bool {
        if case .tooManyPixels(_, _, _, beforeDecoding: true)? = e.problem { return true }
        return false
    }

    @Test("a 45-byte PNG of 0xFFFFFFFF × 0xFFFFFFFF is refused by the pixel limit")
    func hugePNG() {
        let png = HostileFiles.png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)
        #expect(png.count == 45)
        let e = entry(png, "huge.png")
        #expect(isRefusedBeforeDecoding(e), "\(String(describing: e.problem))")
        // (2^32 − 1)² ≈ 1.8e19 pixels, above Int.max: the message still says how many megapixels.
        #expect(e.problem?.message.contains("4294967295×4294967295") == true)
    }

    @Test("QOI, TIFF and Netpbm headers of 2^32 − 1 squared are refused the same way")
    func hugeOtherFormats() {
        for (bytes, name) in [(HostileFiles.qoi(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "huge.qoi"),
                              (HostileFiles.tiff(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "huge.tif"),
                              (HostileFiles.pnm("4294967295", "4294967295"), "huge.ppm"),
                              (HostileFiles.pnm(String(repeating: "9", count: 40), String(repeating: "9", count: 40)), "digits.ppm")] {
            let e = entry(bytes, name)
            #expect(isRefusedBeforeDecoding(e), "\(name): \(String(describing: e.problem))")
        }
    }

    @Test("a GIF whose screen is 1×1 but whose frame is 20000×20000 is refused at its header")
    func gifFrameBeyondScreen() {
        let gif = HostileFiles.gif(frame: 20000)
        #expect(gif.count == 35)
        let e = entry(gif, "frame.gif")
        #expect(isRefusedBeforeDecoding(e), "\(String(describing: e.problem))")
    }

    @Test("the GIF header walk through 8 MiB of sub-blocks keeps at most 16 blocks of 16 KiB, and still finds the last frame")
    func gifWalkIsBounded() throws {
        // Screen 1×1, no colour table; a 1×1 frame with 32,896 sub-blocks of 255 bytes (8 MiB);
        // then a 300×200 frame and the trailer.
        var gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2]
        let blocks = (8 << 20) / 255
        gif.reserveCapacity(gif.count + blocks * 256 + 64)
        for _ in 0..<blocks { gif.append(255); gif += [UInt8](repeating: 0x55, count: 255) }
        gif += [0, 0x2C, 0, 0, 0, 0, 0x2C, 0x01, 0xC8, 0, 0, 2, 1, 0, 0, 0x3B]
        let url = TestImages.write(gif, "long.gif", in: TestImages.folder())
        let file = try PhotoFile(path: url.path)
        let header = try #require(try ImageHeader.read(file, fileExtension: "gif"))
        #expect(header.largestFrame?.width == 300 && header.largestFrame?.height == 200)
        // The whole walk read every block of the 8 MiB; at most blockLimit × blockSize stay held.
        #expect(file.cachedBytes <= PhotoFile.blockLimit * PhotoFile.blockSize, "\(file.cachedBytes) bytes held")
        #expect(gif.count > 32 * PhotoFile.blockLimit * PhotoFile.blockSize)
    }

    @Test("SVG and XPM are sized from their headers and refused above the limit")
    func svgAndXPMSizes() throws {
        let svg = entry(HostileFiles.svg(width: 20000, height: 20000), "big.svg")
        #expect(isRefusedBeforeDecoding(svg), "\(String(describing: svg.problem))")
        let xpm = entry(HostileFiles.xpm(width: 20000, height: 20000), "big.xpm")
        #expect(isRefusedBeforeDecoding(xpm), "\(String(describing: xpm.problem))")
        // Small ones are sized without decoding: width and height as the header states them.
        let small = entry(HostileFiles.svg(width: 300, height: 200), "small.svg")
        #expect(small.header?.storedWidth == 300 && small.header?.storedHeight == 200)
        let smallXPM = entry(HostileFiles.xpm(width: 2, height: 1), "small.xpm")
        #expect(smallXPM.header?.storedWidth == 2 && smallXPM.header?.storedHeight == 1)
    }
}

@Suite("File names in messages")
struct PrintablePathTests {
    @Test("control characters in a name are escaped, so a warning stays one line that cannot recolour the terminal")
    func controlCharactersEscaped() {
        let name = "/photos/evil\n\u{1B}[2Jwarning: all good\t\r\u{7F}\u{9B}é.jpg"
        let line = ImageProblem.emptyFile.warning(path: name)
        #expect(line == "warning: /photos/evil\\n\\x1B[2Jwarning: all good\\t\\r\\x7F\\u{9B}é.jpg: empty file (0 bytes); showing a placeholder")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
        #expect(PrintablePath.escaped("/plain/Ünïcødé 写真.jpg") == "/plain/Ünïcødé 写真.jpg")
    }
}

/// SDL_image makes a picture of no pixels (a NULL pixel pointer) from an XCF whose canvas is 0
/// pixels wide; `SurfaceOps.hasTransparency` trapped on it (issue 33, 16 helper crashes of the fuzz set).
@Suite("Pictures of no pixels")
struct EmptySurfaceTests {
    /// An XCF of `width` × `height` with no layers: signature, version, size, RGB, no properties.
    static func xcf(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return Array("gimp xcf file".utf8) + [0] + be(width) + be(height) + be(0) + be(0) + be(0) + be(0) + be(0)
    }

    @Test("a 0×N surface has no transparent pixel (and no trap)")
    func emptySurface() throws {
        let surface = try #require(SurfaceOps.make(width: 0, height: 5))
        defer { SDL_FreeSurface(surface) }
        #expect(surface.pointee.pixels == nil)
        #expect(!SurfaceOps.hasTransparency(surface))
    }

    @Test("a 0-wide XCF is refused as corrupt by the decoder, never a trap")
    func zeroWideXCF() throws {
        let url = TestImages.write(Self.xcf(width: 0, height: 4), "empty.xcf", in: TestImages.folder())
        do {
            let image = try PhotoDecoder().decode(path: url.path, header: nil, target: .thumbnail(shortSide: 64))
            Issue.record("decoded \(image.width)×\(image.height)")
        } catch {
            #expect(error.isDecodeRefusal, "\(error)")
        }
    }
}

extension ImageProblem {
    /// A problem a damaged file gets (not a stopped helper or a missing file).
    var isDecodeRefusal: Bool {
        switch self {
        case .corrupt, .notAnImage, .truncated, .unsupported: return true
        default: return false
        }
    }
}

/// A header read never holds more than the file's first blocks and 64 KiB of EXIF, whatever a
/// chunk claims (issue 33: the app read whole what a file said to read).
@Suite("Header reads are bounded")
struct BoundedHeaderReadTests {
    /// A source of `count` bytes (zeros past `prefix`) that remembers the largest read asked of it.
    final class Counting: ByteSource {
        let prefix: [UInt8]
        let count: Int
        var largest = 0
        init(_ prefix: [UInt8], count: Int) { self.prefix = prefix; self.count = count }
        func bytes(at offset: Int, count wanted: Int) -> [UInt8] {
            let end = min(count, offset + max(0, wanted))
            guard offset >= 0, offset < end else { return [] }
            largest = max(largest, end - offset)
            return (offset..<end).map { $0 < prefix.count ? prefix[$0] : 0 }
        }
    }

    @Test("a PNG whose eXIf chunk claims 4 GiB − 1 in a 4 GiB file is read 64 KiB of it at most")
    func pngExif() throws {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr = be(13) + Array("IHDR".utf8) + be(64) + be(48) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + be(0xFFFF_FFFF) + Array("eXIf".utf8)
        let source = Counting(png, count: 1 << 32)
        let header = try #require(try ImageHeader.read(source, fileExtension: "png"))
        #expect(header.storedWidth == 64 && header.storedHeight == 48)
        #expect(source.largest <= ImageHeader.exifReadLimit, "\(source.largest) bytes asked at once")
    }
}
