import Foundation
import Geometry
import Gestures
import Testing
import TestSupport
@testable import Trace
import Viewing
import JSON

/// Issue 19's hostile traces: any finite number is replayed or refused by name, never a crash, and
/// nothing written is anything but JSON.
@Suite("Extreme numbers in traces: replayed or refused by name")
struct ExtremeNumberTests {
    static let header = #"{"trace":"photozoom","version":1,"window":{"w":800,"h":600},"photos":[{"name":"a.jpg","w":4,"h":3},{"name":"b.jpg","w":3,"h":4}]}"#

    /// Replays `text` in memory: the state-log lines, or the error that stopped it.
    func replay(_ text: String) -> Result<[String], TraceError> {
        let log = MemoryLineSink()
        do {
            let reader = try TraceReader(text: text, name: "x.jsonl") { _ in }
            let session = try TraceReplay.session(for: reader, states: log)
            try TraceReplay.run(reader, through: session)
            return .success(log.lines)
        } catch let error as TraceError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error \(error)")
            return .success([])
        }
    }

    @Test("a hover at x = 1e22 is refused on its line, naming the field")
    func hoverFarAway() throws {
        let text = Self.header + "\n" + #"{"t":0.5,"type":"pointer","phase":"move","x":1e22,"y":10}"# + "\n" + #"{"t":0.6,"type":"frame"}"# + "\n"
        guard case let .failure(error) = replay(text) else { Issue.record("replayed"); return }
        #expect(error.line == 2 && error.field == "x" && error.exitStatus == 2)
        #expect(error.description.hasPrefix("x.jsonl:2: field 'x': "), "\(error.description)")
    }

    @Test("a window or resize width of 1e22 is refused, naming the field")
    func hugeWindow() {
        let header = Self.header.replacingOccurrences(of: #""w":800"#, with: #""w":1e22"#)
        guard case let .failure(e1) = replay(header + "\n") else { Issue.record("replayed"); return }
        #expect(e1.line == 1 && e1.field == "window.w", "\(e1.description)")
        let resize = Self.header + "\n" + #"{"t":0.1,"type":"resize","w":1e22,"h":600}"# + "\n"
        guard case let .failure(e2) = replay(resize) else { Issue.record("replayed"); return }
        #expect(e2.line == 2 && e2.field == "w", "\(e2.description)")
    }

    @Test("a time of 1e308 is refused; the state log never holds inf or nan")
    func hugeTime() {
        let text = Self.header + "\n" + #"{"t":1e308,"type":"frame"}"# + "\n"
        guard case let .failure(error) = replay(text) else { Issue.record("replayed"); return }
        #expect(error.field == "t" && error.line == 2)
        // The writer itself: 1e308 at 6 places would overflow to infinity when scaled.
        for v in [1e308, -1e300, 1e22, Double.greatestFiniteMagnitude] {
            let s = StateLogFormat.number(v, places: 6)
            #expect(!s.contains("inf") && !s.contains("nan") && Double(s) == v, "\(v) → \(s)")
        }
    }

    @Test("values at the bounds replay; one step beyond is refused")
    func atTheBounds() {
        let c = JSONText.number(TraceBounds.coordinatePoints), w = JSONText.number(TraceBounds.windowPoints)
        let inside = Self.header + "\n" + #"{"t":0.1,"type":"resize","w":"# + w + #","h":"# + w + "}\n"
            + #"{"t":0.2,"type":"pointer","phase":"move","x":-"# + c + #","y":"# + c + "}\n"
            + #"{"t":0.3,"type":"wheel","x":0,"y":0,"dx":0,"dy":-"# + c + "}\n" + #"{"t":0.4,"type":"frame"}"# + "\n"
        if case let .failure(error) = replay(inside) { Issue.record("refused: \(error.description)") }
        let beyond = inside.replacingOccurrences(of: #""x":-"# + c, with: #""x":-"# + JSONText.number(TraceBounds.coordinatePoints.nextUp))
        guard case let .failure(error) = replay(beyond) else { Issue.record("replayed"); return }
        #expect(error.field == "x" && error.line == 3)
    }

    @Test("300 random traces with extreme values each replay or are refused by name; every log line is JSON")
    func randomExtremes() throws {
        var rng = SplitMix64(seed: 19)
        let extremes: [Double] = [0, -0.0, 1e-300, 5e-324, 1e21, 1e22, -1e22, 1e308, -1e308, 1.7976931348623157e308, 4e6, 1e5, 65536, 0.5]
        var replayed = 0, refused = 0
        for _ in 0..<300 {
            var lines = [Self.header]
            var t = 0.0
            for _ in 0..<rng.integer(5...30) {
                t += rng.chance(0.1) ? rng.pick(extremes) : rng.uniform(0...0.02)
                let n = { () -> String in JSONText.number(rng.chance(0.5) ? rng.pick(extremes) * (rng.chance(0.5) ? 1 : -1) : rng.uniform(-100...900)) }
                let ts = JSONText.number(t)
                switch rng.integer(0...5) {
                case 0: lines.append(#"{"t":"# + ts + #","type":"pointer","phase":"# + "\"" + rng.pick(["down", "move", "up"]) + "\"" + #","button":"left","x":"# + n() + #","y":"# + n() + "}")
                case 1: lines.append(#"{"t":"# + ts + #","type":"wheel","x":"# + n() + #","y":"# + n() + #","dx":"# + n() + #","dy":"# + n() + "}")
                case 2: lines.append(#"{"t":"# + ts + #","type":"resize","w":"# + n() + #","h":"# + n() + "}")
                case 3: lines.append(#"{"t":"# + ts + #","type":"touch","phase":"down","id":1,"x":"# + n() + #","y":"# + n() + "}")
                case 4: lines.append(#"{"t":"# + ts + #","type":"photo","index":1,"w":"# + n() + #","h":"# + n() + "}")
                default: lines.append(#"{"t":"# + ts + #","type":"frame"}"#)
                }
            }
            switch replay(lines.joined(separator: "\n") + "\n") {
            case let .success(log):
                replayed += 1
                for line in log {
                    #expect(!line.contains("inf") && !line.contains("nan"), "\(line)")
                    #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
                }
            case let .failure(error):
                refused += 1
                #expect(error.exitStatus == 2 && error.line != nil && error.field != nil, "\(error.description)")
            }
        }
        // Both outcomes occur: half the numbers are drawn from the extremes list.
        #expect(replayed > 0 && refused > 0, "replayed \(replayed), refused \(refused)")
    }

    @Test("a stream without newlines stops at the line limit, having read about that much")
    func endlessLine() {
        var supplied = 0
        let zeros = LineSplitter(name: "/dev/zero") { (pointer, count) throws(TraceError) in
            pointer.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            supplied += count
            return count
        }
        do {
            _ = try zeros.next { _, _ in 0 }
            Issue.record("a line was returned")
        } catch {
            #expect(error.line == 1 && error.message.contains("longer than \(LineSplitter.defaultMaxLineBytes) bytes"))
        }
        // The buffer doubles from 64 KiB up to the first size above the limit: at most twice the limit read.
        #expect(supplied <= 2 * LineSplitter.defaultMaxLineBytes + (1 << 16), "\(supplied) bytes read")
    }

    @Test("the grid survives a window 1e22 points wide and a point at 1e22")
    func gridAtExtremes() {
        let grid = GridLayout(windowSize: Size(1e22, 1e22), photoCount: 10)
        #expect(grid.columns >= 1)
        #expect(grid.visibleRange(scroll: 1e22).upperBound <= 10)
        #expect(grid.cellIndex(at: Point(1e22, 1e22), scroll: 0) == nil)
        let small = GridLayout(windowSize: Size(800, 600), photoCount: 10)
        #expect(small.cellIndex(at: Point(1e22, -1e22), scroll: 1e308) == nil)
        #expect(small.visibleRange(scroll: 1e308).isEmpty)
        // Scrolled 1e308 points above the content: the window shows no cell.
        #expect(small.visibleRange(scroll: -1e308).isEmpty)
    }
}
