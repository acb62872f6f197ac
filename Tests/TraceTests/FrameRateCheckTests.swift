import Continuity
import Foundation
import Testing
@testable import Trace
import Viewer

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
        return MotionSample(time: 0, quantities: quantities, quads: quads, movedByInput: false)
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
}
