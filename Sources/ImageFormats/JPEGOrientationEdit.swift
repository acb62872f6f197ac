import PhotoFiles
import Diagnostics

/// Sets the EXIF orientation of a JPEG file's bytes without re-encoding: only the header segments
/// before the first scan change, and every byte from the start-of-scan marker on (the
/// entropy-coded pixels and all that follows) is copied as it was.
///
/// - The orientation tag (274) in IFD0 of the `Exif` APP1 segment: its value is overwritten in
///   place, in the TIFF block's own byte order (`II` little-endian or `MM` big-endian); nothing
///   else in the file changes.
/// - An `Exif` segment without the tag: IFD0 is written again, with the tag among its entries in
///   tag order, at the end of the TIFF block, and the header points to it. Nothing in the block
///   moves (every offset in it, a maker note's included, stays true); the old IFD0 stays as
///   unreferenced bytes.
/// - No `Exif` segment: a 36-byte one (length field 34) with IFD0 holding only the tag goes in after the `JFIF`
///   APP0 segments (JFIF requires its APP0 first) or right after SOI.
package enum JPEGOrientationEdit {
    /// `Exif\0\0`, the identifier an EXIF APP1 segment opens with.
    package static let exifIdentifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// The orientation the bytes carry (1, `up`, without the tag).
    package static func orientation(of bytes: [UInt8]) throws(CommandLineError) -> ExifOrientation {
        let layout = try Layout(bytes)
        guard let exif = layout.exif, let tiff = try? TIFFBlock(bytes, exif.tiffStart, exif.end),
              tiff.orientationEntry != nil else { return .up }
        return ExifOrientation(tagValue: tiff.orientationValue)
    }

    /// `bytes` with orientation `orientation`; the same bytes when they carry it already.
    package static func setting(_ orientation: ExifOrientation, in bytes: [UInt8]) throws(CommandLineError) -> [UInt8] {
        let layout = try Layout(bytes)
        let value = orientation.rawValue
        guard let exif = layout.exif else {
            // Big-endian: "MM", 42, IFD0 at 8; one entry: tag 274, SHORT, count 1, the value left-justified; no next IFD.
            var tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
            tiff += [UInt8(value >> 8), UInt8(value & 0xFF), 0, 0, 0, 0, 0, 0]
            let payload = exifIdentifier + tiff
            let length = payload.count + 2
            let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
            return Array(bytes[..<layout.insertion]) + segment + Array(bytes[layout.insertion...])
        }
        let tiff: TIFFBlock
        do { tiff = try TIFFBlock(bytes, exif.tiffStart, exif.end) } catch {
            throw CommandLineError("its EXIF block is damaged (\(error.message)); it was left as it was")
        }
        var out = bytes
        if let entry = tiff.orientationEntry {
            // In place: the entry becomes SHORT, count 1, with the value left-justified in its field.
            tiff.put16(3, into: &out, at: entry + 2)
            tiff.put32(1, into: &out, at: entry + 4)
            tiff.put16(value, into: &out, at: entry + 8)
            tiff.put16(0, into: &out, at: entry + 10)
            return out
        }
        // IFD0 written again at the block's end (word-aligned), the tag in tag order.
        var block = Array(bytes[exif.tiffStart..<exif.end])
        if block.count % 2 == 1 { block.append(0) }
        let newOffset = block.count
        var entries: [[UInt8]] = (0..<tiff.entryCount).map { e in
            let o = tiff.firstEntry + 12 * e
            return Array(bytes[o..<(o + 12)])
        }
        var added = [UInt8](repeating: 0, count: 12)
        tiff.put16(Int(TIFFDirectory.orientationTag), into: &added, at: 0)
        tiff.put16(3, into: &added, at: 2)
        tiff.put32(1, into: &added, at: 4)
        tiff.put16(value, into: &added, at: 8)
        let position = entries.firstIndex { tiff.read16($0, 0) > Int(TIFFDirectory.orientationTag) } ?? entries.count
        entries.insert(added, at: position)
        var ifd = [UInt8](repeating: 0, count: 2)
        tiff.put16(entries.count, into: &ifd, at: 0)
        ifd += entries.joined()
        ifd += Array(bytes[tiff.nextPointer..<(tiff.nextPointer + 4)])
        block += ifd
        tiff.put32(newOffset, into: &block, at: 4)
        let length = 2 + exifIdentifier.count + block.count
        guard length <= 0xFFFF else {
            throw CommandLineError("its EXIF block is full (a JPEG segment holds 65,533 bytes); it was left as it was")
        }
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifIdentifier + block
        return Array(bytes[..<exif.start]) + segment + Array(bytes[exif.end...])
    }

    /// Where the first scan starts (its SOS marker's 0xFF): every byte from here on is the image
    /// data the edit never touches; nil when the bytes have no scan.
    package static func scanStart(_ bytes: [UInt8]) -> Int? {
        (try? Layout(bytes))?.scan
    }

    // MARK: - The segments before the first scan

    /// The markers from SOI to the first SOS.
    struct Layout {
        /// The `Exif` APP1 segment: its marker's offset, its TIFF block's start, its end.
        var exif: (start: Int, tiffStart: Int, end: Int)?
        /// Where a new APP1 goes: after SOI and any APP0 segments right after it.
        var insertion = 2
        /// The first SOS marker's offset.
        var scan: Int

        init(_ bytes: [UInt8]) throws(CommandLineError) {
            guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw CommandLineError("it is not a JPEG file (no SOI marker)") }
            var i = 2
            var leading = true
            while true {
                guard i < bytes.count, bytes[i] == 0xFF else { throw CommandLineError("its JPEG markers end before the image data (byte \(i))") }
                while i < bytes.count, bytes[i] == 0xFF { i += 1 }  // fill bytes
                guard i < bytes.count else { throw CommandLineError("its JPEG markers end before the image data (byte \(i))") }
                let marker = bytes[i]
                let start = i - 1
                if marker == 0xDA { scan = start; return }
                if marker == 0xD9 { throw CommandLineError("it has no image data (EOI before any scan)") }
                if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                    i += 1
                    continue
                }
                guard i + 2 < bytes.count else { throw CommandLineError("its JPEG segment at byte \(start) is cut short") }
                let length = Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
                let end = i + 1 + length
                guard length >= 2, end <= bytes.count else { throw CommandLineError("its JPEG segment at byte \(start) runs past the end of the file") }
                let data = i + 3
                if marker == 0xE0, leading { insertion = end } else { leading = false }
                if marker == 0xE1, exif == nil, end - data >= exifIdentifier.count + 8,
                   Array(bytes[data..<(data + exifIdentifier.count)]) == exifIdentifier {
                    exif = (start, data + exifIdentifier.count, end)
                }
                i = end
            }
        }
    }

    /// The TIFF structure inside the `Exif` segment, between `start` and `end` of the file's bytes.
    struct TIFFBlock {
        var start: Int
        var end: Int
        var little: Bool
        /// File offsets: IFD0's first entry, its entry count, and its next-IFD pointer.
        var firstEntry: Int
        var entryCount: Int
        var nextPointer: Int
        /// The file offset of the orientation entry, if IFD0 has one.
        var orientationEntry: Int?
        /// Its value (BYTE, SHORT or LONG, count 1; anything else reads as 0, no orientation).
        var orientationValue = 0

        init(_ bytes: [UInt8], _ start: Int, _ end: Int) throws(CommandLineError) {
            self.start = start
            self.end = end
            switch (bytes[start], bytes[start + 1]) {
            case (0x49, 0x49): little = true
            case (0x4D, 0x4D): little = false
            default: throw CommandLineError("no TIFF byte order mark")
            }
            let b = Array(bytes[start..<end])
            guard Self.u16(b, 2, little) == 42 else { throw CommandLineError("no TIFF magic number 42") }
            let ifd = Self.u32(b, 4, little)
            guard ifd >= 8, ifd + 2 <= b.count else { throw CommandLineError("IFD0 at \(ifd) lies outside the block") }
            entryCount = Self.u16(b, ifd, little)
            guard ifd + 2 + 12 * entryCount + 4 <= b.count else { throw CommandLineError("IFD0's \(entryCount) entries run past the block") }
            firstEntry = start + ifd + 2
            nextPointer = firstEntry + 12 * entryCount
            for e in 0..<entryCount where Self.u16(b, ifd + 2 + 12 * e, little) == Int(TIFFDirectory.orientationTag) {
                let o = ifd + 2 + 12 * e
                orientationEntry = firstEntry + 12 * e
                if Self.u32(b, o + 4, little) == 1 {
                    switch Self.u16(b, o + 2, little) {
                    case 1: orientationValue = Int(b[o + 8])
                    case 3: orientationValue = Self.u16(b, o + 8, little)
                    case 4: orientationValue = Self.u32(b, o + 8, little)
                    default: break
                    }
                }
                break
            }
        }

        static func u16(_ b: [UInt8], _ i: Int, _ little: Bool) -> Int {
            little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1])
        }
        static func u32(_ b: [UInt8], _ i: Int, _ little: Bool) -> Int {
            little ? u16(b, i, true) | u16(b, i + 2, true) << 16 : u16(b, i, false) << 16 | u16(b, i + 2, false)
        }
        func read16(_ b: [UInt8], _ i: Int) -> Int { Self.u16(b, i, little) }
        func put16(_ v: Int, into b: inout [UInt8], at i: Int) {
            let hi = UInt8((v >> 8) & 0xFF), lo = UInt8(v & 0xFF)
            b[i] = little ? lo : hi
            b[i + 1] = little ? hi : lo
        }
        func put32(_ v: Int, into b: inout [UInt8], at i: Int) {
            if little {
                put16(v & 0xFFFF, into: &b, at: i); put16((v >> 16) & 0xFFFF, into: &b, at: i + 2)
            } else {
                put16((v >> 16) & 0xFFFF, into: &b, at: i); put16(v & 0xFFFF, into: &b, at: i + 2)
            }
        }
    }
}
