import Continuity
import Foundation
import Geometry
import TestSupport
import Testing
@testable import Trace
import Viewing
import DrawnBounds
import Drawing
import Events

/// Frame-rate independence, checked: every golden trace replayed at 30–240 fps and in slow motion
/// draws the same picture at the same viewer instants (within 0.5 pt, 0.001 rad, 0.002 of backdrop).
@Suite("Frame rates: the same trace draws the same picture at 30–240 fps and in slow motion")
struct FrameRateCheckTests {
    static func report(_ scenario: GoldenScenarios.Scenario) throws -> FrameRateCheck.Report {
        let reader = try TraceReader(text: scenario.traceText, name: scenario.name, warn: { Issue.record("\($0)") })
        var events: [InputEvent] = []
        while let e = try reader.next() { events.append(e) }
        return try FrameRateCheck.run(header: reader.header, events: events)
    }

    @Test("every golden trace draws the same at every cadence", arguments: GoldenScenarios.all)
    func golden(scenario: GoldenScenarios.Scenario) throws {
        let report = try Self.report(scenario)
        print("\(scenario.name):\n\(report.text)", terminator: "")
        #expect(report.instants > 30)
        #expect(report.failures.isEmpty, "\(scenario.name): \(report.failures.map(\.description).joined(separator: "; "))")
    }

    // MARK: - The instrument against planted faults

    static func sample(centre: Double, backdrop: Double, alpha: Double = 1, photo: Int? = 0) -> MotionSample {
        var quantities = [DrawnQuantity(kind: .backdrop, photo: nil, value: [backdrop], speedLimit: 0, decayRate: 0, tolerance: 0)]
        var quads: [Int: MotionSample.Presence] = [:]
        if let photo {
            quantities.append(DrawnQuantity(kind: .center, photo: photo, value: [centre, 400], speedLimit: 0, decayRate: 0, tolerance: 0))
            quads[photo] = MotionSample.Presence(depth: 300, alpha: alpha, cellDistance: 200)
        }
        return MotionSample(time: 0, quantities: quantities, quads: quads)
    }

    @Test("a centre 0.6 pt apart between two cadences is out of bounds; 0.4 pt is within")
    func catchesACentre() {
        let cadences = [FrameRateCheck.Cadence.display(30), .display(240)]
        let off = FrameRateCheck.compare([[1: Self.sample(centre: 100, backdrop: 0.5)], [1: Self.sample(centre: 100.6, backdrop: 0.5)]],
                                         cadences: cadences, instantCount: 2)
        #expect(off.failures.count == 1)
        #expect(off.failures.first?.kind == .center)
        #expect(abs((off.failures.first?.size ?? 0) - 0.6) < 1e-9)
        #expect(off.failures.first?.low == "30 fps" && off.failures.first?.high == "240 fps")
        let near = FrameRateCheck.compare([[1: Self.sample(centre: 100, backdrop: 0.5)], [1: Self.sample(centre: 100.4, backdrop: 0.5)]],
                                          cadences: cadences, instantCount: 2)
        #expect(near.failures.isEmpty)
    }

    @Test("a backdrop 0.003 apart, and a quad drawn under one cadence only, are out of bounds")
    func catchesBackdropAndPresence() {
        let cadences = [FrameRateCheck.Cadence.display(60), .slowMotion(0.25)]
        let backdrop = FrameRateCheck.compare([[1: Self.sample(centre: 100, backdrop: 0.5)], [1: Self.sample(centre: 100, backdrop: 0.503)]],
                                              cadences: cadences, instantCount: 2)
        #expect(backdrop.failures.map(\.kind) == [.backdrop])
        let presence = FrameRateCheck.compare([[1: Self.sample(centre: 100, backdrop: 1)], [1: Self.sample(centre: 100, backdrop: 1, photo: nil)]],
                                              cadences: cadences, instantCount: 2)
        #expect(presence.failures.count == 1 && presence.failures.first?.isPresence == true)
        // A quad that had faded out may be gone under another cadence.
        let faded = FrameRateCheck.compare([[1: Self.sample(centre: 100, backdrop: 1, alpha: 0)], [1: Self.sample(centre: 100, backdrop: 1, photo: nil)]],
                                           cadences: cadences, instantCount: 2)
        #expect(faded.failures.isEmpty)
    }

