import PhotoFiles
import ImageFormats
import Decoding
import PhotoLoading
import CSDL2
import Diagnostics

/// A PNG written turned by quarter turns, without loss: its pixels decoded (`PNGDecoder`), turned,
/// encoded again (`PNGWriter`, 8-bit RGB or RGBA), and decoded once more to check that every pixel
/// is the turned original's before anything is written. Its metadata chunks that mean the same
/// for the turned picture go along byte for byte (text, time, gamma, chromaticities, sRGB, an RGB
/// ICC profile, an RGB file's background colour; `pHYs` with its axes swapped by an odd turn).
///
/// What cannot be kept is refused with the reason, and the file is then turned for the session
/// only: samples of 16 bits (they would be cut to 8), interlacing or fewer than 8 bits (which
/// `PNGDecoder` does not read), and any other chunk (an `eXIf` orientation would turn it twice; a
/// background colour or significant-bits chunk is tied to the colour type the writer changes).
enum PNGTurn {
    /// Chunks copied as they are (before the image data).
    static let kept: Set<String> = ["tEXt", "zTXt", "iTXt", "tIME", "gAMA", "cHRM", "sRGB", "pHYs", "iCCP"]
    /// True when chunk `kind` of a PNG of colour type `colourType` goes along: the `kept` ones, and
    /// a background colour (`bKGD`, which ImageMagick writes) of an RGB or RGBA file, whose layout
    /// (three 16-bit samples) is the same in the RGB or RGBA file written.
    static func keeps(_ kind: String, colourType: UInt8) -> Bool {
        kept.contains(kind) || (kind == "bKGD" && (colourType == 2 || colourType == 6))
    }

    /// Chunks the decoder consumes: the picture, not metadata.
    static let consumed: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]

    /// Why `bytes` cannot be written turned without loss; nil when it can.
    /// `pixelLimit`: the most pixels a photo may have (the app's decoding limit): a larger one is
    /// not decoded whole here (the write holds four copies of its pixels at once).
    static func problem(_ bytes: [UInt8], pixelLimit: Int = PhotoCatalog.defaultPixelLimit) -> String? {
        guard PNGChunks.isComplete(bytes), bytes.count > 33 else { return "it is not a whole PNG file" }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        if width.multipliedReportingOverflow(by: height).overflow || width * height > pixelLimit {
            return "its \(width) × \(height) pixels are more than PhotoZoom decodes (\(pixelLimit))"
        }
        let depth = bytes[24], colour = bytes[25], interlace = bytes[28]
        if depth != 8 { return "its \(depth)-bit samples would not survive (PhotoZoom writes 8-bit PNG)" }
        if interlace != 0 { return "it is interlaced" }
        for (kind, _) in chunks(bytes) where !keeps(kind, colourType: colour) && !consumed.contains(kind) {
            return "its \(kind) chunk would be lost"
        }
        if colour == 0 || colour == 4, chunks(bytes).contains(where: { $0.kind == "iCCP" }) {
            return "its grey colour profile would not fit the RGB file written"
        }
        return nil
    }

    /// The bytes of the PNG `bytes` turned `quarterTurns` × 90° clockwise.
    static func turned(_ bytes: [UInt8], quarterTurns: Int, pixelLimit: Int = PhotoCatalog.defaultPixelLimit) throws(CommandLineError) -> [UInt8] {
        if let problem = problem(bytes, pixelLimit: pixelLimit) { throw CommandLineError(problem) }
        let limit = pixelLimit
        guard let decoded = PNGDecoder.decode(bytes, pixelLimit: limit, fill: 0), decoded.isComplete else {
            throw CommandLineError("its pixels cannot be read whole")
        }
        defer { SDL_FreeSurface(decoded.surface) }
        let orientation = ExifOrientation.up.turned(clockwise: quarterTurns)
        guard let turnedPixels = SurfaceOps.oriented(decoded.surface, orientation) else { throw CommandLineError("no memory to turn it") }
        defer { SDL_FreeSurface(turnedPixels) }
        let encoded = try PNGWriter.encode(turnedPixels, keepingAlpha: true)
        // The metadata after IHDR (signature 8 + IHDR 25 bytes), before the image data.
        var out = Array(encoded[..<33])
        for (kind, slice) in chunks(bytes) where keeps(kind, colourType: bytes[25]) {
            let chunk = Array(slice)
            if kind == "pHYs", orientation.swapsAxes, chunk.count == 21 {
                // x and y pixels per unit swap with the axes (the data, from byte 8: x, y, unit).
                let data = Array(chunk[12..<16]) + Array(chunk[8..<12]) + [chunk[16]]
                PNGWriter.appendChunk("pHYs", data, to: &out)
            } else {
                out += chunk
            }
        }
        out += encoded[33...]
        // The instrument: the file written must read back as the turned pixels, every one.
        guard let check = PNGDecoder.decode(out, pixelLimit: limit, fill: 0) else { throw CommandLineError("the turned file would not read back") }
        defer { SDL_FreeSurface(check.surface) }
        guard check.isComplete, samePixels(check.surface, turnedPixels) else {
            throw CommandLineError("the turned file would not read back as the same pixels")
        }
        return out
    }

    /// Each chunk's type and its whole bytes (length, type, data, CRC), in file order.
    static func chunks(_ bytes: [UInt8]) -> [(kind: String, bytes: ArraySlice<UInt8>)] {
        var out: [(String, ArraySlice<UInt8>)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = ImageHeader.be32(bytes, offset)
            guard offset + 12 + length <= bytes.count else { break }
            out.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), bytes[offset..<(offset + 12 + length)]))
            offset += 12 + length
        }
        return out
    }

    /// True when two ARGB8888 surfaces have the same size and every pixel the same.
    static func samePixels(_ a: UnsafeMutablePointer<SDL_Surface>, _ b: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        let w = Int(a.pointee.w), h = Int(a.pointee.h)
        guard w == Int(b.pointee.w), h == Int(b.pointee.h), let pa = a.pointee.pixels, let pb = b.pointee.pixels else { return false }
        for y in 0..<h where memcmp(pa + y * Int(a.pointee.pitch), pb + y * Int(b.pointee.pitch), w * 4) != 0 { return false }
        return true
    }
}
