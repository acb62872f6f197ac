import TestSupport
import Testing
@testable import Viewing
import Events

/// Names that are not UTF-8 (issue 19): spelled reversibly, shown escaped.
@Suite("Photo names that are not UTF-8: a reversible spelling, shown escaped")
struct PhotoNameTests {
    @Test("any bytes spell to a string that gives the same bytes back, for 5,000 seeded byte strings")
    func roundTrip() {
        var rng = SplitMix64(seed: 1919)
        for _ in 0..<5000 {
            let count = Int(rng.next() % 24)
            // Mostly the bytes of names: ASCII, Latin-1 high bytes, UTF-8 lead and continuation bytes.
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let spelled = PhotoName.spelling(bytes)
            #expect(PhotoName.bytes(spelled) == bytes, "\(bytes)")
        }
    }

    @Test("valid UTF-8 names spell as themselves; an invalid byte as one private-use code point, shown as \\xHH")
    func spelling() {
        for name in ["coffee.jpg", "Ä ö ü ß.png", "写真 📷.webp", "a\nb.jpg", ""] {
            #expect(PhotoName.spelling(Array(name.utf8)) == name)
            #expect(PhotoName.displayed(name) == name)
        }
        // "café.jpg" written by a Latin-1 system: é is the single byte E9.
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let spelled = PhotoName.spelling(latin1)
        #expect(spelled.unicodeScalars.count == 8)
        #expect(spelled.unicodeScalars.map(\.value)[3] == 0x10FF00 + 0xE9)
        #expect(PhotoName.displayed(spelled) == "caf\\xE9.jpg")
        // A cut UTF-8 sequence (the first two of "€"'s three bytes) and an overlong "/" (C0 AF).
        #expect(PhotoName.displayed(PhotoName.spelling([0x61, 0xE2, 0x82, 0x62, 0xC0, 0xAF])) == "a\\xE2\\x82b\\xC0\\xAF")
    }

    @Test("a valid name holding a code point of the raw range itself never shares a spelling with raw bytes")
    func noTwoByteStringsShareASpelling() {
        let literal = Array("x\u{10FFE9}.jpg".utf8)  // valid UTF-8: F4 8F BF A9
        let raw: [UInt8] = [0x78, 0xE9, 0x2E, 0x6A, 0x70, 0x67]
        #expect(PhotoName.spelling(literal) != PhotoName.spelling(raw))
        #expect(PhotoName.bytes(PhotoName.spelling(literal)) == literal)
        #expect(PhotoName.displayed(PhotoName.spelling(literal)) == "x\\xF4\\x8F\\xBF\\xA9.jpg")
    }
}
