import Foundation
import Geometry
import Testing
@testable import Plotting
import Viewing
import TestSupport
import FeelModel
import JSON

@Suite("Gesture figures and velocity strips of plotted logs: velocities either side of a release, page turns without jumps")
struct GestureFiguresTests {
    static let golden = Repository.path("Tests/TraceTests/Golden")

    @Test("a pan at 200 pt/s released into a close: 200 pt/s before, settle and overshoot measured")
    func panRelease() throws {
        let log = try PlotLog.parse(syntheticLog(response: 0.45, panSpeed: 200), name: "a", file: "a")
        let release = try #require(log.marks.firstIndex { $0.kind == .release })
        let f = GestureFigures.figures(of: release, in: log)
        // The synthetic pan moves y by 200 pt/s · t and shrinks the width by the same: (0, 200) pt/s, scale −200/750 per s.
        let before = try #require(f.centerVelocityBefore)
        #expect(abs(before.x) < 1e-9 && abs(before.y - 200) < 1e-6)
        // The close moves y at −400 pt/s from 500 pt (constant velocity): the frame after shows it.
        let after = try #require(f.centerVelocityAfter)
        #expect(abs(after.y + 400) < 1e-6)
        #expect(abs(try #require(f.centerHandOff) - 600) < 1e-6)
        // It never rests within the log (it keeps closing to its end): no settle time.
        #expect(f.settleSeconds == nil)
    }

    @Test("paging: centre x continues across the page turn by one window width plus the gap, speed stays bounded")
    func pagingContinuity() throws {
        let text = try String(contentsOf: Self.golden.appendingPathComponent("paging.states.jsonl"), encoding: .utf8)
        let raw = try PlotLog.parse(text, name: "paging", file: "paging")
        // Raw: the photo in view changes at the release and x jumps by more than a half window.
        let rawJump = zip(raw.samples, raw.samples.dropFirst()).compactMap { a, b -> Double? in
            guard let ca = a.center, let cb = b.center else { return nil }
            return abs(cb.x - ca.x)
        }.max() ?? 0
        #expect(rawJump > 640)
        let width = try #require(raw.inferredWindowWidth)
        #expect(width == 1280, "the golden trace's window")
        let log = raw.continuingAcrossPages(pitch: width + Feel.defaults.pagingGapPoints)
        // Continuous: no frame moves the centre farther than the paging spring's fastest pace allows
        // (under 8000 pt/s · 16 ms = 128 pt), and the page turn reads as motion, not a jump.
        let steps = zip(log.samples, log.samples.dropFirst()).compactMap { a, b -> Double? in
            guard let ca = a.center, let cb = b.center else { return nil }
            return abs(cb.x - ca.x)
        }
        #expect((steps.max() ?? 0) < 128, "largest step \(steps.max() ?? 0) pt")
        let speeds = log.samples.compactMap(\.centerSpeed)
        #expect(speeds.allSatisfy { $0.isFinite && $0 < 8000 })
        // After the turn (presented from 1.968 s, closing from 2.304 s) the photo rests one pitch to the
        // left of the window's centre: 640 − 1304.
        let last = try #require(log.samples.first { $0.time >= 2.2 }?.center)
        #expect(abs(last.x - (640 - 1304)) < 2)
    }

    @Test("figures go to CSV with a header and to JSON with null where there is no value")
    func dataFiles() throws {
        let log = try PlotLog.parse(syntheticLog(response: 0.45), name: "a, quoted", file: "a")
        let figures = GestureFigures.all(in: log)
        #expect(!figures.isEmpty)
        let csv = FiguresTable.csv(figures).split(separator: "\n")
        #expect(csv.count == figures.count + 1)
        #expect(csv[0].hasPrefix("log,number,kind,time_s,centre_vx_before_pt_s"))
        #expect(csv[1].hasPrefix("\"a, quoted\",1,"))
        let json = try JSONReader.parse(FiguresTable.json(figures))
        guard case let .array(rows)? = json["figures"] else { Issue.record("no figures array"); return }
        #expect(rows.count == figures.count)
        #expect(rows.first?["settle_s"] == .null)
    }
}
