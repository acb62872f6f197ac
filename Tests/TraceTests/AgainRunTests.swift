import Geometry
import Gestures
import TestSupport
import Testing
@testable import Trace
import Viewing
import Drawing
import Events

/// A live session of one pull on the open photo, then the again key, driven the way the frame loop
/// drives it: a 1000 Hz mouse whose moves arrive in bursts before each frame, frames 15–19 ms
/// apart with a 52 ms stall, times rounded to the millisecond; after each frame the session's
/// requests are taken and an `.again` request is recorded as the `again` effect at the frame's time.
struct AgainScript {
    static let windowSize = Size(1280, 800)
    static let photos: [Photo] = (0..<12).map { Photo(name: "a\($0).jpg", pixelSize: Size(Double(1200 + $0 * 40), 800)) }
    static let centre = Point(640, 400)
    /// The pull: 100 pt down over 300 ms, held still 120 ms, let go at 1.921 s. Its projection is
    /// the 100 pt it stands at (no velocity left after the stop), under the 150 pt drag radius of
    /// the defaults, so it returns; under a 60 pt radius the same pull closes.
    static let press = 1.5, pull = 100.0
    /// The layer that makes the same pull close (`dragRadiusPoints` 60 < 100).
    static let closingFeel = #"{"dragRadiusPoints":60}"#

    let header = TraceHeader(windowSize: AgainScript.windowSize, scale: 1, photos: AgainScript.photos, feel: nil, openPhoto: 2)
    /// Every input in time order, frames excluded.
    var inputs: [InputEvent] = []
    /// Frame times, ms.
    var frames: [Int] = []

    /// The pull at `press`, a feel change at `feelAt` (nil: none), the again key at each of `againAt`
    /// (seconds), frames until `seconds`.
    init(feel: String? = AgainScript.closingFeel, feelAt: Double = 2.9, againAt: [Double] = [3.2], seconds: Double = 6) {
        let start = Int(Self.press * 1000)
        inputs.append(.pointer(.down, Self.press, Self.centre.x, Self.centre.y))
        for k in 1...300 {
            let u = Double(k) / 300
            let y = Self.centre.y + Self.pull * u * u * (3 - 2 * u)
            inputs.append(.pointer(.move, Double(start + k) / 1000, Self.centre.x, (y * 1000).rounded() / 1000, button: .left))
        }
        inputs.append(.pointer(.up, Double(start + 421) / 1000, Self.centre.x, Self.centre.y + Self.pull))
        if let feel { inputs.append(InputEvent(time: feelAt, kind: .feel(layer: feelLayer(feel)))) }
        for t in againAt {
            inputs.append(.key(.down, t, "a"))
            inputs.append(.key(.up, t + 0.062, "a"))
        }
        inputs.sort { $0.time < $1.time }
        var m = 0, k = 0
        while m < Int(seconds * 1000) {
            k += 1
            m += k % 97 == 0 ? 52 : [17, 15, 19, 16, 18, 17][k % 6]
            frames.append(m)
        }
    }

    /// What one live frame showed: the live state, the re-run and its ghost when one is shown.
    struct Frame {
        var live: String
        var rerun: String?
        var previous: String?
        var rerunFrame = 0, previousFrame = 0
        var pastRecording = 0
    }

    /// Drives `session` live: inputs due before each frame, the frame, then the requests.
    @discardableResult
    func drive(_ session: Session) throws -> [Frame] {
        var out: [Frame] = []
        var i = 0
        for m in frames {
            let t = Double(m) / 1000
            while i < inputs.count, inputs[i].time <= t { try session.handle(inputs[i]); i += 1 }
            try session.handle(.frame(t))
            for case let .again(from?) in session.takeRequests() {
                #expect(from == session.againFrom, "the request names the last gesture's press")
                try session.handle(InputEvent(time: t, kind: .effect(.again(from: from))))
            }
            var f = Frame(live: StateLogFormat.line(session.viewer.snapshot))
            if let again = session.again {
                f.rerun = StateLogFormat.line(again.rerun.snapshot)
                f.previous = StateLogFormat.line(again.previous.snapshot)
                f.rerunFrame = again.rerun.frameCount
                f.previousFrame = again.previous.frameCount
                f.pastRecording = again.framesPastRecording
            }
            out.append(f)
        }
        return out
    }