    @Test("slow motion 0.25× on a 60 Hz display draws every 1/240 s; every cadence draws the common instants")
    func cadences() {
        #expect(FrameRateCheck.Cadence.slowMotion(0.25).framesPerSecond == 240)
        #expect(FrameRateCheck.Cadence.slowMotion(0.1).framesPerSecond == 600)
        for cadence in FrameRateCheck.Cadence.standard {
            let times = FrameRateCheck.frameTimes(cadence: cadence, end: 1)
            let instants = times.compactMap(\.1)
            #expect(instants == Array(1...30), "\(cadence.name)")
            #expect(zip(times, times.dropFirst()).allSatisfy { $0.0 < $1.0 }, "\(cadence.name): times must rise")
            // Its own frames: fps per second, none lost where they meet a common instant.
            #expect(times.count >= Int(cadence.framesPerSecond) - 1, "\(cadence.name)")
        }
    }

    // MARK: - Generated hands

    /// A seeded session of input only (what a trace can carry): clicks, drags at 120 Hz with
    /// changes of speed, releases, flicks, wheel bursts (plain, Ctrl, Ctrl + Shift, sideways),
    /// keys and resizes, at any instant of whatever flight is under way.
    static func generatedInput(seed: UInt64) -> (TraceHeader, [InputEvent]) {
        var rng = SplitMix64(seed: seed)
        let photos = (0..<30).map { Photo(name: "p\($0).jpg", pixelSize: Size(rng.uniform(300...4000).rounded(), rng.uniform(300...4000).rounded())) }
        var window = Size(1280, 800)
        let header = TraceHeader(windowSize: window, photos: photos, feel: nil)
        var events: [InputEvent] = []
        var t = 0.05
        func add(_ kind: InputEvent.Kind, after dt: Double) { t += dt; events.append(InputEvent(time: t, kind: kind)) }
        func point() -> Point { Point(rng.uniform(40...(window.width - 40)), rng.uniform(40...(window.height - 40))) }
        for _ in 0..<rng.integer(6...16) {
            switch rng.integer(0...6) {
            case 0:
                let p = point()
                add(.pointer(phase: .down, position: p, button: .left, modifiers: []), after: rng.uniform(0.01...0.6))
                add(.pointer(phase: .up, position: p, button: .left, modifiers: []), after: 0.05)
            case 1, 2:
                var p = point()
                let mods: Modifiers = rng.chance(0.2) ? [.alt] : []
                add(.pointer(phase: .down, position: p, button: .left, modifiers: mods), after: rng.uniform(0.01...0.6))
                for _ in 0..<rng.integer(1...3) {
                    let v = Point(rng.uniform(-3000...3000), rng.uniform(-3000...3000))
                    for _ in 0..<rng.integer(3...20) {
                        p = p + v / 120
                        add(.pointer(phase: .move, position: p, button: .left, modifiers: mods), after: 1.0 / 120)
                    }
                }
                add(.pointer(phase: .up, position: p, button: .left, modifiers: mods), after: rng.chance(0.5) ? 0.004 : rng.uniform(0.05...0.3))
            case 3:
                let mods: Modifiers = rng.pick([[], [.ctrl], [.ctrl, .shift]])
                let p = point()
                let sideways = rng.chance(0.5)
                for i in 0..<rng.integer(2...20) {
                    let d = (i < 10 ? 1.0 : -1.0) * (sideways ? 0.15 : 1)
                    add(.wheel(position: p, delta: sideways ? Point(d, 0) : Point(0, d), modifiers: sideways ? [] : mods),
                        after: sideways ? 1.0 / 120 : rng.uniform(0.01...0.05))
                }
            case 4:
                let key = rng.pick(["escape", "left", "right", "return", "=", "-", "0"])
                add(.key(phase: .down, key: key, modifiers: []), after: rng.uniform(0.01...0.5))
                add(.key(phase: .up, key: key, modifiers: []), after: 0.02)
            case 5:
                window = Size(rng.uniform(600...1600).rounded(), rng.uniform(400...1000).rounded())
                add(.resize(window), after: rng.uniform(0.01...0.4))
            default:
                t += rng.uniform(0.1...0.8)
            }
        }
        return (header, events)
    }

