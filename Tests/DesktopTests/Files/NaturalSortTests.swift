import Foundation
import Testing
@testable import PhotoFiles

@Suite("Natural sort with keys computed once")
struct NaturalSortTests {
    @Test("naturallySorted orders exactly as sorting by naturalOrder does")
    func sameOrder() {
        // Names built from every pairing of prefixes, numbers (with leading zeros) and suffixes.
        var names: [String] = []
        for prefix in ["img", "IMG", "a", "photo-", ""] {
            for number in ["1", "01", "2", "10", "002", "100", "9"] {
                for suffix in [".jpg", "b.jpg", ".PNG"] { names.append(prefix + number + suffix) }
            }
        }
        #expect(PhotoFolder.naturallySorted(names.reversed()) == names.sorted(by: PhotoFolder.naturalOrder))
    }

    @Test("an ASCII name is folded as Foundation folds it: every printable ASCII character, alone and in a name")
    func asciiFoldingIsFoundations() {
        for byte in UInt8(0x20)...UInt8(0x7E) {
            let name = "Ab" + String(UnicodeScalar(byte)) + "Z9.JPG"
            #expect(NaturalName.folded(name) == name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil),
                    "\(name)")
        }
    }
}
