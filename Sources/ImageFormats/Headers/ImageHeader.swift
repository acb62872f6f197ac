import Foundation

/// What a photo file's header says: its format, stored pixel size and EXIF orientation, read
/// without decoding any pixels (a few hundred bytes of a file of megabytes).
package struct ImageHeader: Equatable, Sendable {
    /// The formats whose headers PhotoZoom parses itself; anything else goes to SDL_image.
    package enum Format: String, Sendable {
        case jpeg, png, gif, bmp, webp, tiff, pnm, qoi, tga, svg, xpm
        /// HEIC (HEVC-coded HEIF) and AVIF, parsed by `HEIFHeader` and decoded by libheif.
        case heif, avif
        /// JPEG XL, parsed by `JXLHeader` and decoded by libjxl.
        case jxl
    }

    package var format: Format
    /// Pixel size as stored in the file, before orientation.
    package var storedWidth: Int
    package var storedHeight: Int
    package var orientation: ExifOrientation
    /// The largest picture a decode allocates when it differs from the stored size: a GIF frame
    /// larger than its logical screen. Nil for the stored size.
    package var largestFrame: (width: Int, height: Int)?
    /// A JPEG's embedded EXIF preview, when it has one (issue 20).
    package var preview: ExifPreview?

    /// Pixel size as the picture is shown, after orientation.
    package var uprightSize: (width: Int, height: Int) { orientation.uprightSize(width: storedWidth, height: storedHeight) }

    /// Stored pixels: what a full decode allocates (×4 bytes). Saturates at `Int.max`: a header
    /// may state two sides of 2^32 − 1, whose product does not fit.
    var pixelCount: Int { Self.pixels(storedWidth, storedHeight) }

    /// `width × height`, or `Int.max` when it does not fit.
    package static func pixels(_ width: Int, _ height: Int) -> Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : product
    }

    /// Throws `tooManyPixels` (before decoding) when the stored size or a larger frame has more
    /// than `limit` pixels.
    package func checkPixels(limit: Int) throws(ImageProblem) {
        if pixelCount > limit {
            throw .tooManyPixels(width: storedWidth, height: storedHeight, limit: limit, beforeDecoding: true)
        }
        if let frame = largestFrame, Self.pixels(frame.width, frame.height) > limit {
            throw .tooManyPixels(width: frame.width, height: frame.height, limit: limit, beforeDecoding: true)
        }
    }

    package static func == (a: ImageHeader, b: ImageHeader) -> Bool {
        a.format == b.format && a.storedWidth == b.storedWidth && a.storedHeight == b.storedHeight
            && a.orientation == b.orientation
    }

    /// Parses the header of the image in `source`; nil when the content is in no format parsed here
    /// (the caller then asks SDL_image). `fileExtension` (lower-case) identifies TGA, which has no magic.
    package static func read(_ source: ByteSource, fileExtension: String = "") throws(ImageProblem) -> ImageHeader? {
        guard source.count > 0 else { throw .emptyFile }
        let magic = try source.bytes(at: 0, count: 16)
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            magic.count >= offset + prefix.count && Array(magic[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8]) { return try readJPEG(source) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try readPNG(source) }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return try readGIF(source) }
        if starts(Array("BM".utf8)) { return try readBMP(source) }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return try readWebP(source) }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return try readTIFF(source) }
        if magic.count >= 3, magic[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(magic[1]),
           isSpace(magic[2]) { return try readPNM(source) }
        if starts(Array("qoif".utf8)) { return try readQOI(magic) }
        if starts(Array("ftyp".utf8), at: 4) { return try HEIFHeader.read(source) }
        if starts(JXLHeader.codestreamSignature) || starts(JXLHeader.containerSignature) { return try JXLHeader.read(source) }
        if starts(Array("/* XPM */".utf8)) { return try readXPM(source) }
        if fileExtension == "tga" { return try readTGA(source) }
        if let svg = try readSVG(source) { return svg }
        return nil
    }

    /// A header for `format` after checking the dimensions are positive.
    package static func make(_ format: Format, _ width: Int, _ height: Int,
                     _ orientation: ExifOrientation = .up) throws(ImageProblem) -> ImageHeader {
        guard width > 0, height > 0 else {
            throw .corrupt("the \(format.rawValue.uppercased()) header gives a size of \(width)×\(height) pixels")
        }
        return ImageHeader(format: format, storedWidth: width, storedHeight: height, orientation: orientation)
    }

    // MARK: - JPEG

    /// Walks the JPEG markers to the frame header (SOFn), reading the EXIF orientation from APP1 on
    /// the way. Each segment is skipped by its length, so only the headers are read.
    static func readJPEG(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        var offset = 2
        var orientation: ExifOrientation?
        var preview: ExifPreview?
        var steps = 0
        while steps < 100_000 {
            steps += 1
            let head = try s.bytes(at: offset, count: 4)
            guard head.count >= 2 else { throw .truncated("the file ends before the JPEG frame header") }
            guard head[0] == 0xFF else {
                throw .corrupt("expected a JPEG marker at byte \(offset), found \(hex(head[0]))")
            }
            let marker = head[1]
            if marker == 0xFF { offset += 1; continue } // fill byte before a marker
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA {
                throw .corrupt("the JPEG has no frame header (SOF) before its \(marker == 0xDA ? "image data" : "end")")
            }
            guard head.count == 4 else { throw .truncated("the file ends inside a JPEG segment header") }
            let length = be16(head, 2)
            guard length >= 2 else { throw .corrupt("JPEG segment \(hex(marker)) at byte \(offset) has length \(length)") }
            if isStartOfFrame(marker) {
                let frame = try s.bytes(at: offset + 4, count: 5)
                guard frame.count == 5 else { throw .truncated("the file ends inside the JPEG frame header") }
                let height = be16(frame, 1), width = be16(frame, 3)
                if height == 0 { throw .unsupported("the JPEG declares its height later in the data (DNL marker)") }
                var header = try make(.jpeg, width, height, orientation ?? .up)
                header.preview = preview
                return header
            }
            if marker == 0xE1, orientation == nil, length > 8 {
                let payload = try s.bytes(at: offset + 4, count: length - 2)
                if payload.count > 6, Array(payload[0..<6]) == Array("Exif\0\0".utf8) {
                    let tiff = Array(payload[6...])
                    orientation = TIFFDirectory.orientation(MemoryBytes(tiff))
                    preview = ExifPreview.find(inTIFF: tiff, at: offset + 4 + 6)
                }
            }
            offset += 2 + length
        }
        throw .corrupt("no JPEG frame header in the first \(steps) segments")
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    static func isStartOfFrame(_ m: UInt8) -> Bool {
        (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC
    }

    // MARK: - PNG

    /// IHDR gives the size; an eXIf chunk before the image data gives the orientation.
    static func readPNG(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        let ihdr = try s.bytes(at: 8, count: 16)
        guard ihdr.count == 16 else { throw .truncated("the file ends inside the PNG header") }
        guard Array(ihdr[4..<8]) == Array("IHDR".utf8) else { throw .corrupt("the PNG does not start with its IHDR chunk") }
        let width = be32(ihdr, 8), height = be32(ihdr, 12)
        var orientation = ExifOrientation.up
        var offset = 8 + 8 + be32(ihdr, 0) + 4
        for _ in 0..<64 {
            let chunk = try s.bytes(at: offset, count: 8)
            guard chunk.count == 8 else { break }
            let length = be32(chunk, 0), kind = String(decoding: chunk[4..<8], as: UTF8.self)
            if kind == "IDAT" || kind == "IEND" { break }
            if kind == "eXIf" {
                orientation = TIFFDirectory.orientation(MemoryBytes(try s.bytes(at: offset + 8, count: min(length, exifReadLimit)))) ?? .up
                break
            }
            offset += 12 + length
        }
        return try make(.png, width, height, orientation)
    }

    // MARK: - GIF, BMP, QOI, TGA, PNM

    /// The logical screen's size, and the largest frame (image descriptor) that reaches beyond it:
    /// a decoder allocates each frame at its own size, whatever the screen says.
    static func readGIF(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        let screen = try s.bytes(at: 0, count: 13)
        guard screen.count == 13 else { throw .truncated("the file ends inside the GIF header") }
        var header = try make(.gif, le16(screen, 6), le16(screen, 8))
        var frame = (width: header.storedWidth, height: header.storedHeight)
        var offset = 13 + (screen[10] & 0x80 != 0 ? 3 << (Int(screen[10] & 7) + 1) : 0)
        /// Skips data sub-blocks from `offset`; false when the file ends first.
        func skipSubBlocks() throws(ImageProblem) -> Bool {
            while true {
                let size = try s.bytes(at: offset, count: 1)
                guard let n = size.first else { return false }
                offset += 1 + Int(n)
                if n == 0 { return true }
            }
        }
        // Every frame up to the trailer, or up to where the file ends.
        walk: while offset < s.count {
            let kind = try s.bytes(at: offset, count: 1)
            switch kind.first {
            case 0x21?:  // extension: label, then sub-blocks
                offset += 2
                guard try skipSubBlocks() else { break walk }
            case 0x2C?:  // image descriptor: left, top, width, height, flags
                let d = try s.bytes(at: offset + 1, count: 9)
                guard d.count == 9 else { break walk }
                let w = le16(d, 0) + le16(d, 4), h = le16(d, 2) + le16(d, 6)
                if pixels(w, h) > pixels(frame.width, frame.height) { frame = (w, h) }
                offset += 10 + (d[8] & 0x80 != 0 ? 3 << (Int(d[8] & 7) + 1) : 0) + 1  // + LZW code size
                guard try skipSubBlocks() else { break walk }
            default:
                break walk  // the trailer (0x3B) or damage: what follows is never decoded
            }
        }
        if frame != (header.storedWidth, header.storedHeight) { header.largestFrame = frame }
        return header
    }

    /// BITMAPCOREHEADER (12 bytes, 16-bit sizes) or a later info header (32-bit signed sizes; a
    /// negative height means top-down rows).
    static func readBMP(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        let h = try s.bytes(at: 0, count: 26)
        guard h.count >= 18 else { throw .truncated("the file ends inside the BMP header") }
        let infoSize = le32(h, 14)
        if infoSize == 12 {
            guard h.count >= 22 else { throw .truncated("the file ends inside the BMP header") }
            return try make(.bmp, le16(h, 18), le16(h, 20))
        }
        guard infoSize >= 40 else { throw .corrupt("BMP info header of \(infoSize) bytes") }
        guard h.count == 26 else { throw .truncated("the file ends inside the BMP header") }
        let width = Int(Int32(bitPattern: UInt32(le32(h, 18)))), height = Int(Int32(bitPattern: UInt32(le32(h, 22))))
        return try make(.bmp, width, abs(height))
    }

    static func readQOI(_ magic: [UInt8]) throws(ImageProblem) -> ImageHeader {
        guard magic.count >= 12 else { throw .truncated("the file ends inside the QOI header") }
        return try make(.qoi, be32(magic, 4), be32(magic, 8))
    }

    /// TGA has no magic number: the image type (byte 2) must be one TGA defines, sizes at 12 and 14.
    static func readTGA(_ s: ByteSource) throws(ImageProblem) -> ImageHeader? {
        let h = try s.bytes(at: 0, count: 18)
        guard isTGAHeader(h) else { return nil }
        return try make(.tga, le16(h, 12), le16(h, 14))
    }

    /// True when `h` (a file's first bytes) can be a TGA header: a colour-map flag of 0 or 1 and
    /// an image type TGA defines.
    static func isTGAHeader(_ h: [UInt8]) -> Bool {
        h.count >= 18 && h[1] <= 1 && [1, 2, 3, 9, 10, 11].contains(h[2])
    }

    /// Netpbm P1–P6: magic, then width and height as decimal text, with `#` comments allowed.
    static func readPNM(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        let h = try s.bytes(at: 2, count: 512)
        var numbers: [Int] = []
        var i = 0
        while numbers.count < 2, i < h.count {
            if h[i] == UInt8(ascii: "#") {
                while i < h.count, h[i] != 0x0A { i += 1 }
            } else if isSpace(h[i]) {
                i += 1
            } else if let n = decimal(h, &i) {
                numbers.append(n)
            } else {
                throw .corrupt("unexpected byte \(hex(h[i])) in the Netpbm header")
            }
        }
        guard numbers.count == 2 else { throw .truncated("the file ends inside the Netpbm header") }
        return try make(.pnm, numbers[0], numbers[1])
    }

    // MARK: - XPM, SVG

    /// XPM 3: a C array whose first string is "WIDTH HEIGHT COLOURS CHARS-PER-PIXEL".
    static func readXPM(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        let text = try s.bytes(at: 0, count: 4096)
        guard let quote = text.firstIndex(of: UInt8(ascii: "\"")) else { throw .truncated("the XPM has no values line") }
        var numbers: [Int] = []
        var i = quote + 1
        while numbers.count < 4, i < text.count, text[i] != UInt8(ascii: "\"") {
            if isSpace(text[i]) { i += 1; continue }
            guard let n = decimal(text, &i) else { throw .corrupt("unexpected byte \(hex(text[i])) in the XPM values line") }
            numbers.append(n)
        }
        guard numbers.count == 4 else { throw .corrupt("the XPM values line has \(numbers.count) of its 4 numbers") }
        guard (1...8).contains(numbers[3]) else { throw .unsupported("\(numbers[3]) characters per XPM pixel (1 to 8 are read)") }
        guard (1...(1 << 24)).contains(numbers[2]) else { throw .corrupt("the XPM declares \(numbers[2]) colours") }
        return try make(.xpm, numbers[0], numbers[1])
    }

    /// The size an SVG renders at: its root element's `width` and `height` (px, or a CSS length at
    /// 96 per inch), else its `viewBox`. Nil when the first 4 KiB hold no `<svg` element (not SVG)
    /// or the size is left to the drawing's bounds (then the decode sizes it).
    static func readSVG(_ s: ByteSource) throws(ImageProblem) -> ImageHeader? {
        let text = String(decoding: try s.bytes(at: 0, count: 4096), as: UTF8.self)
        guard let open = text.range(of: "<svg") else { return nil }
        let element = text[open.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> String? {
            var rest = element[...]
            while let r = rest.range(of: name + "=") {
                let before = rest[..<r.lowerBound].last
                rest = rest[r.upperBound...]
                guard before.map({ $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) ?? false,
                      let q = rest.first, q == "\"" || q == "'" else { continue }
                return String(rest.dropFirst().prefix { $0 != q })
            }
            return nil
        }
        var width = attribute("width").flatMap(cssPixels), height = attribute("height").flatMap(cssPixels)
        if width == nil || height == nil, let box = attribute("viewBox") {
            let parts = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if parts.count == 4 {
                width = width ?? parts[2]
                height = height ?? parts[3]
            }
        }
        guard let w = width, let h = height else { return nil }
        return try make(.svg, pixelSide(w), pixelSide(h))
    }

    /// A CSS length in pixels (96 per inch); nil for percentages and unknown units.
    static func cssPixels(_ value: String) -> Double? {
        let units: [(String, Double)] = [("px", 1), ("pt", 96.0 / 72), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96)]
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        for (unit, scale) in units where trimmed.hasSuffix(unit) {
            return Double(trimmed.dropLast(unit.count)).map { $0 * scale }
        }
        return Double(trimmed)
    }

    /// A rendered side in whole pixels: rounded up, saturated far beyond any pixel limit (never a
    /// trap on 1e300 or infinity); NaN and negatives give 0 (refused by `make`).
    static func pixelSide(_ value: Double) -> Int {
        guard value.isFinite || value == .infinity, value > 0 else { return 0 }
        return Int(min(value.rounded(.up), Double(UInt32.max)))
    }

    /// A decimal number at `i` (advanced past it), saturated at 2^40; nil when no digit is there.
    static func decimal(_ b: [UInt8], _ i: inout Int) -> Int? {
        let start = i
        var n = 0
        while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
            n = min(n * 10 + Int(b[i] - UInt8(ascii: "0")), 1 << 40)
            i += 1
        }
        return i > start ? n : nil
    }

    // MARK: - WebP

    /// Simple lossy (VP8), lossless (VP8L) and extended (VP8X, with an optional EXIF chunk) files.
    static func readWebP(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        let h = try s.bytes(at: 12, count: 18)
        guard h.count >= 8 else { throw .truncated("the file ends inside the WebP header") }
        switch String(decoding: h[0..<4], as: UTF8.self) {
        case "VP8 ":
            guard h.count >= 18 else { throw .truncated("the file ends inside the VP8 frame header") }
            guard h[11] == 0x9D, h[12] == 0x01, h[13] == 0x2A else { throw .corrupt("the VP8 frame has no start code") }
            return try make(.webp, le16(h, 14) & 0x3FFF, le16(h, 16) & 0x3FFF)
        case "VP8L":
            guard h.count >= 13 else { throw .truncated("the file ends inside the VP8L header") }
            guard h[8] == 0x2F else { throw .corrupt("the VP8L stream has no signature") }
            let bits = le32(h, 9)
            return try make(.webp, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard h.count >= 18 else { throw .truncated("the file ends inside the VP8X header") }
            let width = le24(h, 12) + 1, height = le24(h, 15) + 1
            var orientation = ExifOrientation.up
            if h[8] & 0x08 != 0 { orientation = try webPExifOrientation(s) ?? .up }
            return try make(.webp, width, height, orientation)
        default:
            throw .corrupt("unknown WebP chunk '\(String(decoding: h[0..<4], as: UTF8.self))'")
        }
    }

    /// Bytes of an EXIF block read for its orientation (IFD0, at its start): 64 KiB, a JPEG APP1
    /// segment's most. A PNG or WebP chunk may claim 4 GiB; the header read never holds more (issue 33).
    static let exifReadLimit = 1 << 16

    /// Finds the EXIF chunk of an extended WebP (RIFF chunks, each padded to an even length).
    static func webPExifOrientation(_ s: ByteSource) throws(ImageProblem) -> ExifOrientation? {
        var offset = 12
        for _ in 0..<64 {
            let chunk = try s.bytes(at: offset, count: 8)
            guard chunk.count == 8 else { return nil }
            let length = le32(chunk, 4)
            if String(decoding: chunk[0..<4], as: UTF8.self) == "EXIF" {
                var payload = try s.bytes(at: offset + 8, count: min(length, exifReadLimit))
                if payload.count > 6, Array(payload[0..<6]) == Array("Exif\0\0".utf8) { payload.removeFirst(6) }
                return TIFFDirectory.orientation(MemoryBytes(payload))
            }
            offset += 8 + length + (length & 1)
        }
        return nil
    }

    // MARK: - TIFF

    /// ImageWidth and ImageLength from the first directory. The Orientation tag is not applied:
    /// SDL_image's TIFF loader (libtiff's RGBA reader) already turns some orientations itself.
    static func readTIFF(_ s: ByteSource) throws(ImageProblem) -> ImageHeader {
        guard let tags = TIFFDirectory.firstDirectory(s, tags: [256, 257]) else {
            throw .corrupt("the TIFF's first directory cannot be read")
        }
        guard let width = tags[256], let height = tags[257] else {
            throw .corrupt("the TIFF's first directory has no ImageWidth or ImageLength")
        }
        return try make(.tiff, width, height)
    }

    // MARK: - Bytes

    static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func le24(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }
    package static func be32(_ b: [UInt8], _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
    static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    package static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// The memberwise initializer, for the other modules of the package.
    package init(format: Format, storedWidth: Int, storedHeight: Int, orientation: ExifOrientation, largestFrame: (width: Int, height: Int)? = nil, preview: ExifPreview? = nil) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.largestFrame = largestFrame
        self.preview = preview
    }
}
