import Geometry
import Gestures
import TestSupport
import Testing
@testable import Trace
import Viewing
import Drawing
import Events
import FeelModel
import JSON

@Suite("Session: one driver for live and replay; what it records replays to the same state log")
struct SessionTests {
    /// 100 photos of mixed shapes: a grid that scrolls.
    static let photos: [Photo] = (0..<100).map { (i: Int) -> Photo in
        let w = Double(300 + i % 7 * 50), h = Double(200 + i % 5 * 60)
        return Photo(name: "p\(i).jpg", pixelSize: Size(w, h))
    }

    static func header(feel: String? = nil) throws -> TraceHeader {
        TraceHeader(windowSize: Size(1280, 800), scale: 1, photos: photos,
                    feel: try feel.map { try #require(try JSONReader.parse($0).objectValue) })
    }

    /// A session's worth of events: frames at 60 Hz with wheel scrolling, a resize, a live feel
    /// change, a photo size learned late, clicks and keys in between.
    static func liveEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        for k in 1...240 {
            let t = Double(k) / 60
            switch k {
            case 10: events.append(.wheel(t - 0.003, 600, 400, dy: -2))
            case 30: events.append(.pointer(.down, t - 0.004, 100, 100)); events.append(.pointer(.up, t - 0.002, 101, 100))
            case 60: events.append(.resize(t - 0.001, 1024, 700))
            case 90: events.append(InputEvent(time: t - 0.001, kind: .feel(layer: feelLayer(#"{ "wheelScrollPointsPerUnit" : 25 }"#))))
            case 100: events.append(.wheel(t - 0.003, 600, 400, dy: -3.5))
            case 120: events.append(InputEvent(time: t, kind: .photoSize(index: 4, size: Size(4000, 3000))))
            case 150: events.append(.touch(.down, t - 0.005, id: 1, 300, 300)); events.append(.touch(.up, t - 0.001, id: 1, 300, 320))
            case 200: events.append(.key(.down, t - 0.002, "escape")); events.append(.wheel(t - 0.001, 600, 400, dy: 40))
            default: break
            }
            events.append(.frame(t))
        }
        return events
    }

    @Test("the state log written live equals the replay of the trace recorded with it, byte for byte")
    func liveEqualsReplay() throws {
        let trace = MemoryLineSink(), live = MemoryLineSink()
        let session = try Session(header: try Self.header(feel: #"{"gridSpacingPoints":6}"#), trace: trace, states: live)
        for e in Self.liveEvents() { try session.handle(e) }

        let reader = try TraceReader(text: trace.text, name: "mem", warn: { Issue.record("warning: \($0)") })
        let replayed = MemoryLineSink()
        let replay = try TraceReplay.session(for: reader, states: replayed)
        let frames = try TraceReplay.run(reader, through: replay)

        #expect(frames == 240)
        #expect(live.lines.count == 240)
        #expect(replayed.text == live.text)
        #expect(replay.viewer.feel == session.viewer.feel)
        // The log is not trivially constant: the wheel scrolled the grid.
        #expect(Set(live.lines.map { $0.replacingOccurrences(of: #""frame":\d+,"t":[0-9.]+"#, with: "", options: .regularExpression) }).count > 10)
    }

    @Test("a trace recorded on a HiDPI window (scale 2) replays with the same pixels per point, so the caption's zoom % reads the same")
    func scaleReachesTheViewer() throws {
        let trace = MemoryLineSink()
        var header = try Self.header()
        header.scale = 2
        let session = try Session(header: header, trace: trace)
        #expect(session.viewer.pixelsPerPoint == 2)
        try session.handle(.frame(0.016))
        let reader = try TraceReader(text: trace.text, name: "mem", warn: { _ in })
        #expect(try TraceReplay.session(for: reader, states: nil).viewer.pixelsPerPoint == 2)
    }

    @Test("replaying the same trace twice gives identical logs")
    func replayTwice() throws {
        let trace = MemoryLineSink()
        let session = try Session(header: try Self.header(), trace: trace)
        for e in Self.liveEvents() { try session.handle(e) }
        var logs: [String] = []
        for _ in 0..<2 {
            let reader = try TraceReader(text: trace.text, name: "mem", warn: { _ in })
            let sink = MemoryLineSink()
            try TraceReplay.run(reader, through: try TraceReplay.session(for: reader, states: sink))
            logs.append(sink.text)
        }
        #expect(logs[0] == logs[1])
        #expect(!logs[0].isEmpty)
    }

    @Test("the trace starts with the header line and records feel events in canonical form")
    func recordsCanonically() throws {
        let trace = MemoryLineSink()
        let session = try Session(header: try Self.header(), trace: trace)
        try session.handle(InputEvent(time: 0.5, kind: .feel(layer: feelLayer("{ \"dragRadiusPoints\" : 1.2e2 }"))))
        #expect(trace.lines.first == (try Self.header()).line)
        #expect(trace.lines.last == #"{"t":0.5,"type":"feel","feel":{"dragRadiusPoints":120}}"#)
        #expect(session.viewer.feel.dragRadiusPoints == 120)
    }

    @Test("a feel event applies at its instant: the wheel scrolls by the new distance per unit")
    func feelEventApplies() throws {
        let session = try Session(header: try Self.header())
        // Plain wheel: scroll target += −dy · wheelScrollPointsPerUnit; the spring settles on it.
        try session.handle(.wheel(0.1, 600, 400, dy: -1))
        for k in 1...120 { try session.handle(.frame(0.1 + Double(k) / 60)) }
        let first = session.viewer.snapshot.scroll
        #expect(abs(first - 1 * Feel.defaults.wheelScrollPointsPerUnit) < 0.1)
        try session.handle(InputEvent(time: 2.2, kind: .feel(layer: feelLayer(#"{"wheelScrollPointsPerUnit":10}"#))))
        try session.handle(.wheel(2.3, 600, 400, dy: -1))
        for k in 1...120 { try session.handle(.frame(2.3 + Double(k) / 60)) }
        #expect(abs(session.viewer.snapshot.scroll - (first + 10)) < 0.1)
    }

    @Test("feel resolves as defaults ⊕ header ⊕ override; a feel event replaces the header layer, the override stays on top")
    func feelLayers() throws {
        let override = try #require(try JSONReader.parse(#"{"wheelScrollPointsPerUnit":45}"#).objectValue)
        let session = try Session(header: try Self.header(feel: #"{"wheelScrollPointsPerUnit":30,"gridSpacingPoints":8}"#),
                                  feelOverride: override)
        #expect(session.viewer.feel.wheelScrollPointsPerUnit == 45)
        #expect(session.viewer.feel.gridSpacingPoints == 8)
        #expect(session.viewer.feel.dragRadiusPoints == Feel.defaults.dragRadiusPoints)
        try session.handle(InputEvent(time: 1, kind: .feel(layer: feelLayer(#"{"wheelScrollPointsPerUnit":10,"dragRadiusPoints":99}"#))))
        #expect(session.viewer.feel.wheelScrollPointsPerUnit == 45)
        #expect(session.viewer.feel.dragRadiusPoints == 99)
        #expect(session.viewer.feel.gridSpacingPoints == Feel.defaults.gridSpacingPoints)
    }

    @Test("a header without feel runs on the defaults")
    func noFeel() throws {
        #expect(try Session(header: try Self.header()).viewer.feel == .defaults)
    }

    @Test("a feel that does not decode is refused with its field, and nothing is recorded")
    func badFeel() throws {
        let trace = MemoryLineSink()
        let session = try Session(header: try Self.header(), trace: trace)
        do {
            try session.handle(InputEvent(time: 1, kind: .feel(layer: feelLayer(#"{"openSpring":{"responseSeconds":"fast"}}"#))))
            Issue.record("accepted")
        } catch let Session.Failure.badFeel(error) {
            #expect(error.field == "openSpring.responseSeconds")
        }
        #expect(trace.lines.count == 1)
        do {
            _ = try Session(header: try Self.header(feel: #"{"dragRadiusPoints":[1]}"#))
            Issue.record("accepted")
        } catch let Session.Failure.badFeel(error) {
            #expect(error.field == "feel.dragRadiusPoints")
        }
    }

    @Test("events no trace can carry are made carriable the same way live and in replay")
    func carriable() throws {
        let trace = MemoryLineSink()
        let session = try Session(header: try Self.header(), trace: trace)
        try session.handle(.frame(1))
        try session.handle(.pointer(.move, 1.1, .nan, 3))
        try session.handle(.wheel(1.1, 1, 1, dy: .infinity))
        try session.handle(.resize(1.1, 0, 600))
        try session.handle(.key(.down, 1.1, ""))
        try session.handle(.frame(.nan))
        try session.handle(.pointer(.move, 0.5, 1, 2, button: nil))
        try session.handle(.touch(.down, 1.2, id: (1 << 53) + 5, 1, 2))
        #expect(trace.lines.dropFirst() == [
            #"{"t":1,"type":"frame"}"#,
            #"{"t":1,"type":"pointer","phase":"move","x":1,"y":2,"mods":[]}"#,
            #"{"t":1.2,"type":"touch","phase":"down","id":5,"x":1,"y":2}"#,
        ])
    }

    @Test("requests are handed over once each, however often they were made")
    func requests() throws {
        let session = try Session(header: try Self.header())
        try session.handle(.key(.down, 0.1, "q"))
        try session.handle(.key(.down, 0.2, "q"))
        try session.handle(.frame(0.3))
        #expect(session.takeRequests() == [.quit])
        #expect(session.takeRequests().isEmpty)
    }

    @Test("a header's open photo (photozoom FILE) is written, read back, and flies open from its scrolled-to cell")
    func openPhotoAtStart() throws {
        var header = try Self.header()
        header.openPhoto = 87
        #expect(header.line.contains(#"}],"open":87}"#))
        let read = try TraceHeader(try #require(try JSONReader.parse(header.line).objectValue))
        #expect(read.openPhoto == 87)
        let session = try Session(header: read)
        // Photo 87 is below the first screen: the grid jumped to reveal it, so it opens from a visible cell.
        #expect(session.viewer.snapshot.scroll > 0)
        #expect(session.viewer.snapshot.phase == .opening && session.viewer.snapshot.photo == 87)
        for k in 1...120 { try session.handle(.frame(Double(k) / 60)) }
        #expect(session.viewer.snapshot.phase == .presented)
        // An index beyond the photos is a field error naming `open`.
        let bad = header.line.replacingOccurrences(of: #""open":87"#, with: #""open":100"#)
        #expect(throws: FieldError.self) { try TraceHeader(try #require(try JSONReader.parse(bad).objectValue)) }
    }

    @Test("a trace whose photos differ from any folder replays on its header's sizes")
    func headerSizes() throws {
        let session = try Session(header: try Self.header())
        #expect(session.viewer.photos == Self.photos)
        #expect(session.viewer.windowSize == Size(1280, 800))
    }
}
