import Foundation
import Geometry
import Gestures
import Testing
@testable import Shell
import Trace
import Viewer

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

    let trace = MemoryLineSink(), states = MemoryLineSink()
    let source = ScriptedEventSource()
    let clock = ManualClock()
    let loop: FrameLoop
    var warnings: [String] = []

    /// A loop whose feel comes from `feelArgument` (a file path or preset; nil: the defaults), saving to `saveFolder`.
    init(feelArgument: String? = nil, saveFolder: String = NSTemporaryDirectory()) throws {
        var sink: [String] = []
        let live = try LiveFeelFile(argument: feelArgument, saveFolder: saveFolder) { sink.append($0) }
        let recording = Recording(live: live, trace: trace, states: states)
        let header = TraceHeader(windowSize: Self.windowSize, scale: 1, photos: Self.photos,
                                 feel: FeelCoding.object(of: recording.feel))
        let session = try recording.session(header: header)
        loop = FrameLoop(session: session, recording: recording, source: source, clock: clock, windowSize: Self.windowSize)
    }

    var session: Session { loop.session }

    /// One frame at `time` (seconds) with `burst` waiting in the source.
    func frame(at time: Double, _ burst: [WindowInput] = []) throws {
        source.bursts.append(burst)
        clock.time = time
        try loop.step()
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
    static func pointer(_ phase: PressPhase, _ x: Double, _ y: Double, button: PointerButton? = .left,
                        mods: Modifiers = []) -> WindowInput {
        .input(.pointer(phase: phase, position: Point(x, y), button: button, modifiers: mods))
    }

    static func key(_ phase: PressPhase, _ key: String, mods: Modifiers = []) -> WindowInput {
        .input(.key(phase: phase, key: key, modifiers: mods))
    }
}
