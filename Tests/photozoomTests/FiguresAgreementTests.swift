import Foundation
import Testing

/// One set of figures: for the same release, `replay --summary`, `compare` and `plot --data` give
/// the same settle time and overshoot, and the summary and `plot --data` the same velocity the
/// instant after: the state log gives the release's own instant (`"event"`), and `plot` measures
/// from it as the summary does (`MotionFigures`).
///
/// Before `MotionFigures` the pan dismissal's release read 0.82 s in the summary (2.18 − 1.36),
/// 0.81 s in `compare` and 0.704 s in `plot --data` (three still frames of 0.1 pt), and the
/// pinch-rotate and paging releases 0.81 / 0.80 / 0.72 s and 0.84 / 0.84 / 0.736 s. Before the
/// log carried the instant, `plot` took the velocity after at the first frame drawn after the
/// release: 946 pt/s against the summary's 1,485 for the pan dismissal, 289 against 333 for the
/// pinch-rotate, 2,914 against 2,505 for the paging flick, and settle times up to a frame short.
@Suite("One set of figures: summary, compare and plot --data agree on settle time, overshoot and hand-off")
struct FiguresAgreementTests {
    static let golden = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden")

    /// A held pan let go where it stands (a 60 pt drag down, still for 0.1 s): it returns on the
    /// cancel spring (ζ 0.8), which overshoots by `e^{−πζ/√(1−ζ²)}` = 1.5 % of the 60 pt, about
    /// 0.9 pt, so the overshoot is compared where there is one. Frames every 16 ms, the hand's
    /// moves every 8 ms, in the golden traces' window and photos.
    static func heldReturnTrace() throws -> String {
        var trace = HandMadeTrace(duration: 2.4)
        trace.clickPhoto3(at: 0.2)
        trace.heldDrag(at: 1.2, distance: 60)
        return try trace.text()
    }

    /// The release's settle seconds and overshoot as each command prints them.
    /// (Before: this trace's return read 0.54 s and 0.9 pt in the summary and `compare`, and 0.304 s
    /// and 0 pt in `plot --data`, whose three still frames were the turn at the overshoot's peak.)
    struct Figures { var settle: Double; var overshoot: Double; var velocityAfter: Double? = nil; var handOff: Double? = nil }

    func summaryFigures(_ trace: String) async throws -> Figures {
        let r = try await PhotoZoomProcess.run(["replay", trace, "--summary"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.contains(" released at ") }.map(String.init))
        let settle = try #require(Self.number(after: "(after ", in: line), "\(line)")
        let overshoot = try #require(Self.number(after: "; overshoot ", in: line), "\(line)")
        let after = line.components(separatedBy: "; ").first { $0.hasSuffix("the instant after (from the frames)") }
        return Figures(settle: settle, overshoot: overshoot, velocityAfter: after.flatMap { Self.number(after: "photo at ", in: $0) },
                       handOff: Self.number(after: "; hand-off ", in: line))
    }

    func compareFigures(_ trace: String, dir: URL) async throws -> Figures {
        let r = try await PhotoZoomProcess.run(["compare", trace, "--feel", "default", "--feel", "soft",
                                             "--out", dir.appendingPathComponent("c.png").path])
        #expect(r.status == 0, "\(r.stderr)")
        let row = try #require(r.stdout.split(separator: "\n").first { $0.contains(" release ") }.map(String.init))
        // "1.36 s pan release   → close   0.450 s   0.812 s   0.0 pt …": run A's cells follow the outcome.
        let runA = row.components(separatedBy: "→ ")[1]
        let (settle, overshoot) = try #require(Self.settleAndOvershoot(runA), "\(row)")
        // The hand-off cell: the first "N pt/s" of run A's cells.
        let handOff = runA.firstMatch(of: /([0-9]+) pt\/s/).flatMap { Double($0.1) }
        return Figures(settle: settle, overshoot: overshoot, handOff: handOff)
    }

    /// The first "settle s  overshoot pt" pair of cells in a `compare` row (after the 90 % cell).
    static func settleAndOvershoot(_ cells: String) -> (Double, Double)? {
        guard let match = cells.firstMatch(of: /([0-9.]+) s +([0-9.]+) pt/), let s = Double(match.1), let o = Double(match.2) else { return nil }
        return (s, o)
    }