    /// A straight replay of the same inputs and frames without the again key, under `feel` laid on
    /// from `feelAt` (a `feel` event there): every frame's state-log line.
    func straightReplay(feel: String?, at feelAt: Double) throws -> [String] {
        var events = inputs.filter {
            if case let .key(_, key, _) = $0.kind { return key != "a" }
            if case .feel = $0.kind { return false }
            return true
        }
        if let feel { events.append(InputEvent(time: feelAt, kind: .feel(layer: feelLayer(feel)))) }
        events += frames.map { .frame(Double($0) / 1000) }
        // Stable: an input at a frame's time comes before it, as `drive` hands them.
        events = events.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : (a.element.kind == .frame ? 1 : 0, a.offset) < (b.element.kind == .frame ? 1 : 0, b.offset)
        }.map(\.element)
        let sink = MemoryLineSink()
        let session = try Session(header: header, states: sink)
        for e in events { try session.handle(e) }
        // States compare: the log's `event` annotations are not drawn.
        return sink.lines.map(StateLogFormat.state(of:))
    }
}

@Suite("Again with these numbers: the last gesture re-runs from the viewer before its press, under the feel in force, beside the run before")
struct AgainRunTests {
    @Test("the re-run shows, frame by frame, the states a straight replay reaches with the new feel put in force just before the press")
    func rerunEqualsStraightReplay() throws {
        let script = AgainScript()
        let frames = try script.drive(try Session(header: script.header))
        // The new feel laid on at the press (a `feel` event there) and the gesture after it.
        let straight = try script.straightReplay(feel: AgainScript.closingFeel, at: AgainScript.press)
        let shown = frames.filter { $0.rerun != nil && $0.pastRecording == 0 }
        // The stretch runs 1.5 s → the settling of the return spring, about 0.42 s + 0.5 s at
        // ~17 ms a frame: well over 30 frames shown from the recording.
        #expect(shown.count > 30)
        for f in shown {
            #expect(f.rerun == straight[f.rerunFrame - 1], "re-run frame \(f.rerunFrame)")
        }
        // Frames are shown in order and none is skipped twice over: the re-run moves on.
        #expect(Set(shown.map(\.rerunFrame)).count > 30)
    }

