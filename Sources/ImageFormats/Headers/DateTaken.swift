/// When a photo was taken, as its EXIF block says: the DateTimeOriginal tag (36867) of the EXIF
/// sub-directory (IFD0's tag 34665 points to it), `"YYYY:MM:DD HH:MM:SS"` in the camera's local time.
/// The text is kept as it is: its fields run from the largest to the smallest, so two such texts
/// compare as the instants do (the camera's zone is not recorded, so no finer order exists).
package enum DateTaken {
    /// IFD0's pointer to the EXIF sub-directory.
    package static let exifDirectoryTag: UInt16 = 34665
    /// DateTimeOriginal: when the picture was taken.
    package static let dateTimeOriginalTag = 36867

    /// The date a JPEG (its `Exif` APP1 segment) or a TIFF file says it was taken; nil when it has
    /// none, or one not of the `YYYY:MM:DD HH:MM:SS` form (a blank `"    :  :     :  :  "` too).
    package static func read(_ source: ByteSource) -> String? {
        guard let start = try? source.bytes(at: 0, count: 4), start.count == 4 else { return nil }
        if start[0] == 0xFF, start[1] == 0xD8 { return jpegTIFF(source).flatMap(inTIFF) }
        return inTIFF(source)
    }

    /// The TIFF structure of a JPEG's EXIF block, or nil when the markers before the frame header hold none.
    private static func jpegTIFF(_ s: ByteSource) -> MemoryBytes? {
        var offset = 2
        for _ in 0..<64 {
            guard let head = try? s.bytes(at: offset, count: 4), head.count == 4, head[0] == 0xFF else { return nil }
            let marker = head[1]
            if marker == 0xDA || marker == 0xD9 || ImageHeader.isStartOfFrame(marker) { return nil }
            let length = ImageHeader.be16(head, 2)
            if marker == 0xE1, length > 8, let payload = try? s.bytes(at: offset + 4, count: length - 2),
               payload.count > 6, Array(payload[0..<6]) == Array("Exif\0\0".utf8) {
                return MemoryBytes(Array(payload[6...]))
            }
            offset += 2 + length
        }
        return nil
    }

    /// DateTimeOriginal in the TIFF structure `tiff`.
    package static func inTIFF(_ tiff: ByteSource) -> String? {
        guard let head = try? tiff.bytes(at: 0, count: 8), head.count == 8,
              let exif = TIFFDirectory.firstDirectory(tiff, tags: [exifDirectoryTag])?[exifDirectoryTag] else { return nil }
        let little = head[0] == 0x49
        func u16(_ b: [UInt8], _ i: Int) -> Int { little ? ImageHeader.le16(b, i) : ImageHeader.be16(b, i) }
        func u32(_ b: [UInt8], _ i: Int) -> Int { little ? ImageHeader.le32(b, i) : ImageHeader.be32(b, i) }
        guard let countBytes = try? tiff.bytes(at: exif, count: 2), countBytes.count == 2 else { return nil }
        let entries = min(u16(countBytes, 0), 1024)
        guard let table = try? tiff.bytes(at: exif + 2, count: entries * 12) else { return nil }
        for e in 0..<(table.count / 12) {
            let o = e * 12
            // ASCII (type 2), 20 bytes with its terminating zero: too long for the value field, so at an offset.
            guard u16(table, o) == dateTimeOriginalTag, u16(table, o + 2) == 2, u32(table, o + 4) >= 19 else { continue }
            guard let text = try? tiff.bytes(at: u32(table, o + 8), count: 19), text.count == 19 else { return nil }
            return isDateTime(text) ? String(decoding: text, as: UTF8.self) : nil
        }
        return nil
    }

    /// True for `YYYY:MM:DD HH:MM:SS` (digits where digits go, a year above 0).
    private static func isDateTime(_ b: [UInt8]) -> Bool {
        let pattern = Array("0000:00:00 00:00:00".utf8)
        for (c, p) in zip(b, pattern) {
            if p == UInt8(ascii: "0") ? !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) : c != p { return false }
        }
        return b[0..<4] != Array("0000".utf8)[...]
    }
}
