import Foundation
import Testing
@testable import Trace
import Viewing

/// Honest words: a pan or pinch inside a zoomed photo is named as a zoom gesture, and the figure its
/// release was decided on is given in its unit (the scale at release, ×), not as a dismissal's
/// projection in points. Before: `2.21 s pan dismissal released at (500, 0) pt/s, projected 1 pt → zoom`.
@Suite("Summary words: zoom gestures named as zoom gestures, projections in their units")
struct SummaryWordsTests {
    /// The golden traces' window and photos: a click opens photo 3, `=` zooms it in by the
    /// keyboard's step (1.25×), and a pan drags it 100 pt right over 0.2 s and lets go moving.
    static func zoomedPan() throws -> String {
        let golden = try String(contentsOf: GoldenTraceTests.folder.appendingPathComponent("pan-dismissal.trace.jsonl"), encoding: .utf8)
        var events: [(t: Double, line: String)] = (1...250).map { k in (Double(k) * 0.016, #"{"t":\#(Double(k) * 0.016),"type":"frame"}"#) }
        func pointer(_ t: Double, _ phase: String, _ x: Double, _ y: Double, held: Bool = true) {
            events.append((t, #"{"t":\#(t),"type":"pointer","phase":"\#(phase)","x":\#(x),"y":\#(y)\#(held ? #","button":"left""# : ""),"mods":[]}"#))
        }
        pointer(0.17, "move", 560.25, 81.75, held: false)
        pointer(0.2, "down", 560.25, 81.75)
        pointer(0.26, "up", 560.25, 81.75)
        events.append((1.2, #"{"t":1.2,"type":"key","phase":"down","key":"=","mods":[]}"#))
        events.append((1.25, #"{"t":1.25,"type":"key","phase":"up","key":"=","mods":[]}"#))
        pointer(2.0, "down", 640, 400)
        for i in 1...25 { pointer(2.0 + Double(i) * 0.008, "move", 640 + Double(i) * 4, 400) }
        pointer(2.21, "up", 740, 400)
        let ordered = events.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element.line)
        return ([String(golden.split(separator: "\n")[0])] + ordered).joined(separator: "\n") + "\n"
    }

    @Test("a pan in a zoomed photo: 'zoom pan released …, scale at release 1.25× → zoom'")
    func zoomPan() throws {
        let summary = try #require(try GoldenTraceTests.replayWithSummary(Self.zoomedPan(), name: "zoomed pan").summary)
        let release = try #require(summary.entries.first { if case .released = $0.kind { true } else { false } })
        #expect(release.isZoom)
        let line = summary.line(release)
        #expect(line.hasPrefix("2.21 s zoom pan released at (500, 0) pt/s, scale at release 1.25× → zoom;"), "\(line)")
        #expect(!line.contains("dismissal") && !line.contains("projected"), "\(line)")
    }

    @Test("a pinch dismissal's projection is a scale (×), a pan dismissal's points")
    func projections() {
        let pinch = ViewerNote.Release(photo: 0, gesture: .pinch, time: 1, velocity: .zero, scaleVelocity: -1,
                                       rotationVelocity: 0, projected: 0.6, decision: .close)
        #expect(SessionSummary.projected(pinch) == "projected scale 0.60×")
        var pan = pinch
        pan.gesture = .pan
        pan.projected = 521
        #expect(SessionSummary.projected(pan) == "projected 521 pt")
        #expect(SessionSummary.gestureLabel(.pinch, zoom: true) == "zoom pinch")
        #expect(SessionSummary.gestureLabel(.pinch) == "pinch dismissal")
    }
}
