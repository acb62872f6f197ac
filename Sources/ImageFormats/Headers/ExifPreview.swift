/// A JPEG photo's embedded preview: the small JPEG a camera stores in the EXIF block's second
/// image directory (IFD1: `JPEGInterchangeFormat` 0x0201, its offset from the TIFF header, and
/// `JPEGInterchangeFormatLength` 0x0202), typically 160×120. PhotoZoom shows it at once while the
/// real thumbnail decodes (issue 20). Found by PhotoZoom's own bounds-checked parsing: every
/// offset is checked against the EXIF block, and the preview must lie wholly inside it.
package struct ExifPreview: Equatable, Sendable {
    /// Where the preview's bytes are in the photo's file.
    package var offset: Int
    package var length: Int
    /// Its stored size (the photo's EXIF orientation applies to it as well).
    package var width: Int
    package var height: Int

    /// IFD1's tags for the preview.
    static let offsetTag = 0x0201, lengthTag = 0x0202

    /// The preview in the TIFF structure `tiff` (an APP1 payload after `Exif\0\0`), which starts
    /// at byte `tiffOffset` of the file; nil when there is none, it leaves the block, or its bytes
    /// are not a JPEG with a readable frame header.
    static func find(inTIFF tiff: [UInt8], at tiffOffset: Int) -> ExifPreview? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? ImageHeader.le16(tiff, i) : ImageHeader.be16(tiff, i)
        }
        func u32(_ i: Int) -> Int? {
            guard i >= 0, i + 4 <= tiff.count else { return nil }
            return little ? ImageHeader.le32(tiff, i) : ImageHeader.be32(tiff, i)
        }
        guard u16(2) == 42, let ifd0 = u32(4), let entries0 = u16(ifd0), let ifd1 = u32(ifd0 + 2 + entries0 * 12),
              ifd1 > 0, ifd1 != ifd0, let entries1 = u16(ifd1) else { return nil }
        var start: Int?, length: Int?
        for e in 0..<min(entries1, 1024) {
            let o = ifd1 + 2 + e * 12
            guard let tag = u16(o), let type = u16(o + 2), u32(o + 4) == 1 else { continue }
            let value = type == 3 ? u16(o + 8) : type == 4 ? u32(o + 8) : nil
            if tag == offsetTag { start = value }
            if tag == lengthTag { length = value }
        }
        guard let start, let length, length >= 4, start >= 8, start + length <= tiff.count,
              tiff[start] == 0xFF, tiff[start + 1] == 0xD8,
              let header = try? ImageHeader.readJPEG(MemoryBytes(Array(tiff[start..<(start + length)]))) else { return nil }
        return ExifPreview(offset: tiffOffset + start, length: length, width: header.storedWidth, height: header.storedHeight)
    }
}
