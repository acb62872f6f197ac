import CSDL2
import Foundation
@testable import Decoding
@testable import PhotoFiles

/// Builders of test images and folders: JPEGs made with TurboJPEG (with an optional EXIF
/// Orientation), PNG and BMP written by SDL, and hand-made headers for the other formats.
enum TestImages {
    /// An RGB colour, 0...255 per channel.
    struct RGB: Equatable, CustomStringConvertible {
        var r: Int, g: Int, b: Int
        init(_ r: Int, _ g: Int, _ b: Int) { self.r = r; self.g = g; self.b = b }
        var description: String { "(\(r), \(g), \(b))" }
        /// True when every channel is within `tolerance` (lossy JPEG).
        func isClose(to o: RGB, tolerance: Int) -> Bool {
            abs(r - o.r) <= tolerance && abs(g - o.g) <= tolerance && abs(b - o.b) <= tolerance
        }
    }

    /// A fresh, empty temporary folder.
    static func folder(_ name: String = #function) -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photozoom-tests-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.removeItem(at: url)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An ARGB8888 surface filled by `colour(x, y)`.
    static func surface(width: Int, height: Int, colour: (Int, Int) -> RGB) -> UnsafeMutablePointer<SDL_Surface> {
        let s = SurfaceOps.make(width: width, height: height)!
        let px = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let row = Int(s.pointee.pitch) / 4
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                px[y * row + x] = 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            }
        }
        return s
    }

    /// The colour of pixel (x, y) of an ARGB8888 surface.
    static func pixel(_ s: UnsafeMutablePointer<SDL_Surface>, _ x: Int, _ y: Int) -> RGB {
        let v = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)[y * Int(s.pointee.pitch) / 4 + x]
        return RGB(Int(v >> 16 & 0xFF), Int(v >> 8 & 0xFF), Int(v & 0xFF))
    }

    /// A baseline JPEG (4:4:4, quality 95) of the pixels `colour(x, y)` (stored orientation), with
    /// an EXIF block giving `orientation` when it is not nil.
    static func jpeg(width: Int, height: Int, orientation: Int? = nil, bigEndianExif: Bool = false,
                     colour: (Int, Int) -> RGB) -> [UInt8] {
        let s = surface(width: width, height: height, colour: colour)
        defer { SDL_FreeSurface(s) }
        var bytes = jpeg(bgra: s.pointee.pixels.assumingMemoryBound(to: UInt8.self), width: width, height: height, pitch: Int(s.pointee.pitch))
        if let orientation { bytes.insert(contentsOf: exifSegment(orientation: orientation, bigEndian: bigEndianExif), at: 2) }
        return bytes
    }

    /// BGRA rows (`pitch` bytes apart) encoded by TurboJPEG: the one JPEG encoder of the tests.
    static func jpeg(bgra: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int, subsampling: TJSAMP = TJSAMP_444,
                     quality: Int32 = 95, progressive: Bool = false) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let rc = tjCompress2(handle, bgra, Int32(width), Int32(pitch), Int32(height), TJPF_BGRA.rawValue, &out, &size,
                             Int32(subsampling.rawValue), quality, progressive ? TJFLAG_PROGRESSIVE : 0)
        precondition(rc == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// `jpeg` made corrupt: the entropy-coded data after the scan header replaced by a pattern with
    /// no markers, then 4 KB of filler before the end marker (libjpeg reports thousands of stray bytes).
    static func corrupted(_ jpeg: [UInt8]) -> [UInt8] {
        var corrupt = jpeg
        let sos = (0..<(corrupt.count - 1)).first { corrupt[$0] == 0xFF && corrupt[$0 + 1] == 0xDA }!
        for i in (sos + 20)..<(corrupt.count - 2) { corrupt[i] = UInt8((i * 37) & 0xFE) }
        return corrupt + [UInt8](repeating: 0x55, count: 4096) + [0xFF, 0xD9]
    }

    /// A JPEG APP1 segment holding an EXIF (TIFF) block whose IFD0 has one entry: Orientation.
    static func exifSegment(orientation: Int, bigEndian: Bool) -> [UInt8] {
        let tiff = tiffBlock(entries: [(274, 3, orientation)], bigEndian: bigEndian)
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// A TIFF structure with IFD0 holding `entries` (tag, type, value) with count 1.
    static func tiffBlock(entries: [(UInt16, UInt16, Int)], bigEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var b: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        b += u16(42) + u32(8) + u16(entries.count)
        for (tag, type, value) in entries {
            b += u16(Int(tag)) + u16(Int(type)) + u32(1)
            b += type == 3 ? u16(value) + [0, 0] : u32(value)
        }
        return b + u32(0)
    }

    /// Writes `bytes` to `folder/name`; returns the file's URL.
    @discardableResult
    static func write(_ bytes: [UInt8], _ name: String, in folder: URL) -> URL {
        let url = folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url
    }

    /// Writes a PNG of the pixels `colour(x, y)` with SDL_image.
    @discardableResult
    static func writePNG(width: Int, height: Int, _ name: String, in folder: URL, colour: (Int, Int) -> RGB) -> URL {
        let s = surface(width: width, height: height, colour: colour)
        defer { SDL_FreeSurface(s) }
        let url = folder.appendingPathComponent(name)
        precondition(IMG_SavePNG(s, url.path) == 0)
        return url
    }

    /// Pseudo-random noise pixels (a fixed linear congruential sequence), so JPEG data is long.
    static func noise(_ x: Int, _ y: Int) -> RGB {
        var v = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
        v = v &* 1_103_515_245 &+ 12_345
        return RGB(Int(v >> 16 & 0xFF), Int(v >> 8 & 0xFF), Int(v >> 24 & 0xFF))
    }
}
