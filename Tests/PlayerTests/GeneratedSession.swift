import Geometry
import Gestures
import TestSupport
@testable import Player
import Trace
import Viewing
import Drawing
import Events
import JSON

/// A long session made the way a person makes one, for the trace player's tests: a 1000 Hz mouse
/// whose moves arrive in bursts before each frame, frames at uneven gaps (15–19 ms, now and then a
/// 40–70 ms stall), times rounded to the millisecond; and in a seeded loop, a click that opens a
/// cell, a pan that pulls the photo down and lets go (close or return), a click during an opening
/// (an interruption), Escape, a wheel scroll of the grid, an Alt-drag pinch, paging with the arrow
/// keys, a live feel change now and then.
struct GeneratedSession {
    let header: TraceHeader
    let events: [InputEvent]

    static let windowSize = Size(1280, 800)
    static let photos: [Photo] = (0..<60).map { (i: Int) -> Photo in
        Photo(name: "g\(i).jpg", pixelSize: Size(Double(400 + i % 7 * 80), Double(300 + i % 5 * 90)))
    }

    init(seconds: Double, seed: UInt64, photos: [Photo] = GeneratedSession.photos, frameGap: ClosedRange<Int> = 15...19) {
        var random = SplitMix64(seed: seed)
        header = TraceHeader(windowSize: Self.windowSize, scale: 1, photos: photos, feel: nil)
        let layout = GridLayout(windowSize: Self.windowSize, photoCount: photos.count)
        var input: [InputEvent] = []
        func ms(_ m: Int) -> Double { Double(m) / 1000 }
        /// A drag at 1000 Hz from `a` to `b` over `duration` ms, starting at `start` ms.
        func drag(_ a: Point, _ b: Point, start: Int, duration: Int, mods: Modifiers = []) {
            input.append(.pointer(.down, ms(start), a.x, a.y, mods: mods))
            for k in 1...duration {
                let u = Double(k) / Double(duration)
                let p = a + (b - a) * (u * u * (3 - 2 * u))
                input.append(.pointer(.move, ms(start + k), (p.x * 1000).rounded() / 1000, (p.y * 1000).rounded() / 1000,
                                      button: .left, mods: mods))
            }
            input.append(.pointer(.up, ms(start + duration + 1), b.x, b.y, mods: mods))
        }
        func click(_ p: Point, at m: Int) {
            input.append(.pointer(.down, ms(m), p.x, p.y))
            input.append(.pointer(.up, ms(m + random.integer(40...90)), p.x, p.y))
        }
        let centre = Point(Self.windowSize.width / 2, Self.windowSize.height / 2)
        var m = 300
        let end = Int(seconds * 1000) - 1500
        while m < end {
            let cell = layout.cellRect(random.integer(0...11), scroll: 0).center
            switch random.integer(0...5) {
            case 0, 1:
                // Open, then pull the photo down and let go.
                click(cell, at: m)
                m += random.integer(700...1100)
                let down = random.uniform(80...420)
                drag(centre, centre + Point(random.uniform(-40...40), down), start: m, duration: random.integer(120...400))
                m += 1400
                input.append(.key(.down, ms(m), "escape")); input.append(.key(.up, ms(m + 60), "escape"))
            case 2:
                // Open and click again mid-flight: the opening is interrupted into a closing.
                click(cell, at: m)
                click(centre, at: m + random.integer(90...220))
            case 3:
                input.append(.wheel(ms(m), 600, 400, dy: -random.uniform(1...4)))
                input.append(.wheel(ms(m + 12), 600, 400, dy: -random.uniform(1...4)))
                input.append(.wheel(ms(m + 700), 600, 400, dy: random.uniform(2...8)))
            case 4:
                // Open, pinch it in with an Alt-drag (mirrored virtual fingers), let go.
                click(cell, at: m)
                m += 900
                drag(centre + Point(150, 0), centre + Point(60, 10), start: m, duration: random.integer(150...300), mods: .alt)
                m += 1200
                input.append(.key(.down, ms(m), "escape")); input.append(.key(.up, ms(m + 50), "escape"))
            default:
                // Open, page right twice, change the feel live, close.
                click(cell, at: m)
                input.append(.key(.down, ms(m + 800), "right")); input.append(.key(.up, ms(m + 850), "right"))
                input.append(.key(.down, ms(m + 1300), "right")); input.append(.key(.up, ms(m + 1340), "right"))
                let ratio = random.pick(["0.7", "0.85", "1"])
                input.append(InputEvent(time: ms(m + 1500), kind: .feel(layer: feelLayer(#"{"pagingSpring":{"dampingRatio":\#(ratio)}}"#))))
                input.append(.key(.down, ms(m + 1900), "escape")); input.append(.key(.up, ms(m + 1950), "escape"))
                m += 1900
            }
            m += random.integer(900...2400)
        }
        input.sort { $0.time < $1.time }

        // Frames at uneven gaps; each frame follows the input that came before it.
        var events: [InputEvent] = []
        var frameMs = 0
        var i = 0
        while frameMs < Int(seconds * 1000) {
            frameMs += random.chance(0.01) ? random.integer(40...70) : random.integer(frameGap)
            while i < input.count, input[i].time <= ms(frameMs) { events.append(input[i]); i += 1 }
            events.append(.frame(ms(frameMs)))
        }
        self.events = events
    }

    var trace: PlaybackTrace { PlaybackTrace(name: "generated", header: header, events: events) }

    /// The trace file's text.
    var text: String { ([header.line] + events.map(TraceEventFormat.line)).joined(separator: "\n") + "\n" }

    /// A straight replay from the start under `feel`: every frame's state-log line, and the frames'
    /// scenes where `scenesAt` asks.
    func straightReplay(feel: JSONObject? = nil, scenesAt: Set<Int> = []) throws -> (lines: [String], scenes: [Int: Scene]) {
        let sink = MemoryLineSink()
        let session = try Session(header: header, feelOverride: feel, states: sink)
        var scenes: [Int: Scene] = [:]
        for e in events {
            try session.handle(e)
            if case .frame = e.kind, scenesAt.contains(session.frameCount) { scenes[session.frameCount] = session.viewer.scene() }
        }
        // States compare: the log's `event` annotations are not drawn.
        return (sink.lines.map(StateLogFormat.state(of:)), scenes)
    }
}
