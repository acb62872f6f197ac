/// The first bytes of the image formats PhotoZoom reads (`PhotoFolder.imageExtensions`): a file
/// with none of them is not handed to a decoder (issue 43: a private key or a `/proc` file behind a
/// photo's name is no photo, whatever the name says).
package enum ImageSignature {
    /// Bytes read from a file's start to look for a signature (an SVG's `<svg` may follow a
    /// comment or a doctype; `ImageHeader.readSVG` looks as far).
    package static let prefixLength = 4096

    /// The problem of a file whose first bytes are no image's.
    package static let unknown = ImageProblem.notAnImage("its first bytes are those of no image format PhotoZoom reads")

    /// True when `prefix` (a file's first bytes, up to `prefixLength`) starts as an image of a
    /// format PhotoZoom reads. `fileExtension` (lower-case) admits TGA, which has no magic number,
    /// by the plausibility of its header.
    package static func isImage(_ prefix: [UInt8], fileExtension: String) -> Bool {
        func at(_ offset: Int, _ bytes: [UInt8]) -> Bool {
            prefix.count >= offset + bytes.count && prefix[offset..<offset + bytes.count].elementsEqual(bytes)
        }
        func at(_ offset: Int, _ text: String) -> Bool { at(offset, Array(text.utf8)) }
        if at(0, [0xFF, 0xD8]) || at(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }  // JPEG, PNG
        if at(0, "GIF87a") || at(0, "GIF89a") || at(0, "BM") || at(0, "qoif") || at(0, "/* XPM */") { return true }
        if at(0, "RIFF") && at(8, "WEBP") { return true }
        if at(0, [0x49, 0x49, 0x2A, 0x00]) || at(0, [0x4D, 0x4D, 0x00, 0x2A]) { return true }  // TIFF
        if at(4, "ftyp") { return true }  // HEIF, AVIF
        if at(0, "gimp xcf") || at(0, "FORM") { return true }  // XCF, IFF ILBM
        if at(0, [0xFF, 0x0A]) || at(0, [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return true }  // JPEG XL
        if prefix.count >= 3, prefix[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(prefix[1]),
           ImageHeader.isSpace(prefix[2]) { return true }  // Netpbm
        if prefix.count >= 4, prefix[0] == 0x0A, [0, 2, 3, 4, 5].contains(prefix[1]), prefix[2] <= 1 { return true }  // PCX
        if fileExtension == "tga", ImageHeader.isTGAHeader(Array(prefix.prefix(18))) { return true }
        return String(decoding: prefix, as: UTF8.self).contains("<svg")
    }
}
