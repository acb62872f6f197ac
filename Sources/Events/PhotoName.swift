/// How PhotoZoom spells a file name whose bytes are not valid UTF-8 (a photo copied from an old
/// Latin-1 camera card, `caf\xE9.jpg`): Swift strings hold only valid Unicode, so each byte that
/// cannot be read as UTF-8 is held as one code point of the last 256 of Unicode's private use
/// plane 16 (U+10FF00 + the byte). The spelling is reversible: the shell turns it back into the
/// very bytes to open the file, and a trace that names the photo this way finds the same file on
/// replay. Valid UTF-8 names that hold such code points themselves are spelled byte by byte the
/// same way, so no two byte strings share a spelling; every other name is spelled as itself.
///
/// People see the escaped form (`displayed`): each such byte as `\xE9`.
package enum PhotoName {
    /// The code point standing for byte 0.
    package static let rawByteBase: UInt32 = 0x10FF00

    /// True when `scalar` stands for a raw byte.
    @inlinable
    package static func isRawByte(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= rawByteBase }

    /// The name as people see it: raw bytes as `\xHH` (upper-case hex), the rest as it is.
    package static func displayed(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: isRawByte) else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            if isRawByte(scalar) { out += "\\x" + hex(UInt8(scalar.value - rawByteBase)) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The spelling of the file-system bytes `bytes` (a name or a whole path).
    package static func spelling(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var i = bytes.startIndex
        while i != bytes.endIndex {
            if let (scalar, next) = decodeOne(bytes, at: i), !isRawByte(scalar) {
                scalars.append(scalar)
                i = next
            } else {
                // Not UTF-8 here (or a code point of the raw range): this byte alone, raw.
                let next = decodeOne(bytes, at: i).map { $0.1 } ?? bytes.index(after: i)
                while i != next {
                    scalars.append(Unicode.Scalar(rawByteBase + UInt32(bytes[i]))!)
                    i = bytes.index(after: i)
                }
            }
        }
        return String(scalars)
    }

    /// The file-system bytes of `spelling` (no terminating zero).
    package static func bytes(_ spelling: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(spelling.utf8.count)
        for scalar in spelling.unicodeScalars {
            if isRawByte(scalar) { out.append(UInt8(scalar.value - rawByteBase)) } else { out += String(scalar).utf8 }
        }
        return out
    }

    /// One UTF-8 scalar of `bytes` at `i` and the index after it; nil when the bytes there are not UTF-8.
    private static func decodeOne<C: Collection<UInt8>>(_ bytes: C, at i: C.Index) -> (Unicode.Scalar, C.Index)? {
        var iterator = bytes[i...].makeIterator()
        var decoder = UTF8()
        switch decoder.decode(&iterator) {
        case let .scalarValue(scalar):
            return (scalar, bytes.index(i, offsetBy: String(scalar).utf8.count))
        case .emptyInput, .error:
            return nil
        }
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }
}
