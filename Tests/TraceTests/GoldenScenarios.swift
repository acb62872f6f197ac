import Geometry
import Gestures
@testable import Trace
import Viewing
import Drawing
import Events
import FeelModel
import JSON

/// The golden traces, written by hand as code: input at chosen instants, frames every 16 ms
/// (62.5 Hz), on the test-fixture photos in a 1280 × 800 window. `GoldenTraceTests` replays the committed
/// files and, when re-recording, writes them from here.
enum GoldenScenarios {
    static let windowSize = Size(1280, 800)

    /// The test-fixture photos `Tests/Fixtures/Photos` (the bundled set before the demo became real
    /// photographs), in grid order, with their oriented pixel sizes.
    static let photos: [Photo] = [
        ("astronaut.jpg", 512, 512), ("camera-grayscale.jpg", 512, 512), ("chelsea-tiny-48x32.png", 48, 32),
        ("chelsea.jpg", 451, 300), ("coffee-4000x3000.jpg", 4000, 3000), ("coffee-alpha-400x400.png", 400, 400),
        ("coffee.jpg", 600, 400), ("hubble-deep-field.jpg", 1000, 872), ("hubble-panorama-2400x600.jpg", 2400, 600),
        ("portrait-exif6.jpg", 512, 384), ("retina-tall-720x1560.jpg", 720, 1560), ("retina.jpg", 1411, 1411),
        ("rocket.jpg", 640, 427),
    ].map { Photo(name: $0.0, pixelSize: Size(Double($0.1), Double($0.2))) }

    static let layout = GridLayout(windowSize: windowSize, photoCount: photos.count,
                                   targetCellPoints: Feel.defaults.gridCellTargetPoints,
                                   spacingPoints: Feel.defaults.gridSpacingPoints)

    static let windowCentre = Point(windowSize.width / 2, windowSize.height / 2)

    static func cellCentre(_ index: Int) -> Point {
        layout.cellRect(index, scroll: 0).center
    }

    /// One scenario: its file name stem, the feel layer its header carries, its input.
    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var feel: String?
        var input: [InputEvent]
        var duration: Double
        var description: String { name }

        var header: TraceHeader {
            TraceHeader(windowSize: GoldenScenarios.windowSize, scale: 1, photos: GoldenScenarios.photos,
                        feel: feel.flatMap { try? JSONReader.parse($0).objectValue })
        }

        /// Input and frames merged in time order (input first at equal times).
        var events: [InputEvent] {
            var frames: [InputEvent] = []
            var k = 1
            while Double(k * 16) / 1000 <= duration + 1e-9 {
                frames.append(.frame(Double(k * 16) / 1000))
                k += 1
            }
            var out: [InputEvent] = []
            var i = 0
            for f in frames {
                while i < input.count, input[i].time <= f.time { out.append(input[i]); i += 1 }
                out.append(f)
            }
            return out
        }

