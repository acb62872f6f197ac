import Geometry
import Gestures
import Testing
@testable import Trace
@testable import Viewing
import Drawing
import Events
import JSON

/// Issue 19's folder watcher: a change of the photo list is a trace event, written and read back
/// exactly, replayed to the same state log, refused by name when malformed.
@Suite("Photo list changes in traces: recorded, replayed byte for byte, refused by name")
struct PhotoListTraceTests {
    static let photos: [Photo] = (0..<120).map { Photo(name: "p\($0).jpg", pixelSize: Size(Double(300 + $0 % 7 * 50), 400)) }

    /// A session: the grid flung down, photos added and removed above the view while it coasts, a
    /// photo opened, the open photo's folder losing it, sizes of new photos arriving late.
    static func events() -> [InputEvent] {
        var out: [InputEvent] = []
        for k in 1...200 {
            let t = Double(k) / 60
            switch k {
            case 5...9: out.append(.wheel(t - 0.004, 600, 400, dy: -3)); out.append(.wheel(t - 0.002, 600, 400, dy: -3))
            case 20: out.append(InputEvent(time: t - 0.001, kind: .photos(PhotoListChange(
                removed: [0, 3], added: [.init(index: 0, name: "new ä.jpg"), .init(index: 1, name: "n\u{1B}[2J.png", size: Size(640, 480))]))))
            case 25: out.append(InputEvent(time: t - 0.001, kind: .photoSize(index: 0, size: Size(1024, 768))))
            case 90: out.append(.pointer(.down, t - 0.004, 700, 300)); out.append(.pointer(.up, t - 0.003, 700, 300))
            case 140: out.append(InputEvent(time: t - 0.002, kind: .photos(PhotoListChange(removed: Array(0..<60)))))
            default: break
            }
            out.append(.frame(t))
        }
        return out
    }

    @Test("the live state log equals the replay of the trace it recorded, byte for byte")
    func liveEqualsReplay() throws {
        let trace = MemoryLineSink(), live = MemoryLineSink()
        let header = TraceHeader(windowSize: Size(1280, 800), scale: 1, photos: Self.photos, feel: nil)
        let session = try Session(header: header, trace: trace, states: live)
        for e in Self.events() { try session.handle(e) }
        #expect(session.viewer.photos.count == 120 - 2 + 2 - 60)
        #expect(trace.lines.contains { $0.contains(#""type":"photos""#) })

        let reader = try TraceReader(text: trace.text, name: "mem", warn: { Issue.record("warning: \($0)") })
        let replayed = MemoryLineSink()
        let replay = try TraceReplay.session(for: reader, states: replayed)
        try TraceReplay.run(reader, through: replay)
        #expect(replayed.text == live.text)
        #expect(replay.viewer.photos == session.viewer.photos)
    }

    @Test("a photos line is written and read back to the same change")
    func roundTrip() throws {
        let change = PhotoListChange(removed: [2, 9], added: [.init(index: 0, name: "a\"b\\c\n.jpg", size: Size(4000, 3000)),
                                                              .init(index: 5, name: "x.png")])
        let event = InputEvent(time: 1.25, kind: .photos(change))
        let line = TraceEventFormat.line(event)
        #expect(line == #"{"t":1.25,"type":"photos","removed":[2,9],"added":[{"index":0,"name":"a\"b\\c\n.jpg","w":4000,"h":3000},{"index":5,"name":"x.png","w":0,"h":0}]}"#)
        let object = try #require(try JSONReader.parse(line).objectValue)
        #expect(try TraceEventFormat.decode(object) == .event(event))
    }

    @Test("a sort's photos line carries its order, written and read back; an order that is not indices is refused naming the item")
    func orderRoundTrip() throws {
        let event = InputEvent(time: 2.5, kind: .photos(PhotoListChange(order: [2, 0, 1])))
        let line = TraceEventFormat.line(event)
        #expect(line == #"{"t":2.5,"type":"photos","removed":[],"added":[],"order":[2,0,1]}"#)
        let object = try #require(try JSONReader.parse(line).objectValue)
        #expect(try TraceEventFormat.decode(object) == .event(event))
        let bad = try #require(try JSONReader.parse(#"{"t":2.5,"type":"photos","removed":[],"added":[],"order":[2,-1]}"#).objectValue)
        #expect(throws: (any Error).self) { try TraceEventFormat.decode(bad) }
    }