    func plotFigures(_ states: String, dir: URL, name: String = "f") async throws -> Figures {
        let csv = dir.appendingPathComponent(name + ".csv").path
        let r = try await PhotoZoomProcess.run(["plot", states, "--out", dir.appendingPathComponent(name + ".png").path, "--data", csv])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows[0]
        let release = try #require(rows.dropFirst().first { $0[header.firstIndex(of: "kind")!] == "release" })
        let settle = try #require(header.firstIndex(of: "settle_s").flatMap { Double(release[$0]) })
        let overshoot = try #require(header.firstIndex(of: "overshoot_pt").flatMap { Double(release[$0]) })
        let vx = header.firstIndex(of: "centre_vx_after_pt_s").flatMap { Double(release[$0]) }
        let vy = header.firstIndex(of: "centre_vy_after_pt_s").flatMap { Double(release[$0]) }
        let speed = vx.flatMap { x in vy.map { y in (x * x + y * y).squareRoot() } }
        let handOff = header.firstIndex(of: "centre_hand_off_pt_s").flatMap { Double(release[$0]) }
        return Figures(settle: settle, overshoot: overshoot, velocityAfter: speed, handOff: handOff)
    }

    static func number(after marker: String, in line: String) -> Double? {
        guard let range = line.range(of: marker) else { return nil }
        return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" })
    }

    @Test("the golden traces' three releases and a held return: settle within a millisecond, overshoot within 0.1 pt, the summary and plot --data on the velocity after within 1 pt/s, one hand-off in all three", arguments: [
        "pan-dismissal", "pinch-rotate-dismissal", "paging", "held-return",
    ])
    func agree(name: String) async throws {
        let dir = try PhotoZoomProcess.freshFolder("figures-\(name)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var trace = Self.golden.appendingPathComponent(name + ".trace.jsonl").path
        if name == "held-return" {
            trace = dir.appendingPathComponent("held-return.trace.jsonl").path
            try Self.heldReturnTrace().write(toFile: trace, atomically: true, encoding: .utf8)
        }
        let states = dir.appendingPathComponent("s.states.jsonl").path
        let written = try await PhotoZoomProcess.run(["replay", trace, "--states", states])
        #expect(written.status == 0, "\(written.stderr)")
        let summary = try await summaryFigures(trace)
        let compare = try await compareFigures(trace, dir: dir)
        let plot = try await plotFigures(states, dir: dir)
        // Each prints seconds to the millisecond (half a millisecond of rounding on either side) and
        // the summary its speed to the whole pt/s.
        let printed = 0.001
        #expect(abs(summary.settle - compare.settle) <= printed, "summary \(summary.settle) s, compare \(compare.settle) s")
        #expect(abs(summary.settle - plot.settle) <= printed, "summary \(summary.settle) s, plot \(plot.settle) s")
        let speeds = try (#require(summary.velocityAfter), #require(plot.velocityAfter))
        #expect(abs(speeds.0 - speeds.1) <= 1, "velocity after: summary \(speeds.0) pt/s, plot \(speeds.1) pt/s")
        // One hand-off, printed to the whole pt/s by the summary and compare: the same number in all three.
        let handOffs = try (#require(summary.handOff), #require(compare.handOff), #require(plot.handOff))
        #expect(abs(handOffs.0 - handOffs.1) <= 0.5 && abs(handOffs.0 - handOffs.2) <= 1,
                "hand-off: summary \(handOffs.0), compare \(handOffs.1), plot \(handOffs.2) pt/s")
        #expect(abs(summary.overshoot - compare.overshoot) <= 0.1 && abs(summary.overshoot - plot.overshoot) <= 0.1,
                "overshoot: summary \(summary.overshoot), compare \(compare.overshoot), plot \(plot.overshoot) pt")
        if name != "held-return" {
            // The fault this exists for: the log without the release's instant, `plot` measures
            // from the first frame drawn after it, and its velocity after is that frame's.
            let text = try String(contentsOfFile: states, encoding: .utf8)
            let stripped = dir.appendingPathComponent("old.states.jsonl").path
            try text.replacing(/,"event":[0-9.e-]+/, with: "").write(toFile: stripped, atomically: true, encoding: .utf8)
            let late = try await plotFigures(stripped, dir: dir, name: "old")
            let lateSpeed = try #require(late.velocityAfter)
            print("[figure] \(name): velocity after: summary \(speeds.0) pt/s, plot \(speeds.1) pt/s; from the frame after, as before: \(lateSpeed) pt/s")
            #expect(abs(speeds.0 - lateSpeed) > 20, "\(lateSpeed) pt/s")
        }
        if name == "held-return" {
            // The cancel spring's step overshoot: 1.5 % of the 60 pt travel (the frames sample near its peak).
            #expect(summary.overshoot > 0.5 && summary.overshoot < 1.0, "\(summary.overshoot) pt")
        }
    }
}
