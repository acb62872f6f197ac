/// The header of a HEIF file (HEIC, what phones save, and AVIF, ISO/IEC 23008-12 and the AVIF
/// specification), read from its ISO base media boxes without decoding: the primary image's size
/// (`ispe`), its rotation and mirroring (`irot`, `imir`) and the EXIF orientation of its Exif item.
///
/// A HEIF file turns its picture upright with its own transformation properties, which libheif
/// applies when it decodes (`HEIFDecoder`); the EXIF orientation then only describes the stored
/// codec picture and must not be applied again (the HEIF specification; libheif's documentation).
/// Files made from a camera JPEG without transformations (`heif-enc` 1.15 copies the JPEG's EXIF
/// and writes no `irot`) have only the EXIF tag, which is applied as for a JPEG. So the header
/// gives: stored size = the picture libheif hands over (`ispe`, sides swapped by a quarter turn),
/// orientation = the EXIF tag when the file has neither `irot` nor `imir`, else upright.
///
/// A clean-aperture crop (`clap`), which phones do not write, is applied by libheif but not
/// reflected here: such a photo is laid out at its uncropped size until its decode gives the size.
enum HEIFHeader {
    /// The `ftyp` brands of HEIF still images: HEVC-coded (HEIC) and the structural ones.
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "miaf"]
    /// The brands of AV1-coded HEIF (AVIF).
    static let avifBrands: Set<String> = ["avif", "avis"]
    /// The most bytes of a `meta` box read (item and property tables; tens of KB in phone photos).
    static let metaByteLimit = 4 << 20
    /// The most bytes of an Exif item read: its TIFF header and first directory.
    static let exifByteLimit = 64 << 10
    /// The most top-level boxes walked looking for `meta`.
    static let topLevelBoxLimit = 1000

    /// The format of a file whose bytes 4..<8 are `ftyp`, from its brands; nil for other ISO media
    /// (MP4, QuickTime, JPEG 2000), which are no photos PhotoZoom reads.
    package static func format(ftyp payload: [UInt8]) -> ImageHeader.Format? {
        guard payload.count >= 8 else { return nil }
        var brands = [fourCC(payload, 0)]
        var i = 8
        while i + 4 <= payload.count { brands.append(fourCC(payload, i)); i += 4 }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heicBrands.contains) { return .heif }
        return nil
    }

    /// Reads the header; nil when the file is ISO media but no HEIF image.
    package static func read(_ s: ByteSource) throws(ImageProblem) -> ImageHeader? {
        var offset = 0
        var format: ImageHeader.Format?
        for _ in 0..<topLevelBoxLimit {
            guard let box = try box(in: s, at: offset, end: s.count) else {
                throw .truncated("the file ends before the HEIF \(format == nil ? "ftyp" : "meta") box")
            }
            if offset == 0 {
                guard box.type == "ftyp", box.size <= 4096 else { return nil }
                guard let f = Self.format(ftyp: try s.bytes(at: box.payload, count: box.end - box.payload)) else { return nil }
                format = f
            } else if box.type == "meta" {
                guard box.end - box.payload <= metaByteLimit else {
                    throw .unsupported("a HEIF meta box of \(box.end - box.payload) bytes, more than the \(metaByteLimit) read")
                }
                let meta = try s.bytes(at: box.payload, count: box.end - box.payload)
                guard meta.count == box.end - box.payload else { throw .truncated("the file ends inside the HEIF meta box") }
                return try header(meta: meta, format: format!, file: s)
            }
            offset = box.end
        }
        throw .corrupt("no HEIF meta box in the first \(topLevelBoxLimit) boxes")
    }

    // MARK: - Boxes

    /// One box: its type and where its payload and the box end, as offsets into the source.
    struct Box {
        package var type: String
        var payload: Int
        package var end: Int
        package var size: Int { end - payload }
    }

    /// The box at `offset` (nil when fewer than 8 bytes are left before `end`). A box that claims to
    /// run past `end` is corrupt; size 0 runs to `end`.
    static func box(in s: ByteSource, at offset: Int, end: Int) throws(ImageProblem) -> Box? {
        guard offset + 8 <= end else { return nil }
        let head = try s.bytes(at: offset, count: 16)
        guard head.count >= 8 else { return nil }
        var size = ImageHeader.be32(head, 0), payload = offset + 8
        if size == 1 {
            guard head.count == 16 else { throw .truncated("the file ends inside a HEIF box header") }
            let high = ImageHeader.be32(head, 8), low = ImageHeader.be32(head, 12)
            guard high < 1 << 30 else { throw .corrupt("a HEIF box at byte \(offset) of \(high) × 2^32 bytes") }
            size = high << 32 | low
            payload += 8
        } else if size == 0 {
            size = end - offset
        }
        let type = fourCC(head, 4)
        guard size >= payload - offset, offset + size <= end || type == "mdat" else {
            throw .corrupt("the HEIF box '\(printable(type))' at byte \(offset) gives a size of \(size) bytes, past its container's end")
        }
        return Box(type: type, payload: payload, end: min(offset + size, end))
    }

    /// The child boxes of the payload `bytes[start..<end]`.
    static func children(_ bytes: [UInt8], from start: Int, to end: Int) throws(ImageProblem) -> [Box] {
        let source = MemoryBytes(bytes)
        var out: [Box] = []
        var offset = start
        while let box = try box(in: source, at: offset, end: end) {
            out.append(box)
            offset = box.end
            if out.count > 100_000 { throw .corrupt("more than 100000 boxes in one HEIF box") }
        }
        return out
    }

    // MARK: - The meta box

    /// The primary item's header from the `meta` box's payload (a full box: 4 bytes of version
    /// and flags, then its children).
    package static func header(meta: [UInt8], format: ImageHeader.Format, file: ByteSource) throws(ImageProblem) -> ImageHeader {
        let boxes = try children(meta, from: 4, to: meta.count)
        func first(_ type: String) -> Box? { boxes.first { $0.type == type } }
        guard let pitm = first("pitm") else { throw .corrupt("the HEIF file names no primary image (no pitm box)") }
        var r = Reader(meta, pitm)
        let pitmVersion = try r.u8(); try r.skip(3)
        let primary = pitmVersion == 0 ? try r.u16() : try r.u32()
        guard let iprp = first("iprp") else { throw .corrupt("the HEIF file has no item properties (no iprp box)") }
        let properties = try self.properties(of: primary, iprp: iprp, meta: meta)
        guard let ispe = properties.first(where: { $0.type == "ispe" }) else {
            throw .corrupt("the HEIF primary image \(primary) has no size (no ispe property)")
        }
        var s = Reader(meta, ispe)
        try s.skip(4)
        var width = try s.u32(), height = try s.u32()
        var transformed = false
        for property in properties {
            var p = Reader(meta, property)
            switch property.type {
            case "irot":
                transformed = true
                if try p.u8() & 1 == 1 { swap(&width, &height) }  // a quarter turn, either way
            case "imir":
                transformed = true
            default: break
            }
        }
        var orientation = ExifOrientation.up
        if !transformed, let exif = try exifOrientation(of: primary, boxes: boxes, meta: meta, file: file) { orientation = exif }
        return try ImageHeader.make(format, width, height, orientation)
    }

    /// The properties associated with `item` (`ipma` indices into `ipco`), in association order.
    static func properties(of item: Int, iprp: Box, meta: [UInt8]) throws(ImageProblem) -> [Box] {
        let inside = try children(meta, from: iprp.payload, to: iprp.end)
        guard let ipco = inside.first(where: { $0.type == "ipco" }) else { throw .corrupt("the HEIF item properties have no ipco box") }
        let list = try children(meta, from: ipco.payload, to: ipco.end)
        var out: [Box] = []
        for ipma in inside where ipma.type == "ipma" {
            var r = Reader(meta, ipma)
            let version = try r.u8(); try r.skip(2)
            let flags = try r.u8()
            let entries = try r.u32()
            for _ in 0..<min(entries, 1 << 20) {
                let id = version < 1 ? try r.u16() : try r.u32()
                let count = try r.u8()
                for _ in 0..<count {
                    let index = flags & 1 == 1 ? try r.u16() & 0x7FFF : try r.u8() & 0x7F
                    guard id == item, index > 0 else { continue }
                    guard index <= list.count else {
                        throw .corrupt("the HEIF primary image names property \(index) of \(list.count)")
                    }
                    out.append(list[index - 1])
                }
            }
        }
        return out
    }

    /// The orientation in the Exif item that describes `item` (`cdsc` reference; else the file's
    /// first Exif item), when it is stored in the file (`iloc` construction method 0) and readable.
    static func exifOrientation(of item: Int, boxes: [Box], meta: [UInt8], file: ByteSource) throws(ImageProblem) -> ExifOrientation? {
        guard let iinf = boxes.first(where: { $0.type == "iinf" }), let iloc = boxes.first(where: { $0.type == "iloc" }) else { return nil }
        var r = Reader(meta, iinf)
        let version = try r.u8(); try r.skip(3)
        _ = version == 0 ? try r.u16() : try r.u32()
        var exifItems: [Int] = []
        for infe in try children(meta, from: r.offset, to: iinf.end) where infe.type == "infe" {
            var e = Reader(meta, infe)
            let v = try e.u8(); try e.skip(3)
            guard v >= 2 else { continue }
            let id = v == 2 ? try e.u16() : try e.u32()
            try e.skip(2)
            if try e.fourCC() == "Exif" { exifItems.append(id) }
        }
        guard !exifItems.isEmpty else { return nil }
        let described = try describing(item, among: exifItems, boxes: boxes, meta: meta)
        guard let extent = try location(of: described ?? exifItems[0], iloc: iloc, meta: meta) else { return nil }
        let exif = try file.bytes(at: extent.offset, count: min(extent.length, exifByteLimit))
        // The payload starts with the offset of the TIFF header after these 4 bytes.
        guard exif.count >= 4 else { return nil }
        let tiffStart = 4 + ImageHeader.be32(exif, 0)
        guard tiffStart < exif.count else { return nil }
        return TIFFDirectory.orientation(MemoryBytes(Array(exif[tiffStart...])))
    }

    /// The item of `candidates` that a `cdsc` reference ties to `item`, if any.
    static func describing(_ item: Int, among candidates: [Int], boxes: [Box], meta: [UInt8]) throws(ImageProblem) -> Int? {
        guard let iref = boxes.first(where: { $0.type == "iref" }) else { return nil }
        var r = Reader(meta, iref)
        let version = try r.u8(); try r.skip(3)
        for reference in try children(meta, from: r.offset, to: iref.end) where reference.type == "cdsc" {
            var e = Reader(meta, reference)
            let from = version == 0 ? try e.u16() : try e.u32()
            let count = try e.u16()
            for _ in 0..<count where candidates.contains(from) {
                if (version == 0 ? try e.u16() : try e.u32()) == item { return from }
            }
        }
        return nil
    }

    /// Where `item`'s data is in the file: its first extent, when stored by file offset (`iloc`
    /// construction method 0 and data reference 0, this file).
    static func location(of item: Int, iloc: Box, meta: [UInt8]) throws(ImageProblem) -> (offset: Int, length: Int)? {
        var r = Reader(meta, iloc)
        let version = try r.u8(); try r.skip(3)
        let sizes = try r.u8(), more = try r.u8()
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = more >> 4, indexSize = version >= 1 ? more & 15 : 0
        let count = version < 2 ? try r.u16() : try r.u32()
        for _ in 0..<min(count, 1 << 20) {
            let id = version < 2 ? try r.u16() : try r.u32()
            let method = version >= 1 ? try r.u16() & 15 : 0
            let reference = try r.u16()
            let base = try r.sized(baseSize)
            let extents = try r.u16()
            var first: (offset: Int, length: Int)?
            for _ in 0..<extents {
                _ = try r.sized(indexSize)
                let offset = try r.sized(offsetSize), length = try r.sized(lengthSize)
                if first == nil { first = (base + offset, length) }
            }
            if id == item { return method == 0 && reference == 0 ? first : nil }
        }
        return nil
    }

    // MARK: - Reading

    /// Big-endian fields of one box's payload, never past its end.
    package struct Reader {
        package let bytes: [UInt8]
        package var offset: Int
        package let end: Int
        package init(_ bytes: [UInt8], _ box: Box) { self.bytes = bytes; offset = box.payload; end = box.end }

        package mutating func take(_ n: Int) throws(ImageProblem) -> ArraySlice<UInt8> {
            guard n >= 0, offset + n <= end else { throw .corrupt("a HEIF box ends inside its fields (byte \(offset) of the meta box)") }
            defer { offset += n }
            return bytes[offset..<offset + n]
        }
        mutating func skip(_ n: Int) throws(ImageProblem) { _ = try take(n) }
        package mutating func u8() throws(ImageProblem) -> Int { Int(try take(1).first!) }
        mutating func u16() throws(ImageProblem) -> Int { try sized(2) }
        mutating func u32() throws(ImageProblem) -> Int { try sized(4) }
        mutating func fourCC() throws(ImageProblem) -> String { HEIFHeader.fourCC(Array(try take(4)), 0) }
        /// An unsigned field of `n` bytes (0, 4 or 8 in `iloc`; 0 reads nothing and gives 0).
        mutating func sized(_ n: Int) throws(ImageProblem) -> Int {
            guard n <= 8 else { throw .corrupt("a HEIF field of \(n) bytes") }
            let field = try take(n)
            var v = 0
            for b in field {
                guard v < 1 << 55 else { throw .corrupt("a HEIF field too large for a file offset") }
                v = v << 8 | Int(b)
            }
            return v
        }
    }

    /// The four characters at `i` (Latin-1, so any bytes read).
    static func fourCC(_ b: [UInt8], _ i: Int) -> String {
        String(b[i..<i + 4].map { Character(Unicode.Scalar($0)) })
    }

    /// A box type as printable text (other bytes as `?`).
    static func printable(_ type: String) -> String {
        String(type.map { $0.isASCII && !($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? $0 : "?" })
    }
}
