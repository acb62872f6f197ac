/// A JPEG XL file's size, read from its codestream's SizeHeader and the start of its ImageMetadata
/// (ISO/IEC 18181-1, sections A.4 and A.6) without decoding: a bare codestream (`FF 0A`) or one
/// in the ISO BMFF container (`JXL ` signature box, the codestream in a `jxlc` box or the first
/// `jxlp` box). libjxl, which decodes it (`JXLDecoder`), turns the picture upright itself, so the
/// header gives the upright size with orientation `.up`.
enum JXLHeader {
    static let codestreamSignature: [UInt8] = [0xFF, 0x0A]
    static let containerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// The header of the JPEG XL file in `source` (which starts with either signature).
    static func read(_ source: ByteSource) throws(ImageProblem) -> ImageHeader {
        let start = try codestreamStart(source)
        let bytes = try source.bytes(at: start, count: 64)
        guard bytes.count >= 4, Array(bytes.prefix(2)) == codestreamSignature else {
            throw .corrupt("the JPEG XL codestream does not start with its signature")
        }
        var bits = BitReader(bytes: Array(bytes.dropFirst(2)))
        let (width, height) = try size(&bits)
        // ImageMetadata: all_default, then extra_fields, then the orientation (1–8, EXIF's).
        var orientation = 1
        if try !bits.flag(), try bits.flag() { orientation = 1 + (try bits.read(3)) }
        let swaps = orientation >= 5
        return try ImageHeader.make(.jxl, swaps ? height : width, swaps ? width : height, .up)
    }

    /// Where the codestream starts: 0 for a bare one, else the payload of the container's first
    /// `jxlc` box or (after its 4-byte index) its first `jxlp` box.
    private static func codestreamStart(_ source: ByteSource) throws(ImageProblem) -> Int {
        let head = try source.bytes(at: 0, count: 12)
        if Array(head.prefix(2)) == codestreamSignature { return 0 }
        var offset = 0
        for _ in 0..<64 {
            let box = try source.bytes(at: offset, count: 16)
            guard box.count >= 8 else { break }
            var size = Int(box[0]) << 24 | Int(box[1]) << 16 | Int(box[2]) << 8 | Int(box[3])
            let type = String(decoding: box[4..<8], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard box.count >= 16 else { break }
                size = box[8..<16].reduce(0) { $0 << 8 | Int($1) }
                header = 16
            }
            if type == "jxlc" { return offset + header }
            if type == "jxlp" { return offset + header + 4 }
            // A box of 0 runs to the end of the file; none may claim more than the file has.
            guard size >= header, size <= source.count - offset else { break }
            offset += size
        }
        throw .corrupt("the JPEG XL container holds no codestream box (jxlc or jxlp) among its first boxes")
    }

    /// SizeHeader: the stored width and height.
    private static func size(_ bits: inout BitReader) throws(ImageProblem) -> (Int, Int) {
        let small = try bits.flag()
        func side() throws(ImageProblem) -> Int {
            if small { return 8 * (1 + (try bits.read(5))) }
            // U32(1 + u(9), 1 + u(13), 1 + u(18), 1 + u(30)).
            let widths = [9, 13, 18, 30]
            return 1 + (try bits.read(widths[try bits.read(2)]))
        }
        let height = try side()
        let ratio = try bits.read(3)
        // The aspect ratios the header can name instead of a width: 1, 12/10, 4/3, 3/2, 16/9, 5/4, 2.
        let ratios = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]
        let width = ratio == 0 ? try side() : height * ratios[ratio - 1].0 / ratios[ratio - 1].1
        return (width, height)
    }

    /// Bits of a byte string, least significant first (as JPEG XL packs them).
    struct BitReader {
        let bytes: [UInt8]
        var position = 0

        mutating func read(_ count: Int) throws(ImageProblem) -> Int {
            var value = 0
            for i in 0..<count {
                let byte = position >> 3
                guard byte < bytes.count else { throw .truncated("the JPEG XL header ends early") }
                value |= Int(bytes[byte] >> UInt8(position & 7) & 1) << i
                position += 1
            }
            return value
        }

        mutating func flag() throws(ImageProblem) -> Bool { try read(1) == 1 }
    }
}
