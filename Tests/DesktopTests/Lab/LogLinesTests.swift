import Foundation
import Testing
@testable import PhotoFiles
@testable import Plotting
import Diagnostics

/// A log read a line at a time from a file of any length (issue 33: `plot` refused logs over 1 MB).
@Suite("Log lines, streamed")
struct LogLinesTests {
    func all(_ lines: inout LogLines) throws(CommandLineError) -> [(String, Bool)] {
        var out: [(String, Bool)] = []
        while let next = try lines.next() { out.append(next) }
        return out
    }

    /// The message of the error `body` throws; nil when it throws none.
    func message(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return (error as? CommandLineError)?.message ?? "\(error)" }
        return nil
    }

    @Test("a file of 3 MiB in lines of 100 bytes comes back line for line across the 1 MiB chunks; a cut last line is unterminated")
    func acrossChunks() throws {
        // 99 characters and a newline: 1 MiB (1,048,576) is not a multiple of 100, so chunks end mid-line.
        let count = 3 * (1 << 20) / 100
        let lines = (0..<count).map { String(format: "%08d", $0) + String(repeating: "x", count: 91) }
        let text = lines.joined(separator: "\n") + "\n" + "{\"cut"
        let url = TestImages.write(Array(text.utf8), "long.states.jsonl", in: TestImages.folder())
        var file = try LogLines(path: url.path)
        defer { file.close() }
        let read = try all(&file)
        #expect(read.count == count + 1)
        let whole = Array(read.dropLast())
        #expect(whole.map(\.0) == lines)
        #expect(whole.filter { !$0.1 }.isEmpty)
        #expect(read.last?.0 == "{\"cut" && read.last?.1 == false)
        var fromText = LogLines(text: text)
        #expect(try all(&fromText).map(\.0) == read.map(\.0))
    }

    @Test("a line that is not UTF-8 is named by its number; a named pipe is refused without blocking")
    func refusals() throws {
        let dir = TestImages.folder()
        let bad = TestImages.write(Array("{}\n{}\n".utf8) + [0xFF, 0xFE, 0x0A], "bad.jsonl", in: dir)
        var lines = try LogLines(path: bad.path)
        defer { lines.close() }
        #expect(message { _ = try all(&lines) } == "\(bad.path):3: not UTF-8 text")
        let fifo = dir.appendingPathComponent("pipe.jsonl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(message { _ = try LogLines(path: fifo) } == "\(fifo): not a regular file")
    }
}
