import CSDL2
import ImageFormats

/// PhotoZoom's own PNG reader, in Swift over zlib's inflate, for the PNGs it meets most: 8- and
/// 16-bit grey, grey + alpha, RGB, RGBA and 8-bit palette (with `tRNS`), not interlaced. Every
/// offset is bounds-checked and no image library runs, so the app reads thumbnail-cache entries
/// with it in its own process (no decoder helper to start on a second visit), and a PNG cut short
/// yields the rows its data holds (issue 20).
///
/// Anything else (1–4-bit samples, Adam7 interlacing) gives nil: the caller falls back to
/// SDL_image in a decoder helper.
package enum PNGDecoder {
    /// Pixels read from a PNG: an ARGB8888 surface of the full size, and how many rows (from the
    /// top) its data held; the rows below are `fill`.
    package struct Output {
        package var surface: UnsafeMutablePointer<SDL_Surface>
        var rowsRead: Int
        package var isComplete: Bool { rowsRead == Int(surface.pointee.h) }
    }

    /// The file's header fields and image data, walked without decompressing.
    private struct Layout {
        var width = 0, height = 0, depth = 0, colourType = 0, interlace = 0
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var data: [UInt8] = []
    }

    /// Decodes `bytes`; rows missing from a cut file are `fill` (ARGB8888 as 0xAARRGGBB). Nil when
    /// this is not a PNG this reader handles, has more than `pixelLimit` pixels or holds no whole
    /// row.
    package static func decode(_ bytes: [UInt8], pixelLimit: Int, fill: UInt32) -> Output? {
        guard let layout = layout(bytes), layout.width > 0, layout.height > 0,
              ImageHeader.pixels(layout.width, layout.height) <= pixelLimit, layout.interlace == 0 else { return nil }
        let channels: Int
        switch layout.colourType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        guard layout.depth == 8 || (layout.depth == 16 && layout.colourType != 3) else { return nil }
        if layout.colourType == 3 && layout.palette.isEmpty { return nil }
        let bytesPerPixel = channels * layout.depth / 8
        let (rowBytes, rowOverflow) = layout.width.multipliedReportingOverflow(by: bytesPerPixel)
        guard !rowOverflow, rowBytes < Int(Int32.max) else { return nil }
        let stride = rowBytes + 1
        let (total, totalOverflow) = stride.multipliedReportingOverflow(by: layout.height)
        guard !totalOverflow else { return nil }

        // Not zeroed: only the `produced` bytes are ever read.
        var raw = [UInt8](unsafeUninitializedCapacity: total) { _, count in count = total }
        let produced = inflate(layout.data, into: &raw)
        let rows = min(layout.height, produced / stride)
        guard rows > 0, let surface = SurfaceOps.make(width: layout.width, height: layout.height) else { return nil }

        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let palette = paletteARGB(layout)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        // Each row is unfiltered in place, against the row above it (already unfiltered), then
        // converted; pointers, since this runs for every thumbnail-cache entry of a second visit.
        let rowsRead = raw.withUnsafeMutableBufferPointer { rawRows in
            zeros.withUnsafeBufferPointer { zeroRow in
                for y in 0..<rows {
                    let line = rawRows.baseAddress! + y * stride
                    let previous = y == 0 ? zeroRow.baseAddress! : UnsafePointer(line - stride + 1)
                    guard unfilter(line + 1, previous: previous, count: rowBytes, filter: line[0], bytesPerPixel: bytesPerPixel) else { return y }
                    let row = UnsafeMutableRawPointer(pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
                    convert(UnsafePointer(line + 1), into: row, width: layout.width, colourType: layout.colourType,
                            bytesPerPixel: bytesPerPixel, step: layout.depth / 8, palette: palette)
                }
                return rows
            }
        }
        return finish(surface, rowsRead: rowsRead, fill: fill)
    }

    /// Converts one unfiltered row of `width` pixels to ARGB8888 (a 16-bit sample's high byte,
    /// `step` bytes apart, is taken).
    private static func convert(_ samples: UnsafePointer<UInt8>, into row: UnsafeMutablePointer<UInt32>, width: Int, colourType: Int,
                                bytesPerPixel: Int, step: Int, palette: [UInt32]) {
        switch colourType {
        case 0:
            for x in 0..<width { let v = UInt32(samples[x * bytesPerPixel]); row[x] = 0xFF00_0000 | v << 16 | v << 8 | v }
        case 2:
            for x in 0..<width {
                let p = samples + x * bytesPerPixel
                row[x] = 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[step]) << 8 | UInt32(p[2 * step])
            }
        case 3:
            for x in 0..<width { row[x] = palette[Int(samples[x])] }
        case 4:
            for x in 0..<width {
                let p = samples + x * bytesPerPixel, v = UInt32(p[0])
                row[x] = UInt32(p[step]) << 24 | v << 16 | v << 8 | v
            }
        default:
            for x in 0..<width {
                let p = samples + x * bytesPerPixel
                row[x] = UInt32(p[3 * step]) << 24 | UInt32(p[0]) << 16 | UInt32(p[step]) << 8 | UInt32(p[2 * step])
            }
        }
    }

    /// Fills the rows from `rowsRead` down with `fill`.
    private static func finish(_ surface: UnsafeMutablePointer<SDL_Surface>, rowsRead: Int, fill: UInt32) -> Output? {
        guard rowsRead > 0 else {
            SDL_FreeSurface(surface)
            return nil
        }
        fillRows(surface, from: rowsRead, with: fill)
        return Output(surface: surface, rowsRead: rowsRead)
    }

    /// Paints rows `from`… of an ARGB8888 surface with `colour` (0xAARRGGBB).
    static func fillRows(_ surface: UnsafeMutablePointer<SDL_Surface>, from top: Int, with colour: UInt32) {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in max(0, top)..<max(max(0, top), h) {
            UnsafeMutableRawPointer(pixels + y * pitch).assumingMemoryBound(to: UInt32.self).update(repeating: colour, count: w)
        }
    }

    /// The palette as ARGB words, 256 entries (indices past the palette are opaque black).
    private static func paletteARGB(_ layout: Layout) -> [UInt32] {
        var out = [UInt32](repeating: 0xFF00_0000, count: 256)
        for i in 0..<min(256, layout.palette.count / 3) {
            let a = i < layout.transparency.count ? UInt32(layout.transparency[i]) : 255
            out[i] = a << 24 | UInt32(layout.palette[3 * i]) << 16 | UInt32(layout.palette[3 * i + 1]) << 8 | UInt32(layout.palette[3 * i + 2])
        }
        return out
    }

    /// The header fields and the image data (all IDAT chunks, the last one as far as the file
    /// goes); nil when `bytes` is not a PNG or has no IHDR first.
    private static func layout(_ bytes: [UInt8]) -> Layout? {
        guard bytes.count >= 8 + 8 + 13, Array(bytes[0..<8]) == PNGChunks.signature else { return nil }
        var out = Layout()
        var offset = 8
        var sawHeader = false
        while offset + 8 <= bytes.count {
            let length = ImageHeader.be32(bytes, offset)
            let kind = bytes[(offset + 4)..<(offset + 8)]
            let start = offset + 8
            guard length >= 0 else { break }
            let end = min(bytes.count, start + length)
            if !sawHeader {
                guard kind.elementsEqual("IHDR".utf8), length >= 13, end - start >= 13 else { return nil }
                out.width = ImageHeader.be32(bytes, start)
                out.height = ImageHeader.be32(bytes, start + 4)
                out.depth = Int(bytes[start + 8])
                out.colourType = Int(bytes[start + 9])
                out.interlace = Int(bytes[start + 12])
                sawHeader = true
            } else if kind.elementsEqual("PLTE".utf8) {
                out.palette = Array(bytes[start..<end])
            } else if kind.elementsEqual("tRNS".utf8) {
                out.transparency = Array(bytes[start..<end])
            } else if kind.elementsEqual("IDAT".utf8) {
                out.data += bytes[start..<end]
            } else if kind.elementsEqual("IEND".utf8) {
                break
            }
            offset = start + length + 4
        }
        return sawHeader ? out : nil
    }

    /// Inflates the zlib stream `data` into `out` as far as it goes (a cut stream stops early);
    /// the bytes produced. A whole stream (every thumbnail-cache entry) is inflated in one call by
    /// libdeflate, about 1.6× zlib's speed (0.34 against 0.55 ms for a 256-px entry,
    /// docs/pipeline.md "Start-up"); one it refuses (cut, damaged, longer than `out`) goes to
    /// zlib, which gets as far as the data goes.
    private static func inflate(_ data: [UInt8], into out: inout [UInt8]) -> Int {
        if let produced = inflateWhole(data, into: &out) { return produced }
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return 0 }
        defer { inflateEnd(&stream) }
        let capacity = out.count
        return data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(capacity)
                while stream.avail_out > 0 {
                    let status = CSDL2.inflate(&stream, Z_SYNC_FLUSH)
                    if status != Z_OK { break }  // the end, a cut stream (Z_BUF_ERROR) or damaged data
                }
                return capacity - Int(stream.avail_out)
            }
        }
    }

    /// The bytes a whole, valid zlib stream `data` inflates to in `out`, nil when libdeflate refuses it.
    private static func inflateWhole(_ data: [UInt8], into out: inout [UInt8]) -> Int? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var produced = 0
        let result = data.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &produced)
            }
        }
        return result == LIBDEFLATE_SUCCESS ? produced : nil
    }

    /// Undoes one row's filter in place (`previous` is the row above, unfiltered; zeros for the
    /// first); false for an unknown filter type (the row and all below are taken as missing).
    private static func unfilter(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count n: Int,
                                 filter: UInt8, bytesPerPixel bpp: Int) -> Bool {
        let first = min(bpp, n)  // the bytes with no pixel to their left (a = c = 0)
        switch filter {
        case 0:
            return true
        case 1:
            if n > bpp { for i in bpp..<n { row[i] = row[i] &+ row[i - bpp] } }
        case 2:
            for i in 0..<n { row[i] = row[i] &+ previous[i] }
        case 3:
            for i in 0..<first { row[i] = row[i] &+ previous[i] / 2 }
            if n > bpp { for i in bpp..<n { row[i] = row[i] &+ UInt8((Int(row[i - bpp]) + Int(previous[i])) / 2) } }
        case 4:
            for i in 0..<first { row[i] = row[i] &+ previous[i] }  // Paeth with a = c = 0 picks b
            if n > bpp {
                for i in bpp..<n {
                    let a = Int(row[i - bpp]), b = Int(previous[i]), c = Int(previous[i - bpp])
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    row[i] = row[i] &+ UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                }
            }
        default:
            return false
        }
        return true
    }
}
