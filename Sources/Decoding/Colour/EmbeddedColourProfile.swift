import CSDL2

/// Where a photo's colours are, as its file says: an embedded ICC profile (a JPEG's APP2
/// `ICC_PROFILE` segments, a PNG's `iCCP` chunk, a WebP's `ICCP` chunk, a HEIF's `colr` box of
/// type `prof` or `rICC`) or an nclx colour description (a HEIF's `colr` box of type `nclx`).
/// Read from the bytes the decoder already holds, in the decoder helper; `ColourConversion` takes
/// the pixels from there to sRGB. A file with none is taken as sRGB, as browsers and eog take it.
package enum EmbeddedColourProfile: Equatable, Sendable {
    case icc([UInt8])
    /// ITU-T H.273 codes: colour primaries and transfer characteristics.
    case nclx(primaries: Int, transfer: Int)

    /// The largest profile read: 4 MiB (a camera's or printer's CMYK profile is under 2 MB).
    static let byteLimit = 4 << 20

    // MARK: - JPEG

    /// The ICC profile of a JPEG: its APP2 `ICC_PROFILE` segments before the first scan, joined in
    /// their sequence numbers' order; nil when there is none, or a segment is missing or repeated.
    package static func jpegICC(_ bytes: [UInt8]) -> [UInt8]? {
        var chunks: [Int: ArraySlice<UInt8>] = [:]
        var total = 0
        var count = 0
        walkJPEGSegments(bytes) { marker, body in
            let signature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
            guard marker == 0xE2, body.count > 14, body.prefix(12).elementsEqual(signature) else { return }
            let sequence = Int(body[body.startIndex + 12]), of = Int(body[body.startIndex + 13])
            guard sequence >= 1, of >= 1, count == 0 || count == of, chunks[sequence] == nil else { total = -1; return }
            count = of
            chunks[sequence] = body.dropFirst(14)
            total += body.count - 14
        }
        guard count > 0, total > 0, total <= byteLimit, chunks.count == count, (1...count).allSatisfy({ chunks[$0] != nil }) else { return nil }
        return (1...count).flatMap { Array(chunks[$0]!) }
    }

    /// True when a JPEG has Adobe's APP14 segment: its CMYK is stored inverted (0 is full ink), as
    /// Photoshop writes it and lcms2's jpgicc reads it.
    package static func jpegHasAdobeSegment(_ bytes: [UInt8]) -> Bool {
        var found = false
        walkJPEGSegments(bytes) { marker, body in
            if marker == 0xEE, body.count >= 5, body.prefix(5).elementsEqual(Array("Adobe".utf8)) { found = true }
        }
        return found
    }

    /// Calls `body` with each marker segment's marker and contents from the start of a JPEG up to
    /// its first scan (SOS), stopping at anything that is not a segment.
    private static func walkJPEGSegments(_ bytes: [UInt8], _ body: (UInt8, ArraySlice<UInt8>) -> Void) {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return }
            body(marker, bytes[(i + 4)..<(i + 2 + length)])
            i += 2 + length
        }
    }

    // MARK: - PNG

    /// The ICC profile of a PNG's `iCCP` chunk (before its image data), inflated; nil when none.
    package static func pngICC(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            guard length >= 0, i + 12 + length <= bytes.count, type != "IDAT", type != "IEND" else { return nil }
            if type == "iCCP" {
                let data = bytes[(i + 8)..<(i + 8 + length)]
                // A name of 1–79 bytes, a NUL, the compression method (0: zlib), the stream.
                guard let nul = data.prefix(80).firstIndex(of: 0), nul + 2 <= data.endIndex, data[nul + 1] == 0 else { return nil }
                return inflate(Array(data[(nul + 2)...]))
            }
            i += 12 + length
        }
        return nil
    }

    /// A zlib stream inflated, when its result is within `byteLimit`.
    private static func inflate(_ stream: [UInt8]) -> [UInt8]? {
        var size = max(4096, stream.count * 4)
        while size <= byteLimit {
            var out = [UInt8](repeating: 0, count: size)
            var length = uLongf(size)
            let status = out.withUnsafeMutableBufferPointer { o in
                stream.withUnsafeBufferPointer { s in uncompress(o.baseAddress, &length, s.baseAddress, uLong(s.count)) }
            }
            if status == Z_OK { return Array(out.prefix(Int(length))) }
            guard status == Z_BUF_ERROR else { return nil }
            size *= 4
        }
        return nil
    }

    // MARK: - WebP

    /// The ICC profile of an extended WebP's `ICCP` chunk; nil when none.
    package static func webpICC(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 20, bytes.prefix(4).elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8)) else { return nil }
        var i = 12
        while i + 8 <= bytes.count {
            let length = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
            guard length >= 0, i + 8 + length <= bytes.count else { return nil }
            if bytes[i..<(i + 4)].elementsEqual(Array("ICCP".utf8)) {
                return length <= byteLimit ? Array(bytes[(i + 8)..<(i + 8 + length)]) : nil
            }
            i += 8 + length + (length & 1)
        }
        return nil
    }
}