        /// The trace file's text.
        var traceText: String {
            ([header.line] + events.map(TraceEventFormat.line)).joined(separator: "\n") + "\n"
        }
    }

    // MARK: - Input helpers (times in milliseconds, so they print as short decimals)

    static func t(_ ms: Int) -> Double { Double(ms) / 1000 }

    /// A point rounded to 0.001 pt, so the trace stays readable.
    static func p(_ x: Double, _ y: Double) -> Point { Point((x * 1000).rounded() / 1000, (y * 1000).rounded() / 1000) }

    static func click(_ at: Point, ms: Int, mods: Modifiers = []) -> [InputEvent] {
        [.pointer(.move, t(ms - 30), at.x, at.y, button: nil, mods: mods),
         .pointer(.down, t(ms), at.x, at.y, mods: mods),
         .pointer(.up, t(ms + 60), at.x, at.y, mods: mods)]
    }

    static func key(_ name: String, ms: Int) -> [InputEvent] {
        [.key(.down, t(ms), name), .key(.up, t(ms + 50), name)]
    }

    /// A drag from `from` by `by`, moving every 8 ms for `steps` steps, then released.
    static func drag(from: Point, by: Point, startMs: Int, steps: Int, mods: Modifiers = []) -> [InputEvent] {
        var out: [InputEvent] = [.pointer(.down, t(startMs), from.x, from.y, mods: mods)]
        for s in 1...steps {
            let q = from + by * (Double(s) / Double(steps))
            let r = p(q.x, q.y)
            out.append(.pointer(.move, t(startMs + 8 * s), r.x, r.y, mods: mods))
        }
        let end = p(from.x + by.x, from.y + by.y)
        out.append(.pointer(.up, t(startMs + 8 * steps + 4), end.x, end.y, mods: mods))
        return out
    }

    // MARK: - The scenarios

    static let all: [Scenario] = [openAndClose, panDismissal, pinchRotateDismissal, interruptedOpening, paging, pagingReturn]

    /// The feel layer of the scenarios that open a fixture photo smaller than the window (coffee.jpg
    /// 600 × 400, chelsea.jpg 451 × 300, astronaut.jpg 512 × 512): such a photo opens at 100 % by
    /// default, and these traces were recorded filling it up to twice its size, so their headers
    /// carry `maximumUpscale` 2 and their motion stays the recorded one.
    static let smallPhotosFilled = #"{"maximumUpscale":2}"#

    /// Click coffee.jpg, let it open, Escape, let it land.
    static let openAndClose = Scenario(
        name: "open-and-close", feel: smallPhotosFilled,
        input: click(cellCentre(6), ms: 200) + key("escape", ms: 1300),
        duration: 2.2)

    /// Open chelsea.jpg, drag it down at 1500 pt/s and let go: the dismissal closes it. The header
    /// carries two feel keys (the rest come from the defaults).
    static let panDismissal = Scenario(
        name: "pan-dismissal", feel: #"{"dragRadiusPoints":150,"maximumUpscale":2}"#,
        input: click(cellCentre(3), ms: 200)
            + drag(from: windowCentre, by: Point(18, 240), startMs: 1200, steps: 20),
        duration: 2.4)

    /// Open the Hubble deep field, then two real fingers pinch it from 200 pt apart to 110 while
    /// turning half a radian and moving down 80 pt, and lift: the dismissal closes it.
    static let pinchRotateDismissal: Scenario = {
        var input = click(cellCentre(7), ms: 200)
        let steps = 30
        func fingers(_ s: Int) -> (Point, Point) {
            let f = Double(s) / Double(steps)
            let half = (200 - 90 * f) / 2, angle = 0.5 * f
            let c = windowCentre + Point(0, 80 * f)
            let d = Point(half * cosine(angle), half * sine(angle))
            return (p(c.x - d.x, c.y - d.y), p(c.x + d.x, c.y + d.y))
        }
        let (a0, b0) = fingers(0)
        input += [.touch(.down, t(1200), id: 1, a0.x, a0.y), .touch(.down, t(1204), id: 2, b0.x, b0.y)]
        for s in 1...steps {
            let (a, b) = fingers(s)
            input += [.touch(.move, t(1204 + 8 * s), id: 1, a.x, a.y), .touch(.move, t(1205 + 8 * s), id: 2, b.x, b.y)]
        }
        let (a, b) = fingers(steps)
        input += [.touch(.up, t(1210 + 8 * steps), id: 1, a.x, a.y), .touch(.up, t(1212 + 8 * steps), id: 2, b.x, b.y)]
        return Scenario(name: "pinch-rotate-dismissal", feel: nil, input: input, duration: 2.4)
    }()

    /// Click astronaut.jpg, and click again 160 ms later while it is still flying: it turns back.
    static let interruptedOpening = Scenario(
        name: "interrupted-opening", feel: smallPhotosFilled,
        input: click(cellCentre(0), ms: 200) + click(windowCentre, ms: 360),
        duration: 1.6)

    /// Open coffee.jpg, flick left to the next photo, then Escape: it closes onto the next cell.
    static let paging = Scenario(
        name: "paging", feel: smallPhotosFilled,
        input: click(cellCentre(6), ms: 200)
            + drag(from: Point(900, 400), by: Point(-300, 6), startMs: 1200, steps: 15)
            + key("escape", ms: 2300),
        duration: 3.0)

    /// Open coffee.jpg, drag it 250 pt left slowly (260 pt/s) and let go: too short and too slow to
    /// page, it returns home on the paging spring itself (its peak speed is under the pager's limit,
    /// so the spring is not softened), the one motion of the goldens that the paging spring's
    /// response shapes (`photozoom check` is shown failing on it).
    static let pagingReturn = Scenario(
        name: "paging-return", feel: smallPhotosFilled,
        input: click(cellCentre(6), ms: 200)
            + drag(from: Point(900, 400), by: Point(-250, 4), startMs: 1200, steps: 120),
        duration: 3.0)
}
