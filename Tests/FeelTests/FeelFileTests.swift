import Motion
import Testing
@testable import FeelModel

@Suite("The feel file: round trip, partial files, and errors that name the key and the range")
struct FeelFileTests {
    @Test("the defaults and every preset round-trip through the file text exactly")
    func roundTrip() throws {
        for preset in Feel.presets {
            let text = preset.feel.jsonText()
            #expect(try Feel(jsonText: text) == preset.feel, "preset \(preset.name)")
            #expect(try Feel(jsonText: preset.feel.jsonText(compact: true)) == preset.feel)
        }
    }

    @Test("a tuned value with many decimals reads back bit for bit")
    func roundTripOddValues() throws {
        var feel = Feel.defaults
        feel.openSpring.responseSeconds = 0.1 + 0.2          // 0.30000000000000004
        feel.decelerationRatePerMillisecond = 0.99812345678901
        feel.backdropCurve.y1 = -0.125
        feel.velocitySampleLimit = 37
        #expect(try Feel(jsonText: feel.jsonText()) == feel)
    }

    @Test("the file lists every parameter once, springs on one line each, in table order")
    func layout() {
        let text = Feel.defaults.jsonText()
        let lines = text.split(separator: "\n")
        #expect(lines.first == "{")
        #expect(lines.last == "}")
        #expect(lines.contains("  \"openSpring\": {\"responseSeconds\": 0.45, \"dampingRatio\": 0.85},"))
        #expect(lines.contains("  \"backdropCurve\": {\"x1\": 0.42, \"y1\": 0, \"x2\": 0.58, \"y2\": 1},"))
        #expect(lines.contains("  \"velocitySampleLimit\": 20,"))
        // 9 springs (three of them unset: landing, pinch landing, follow) + 1 curve as group lines,
        // the rest one per line, plus the braces
        let groups = 10
        #expect(lines.count == Feel.parameters.count - 9 * 2 - 4 + groups + 2)
        #expect(lines.contains("  \"followSpring\": {\"responseSeconds\": 0, \"dampingRatio\": 1},"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test("missing keys keep the defaults; a spring may give one of its two numbers")
    func partialFile() throws {
        let feel = try Feel(jsonText: #"{"closeSpring": {"dampingRatio": 0.7}, "dragRadiusPoints": 200}"#)
        var expected = Feel.defaults
        expected.closeSpring.dampingRatio = 0.7
        expected.dragRadiusPoints = 200
        #expect(feel == expected)
        #expect(try Feel(jsonText: "{}") == .defaults)
    }

    @Test("a partial file applies over the base it is given")
    func partialOverBase() throws {
        let base = try #require(Feel.preset(named: "soft"))
        let feel = try Feel(jsonText: #"{"dragRadiusPoints": 90}"#, over: base)
        #expect(feel.dragRadiusPoints == 90)
        #expect(feel.openSpring == base.openSpring)
    }

    @Test("a dotted key at the top level reads as the nested one")
    func dottedKeys() throws {
        let feel = try Feel(jsonText: #"{"openSpring.dampingRatio": 0.6}"#)
        #expect(feel.openSpring.dampingRatio == 0.6)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var key: String?
        var line: Int?
        var reason: String
        var testDescription: String { reason }
    }

    @Test("each invalid file names its key, its line and what is allowed", arguments: [
        Case(text: "{\n  \"openSpring\": {\"responseSeconds\": 0.45, \"dampingRatio\": 0}\n}", key: "openSpring.dampingRatio",
             line: 2, reason: "0 is out of range (0 < value ≤ 10)"),
        Case(text: #"{"closeSpring": {"responseSeconds": -0.2}}"#, key: "closeSpring.responseSeconds", line: 1,
             reason: "-0.2 is out of range (0 < value ≤ 10)"),
        Case(text: "{\n\n \"dragRadiusPoints\": 0}", key: "dragRadiusPoints", line: 3, reason: "0 is out of range (0 < value ≤ 2000)"),
        Case(text: #"{"decelerationRatePerMillisecond": 1}"#, key: "decelerationRatePerMillisecond", line: 1,
             reason: "1 is out of range (0 < value < 1)"),
        Case(text: #"{"backdropCurve": {"x1": 1.5}}"#, key: "backdropCurve.x1", line: 1, reason: "1.5 is out of range (0 ≤ value ≤ 1)"),
        Case(text: #"{"velocitySampleLimit": 7.5}"#, key: "velocitySampleLimit", line: 1,
             reason: "7.5 is not a whole number (2 ≤ value ≤ 500)"),
        Case(text: "{\"dragRadiusPoints\": \"150\"}", key: "dragRadiusPoints", line: 1,
             reason: "expected a number (0 < value ≤ 2000), found a string"),
        Case(text: #"{"openSpring": 0.45}"#, key: "openSpring", line: 1,
             reason: "expected an object with responseSeconds, dampingRatio, found a number"),
        Case(text: #"{"openSpring": {"responseSeconds": null}}"#, key: "openSpring.responseSeconds", line: 1,
             reason: "expected a number (0 < value ≤ 10), found null"),
        Case(text: "{\n \"dragRadius\": 150}", key: "dragRadius", line: 2, reason: "unknown key (did you mean \"dragRadiusPoints\"?)"),
        Case(text: #"{"openSpring": {"dampingRation": 0.9}}"#, key: "openSpring.dampingRation", line: 1,
             reason: "unknown key (did you mean \"openSpring.dampingRatio\"?)"),
        Case(text: #"{"wobble": 3}"#, key: "wobble", line: 1, reason: "unknown key (`photozoom feel --defaults` lists every key)"),
        Case(text: #"{"clickSlopPoints": 4, "clickSlopPoints": 5}"#, key: "clickSlopPoints", line: 1, reason: "appears twice"),
        Case(text: "[1, 2]", key: nil, line: 1, reason: "a feel file is a JSON object of parameters, found an array"),
    ])
    func invalid(_ c: Case) {
        do {
            _ = try Feel(jsonText: c.text)
            Issue.record("accepted \(c.text)")
        } catch {
            #expect(error.key == c.key)
            #expect(error.line == c.line)
            #expect(error.reason == c.reason)
        }
    }

    @Test("the message a person reads names the file, the line, the key and the range")
    func message() {
        do {
            _ = try Feel(jsonText: "{\n  \"openSpring\": {\"dampingRatio\": 0}\n}")
            Issue.record("accepted")
        } catch {
            #expect(error.message(file: "feel.json") == "feel.json:2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)")
        }
    }

    @Test("syntax errors give the line and column, and the key whose value is at fault", arguments: [
        ("{\n  \"dragRadiusPoints\": 150\n  \"clickSlopPoints\": 6\n}", 3, 3, nil, "expected ',' or '}', found '\"'"),
        ("{\"dragRadiusPoints\": 150,}", 1, 26, nil, "expected a quoted key, found '}'"),
        ("{\"dragRadiusPoints\": 01}", 1, 23, "dragRadiusPoints", "a number may not start with 0 followed by digits (column 23)"),
        ("{\"dragRadiusPoints\": 150", 1, 25, nil, "expected ',' or '}', found the end of the text"),
        // The unclosed object opened on an earlier line: the message says where.
        ("{\n  \"openSpring\": {\"dampingRatio\": 0.5\n", 3, 1, "openSpring",
         "expected ',' or '}', found the end of the text (object opened at 2:17) (column 1)"),
        ("", 1, 1, nil, "expected a value, found the end of the text"),
        ("{} x", 1, 4, nil, "unexpected text after the value: 'x'"),
        // `{"clickSlopPoints": ` is 20 bytes: the number starts at column 21.
        ("{\"clickSlopPoints\": 1e999}", 1, 21, "clickSlopPoints", "the number 1e999 is too large for a Double (±1.8e308) (column 21)"),
        ("\u{FEFF}{\n\"clickSlopPoints\": 4,}", 2, 22, nil, "expected a quoted key, found '}'"),
    ] as [(String, Int, Int, String?, String)])
    func syntax(text: String, line: Int, column: Int, key: String?, reason: String) {
        do {
            _ = try Feel(jsonText: text)
            Issue.record("accepted \(text)")
        } catch {
            // Inside a value the key is named and the column goes in the reason (`FILE:LINE: key: what`);
            // at the top level there is no key and the message gives `FILE:LINE:COLUMN: what`.
            #expect(error.key == key)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.reason == reason)
            let place = key.map { "feel.json:\(line): \($0): " } ?? "feel.json:\(line):\(column): "
            #expect(error.message(file: "feel.json") == place + reason)
        }
    }

    @Test("presets are found by name, case-insensitively, and differ from each other")
    func presets() throws {
        #expect(Feel.presets.map(\.name) == ["default", "ios", "material", "photoswipe", "snappy", "soft"])
        #expect(Feel.preset(named: "default") == .defaults)
        #expect(Feel.preset(named: "iOS") == Feel.preset(named: "ios"))
        #expect(Feel.preset(named: "bouncy") == nil)
        let feels = Feel.presets.map(\.feel)
        #expect(Set(feels).count == feels.count)
        // Material Motion's default spring: tension 342, friction 30, mass 1.
        let origami = Spring(stiffness: 342, damping: 30)
        let material = try #require(Feel.preset(named: "material"))
        #expect(abs(material.openSpring.responseSeconds - origami.responseSeconds) < 0.005)
        #expect(abs(material.openSpring.dampingRatio - origami.dampingRatio) < 0.005)
    }
}
