import Geometry
import Testing
@testable import Trace
import Viewing
import JSON

@Suite("State log lines: the contract's fields in a fixed order with fixed rounding")
struct StateLogTests {
    @Test("a presented photo's line")
    func presented() {
        let s = StateSnapshot(frame: 12, time: 0.1000004, phase: .opening, photo: 3,
                              image: .init(center: Point(640.00049, 400), size: Size(900.1234, 600), rotation: -0.000004),
                              backdrop: 0.41999, progress: 0.42, scroll: -0.0001, gesture: .pinchRotate)
        #expect(StateLogFormat.line(s) == #"{"frame":12,"t":0.1,"phase":"opening","photo":3,"#
            + #""image":{"x":640,"y":400,"w":900.123,"h":600,"rotation":0},"backdrop":0.42,"progress":0.42,"scroll":0,"gesture":"pinch+rotate"}"#)
    }

    @Test("the grid's line has null photo and image")
    func grid() {
        let s = StateSnapshot(frame: 1, time: 0.008301, phase: .grid, photo: nil, image: nil, backdrop: 0, progress: 0, scroll: 123.4567, gesture: .scroll)
        #expect(StateLogFormat.line(s) == #"{"frame":1,"t":0.008301,"phase":"grid","photo":null,"image":null,"backdrop":0,"progress":0,"scroll":123.457,"gesture":"scroll"}"#)
    }

    @Test("the first frame after a release carries the release's instant last; the state without it reads as a snapshot's line")
    func eventInstant() {
        let s = StateSnapshot(frame: 86, time: 1.376, phase: .closing, photo: 3, image: .init(center: Point(659.0874, 654.5), size: Size(605.46, 403.793), rotation: 0),
                              backdrop: 0, progress: 0, scroll: 0, gesture: .none)
        let line = StateLogFormat.line(s, event: 1.3640004)
        #expect(line.hasSuffix(#""gesture":"none","event":1.364}"#), "\(line)")
        #expect(StateLogFormat.state(of: line) == StateLogFormat.line(s))
        #expect(StateLogFormat.state(of: StateLogFormat.line(s)) == StateLogFormat.line(s))
    }

    @Test("every line parses as JSON")
    func parses() throws {
        let s = StateSnapshot(frame: 2, time: 1e-7, phase: .paging, photo: 0, image: .init(center: Point(-1e-5, 1e20), size: Size(1, 1), rotation: 3.14159265),
                              backdrop: 1, progress: 1, scroll: 0, gesture: .page)
        let value = try JSONReader.parse(StateLogFormat.line(s))
        #expect(value.objectValue?.members.map(\.key) == ["frame", "t", "phase", "photo", "image", "backdrop", "progress", "scroll", "gesture"])
    }
}
