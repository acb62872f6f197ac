import Foundation
import TestSupport
import Testing
@testable import Trace
import Viewing
import FeelModel
import JSON

@Suite("Feel coding: layers over the defaults, exact round trips, errors that name the key")
struct FeelCodingTests {
    @Test("no layers give the defaults")
    func defaults() throws {
        #expect(try FeelCoding.resolve([]) == .defaults)
        #expect(try FeelCoding.resolve([nil, JSONObject()]) == .defaults)
    }

    @Test("a feel written as JSON text and read back is the same feel, bit for bit")
    func roundTrip() throws {
        var feel = Feel.defaults
        feel.openSpring.responseSeconds = 1.0 / 3
        feel.dragRadiusPoints = 0.1 + 0.2
        feel.velocitySampleLimit = 7
        feel.backdropCurve.x1 = 1e-9
        let text = JSONText.value(.object(FeelCoding.object(of: feel)))
        let back = try FeelCoding.resolve([feelLayer(text)])
        #expect(back == feel)
    }

    @Test("a layer of the wrong kind names the nested key")
    func wrongKind() throws {
        do {
            _ = try FeelCoding.resolve([feelLayer(#"{"closeSpring":{"dampingRatio":"stiff"}}"#)])
            Issue.record("accepted")
        } catch {
            #expect(error.field == "closeSpring.dampingRatio")
            #expect(error.message.hasPrefix("expected a number"))
        }
    }

    @Test("Feel's own validation errors become the key and the reason")
    func validationErrors() {
        #expect(throws: FieldError(field: "openSpring.dampingRatio", message: "0 is out of range (0 < value ≤ 10)")) {
            try FeelCoding.resolve([feelLayer(#"{"openSpring":{"dampingRatio":0}}"#)])
        }
        #expect(throws: FieldError(field: "bounciness", message: "unknown key (`photozoom feel --defaults` lists every key)")) {
            try FeelCoding.resolve([feelLayer(#"{"bounciness":1}"#)])
        }
    }
}
