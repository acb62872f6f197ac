import Foundation
import TestSupport
import Testing
@testable import Trace
import Viewer

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

    @Test("a feel file's faults name the file, the line and the key")
    func fileErrors() throws {
        let folder = try makeScratchFolder("feel-files")
        let syntax = folder.appendingPathComponent("syntax.json")
        try "{\n  \"dragRadiusPoints\": 150,\n  \"clickSlopPoints\": six\n}\n".write(to: syntax, atomically: false, encoding: .utf8)
        let kind = folder.appendingPathComponent("kind.json")
        try #"{"velocitySampleLimit": 2.5}"#.write(to: kind, atomically: false, encoding: .utf8)
        let array = folder.appendingPathComponent("array.json")
        try "[]".write(to: array, atomically: false, encoding: .utf8)

        #expect(throws: TraceError(file: syntax.path, line: 3, field: "clickSlopPoints", message: "expected a value, found 's' (column 22)")) {
            try FeelCoding.layer(fromFile: syntax.path)
        }
        #expect(throws: TraceError(file: array.path, line: 1, message: "expected a JSON object of feel parameters, found an array")) {
            try FeelCoding.layer(fromFile: array.path)
        }
        #expect(throws: TraceError(file: folder.appendingPathComponent("none.json").path, message: "no such file")) {
            try FeelCoding.layer(fromFile: folder.appendingPathComponent("none.json").path)
        }
        do {
            _ = try FeelCoding.layer(fromFile: kind.path)
            Issue.record("accepted")
        } catch {
            #expect(error.field == "velocitySampleLimit")
            #expect(error.line == 1)
            #expect(error.exitStatus == 2)
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
