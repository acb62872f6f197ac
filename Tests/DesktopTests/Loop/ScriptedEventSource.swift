import Foundation
import Geometry
import Gestures
import Testing
@testable import FeelFiles
@testable import LiveInput
@testable import App
import Trace
import Viewing
import Drawing
import Events

/// Lines kept in memory; after `capacity` lines every write fails as a full disk does.
final class TestLineSink: LineSink {
    private(set) var lines: [String] = []
    var capacity = Int.max

    func write(line: String) throws(TraceError) {
        guard lines.count < capacity else {
            throw TraceError(file: "/full/disk.jsonl", message: "cannot be written: No space left on device", exitStatus: 1)
        }
        lines.append(line)
    }

    func flush() throws(TraceError) {}

    var text: String { lines.map { $0 + "\n" }.joined() }
}

/// A session clock the test sets by hand.
final class ManualClock: SessionClock {
    var time = 0.0
    func now() -> Double { time }
}

/// Input fed to the frame loop as the live loop receives it: one burst of several inputs per frame.
final class ScriptedEventSource: EventSource {
    /// The bursts still to come; each `drain()` takes the first.
    var bursts: [[WindowInput]] = []

    func drain() -> [WindowInput] {
        bursts.isEmpty ? [] : bursts.removeFirst()
    }
}

/// A frame loop without SDL over memory sinks: a scripted source, a manual clock, a feel file.
final class FrameLoopHarness {
    /// 12 landscape photos, 3000×2000 pixels.
    static let photos = (0..<12).map { Photo(name: "p\($0).jpg", pixelSize: Size(3000, 2000)) }
    static let windowSize = Size(1280, 800)

    let trace: TestLineSink, states: TestLineSink
    let source = ScriptedEventSource()
    let clock = ManualClock()
    let loop: FrameLoop
    /// What went to stderr.
    var warnings: [String] { warningBox.lines }
    private let warningBox = WarningBox()

    /// A loop whose feel comes from `feelArgument` (a file path or preset; nil: the defaults) with
    /// `fixed` laid over it, saving to `saveFolder`; recording into `trace` and `states`.
    init(feelArgument: String? = nil, fixed: [String: Double] = [:], saveFolder: String = NSTemporaryDirectory(),
         trace: TestLineSink = TestLineSink(), states: TestLineSink = TestLineSink()) throws {
        self.trace = trace
        self.states = states
        let box = warningBox
        let live = try LiveFeelFile(argument: feelArgument, fixed: fixed, saveFolder: saveFolder) { box.lines.append($0) }
        let recording = Recording(live: live, trace: trace, states: states)
        let header = TraceHeader(windowSize: Self.windowSize, scale: 1, photos: Self.photos,
                                 feel: FeelCoding.object(of: recording.feel))
        let session = try recording.session(header: header)
        loop = FrameLoop(session: session, recording: recording, source: source, clock: clock, windowSize: Self.windowSize,
                         warn: { box.lines.append($0) })
    }

    /// Collects warnings (a class, so the closures above can append).
    final class WarningBox { var lines: [String] = [] }

    /// The time of the next frame: 1/60 s after the last one stepped.
    private var nextFrame: Double { clock.time + 1.0 / 60 }

    /// Steps `count` frames at 60 Hz after the last one, `burst` waiting before the first.
    func step(_ count: Int = 1, _ burst: [WindowInput] = []) throws {
        try frame(at: nextFrame, burst)
        for _ in 1..<max(count, 1) { try frame(at: nextFrame) }
    }

    /// The effect results recorded in the trace, in order.
    func recordedEffects() throws -> [EffectResult] {
        try recordedEvents().compactMap { if case let .effect(r) = $0.kind { return r } else { return nil } }
    }

    var session: Session { loop.session }

    /// The releases the viewer noted, in order.
    var releases: [ViewerNote.Release] = []

