import CHEIF
import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import PhotoFiles
import TestSupport

/// The desktop entry advertises only what this build decodes (issue 33: it listed AVIF and JXL,
/// which Debian 12's SDL_image cannot decode, so file managers offered PhotoZoom for files it
/// showed as placeholders).
@Suite("The desktop entry's types")
struct DesktopEntryTests {
    static let entry: String = {
        let root = Repository.root
        return (try? String(contentsOf: root.appendingPathComponent("Resources/photozoom.desktop.in"), encoding: .utf8)) ?? ""
    }()

    static var mimeTypes: [String] {
        entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") }.map {
            $0.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        } ?? []
    }

    @Test("JXL is listed only when SDL_image here can load it (IMG_Init grants the flag)")
    func onlyDecodable() {
        #expect(!Self.mimeTypes.isEmpty)
        let granted = IMG_Init(Int32(IMG_INIT_JXL.rawValue))
        #expect(Self.mimeTypes.contains("image/jxl") == (granted & Int32(IMG_INIT_JXL.rawValue) != 0), "image/jxl: SDL_image grants \(granted)")
    }

    @Test("HEIC/HEIF and AVIF are listed exactly when libheif here has a decoder for HEVC and for AV1 (issue 32)")
    func phoneFormats() {
        let hevc = heif_have_decoder_for_format(heif_compression_HEVC) != 0, av1 = heif_have_decoder_for_format(heif_compression_AV1) != 0
        #expect(Self.mimeTypes.contains("image/heic") == hevc && Self.mimeTypes.contains("image/heif") == hevc, "libheif decodes HEVC: \(hevc)")
        #expect(Self.mimeTypes.contains("image/avif") == av1, "libheif decodes AV1: \(av1)")
    }

    /// The fuzz seed (`Fixtures/FuzzSeeds/seed.EXT`) of each listed type that has one.
    static let seedOfType = ["image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/bmp": "bmp", "image/gif": "gif",
                             "image/tiff": "tif", "image/x-tga": "tga", "image/x-portable-anymap": "ppm", "image/x-portable-pixmap": "ppm",
                             "image/x-portable-graymap": "pgm", "image/x-xpixmap": "xpm", "image/x-pcx": "pcx", "image/qoi": "qoi",
                             "image/svg+xml": "svg", "image/heic": "heic", "image/heif": "heic", "image/avif": "avif"]
    /// Listed types with no seed: PBM, XCF and ILBM (SDL_image's own loaders).
    static let unseeded: Set<String> = ["image/x-portable-bitmap", "image/x-xcf", "image/x-ilbm"]

    @Test("every listed type with a seed file decodes, and every seed's type is listed")
    func listedTypesDecode() throws {
        let seeds = Repository.path("Tests/DesktopTests/Fixtures/FuzzSeeds")
        for type in Self.mimeTypes where !Self.unseeded.contains(type) {
            let ext = try #require(Self.seedOfType[type], "\(type) is listed but has no seed here to decode")
            let decoded = try? PhotoDecoder().decode(path: seeds.appendingPathComponent("seed.\(ext)").path, header: nil,
                                                     target: .thumbnail(shortSide: 32))
            #expect(decoded != nil, "\(type): seed.\(ext) does not decode")
        }
        for type in Self.seedOfType.keys { #expect(Self.mimeTypes.contains(type), "\(type) decodes but is not listed") }
    }
}

/// A warning names the reason SDL gave for this file, never one left over from an earlier file
/// (issue 33: "tiff_float.tif: TIFF: unsupported PNM format").
@Suite("SDL's error, read for the call just made")
struct StaleSDLErrorTests {
    /// A 1×1 TIFF of one 32-bit floating-point sample (SampleFormat 3), which libtiff's RGBA reader
    /// refuses and SDL_image's TIFF loader fails on without an error of its own.
    static var floatTIFF: [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] { u16(tag) + u16(type) + u32(1) + (type == 3 ? u16(value) + u16(0) : u32(value)) }
        // Header 8 bytes, then an IFD of 10 entries (2 + 120 + 4 bytes), then the 4-byte sample at 134.
        let entries = [entry(256, 3, 1), entry(257, 3, 1), entry(258, 3, 32), entry(259, 3, 1), entry(262, 3, 1),
                       entry(273, 4, 134), entry(277, 3, 1), entry(278, 3, 1), entry(279, 4, 4), entry(339, 3, 3)]
        return Array("II".utf8) + u16(42) + u32(8) + u16(entries.count) + entries.flatMap { $0 } + u32(0) + [0, 0, 0x80, 0x3F]
    }

    @Test("a stale error set before the decode does not reach the float TIFF's problem")
    func noStaleReason() throws {
        let url = TestImages.write(Self.floatTIFF, "tiff_float.tif", in: TestImages.folder())
        // An earlier failure leaves SDL's error set: opening a file that is not there.
        #expect(SDL_RWFromFile("/nonexistent/stale-earlier-file.pnm", "rb") == nil)
        #expect(String(cString: SDL_GetError()).contains("stale-earlier-file"))
        do {
            let image = try PhotoDecoder().decode(path: url.path, header: nil, target: .thumbnail(shortSide: 32))
            Issue.record("decoded a \(image.width)×\(image.height) picture; the stale-error case needs a TIFF SDL_image refuses")
        } catch {
            #expect(!"\(error)".contains("stale-earlier-file"), "\(error)")
        }
    }
}
