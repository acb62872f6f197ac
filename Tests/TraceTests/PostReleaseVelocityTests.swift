import Foundation
import Testing
@testable import Trace
import Viewing
import JSON

/// The photo's velocity the instant after a release reads the same whatever the frame interval:
/// a golden trace replayed as recorded (frames every 16 ms) and with three more frames between
/// each two (every 4 ms, as slow motion's 0.25× draws them in viewer time).
///
/// Before, the summary printed the velocity over the frame holding the release, which mixes the
/// hand's last movement with the springs' first: the pan dismissal read 906 pt/s at 16 ms and
/// 1400 pt/s at 4 ms, the page swipe 3565 and 3097 pt/s (`replay --summary`, springs handed 1500
/// and 2500 pt/s).
@Suite("Summary: the velocity after a release does not depend on the frame interval")
struct PostReleaseVelocityTests {
    /// `text` with every frame interval split into `parts` (frames first where a new frame and an
    /// input fall on the same instant).
    static func denser(_ text: String, parts: Int) throws -> String {
        let lines = text.split(separator: "\n").map(String.init)
        var timed: [(t: Double, order: Int, line: String)] = []
        var last = 0.0
        for line in lines.dropFirst() {
            let value = try JSONReader.parse(line)
            guard case let .number(t)? = value["t"] else { continue }
            let isFrame = line.contains(#""type":"frame""#)
            if isFrame {
                for k in 1..<parts {
                    let tk = last + (t - last) * Double(k) / Double(parts)
                    timed.append((tk, 0, #"{"t":\#(tk),"type":"frame"}"#))
                }
                last = t
            }
            timed.append((t, isFrame ? 0 : 1, line))
        }
        let sorted = timed.enumerated().sorted { ($0.element.t, $0.element.order, $0.offset) < ($1.element.t, $1.element.order, $1.offset) }
        return ([lines[0]] + sorted.map(\.element.line)).joined(separator: "\n") + "\n"
    }

    static func release(_ text: String, name: String) throws -> SessionSummary.Entry {
        let summary = try #require(try GoldenTraceTests.replayWithSummary(text, name: name).summary)
        return try #require(summary.entries.first { if case .released = $0.kind { true } else { false } })
    }

    @Test("16 ms and 4 ms frames agree within 3 %, and with the velocity the springs were handed", arguments: ["pan-dismissal", "paging"])
    func rateFree(name: String) throws {
        let text = try String(contentsOf: GoldenTraceTests.folder.appendingPathComponent(name + ".trace.jsonl"), encoding: .utf8)
        let recorded = try Self.release(text, name: name)
        let dense = try Self.release(try Self.denser(text, parts: 4), name: name + " at 4 ms")
        let a = try #require(recorded.velocityAfter).length, b = try #require(dense.velocityAfter).length
        let handed = try #require(recorded.velocityAtHandOff).length
        #expect(abs(a - b) <= 0.03 * handed, "\(name): \(a) pt/s at 16 ms, \(b) pt/s at 4 ms")
        #expect(abs(a - handed) <= 0.03 * handed && abs(b - handed) <= 0.03 * handed, "\(name): handed \(handed) pt/s; read \(a), \(b)")
    }
}
