import Foundation
@testable import Decoding
import ImageFormats
@testable import PhotoFiles
import TestSupport

/// The hostile files of issue 19, built byte by byte: each is small, and each once crashed, hung
/// or bloated PhotoZoom.
enum HostileFiles {
    /// The test photos (the set issue 19 was found with: coffee.jpg, chelsea.jpg, …), for cutting and mutating.
    static let photosFolder = Repository.path("Tests/Fixtures/Photos", isDirectory: true)

    /// The test photo named `name`, else the first of its format.
    static func photo(_ name: String) -> URL? {
        let url = photosFolder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : bundled((name as NSString).pathExtension).first
    }

    /// The bundled files whose name ends in `.ext`, in name order.
    static func bundled(_ ext: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: photosFolder.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix("." + ext) }.sorted().map { photosFolder.appendingPathComponent($0) }
    }

    static func bytes(_ url: URL) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: url.path) ?? Data()) }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }

    /// A 45-byte PNG: signature, an IHDR of `width`×`height` (CRC included) and an empty IEND... cut to 45 bytes.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        var out = PNGChunks.signature
        PNGWriter.appendChunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0], to: &out)
        PNGWriter.appendChunk("IEND", [], to: &out)
        return Array(out.prefix(45))
    }

    /// A QOI header of `width`×`height` and nothing else.
    static func qoi(width: UInt32, height: UInt32) -> [UInt8] { Array("qoif".utf8) + be32(width) + be32(height) + [4, 0] }

    /// A little-endian TIFF whose first directory gives ImageWidth and ImageLength as LONGs.
    static func tiff(width: UInt32, height: UInt32) -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 42, 0] + le32(8) + le16(2)
        out += le16(256) + le16(4) + le32(1) + le32(width)
        out += le16(257) + le16(4) + le32(1) + le32(height)
        return out + le32(0)
    }

    /// A binary Netpbm header with these decimal sides.
    static func pnm(_ width: String, _ height: String) -> [UInt8] { Array("P6\n\(width) \(height)\n255\n".utf8) + [0, 0, 0] }

    /// A 35-byte GIF whose logical screen is 1×1 and whose first frame is `frame`×`frame`.
    static func gif(frame: Int) -> [UInt8] {
        var out = Array("GIF89a".utf8) + le16(1) + le16(1) + [0x80, 0, 0]  // global colour table of 2
        out += [0, 0, 0, 255, 255, 255]
        out += [0x2C] + le16(0) + le16(0) + le16(frame) + le16(frame) + [0]
        out += [2, 2, 0x4C, 0x01, 0, 0x3B]
        return out
    }

    /// An SVG drawing of `width`×`height` pixels (a rectangle filling it).
    static func svg(width: Int, height: Int) -> [UInt8] {
        Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"><rect width=\"100%\" height=\"100%\"/></svg>\n".utf8)
    }

    /// An XPM image of `width`×`height` pixels with one colour, its rows left out.
    static func xpm(width: Int, height: Int) -> [UInt8] {
        Array("/* XPM */\nstatic char *x[] = {\n\"\(width) \(height) 1 1\",\n\". c #FF0000\",\n\"..\"\n};\n".utf8)
    }
}
