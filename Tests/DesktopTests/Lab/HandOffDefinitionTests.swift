import Drawing
import Geometry
@testable import LabUI
import Plotting
import Testing
import Trace
import Viewing

/// "Hand-off" is one quantity (docs/feel-lab.md, "The figures"): the change of the photo's drawn
/// velocity across a release or interruption, read from drawn frames by `MotionFigures`, so the
/// summary (and `compare`, which prints the summary's figures) and `plot` give the same number
/// for the same release, under the same name.
@Suite("Hand-off: one definition for the summary, compare and plot, steady on sub-millisecond frames")
struct HandOffDefinitionTests {
    /// A pan dragging the photo down at `speed` pt/s on frames `frame` s apart, as Xvfb without
    /// vsync draws them (0.3 ms), with the pointer moving in whole points (the drawn centre steps
    /// 1 pt at a time), released at 1.0 s into a motion that carries on at the same speed,
    /// slowing as y = y₀ + speed·u − 500·u² (u = t − 1): velocity at the release `speed`.
    static func frames(speed: Double, frame: Double) -> (snapshots: [StateSnapshot], release: ViewerNote.Release) {
        var out: [StateSnapshot] = []
        func snap(_ t: Double, _ y: Double, _ phase: Phase) -> StateSnapshot {
            StateSnapshot(frame: out.count + 1, time: t, phase: phase, photo: 0,
                          image: StateSnapshot.Image(center: Point(640, y), size: Size(900, 600), rotation: 0),
                          backdrop: 1, progress: 1, scroll: 0, gesture: phase == .interacting ? .pan : .none)
        }
        var k = 0
        while true {
            let t = 0.9 + Double(k) * frame
            if t >= 1.0 { break }
            out.append(snap(t, 400 + (speed * (t - 1)).rounded(.down), .interacting))
            k += 1
        }
        let release = ViewerNote.Release(photo: 0, gesture: .pan, time: 1.0, velocity: Point(0, speed), scaleVelocity: 0,
                                         rotationVelocity: 0, projected: 600, decision: .close)
        var t = 1.0 + frame * 0.5
        while t < 1.2 {
            let u = t - 1
            out.append(snap(t, 400 + speed * u - 500 * u * u, .closing))
            t += frame
        }
        return (out, release)
    }

    static func summary(_ f: (snapshots: [StateSnapshot], release: ViewerNote.Release)) -> SessionSummary.Entry? {
        var s = SessionSummary(photos: [Photo(name: "a.jpg", pixelSize: Size(900, 600))])
        for snapshot in f.snapshots {
            let notes: [ViewerNote] = snapshot.time > 1.0 && s.entries.isEmpty ? [.released(f.release)] : []
            s.observe(notes: notes, snapshot: snapshot)
        }
        return s.entries.first
    }

    static func plotted(_ f: (snapshots: [StateSnapshot], release: ViewerNote.Release)) throws -> GestureFigures? {
        var lines: [String] = []
        var marked = false
        for snapshot in f.snapshots {
            let first = snapshot.time > 1.0 && !marked
            if first { marked = true }
            lines.append(StateLogFormat.line(snapshot, event: first ? 1.0 : nil))
        }
        let log = try PlotLog.parse(lines.joined(separator: "\n") + "\n", name: "a", file: "a")
        guard let release = log.marks.firstIndex(where: { $0.kind == .release }) else { return nil }
        return GestureFigures.figures(of: release, in: log)
    }

    @Test("the summary and plot give the same hand-off for a release on 0.3 ms frames, and it is near zero where the motion carries the hand's speed on",
          arguments: [1.0 / 60, 0.004, 0.0003])
    func oneNumber(frame: Double) throws {
        let f = Self.frames(speed: 600, frame: frame)
        let summary = try #require(Self.summary(f)?.handOffPointsPerSecond)
        let plot = try #require(try Self.plotted(f)?.centerHandOff)
        // One definition from the same drawn frames (rounded as the log writes them): the same number.
        #expect(abs(summary - plot) < 1e-6, "frame \(frame) s: summary \(summary) pt/s, plot \(plot) pt/s")
        // The photo leaves at the hand's 600 pt/s: a whole-point pointer reads within 5 % of it
        // (30 pt/s), not the 0 or 3,333 pt/s (1 pt in 0.3 ms) of one frame's difference.
        #expect(summary < 30, "frame \(frame) s: hand-off \(summary) pt/s")
    }

    @Test("the fault this replaces: one frame's difference before the release reads the pointer's steps on 0.3 ms frames")
    func oneFrameDifferenceFails() throws {
        let f = Self.frames(speed: 600, frame: 0.0003)
        let before = f.snapshots.filter { $0.time < 1.0 }.suffix(2).map(MotionFigures.Frame.init(snapshot:))
        let after = f.snapshots.filter { $0.time > 1.0 }.map(MotionFigures.Frame.init(snapshot:))
        let figures = MotionFigures.measure(event: 1.0, before: before, after: after)
        // Over the last frame the drawn centre stepped 0 or 1 pt in 0.3 ms: 0 or 3,333 pt/s, so
        // |after − before| was 600 or 2,733 pt/s where the photo left at the hand's speed; the
        // 50 ms window reads the 600 pt/s (the test above).
        let oneFrame = try #require(MotionFigures.velocity(from: before[0], to: before[1])).center.y
        #expect(oneFrame == 0 || abs(oneFrame - 1 / 0.0003) < 1)
        let after0 = try #require(figures.velocityAfter).center.y
        #expect(abs(after0 - oneFrame) > 500, "after \(after0), one frame before \(oneFrame)")
    }

    @Test("plot's table names the figure as compare's table does: hand-off")
    func sameName() {
        #expect(FiguresTable.header.contains("hand-off (pt/s)"), "\(FiguresTable.header)")
        #expect(!FiguresTable.header.contains("Δ (pt/s)"))
    }
}