    /// One frame at `time` (seconds) with `burst` waiting in the source.
    func frame(at time: Double, _ burst: [WindowInput] = []) throws {
        source.bursts.append(burst)
        clock.time = time
        try loop.step()
        for note in session.lastNotes { if case let .released(r) = note { releases.append(r) } }
    }

    /// A drag on the open photo as a mouse reports it at `hz` (± `jitter` ms, whole server ms), at
    /// `speed` pt/s straight down for `seconds`, from (640, 400), starting at session time `start`;
    /// delivered in one burst per 60 Hz frame with the server's times (server clock = session
    /// clock + `serverBase` ms, wrapping at 2³²). The release comes with the last move.
    /// Returns the session times at which the server stamped the moves.
    @discardableResult
    func drag(start: Double, speed: Double, seconds: Double, hz: Double, jitterMilliseconds: Double = 0,
              serverBase: UInt32 = 4_294_000_000, seed: UInt64 = 1) throws -> [Double] {
        var state = seed
        func jitter() -> Double {
            // SplitMix64 step, mapped to [−jitter, +jitter] ms.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return (Double(z >> 11) / Double(1 << 53) * 2 - 1) * jitterMilliseconds / 1000
        }
        func server(_ t: Double) -> UInt32 { serverBase &+ UInt32((t * 1000).rounded(.down)) }
        // The mouse samples at jittered instants (in order: a device reports in time order), at the
        // stroke's true position at each instant; the server stamps each in whole ms.
        let count = Int((seconds * hz).rounded())
        let instants = (1...count).map { k in start + Double(k) / hz + (k < count ? jitter() : 0) }.sorted()
        var samples: [(t: Double, input: WindowInput)] = [(start, .pointer(.down, 640, 400, server: server(start)))]
        for (k, t) in instants.enumerated() {
            let y = 400 + speed * (t - start)
            samples.append((t, .pointer(.move, 640, y, server: server(t))))
            if k == count - 1 { samples.append((t, .pointer(.up, 640, y, server: server(t)))) }
        }
        var frame = (start * 60).rounded(.up)
        var i = 0
        while i < samples.count {
            frame += 1
            var burst: [WindowInput] = []
            while i < samples.count, samples[i].t < frame / 60 { burst.append(samples[i].input); i += 1 }
            // Polled 0.5 ms into the frame.
            try self.frame(at: frame / 60 + 0.0005, burst)
        }
        return samples.map(\.t)
    }

    /// Frames every 1/60 s from `start` while `until` is after the frame's time.
    func frames(from start: Double, until end: Double) throws {
        var k = 0
        while start + Double(k) / 60 < end {
            try frame(at: start + Double(k) / 60)
            k += 1
        }
    }

    /// The state log a replay of the recorded trace writes.
    func replayedStates() throws -> String {
        let reader = try TraceReader(text: trace.text, name: "loop", warn: { Issue.record("replay warned: \($0)") })
        let replayed = MemoryLineSink()
        let session = try TraceReplay.session(for: reader, states: replayed)
        try TraceReplay.run(reader, through: session)
        return replayed.text
    }

    /// The recorded events of the trace, header left out.
    func recordedEvents() throws -> [InputEvent] {
        let reader = try TraceReader(text: trace.text, name: "loop", warn: { _ in })
        var events: [InputEvent] = []
        while let e = try reader.next() { events.append(e) }
        return events
    }
}

extension WindowInput {
    /// A pointer input the server saw at `server` ms (nil: no server time, as on SDL's dummy driver).
    static func pointer(_ phase: PressPhase, _ x: Double, _ y: Double, button: PointerButton? = .left,
                        mods: Modifiers = [], server: UInt32? = nil) -> WindowInput {
        .input(.pointer(phase: phase, position: Point(x, y), button: button, modifiers: mods), serverTime: server)
    }

    static func key(_ phase: PressPhase, _ key: String, mods: Modifiers = [], server: UInt32? = nil) -> WindowInput {
        .input(.key(phase: phase, key: key, modifiers: mods), serverTime: server)
    }
}
