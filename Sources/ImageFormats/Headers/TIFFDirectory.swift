/// Reads single-valued tags from the first image directory (IFD0) of a TIFF structure: the layout
/// of TIFF files and of the EXIF block inside JPEG APP1, PNG eXIf and WebP EXIF chunks.
enum TIFFDirectory {
    /// TIFF tag 274.
    static let orientationTag: UInt16 = 274

    /// The EXIF orientation in `source` (a TIFF structure), or nil when absent or unreadable.
    package static func orientation(_ source: ByteSource) -> ExifOrientation? {
        firstDirectory(source, tags: [orientationTag])?[orientationTag].map { ExifOrientation(tagValue: $0) }
    }

    /// The values of `tags` found in IFD0 (BYTE, SHORT or LONG, count 1), or nil when the structure
    /// is not TIFF. Offsets are relative to the start of `source`.
    static func firstDirectory(_ source: ByteSource, tags: Set<UInt16>) -> [UInt16: Int]? {
        guard let head = try? source.bytes(at: 0, count: 8), head.count == 8 else { return nil }
        let little: Bool
        switch (head[0], head[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ b: [UInt8], _ i: Int) -> Int { little ? ImageHeader.le16(b, i) : ImageHeader.be16(b, i) }
        func u32(_ b: [UInt8], _ i: Int) -> Int { little ? ImageHeader.le32(b, i) : ImageHeader.be32(b, i) }
        guard u16(head, 2) == 42 else { return nil }
        let ifd = u32(head, 4)
        guard let countBytes = try? source.bytes(at: ifd, count: 2), countBytes.count == 2 else { return nil }
        let entries = min(u16(countBytes, 0), 1024)
        guard let table = try? source.bytes(at: ifd + 2, count: entries * 12) else { return nil }
        var found: [UInt16: Int] = [:]
        for e in 0..<(table.count / 12) {
            let o = e * 12
            let tag = UInt16(u16(table, o))
            guard tags.contains(tag), u32(table, o + 4) == 1 else { continue }
            switch u16(table, o + 2) {
            case 1: found[tag] = Int(table[o + 8])  // BYTE
            case 3: found[tag] = u16(table, o + 8)  // SHORT, left-justified in the value field
            case 4: found[tag] = u32(table, o + 8)  // LONG
            default: continue
            }
        }
        return found
    }
}