    @Test("after a sort, the summary names the photo a click opened as the list was then (c.jpg first), not the header's photo of that number (a.jpg)")
    func summaryNamesAfterSort() throws {
        let photos = ["a.jpg", "b.jpg", "c.jpg"].map { Photo(name: $0, pixelSize: Size(600, 400)) }
        let header = TraceHeader(windowSize: Size(1280, 800), scale: 1, photos: photos, feel: nil)
        let session = try Session(header: header, trace: nil, states: nil, summarize: true)
        try session.handle(.frame(0.0))
        try session.handle(InputEvent(time: 0.01, kind: .photos(PhotoListChange(order: [2, 0, 1]))))
        try session.handle(.frame(1.0 / 60))
        #expect(session.viewer.photos.map(\.name) == ["c.jpg", "a.jpg", "b.jpg"])
        let cell = session.viewer.cellPose(0).center
        try session.handle(.pointer(.down, 0.1, cell.x, cell.y))
        try session.handle(.pointer(.up, 0.15, cell.x, cell.y))
        for k in 10...150 { try session.handle(.frame(Double(k) / 60)) }
        // Sorted back by name: the entry keeps the name the photo had when it opened.
        try session.handle(InputEvent(time: 2.6, kind: .photos(PhotoListChange(order: [1, 2, 0]))))
        for k in 157...200 { try session.handle(.frame(Double(k) / 60)) }
        let text = try #require(session.summary).text
        #expect(text.contains("open photo 0 (c.jpg) by click"), "\(text)")
        #expect(!text.contains("(a.jpg)"), "\(text)")
    }

    @Test("a header's scroll and focus (where the folder was left) are written and read back")
    func headerResume() throws {
        let header = TraceHeader(windowSize: Size(1280, 800), photos: [Photo(name: "a.jpg", pixelSize: Size(600, 400)), Photo(name: "b.jpg", pixelSize: .zero)],
                                 feel: nil, scroll: 1840.5, focus: 1)
        #expect(header.line.contains(#","scroll":1840.5,"focus":1"#))
        let object = try #require(try JSONReader.parse(header.line).objectValue)
        #expect(try TraceHeader(object) == header)
    }

    @Test("malformed photos lines are refused naming the field")
    func malformed() throws {
        let cases: [(String, String)] = [
            (#"{"t":1,"type":"photos","removed":[3,2],"added":[]}"#, "removed[1]"),
            (#"{"t":1,"type":"photos","removed":[1.5],"added":[]}"#, "removed[0]"),
            (#"{"t":1,"type":"photos","removed":[-1],"added":[]}"#, "removed[0]"),
            (#"{"t":1,"type":"photos","added":[]}"#, "removed"),
            (#"{"t":1,"type":"photos","removed":[],"added":[7]}"#, "added[0]"),
            (#"{"t":1,"type":"photos","removed":[],"added":[{"index":1,"name":"a","w":1,"h":1},{"index":1,"name":"b","w":1,"h":1}]}"#, "added[1].index"),
            (#"{"t":1,"type":"photos","removed":[],"added":[{"index":0,"name":"","w":1,"h":1}]}"#, "added[0].name"),
            (#"{"t":1,"type":"photos","removed":[],"added":[{"index":0,"name":"a","w":1e22,"h":1}]}"#, "added[0].w"),
        ]
        for (line, field) in cases {
            let object = try #require(try JSONReader.parse(line).objectValue)
            #expect(throws: FieldError.self) { try TraceEventFormat.decode(object) }
            do { _ = try TraceEventFormat.decode(object) } catch { #expect(error.field == field, "\(line): \(error)") }
        }
    }
}
