import CSDL2
import Foundation
import PhotoFiles
import Diagnostics

/// Writes an opaque ARGB8888 surface as an 8-bit RGB PNG, fast: each row's bytes as differences
/// from the pixel to their left (PNG filter 1, "Sub", which turns flat colour and gentle gradients
/// into runs of zeros) deflated by zlib at level 1 with its run-length strategy.
///
/// SDL_image's `IMG_SavePNG` goes through libpng at zlib's default level and took about 0.2 s of
/// CPU for a 1280×800 frame (94 % of `replay --frames` in `perf`); this takes a few tens of
/// milliseconds for the same frame. The alpha channel is dropped (frames are opaque) unless asked
/// for and some pixel is not opaque (thumbnails of transparent pictures): then it is 8-bit RGBA.
package enum PNGWriter {
    /// The PNG file's bytes for `surface` (ARGB8888, any pitch); with `keepingAlpha`, RGBA when a
    /// pixel is not opaque.
    package static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>, keepingAlpha: Bool = false) throws(CommandLineError) -> [UInt8] {
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard width > 0, height > 0, let pixels = surface.pointee.pixels else { throw CommandLineError("cannot write an empty image") }
        guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue else {
            throw CommandLineError("PNG writer: expected an ARGB8888 surface")
        }
        // Software-renderer surfaces are never RLE-encoded, so their pixels are readable as they are.

        let source = pixels.assumingMemoryBound(to: UInt8.self)
        let alpha = keepingAlpha && (0..<height).contains { y in (0..<width).contains { source[y * pitch + $0 * 4 + 3] != 255 } }
        let channels = alpha ? 4 : 3
        // Filtered scanlines: a filter byte, then RGB(A) differences from the pixel to the left.
        let rowBytes = 1 + width * channels
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = source + y * pitch          // little-endian ARGB8888: B, G, R, A in memory
                let o = y * rowBytes
                out[o] = 1
                var pr: UInt8 = 0, pg: UInt8 = 0, pb: UInt8 = 0, pa: UInt8 = 0
                for x in 0..<width {
                    let b = row[x * 4], g = row[x * 4 + 1], r = row[x * 4 + 2], a = row[x * 4 + 3]
                    let i = o + 1 + x * channels
                    out[i] = r &- pr; out[i + 1] = g &- pg; out[i + 2] = b &- pb
                    if alpha { out[i + 3] = a &- pa }
                    pr = r; pg = g; pb = b; pa = a
                }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        append32(UInt32(width), to: &header)
        append32(UInt32(height), to: &header)
        header += [8, alpha ? 6 : 2, 0, 0, 0]            // 8-bit, RGB(A), deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", try deflate(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Writes `surface` to `path` as a PNG.
    package static func write(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(CommandLineError) {
        let bytes = try encode(surface)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CommandLineError("\(path): cannot write the image (\(String(cString: strerror(errno))))")
        }
    }

    /// A zlib stream of `bytes`: level 1, run-length strategy.
    static func deflate(_ bytes: [UInt8]) throws(CommandLineError) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 1, Z_DEFLATED, 15, 8, Z_RLE, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CommandLineError("PNG writer: zlib would not start")
        }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return CSDL2.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw CommandLineError("PNG writer: zlib failed (\(status))") }
        out.removeLast(out.count - Int(stream.total_out))
        return out
    }

    static func append32(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    package static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        append32(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        append32(UInt32(crc), to: &png)
    }
}
