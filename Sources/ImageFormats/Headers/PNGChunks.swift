/// The chunk structure of a PNG file, walked without decompressing anything.
package enum PNGChunks {
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when `bytes` is a PNG whose chunks follow one another, each whole, up to an IEND chunk.
    /// A file cut short fails this: SDL_image's PNG loader can loop forever on one (issue 19).
    package static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return false }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = ImageHeader.be32(bytes, offset)
            let kind = bytes[(offset + 4)..<(offset + 8)]
            offset += 12 + length
            if kind.elementsEqual("IEND".utf8) { return offset <= bytes.count }
        }
        return false
    }
}