    @Test("print one generated session (PHOTOZOOM_RATES_SEED)", .enabled(if: ProcessInfo.processInfo.environment["PHOTOZOOM_RATES_SEED"] != nil))
    func printSeed() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["PHOTOZOOM_RATES_SEED"] ?? "1") ?? 1
        let (header, events) = Self.generatedInput(seed: seed)
        for e in events { print("event \(e.time) \(e.kind)") }
        // The session as traces at two cadences, for `photozoom replay --summary` side by side.
        for fps in [30.0, 120.0] {
            var lines = [header.line]
            var frames = FrameRateCheck.frameTimes(cadence: .display(fps), end: (events.last?.time ?? 0) + 2.5).map(\.0)[...]
            for e in events {
                while let f = frames.first, f < e.time { lines.append(TraceEventFormat.line(InputEvent(time: f, kind: .frame))); frames = frames.dropFirst() }
                lines.append(TraceEventFormat.line(e))
            }
            for f in frames { lines.append(TraceEventFormat.line(InputEvent(time: f, kind: .frame))) }
            try (lines.joined(separator: "\n") + "\n").write(toFile: "/tmp/rates-seed\(seed)-\(Int(fps)).trace.jsonl", atomically: true, encoding: .utf8)
        }
        let report = try FrameRateCheck.run(header: header, events: events)
        print(report.text)
    }

    /// Sessions checked by default: 40 (about 40 s on one core of a shared machine, seven cadences
    /// each); `PHOTOZOOM_RATES_GENERATED=N` checks seeds 1...N instead.
    static var generatedCount: UInt64 {
        ProcessInfo.processInfo.environment["PHOTOZOOM_RATES_GENERATED"].flatMap { UInt64($0) }.map { max(1, $0) } ?? 40
    }

    /// Over these sessions the check found quantities out of bounds until the viewer passed it (seed
    /// 18: a photo 918 pt apart in size between 30 and 120 fps, a decision that came out differently;
    /// seed 5: 12.5 pt after a Ctrl + Shift wheel turn on a photo in flight; seed 28: a closing size
    /// 1.83 pt apart, the closing floor applied at the ends of steps). `PHOTOZOOM_RATES_SEED=N`
    /// prints one session.
    @Test("generated sessions of hand-shaped input draw the same at every cadence (40; PHOTOZOOM_RATES_GENERATED=N for N)")
    func generated() throws {
        var worst: [String] = []
        for seed in UInt64(1)...Self.generatedCount {
            let (header, events) = Self.generatedInput(seed: seed)
            let report = try FrameRateCheck.run(header: header, events: events)
            worst += report.failures.map { "seed \(seed): \($0.description)" }
        }
        print("rates over \(Self.generatedCount) generated sessions: \(worst.count) quantities out of bounds")
        #expect(worst.isEmpty, "\(worst.prefix(12).joined(separator: "\n"))")
    }
}

@Suite("Frame rates: the check compares until every spring, timer and fade has come to rest")
struct FrameRateCheckTailTests {
    /// F5 on photo 0 of three, presented: the show turns at 4 s and 8.5 s, then ends.
    static func slideshowReport() -> FrameRateCheck.Report {
        let photos = (0..<3).map { Photo(name: "p\($0).png", pixelSize: Size(600, 400)) }
        var inputs: [InputEvent] = [InputEvent(time: 0.2, kind: .key(phase: .down, key: "return", modifiers: []))]
        inputs.append(InputEvent(time: 1.5, kind: .key(phase: .down, key: "f5", modifiers: [])))
        return FrameRateCheck.run(input: inputs, time: \.time, start: {
            var v = Viewer(photos: photos, windowSize: Size(1280, 800))
            v.handle(InputEvent(time: 0.1, kind: .key(phase: .down, key: "right", modifiers: [])))
            return v
        }, apply: { v, e in v.handle(e) })
    }

    @Test("a slideshow's timer-driven pages, 4 s and more after the last key, are compared (was: the check stopped 2.5 s after it)")
    func comparesTimerMotion() {
        let report = Self.slideshowReport()
        // The last key at 1.5 s; the pages turn at about 5.5 s and 10 s and settle within a second:
        // at 30 instants a second, past 11 s is over 330 instants (2.5 s after the key: 120).
        print(report.text)
        #expect(report.instants > 330, "\(report.instants) instants")
        #expect(report.failures.isEmpty, "\(report.failures.map(\.description).joined(separator: "; "))")
    }
}
