import Foundation
import Testing
@testable import Viewer

@Suite("Feel through Codable: the same rules as the feel file (a trace header's feel)")
struct FeelCodableTests {
    @Test("JSONEncoder output decodes back to the same feel")
    func roundTrip() throws {
        let soft = try #require(Feel.preset(named: "soft"))
        let data = try JSONEncoder().encode(soft)
        #expect(try JSONDecoder().decode(Feel.self, from: data) == soft)
    }

    @Test("JSONEncoder writes the table's keys, nested like the file")
    func encodedKeys() throws {
        let data = try JSONEncoder().encode(Feel.defaults)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let spring = try #require(object["openSpring"] as? [String: Any])
        #expect(spring["responseSeconds"] as? Double == 0.45)
        #expect(object["velocitySampleLimit"] as? Int == 20)
        #expect(object.count == Feel.keyTree.count)
    }

    @Test("a partial object decodes over the defaults")
    func partial() throws {
        let feel = try JSONDecoder().decode(Feel.self, from: Data(#"{"openSpring":{"dampingRatio":0.7}}"#.utf8))
        #expect(feel.openSpring.dampingRatio == 0.7)
        #expect(feel.openSpring.responseSeconds == Feel.defaults.openSpring.responseSeconds)
    }

    @Test("unknown keys and values out of range throw a FeelError naming the key")
    func errors() {
        #expect(throws: FeelError(key: "openSpring.dampingRatio", reason: "0 is out of range (0 < value ≤ 10)")) {
            try JSONDecoder().decode(Feel.self, from: Data(#"{"openSpring":{"dampingRatio":0}}"#.utf8))
        }
        #expect(throws: FeelError.self) {
            try JSONDecoder().decode(Feel.self, from: Data(#"{"bounciness":1}"#.utf8))
        }
    }

    @Test("inside a larger document (a trace header)")
    func nested() throws {
        struct Header: Decodable { var trace: String; var feel: Feel? }
        let h = try JSONDecoder().decode(Header.self, from: Data(#"{"trace":"photozoom","feel":{"dragRadiusPoints":120}}"#.utf8))
        #expect(h.feel?.dragRadiusPoints == 120)
        let bare = try JSONDecoder().decode(Header.self, from: Data(#"{"trace":"photozoom"}"#.utf8))
        #expect(bare.feel == nil)
    }
}