    @Test("the first re-run's ghost is the gesture as it ran: its states are the live state log's at the same frames")
    func ghostIsTheLiveRun() throws {
        let script = AgainScript()
        let live = MemoryLineSink()
        let frames = try script.drive(try Session(header: script.header, states: live))
        let shown = frames.filter { $0.previous != nil && $0.pastRecording == 0 }
        #expect(shown.count > 30)
        #expect(Set(shown.map(\.previousFrame)).count > 30)
        for f in shown { #expect(f.previous == StateLogFormat.state(of: live.lines[f.previousFrame - 1]), "ghost frame \(f.previousFrame)") }
    }

    @Test("under a 60 pt drag radius the pull that returned closes: the re-run ends in the grid, the ghost presented, then the window is live again, its state untouched")
    func rerunDecidesAnewAndEnds() throws {
        let script = AgainScript()
        let session = try Session(header: script.header)
        var sawRerunClosing = false, phasesAtEnd: (Phase, Phase)?
        var releases: [ViewerNote.Release] = []
        var i = 0
        for m in script.frames {
            let t = Double(m) / 1000
            while i < script.inputs.count, script.inputs[i].time <= t { try session.handle(script.inputs[i]); i += 1 }
            try session.handle(.frame(t))
            for case let .released(release) in session.lastNotes { releases.append(release) }
            for case let .again(from) in session.takeRequests() {
                try session.handle(InputEvent(time: t, kind: .effect(.again(from: try #require(from)))))
            }
            if let again = session.again {
                if again.rerun.phase == .closing { sawRerunClosing = true }
                phasesAtEnd = (again.rerun.phase, again.previous.phase)
            }
        }
        // The live pull returned: one release, decided "return".
        #expect(releases.count == 1)
        #expect(releases.first?.decision == .return)
        #expect(sawRerunClosing)
        #expect(phasesAtEnd?.0 == .grid)
        #expect(phasesAtEnd?.1 == .presented)
        // Finished: the window shows the live viewer again.
        #expect(session.again == nil)
        #expect(session.viewer.phase == .presented)
        // Nothing the state log shows changed: the same inputs without the key and the effect give
        // the same log, feel change included.
        let withAgain = MemoryLineSink(), without = MemoryLineSink()
        try script.drive(try Session(header: script.header, states: withAgain))
        var plain = script
        plain.inputs.removeAll { if case let .key(_, key, _) = $0.kind { return key == "a" } else { return false } }
        try plain.drive(try Session(header: script.header, states: without))
        let sameLog = withAgain.text == without.text
        #expect(sameLog)
    }

    @Test("the trace records the again effect with the press time; its replay re-runs the gesture identically, frame by frame")
    func liveEqualsReplay() throws {
        let script = AgainScript()
        let trace = MemoryLineSink(), live = MemoryLineSink()
        let liveFrames = try script.drive(try Session(header: script.header, trace: trace, states: live))
        let againLines = trace.lines.filter { $0.contains(#""effect":"again""#) }
        #expect(againLines.count == 1)
        #expect(againLines.first?.hasSuffix(#","type":"effect","effect":"again","from":1.5}"#) == true)

        let reader = try TraceReader(text: trace.text, name: "mem", warn: { Issue.record("warning: \($0)") })
        let replayed = MemoryLineSink()
        let replay = try TraceReplay.session(for: reader, states: replayed)
        var replayFrames: [(String?, String?)] = []
        try TraceReplay.run(reader, through: replay) { s in
            replayFrames.append((s.again.map { StateLogFormat.line($0.rerun.snapshot) }, s.again.map { StateLogFormat.line($0.previous.snapshot) }))
        }
        let sameLog = replayed.text == live.text
        #expect(sameLog)
        #expect(replayFrames.count == liveFrames.count)
        let sameReruns = replayFrames.map(\.0) == liveFrames.map(\.rerun)
        let sameGhosts = replayFrames.map(\.1) == liveFrames.map(\.previous)
        #expect(sameReruns, "re-run states differ")
        #expect(sameGhosts, "ghost states differ")
        #expect(liveFrames.contains { $0.rerun != nil })
    }

    @Test("a second again has the first re-run as its ghost; a new press ends a re-run being shown")
    func secondAgainGhostsTheFirst() throws {
        // Again at 3.2 s under the 60 pt radius; at 5.0 s again under a radius put back at 150.
        var script = AgainScript(againAt: [3.2, 5.0], seconds: 8)
        script.inputs.append(InputEvent(time: 4.9, kind: .feel(layer: feelLayer(#"{"dragRadiusPoints":150}"#))))
        script.inputs.sort { $0.time < $1.time }
        let frames = try script.drive(try Session(header: script.header))
        let split = try #require(frames.indices.first { Double(script.frames[$0]) / 1000 >= 5.0 })
        var firstRerun: [Int: String] = [:]
        for f in frames[..<split] where f.rerun != nil && f.pastRecording == 0 { firstRerun[f.rerunFrame] = f.rerun }
        let second = frames[split...].filter { $0.previous != nil && $0.pastRecording == 0 }
        #expect(second.count > 30)
        var compared = 0
        for f in second {
            guard let first = firstRerun[f.previousFrame] else { continue }
            #expect(f.previous == first, "frame \(f.previousFrame)")
            compared += 1
        }
        #expect(compared > 20)

        // A press during a re-run ends it at once.
        var pressed = AgainScript(againAt: [3.2])
        pressed.inputs.append(.pointer(.down, 3.3, 200, 200))
        pressed.inputs.append(.pointer(.up, 3.35, 200, 200))
        pressed.inputs.sort { $0.time < $1.time }
        let cut = try pressed.drive(try Session(header: pressed.header))
        let after = cut.indices.filter { Double(pressed.frames[$0]) / 1000 >= 3.3 }
        #expect(cut.contains { $0.rerun != nil })
        #expect(after.allSatisfy { cut[$0].rerun == nil })
    }

    @Test("the again key before any press asks nothing of the shell and says why in the message line")
    func nothingToRerun() throws {
        var script = AgainScript(feel: nil, againAt: [0.8])
        script.inputs.removeAll { if case .pointer = $0.kind { return true } else { return false } }
        let session = try Session(header: script.header)
        var requests: [ViewerRequest] = []
        var i = 0
        for m in script.frames.prefix(80) {
            let t = Double(m) / 1000
            while i < script.inputs.count, script.inputs[i].time <= t { try session.handle(script.inputs[i]); i += 1 }
            try session.handle(.frame(t))
            requests += session.takeRequests()
        }
        #expect(requests.isEmpty)
        #expect(session.againFrom == nil)
        #expect(session.lab.feelLab.message?.text.hasPrefix("again: no gesture") == true)
    }
}
