import Foundation
import Gestures
import Testing
@testable import Trace
import Viewing
import Events
import JSON

@Suite("Trace reader: streams, skips the unknown, stops at a cut-off last line, rejects the malformed")
struct TraceReaderTests {
    static let header = #"{"trace":"photozoom","version":1,"window":{"w":800,"h":600},"photos":[{"name":"a.jpg","w":4,"h":3}]}"#

    /// Collects warnings.
    final class Warnings: @unchecked Sendable {
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }

    func readAll(_ text: String, warnings: Warnings = Warnings()) throws(TraceError) -> [InputEvent] {
        let reader = try TraceReader(text: text, name: "t.jsonl", warn: warnings.add)
        var events: [InputEvent] = []
        while let e = try reader.next() { events.append(e) }
        return events
    }

    func error(_ text: String) -> TraceError? {
        do {
            _ = try readAll(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("events follow the header; blank lines and CRLF endings are fine; equal times are fine")
    func plain() throws {
        let text = Self.header + "\r\n\n" + #"{"t":0.1,"type":"frame"}"# + "\r\n  \n" + #"{"t":0.1,"type":"key","phase":"down","key":"a"}"# + "\n"
        #expect(try readAll(text) == [.frame(0.1), .key(.down, 0.1, "a")])
    }

    @Test("a last line without a newline that is whole is read")
    func lastLineWithoutNewline() throws {
        #expect(try readAll(Self.header + "\n" + #"{"t":0.1,"type":"frame"}"#) == [.frame(0.1)])
    }

    @Test("unknown types are skipped with one warning per type")
    func unknownTypes() throws {
        let warnings = Warnings()
        let text = [Self.header, #"{"t":0.1,"type":"gyro","a":1}"#, #"{"t":0.2,"type":"frame"}"#,
                    #"{"t":0.3,"type":"gyro","a":2}"#, #"{"t":0.4,"type":"pen"}"#, #"{"t":0.5,"type":"frame"}"#].joined(separator: "\n")
        #expect(try readAll(text, warnings: warnings) == [.frame(0.2), .frame(0.5)])
        #expect(warnings.lines == [#"t.jsonl:2: warning: skipping events of unknown type "gyro""#,
                                   #"t.jsonl:5: warning: skipping events of unknown type "pen""#])
    }

    @Test("a last line cut off mid-way ends the trace at the last whole line, with a warning", arguments: [
        #"{"t":0.3,"ty"#, #"{"t":0.3"#, #"{"t":0."#, #"{"t":0.3,"type":"pointer","phase":"down","x":1,"y":2,"button":"le"#, "{",
    ])
    func cutOff(tail: String) throws {
        let warnings = Warnings()
        let text = Self.header + "\n" + #"{"t":0.1,"type":"frame"}"# + "\n" + #"{"t":0.2,"type":"frame"}"# + "\n" + tail
        #expect(try readAll(text, warnings: warnings) == [.frame(0.1), .frame(0.2)])
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.hasPrefix("t.jsonl:4: warning: the last line is cut off") == true)
        #expect(warnings.lines.first?.hasSuffix("replaying up to line 3") == true)
    }

    @Test("a line that ends early but has its newline is malformed, not cut off")
    func endedEarlyMidFile() {
        let e = error(Self.header + "\n" + #"{"t":0.1,"type":"frame""# + "\n" + #"{"t":0.2,"type":"frame"}"# + "\n")
        #expect(e?.description == "t.jsonl:2: expected ',' or '}', found the end of the text (column 24)")
        #expect(e?.exitStatus == 2)
    }

    @Test("a malformed field is an error naming the line and the field")
    func malformed() {
        let e = error(Self.header + "\n" + #"{"t":0.1,"type":"frame"}"# + "\n" + #"{"t":0.2,"type":"pointer","phase":"down","x":"abc","y":1,"button":"left"}"# + "\n")
        #expect(e?.description == #"t.jsonl:3: field 'x': expected a number, found the string "abc""#)
    }

    @Test("a time earlier than the line before is an error naming both lines")
    func backwards() {
        let e = error(Self.header + "\n" + #"{"t":0.5,"type":"frame"}"# + "\n\n" + #"{"t":0.4,"type":"frame"}"# + "\n")
        #expect(e?.description == "t.jsonl:4: field 't': time 0.4 s goes backwards (line 2 was at 0.5 s)")
    }

    @Test("a bad or missing header is an error on line 1", arguments: [
        ("", "t.jsonl: empty: expected the trace header {\"trace\":\"photozoom\",…} on line 1"),
        (#"{"t":0.1,"type":"frame"}"#, "t.jsonl:1: field 'trace': expected \"photozoom\" (line 1 must be the trace header), found an event line"),
        ("[1,2]", "t.jsonl:1: expected the trace header {\"trace\":\"photozoom\",…}, found an array"),
        (#"{"trace":"photozoom","version":1,"window""#, "t.jsonl:1: the header line is cut off: expected ':' after key \"window\", found the end of the text (column 42)"),
    ] as [(String, String)])
    func badHeader(text: String, message: String) {
        #expect(error(text)?.description == message)
    }

    @Test("a long trace streams: the line buffer stays at its initial size")
    func streams() throws {
        let folder = try makeScratchFolder("streams")
        let path = folder.appendingPathComponent("long.trace.jsonl").path
        var text = Self.header + "\n"
        // 20,000 frame lines of 23–28 bytes: over eight times the 64 KiB line buffer, so the reader
        // refills it many times (what streaming is); a longer file shows nothing more.
        let frames = 20_000
        text.reserveCapacity(frames * 30)
        for k in 0..<frames { text += #"{"t":"# + JSONText.number(Double(k) / 1000) + #","type":"frame"}"# + "\n" }
        #expect(text.utf8.count > 8 << 16)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let reader = try TraceReader(path: path, warn: { _ in })
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == frames)
        #expect(reader.lineBufferCapacity == 1 << 16)
    }

    @Test("a line longer than the buffer is read whole")
    func longLine() throws {
        let padding = String(repeating: "x", count: 300_000)
        let text = Self.header + "\n" + #"{"t":0.1,"type":"frame","pad":""# + padding + "\"}\n" + #"{"t":0.2,"type":"frame"}"# + "\n"
        #expect(try readAll(text) == [.frame(0.1), .frame(0.2)])
    }

    @Test("a missing file is bad input naming it")
    func missingFile() {
        do {
            _ = try TraceReader(path: "/nonexistent/x.trace.jsonl", warn: { _ in })
            Issue.record("opened")
        } catch {
            #expect(error.description == "/nonexistent/x.trace.jsonl: no such file")
            #expect(error.exitStatus == 2)
        }
    }
}
