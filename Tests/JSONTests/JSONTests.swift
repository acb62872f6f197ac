import Testing
@testable import JSON

@Suite("JSON text: numbers read back bit for bit, strings escape, errors name the line, column and field")
struct JSONTests {
    /// Values chosen to stress the shortest round-trip form: clock microseconds, binary fractions,
    /// the extremes, subnormals, negative zero, integers at the 2^53 edge.
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.0083, 0.000001, 0.000387, 4.013311, 1234.5678,
        412.5, 1e-7, 1e-300, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308, 123456789.12345679,
        9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e16, -1e22, 3.141592653589793,
        Double.ulpOfOne, 1 + Double.ulpOfOne, 0.1 + 0.2, 86_400.000001,
    ]

    @Test("every number written reads back to the same bits", arguments: numbers)
    func numberRoundTrip(value: Double) throws {
        let text = JSONText.number(value)
        let read = try JSONReader.parse(text)
        guard case let .number(back) = read else {
            Issue.record("\(text) read back as \(read)")
            return
        }
        #expect(back.bitPattern == value.bitPattern, "\(value) wrote \(text), read \(back)")
    }

    @Test("a seeded sweep of clock-like times and coordinates round-trips")
    func sweepRoundTrip() throws {
        // A linear congruential generator (Knuth's MMIX constants) makes the same values every run.
        var state: UInt64 = 0x5EED
        for _ in 0..<5_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = state >> 11
            let value = (Double(bits) / Double(1 << 53) - 0.5) * 4096
            let micro = (value * 1_000_000).rounded() / 1_000_000
            for v in [value, micro, Double(bitPattern: state & 0x7FEF_FFFF_FFFF_FFFF)] {
                guard case let .number(back) = try JSONReader.parse(JSONText.number(v)) else { Issue.record("not a number"); return }
                #expect(back.bitPattern == v.bitPattern, "\(v) → \(JSONText.number(v))")
            }
        }
    }

    @Test("integral values print without a fraction, others in shortest form")
    func numberForms() {
        #expect(JSONText.number(600) == "600")
        #expect(JSONText.number(-0.0) == "-0")
        #expect(JSONText.number(0.0083) == "0.0083")
        #expect(JSONText.number(1e-7) == "1e-07")
        #expect(JSONText.number(.nan) == "null")
    }

    @Test("strings with quotes, backslashes, controls and non-ASCII round-trip")
    func stringRoundTrip() throws {
        for s in ["", "coffee.jpg", "say \"hi\"", "back\\slash", "tab\there\nnewline\r", "\u{01}\u{1F}", "café 東京 📷", "a/b"] {
            let text = JSONText.string(s)
            #expect(try JSONReader.parse(text) == .string(s), "\(text)")
        }
        #expect(JSONText.string("a\"b\n\u{01}") == #""a\"b\n\u0001""#)
    }

    @Test("escapes, including surrogate pairs, decode")
    func escapes() throws {
        #expect(try JSONReader.parse(#""\u00e9\/\b\f\ud83d\udcf7""#) == .string("é/\u{08}\u{0C}📷"))
    }

    @Test("objects keep document order and write back the same text")
    func objectOrder() throws {
        let text = #"{"z":1,"a":[true,false,null],"m":{"y":"s","b":-2.5}}"#
        let value = try JSONReader.parse(text)
        #expect(JSONText.value(value) == text)
        #expect(value.objectValue?.members.map(\.key) == ["z", "a", "m"])
    }

    @Test("merging lays keys over, recursing into objects and keeping order")
    func merging() throws {
        let base = try #require(try JSONReader.parse(#"{"a":1,"s":{"r":0.45,"d":0.85},"b":2}"#).objectValue)
        let layer = try #require(try JSONReader.parse(#"{"s":{"d":1},"c":3}"#).objectValue)
        #expect(JSONText.value(.object(base.merging(layer))) == #"{"a":1,"s":{"r":0.45,"d":1},"b":2,"c":3}"#)
    }

    @Test("syntax errors give the column, the field being read, and whether the text ended early",
          arguments: [
            (#"{"t":0.1,"x":abc}"#, 14, "x", false),
            (#"{"t":0.1,"type":"frame""#, 24, nil, true),
            (#"{"photos":[{"name":"a","w":1e}]}"#, 30, "photos[0].w", false),
            (#"{"t":0.1,}"#, 10, nil, false),
            (#"{"t":1} x"#, 9, nil, false),
            (#"{"a":"unterminated"#, 19, "a", true),
            (#"{"a":tru"#, 6, "a", true),
            (#"{"a":"\q"}"#, 7, "a", false),
            (#"{"a":1e400}"#, 6, "a", false),
            (#"{"a":01}"#, 7, "a", false),
          ] as [(String, Int, String?, Bool)])
    func syntaxErrors(text: String, column: Int, field: String?, endedEarly: Bool) {
        do {
            _ = try JSONReader.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.column == column, "\(text): \(error.message)")
            #expect(error.field == field, "\(text): \(error.message)")
            #expect(error.endedEarly == endedEarly, "\(text): \(error.message)")
        }
    }

    @Test("invalid UTF-8 and raw control characters in strings are errors")
    func badStrings() {
        let bad: [[UInt8]] = [[0x22, 0xFF, 0x22], [0x22, 0x0A, 0x22], [0x22, 0xC3, 0x22]]
        for bytes in bad {
            #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
        }
    }

    @Test("nesting deeper than the limit is an error, not a crash")
    func depthLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        do {
            _ = try JSONReader.parse(deep)
            Issue.record("parsed")
        } catch {
            #expect(error.message.contains("nested deeper"))
        }
        let fine = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(throws: Never.self) { try JSONReader.parse(fine) }
    }

    @Test("members remember the line and column of their key and value")
    func positions() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": {\"c\": [true]}\n}"
        let (value, start) = try JSONReader.parseDocument(text)
        #expect(start == JSONPosition(line: 1, column: 1))
        let object = try #require(value.objectValue)
        #expect(object.members.map(\.keyPosition) == [JSONPosition(line: 2, column: 3), JSONPosition(line: 3, column: 3)])
        #expect(object.members.map(\.valuePosition) == [JSONPosition(line: 2, column: 8), JSONPosition(line: 3, column: 8)])
        let inner = try #require(object["b"]?.objectValue?.members.first)
        #expect(inner.keyPosition == JSONPosition(line: 3, column: 9))
        #expect(inner.valuePosition == JSONPosition(line: 3, column: 14))
        // Positions are where the text put things, not part of the value.
        #expect(value == .object(JSONObject([JSONMember("a", .number(1)), JSONMember("b", .object(JSONObject([JSONMember("c", .array([.bool(true)]))])))])))
        #expect(try JSONReader.parseDocument("\n\n  [1]").position == JSONPosition(line: 3, column: 3))
    }

    @Test("errors in a multi-line text give the line and the column within it",
          arguments: [
            ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, nil, "expected ',' or '}', found '\"'"),
            ("{\n  \"a\": [1,\n    2,\n    x]\n}", 4, 5, "a[2]", "expected a value, found 'x'"),
            ("{\n  \"a\": {\"b\": 1\n", 3, 1, "a", "expected ',' or '}', found the end of the text (object opened at 2:8)"),
            ("[1,\n2", 2, 2, nil, "expected ',' or ']', found the end of the text (array opened at 1:1)"),
            ("\u{FEFF}{\"a\":tru}", 1, 6, "a", "expected a value, found 't'"),
          ] as [(String, Int, Int, String?, String)])
    func multilineErrors(text: String, line: Int, column: Int, field: String?, message: String) {
        do {
            _ = try JSONReader.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.line == line, "\(text): \(error.message)")
            #expect(error.column == column, "\(text): \(error.message)")
            #expect(error.field == field, "\(text): \(error.message)")
            #expect(error.message == message)
            #expect(error.description == "\(line):\(column): \(message)")
        }
    }

    @Test("a byte-order mark is skipped and does not count as a column")
    func byteOrderMark() throws {
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)) == .object(JSONObject([JSONMember("a", .number(1))])))
    }

    @Test("pretty text indents by two spaces and writes deep levels on one line")
    func prettyText() throws {
        let value = try JSONReader.parse(#"{"s":{"r":0.45,"d":1},"n":[],"b":true,"e":{}}"#)
        #expect(JSONText.pretty(value, inlineDepth: 1) == "{\n  \"s\": {\"r\": 0.45, \"d\": 1},\n  \"n\": [],\n  \"b\": true,\n  \"e\": {}\n}")
        #expect(JSONText.pretty(value) == "{\n  \"s\": {\n    \"r\": 0.45,\n    \"d\": 1\n  },\n  \"n\": [],\n  \"b\": true,\n  \"e\": {}\n}")
        #expect(try JSONReader.parse(JSONText.pretty(value)) == value)
    }

    @Test("kinds are named for messages, briefly or with the value")
    func kinds() {
        #expect(JSONValue.number(2.5).kindName == "a number")
        #expect(JSONValue.number(2.5).kindDescription == "the number 2.5")
        #expect(JSONValue.string("abc").kindDescription == #"the string "abc""#)
        #expect(JSONValue.array([]).kindName == "an array")
        #expect(JSONValue.bool(false).kindDescription == "false")
        #expect(JSONValue.null.kindName == "null")
    }
}
