import Foundation
import Testing

@Suite("photozoom fit and match: a spring from a recorded motion, a state log against a reference")
struct FitAndMatchCommandTests {
    static let golden = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/open-and-close.states.jsonl").path

    /// A reference CSV: the golden log's opening cell and full-screen frame on a critically damped
    /// spring of ω `omega` rad/s, let go at 2/60 s, sampled at 60 Hz.
    static func reference(omega: Double, letGo: Double = 2.0 / 60) -> String {
        let start = [961.0, 4, 1116.5, 159.5], end = [40.0, 0, 1240, 800]
        var rows = ["t,card_l,card_t,card_r,card_b"]
        for i in 0..<50 {
            let t = Double(i) / 60, tau = max(0, t - letGo)
            let p = 1 - (1 + omega * tau) * exp(-omega * tau)
            rows.append(([t] + zip(start, end).map { $0 + ($1 - $0) * p }).map { String($0) }.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    @Test("fit on a real state log finds the spring that made it: the default open spring, 0.45 s and ζ 0.85")
    func fitStateLog() async throws {
        let r = try await PhotoZoomProcess.run(["fit", Self.golden, "--form", "all"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("spring (response): response 0.45 s, dampingRatio 0.85\n"), "\(r.stdout)")
        #expect(r.stdout.contains("spring (duration): duration 0.45 s, bounce 0.15\n"))
        // k = 4π²/0.45² = 194.955, c = 4π·0.85/0.45 = 23.736 (the log's 0.001 pt rounding moves the fourth decimal).
        #expect(r.stdout.contains("spring (physical): stiffness 194.95"), "\(r.stdout)")
        #expect(r.stdout.contains(" N/m, damping 23.73"))
        #expect(r.stdout.contains("start: 0.26 s (fitted)"))
        // The closing flight is the close spring: 0.35 s, ζ 1.
        let closing = try await PhotoZoomProcess.run(["fit", Self.golden, "--flight", "2"])
        #expect(closing.stdout.contains("spring (response): response 0.35 s, dampingRatio 1\n"), "\(closing.stdout)")
    }

    @Test("fit --into writes a new feel file, and beside an existing one unless --force; bad CSV names file, line and column")
    func fitInto() async throws {
        let dir = try PhotoZoomProcess.freshFolder("fit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("push.csv").path, feel = dir.appendingPathComponent("feel.json").path
        try Self.reference(omega: 19).write(toFile: csv, atomically: true, encoding: .utf8)
        let first = try await PhotoZoomProcess.run(["fit", csv, "--into", feel, "--spring", "openSpring"])
        #expect(first.status == 0, "\(first.stderr)")
        // 2π/19 = 0.3307 s.
        #expect(first.stdout.contains("spring (response): response 0.3307 s, dampingRatio 1\n"), "\(first.stdout)")
        let written = try String(contentsOfFile: feel, encoding: .utf8)
        #expect(written.contains("\"openSpring\": {\"responseSeconds\": 0.33069"), "\(written)")
        let second = try await PhotoZoomProcess.run(["fit", csv, "--into", feel, "--spring", "openSpring"])
        #expect(second.stdout.hasSuffix("\(feel) exists (kept); wrote openSpring with its other parameters to \(dir.path)/feel-2.json (--force replaces)\n"))
        #expect(try String(contentsOfFile: feel, encoding: .utf8) == written)
        // A spring a feel may leave unset is written the same way (the pinch landing ios calibrates).
        let landing = dir.appendingPathComponent("landing.json").path
        let third = try await PhotoZoomProcess.run(["fit", csv, "--into", landing, "--spring", "pinchLandingSpring"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try String(contentsOfFile: landing, encoding: .utf8).contains("\"pinchLandingSpring\": {\"responseSeconds\": 0.33069"))
        let same = try await PhotoZoomProcess.run(["fit", csv, "--into", csv, "--spring", "openSpring", "--force"])
        #expect(same.status == 2 && same.stderr == "photozoom: --into \(csv): that is an input of this command; outputs never replace inputs\n")
        try "t,left\n0,1\n0.1,x2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let bad = try await PhotoZoomProcess.run(["fit", csv])
        #expect(bad.status == 2)
        #expect(bad.stderr == "photozoom: \(csv):3: column 2 (left): \"x2\" is not a number\n")
    }

    @Test("fit --gesture on a replayed session recovers the radius within 5 %, the rate's range and the knee, and writes them as a feel layer")
    func fitGesture() async throws {
        let dir = try PhotoZoomProcess.freshFolder("fit-gesture")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The known feel: radius 180 pt, rate 0.995 per ms (k = 0.199 s), floor 0.4 reached at 0.6
        // of the 800 pt window, knee at 0.3 of it (240 pt).
        let known = dir.appendingPathComponent("known.json").path
        try #"{"dragRadiusPoints": 180, "decelerationRatePerMillisecond": 0.995, "dismissMinimumScale": 0.4, "dismissShrinkDistanceFraction": 0.6, "dismissShrinkKneeFraction": 0.3}"#
            .write(toFile: known, atomically: true, encoding: .utf8)
        var trace = HandMadeTrace(duration: 40)
        var t = 0.2
        trace.clickPhoto3(at: t); t += 1.2
        // Returns: at rest short of 180 pt, and thrown short (60 + 0.199·v ≤ 180 below 603 pt/s).
        for d in [120.0, 160, 172] { trace.heldDrag(at: t, distance: d); t += 1.4 }
        for v in [450.0, 550] { trace.thrownDrag(at: t, distance: 60, speed: v); t += 1.2 }
        // Closes, each followed by a reopening: at rest past 180 pt (and past the knee), thrown past it.
        for d in [188.0, 200, 300, 370] { trace.heldDrag(at: t, distance: d); t += 1.3; trace.clickPhoto3(at: t); t += 1.2 }
        for v in [660.0, 800] { trace.thrownDrag(at: t, distance: 60, speed: v); t += 1.3; trace.clickPhoto3(at: t); t += 1.2 }
        trace.duration = t
        let tracePath = dir.appendingPathComponent("session.trace.jsonl"), states = dir.appendingPathComponent("session.states.jsonl").path
        try trace.text().write(to: tracePath, atomically: true, encoding: .utf8)
        let replay = try await PhotoZoomProcess.run(["replay", tracePath.path, "--feel", known, "--states", states])
        try #require(replay.status == 0, "\(replay.stderr)")
        let layer = dir.appendingPathComponent("fitted.json").path
        let r = try await PhotoZoomProcess.run(["fit", "--gesture", states, "--window-height", "800", "--into", layer])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(": 11 releases (6 closed, 5 returned), 11 counted"), "\(r.stdout)")
        // At rest 172 pt returned and 188 closed: the radius is allowed 172–188, ±4.4 % of 180.
        #expect(r.stdout.contains("threshold (dragRadiusPoints): 180"), "\(r.stdout)")
        #expect(r.stdout.contains(", allowed 172–188 (±4.4 %)"), "\(r.stdout)")
        let fitted = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: layer))) as? [String: Any])
            .compactMapValues { $0 as? Double }
        let radius = try #require(fitted["dragRadiusPoints"]), rate = try #require(fitted["decelerationRatePerMillisecond"])
        #expect(abs(radius - 180) / 180 < 0.05, "\(r.stdout)")
        // The rate's range holds 0.995: 60 + 550k ≤ R < 60 + 660k with R in 172–188 gives k in 0.17–0.23 s.
        #expect(abs(DismissalProjection.seconds(rate) - 0.199) < 0.04, "\(r.stdout)")
        #expect(abs((fitted["dismissShrinkKneeFraction"] ?? 0) - 0.3) < 0.015, "\(r.stdout)")
        #expect(abs((fitted["dismissMinimumScale"] ?? 0) - 0.4) < 0.02, "\(r.stdout)")
    }

    @Test("fit --gesture reads a CSV of t, y, w and held: at-rest holds of 100–170 pt return and 190–440 close, radius 180 pt; bad arguments are named")
    func fitGestureCSV() async throws {
        let dir = try PhotoZoomProcess.freshFolder("fit-gesture-csv")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The photo's centre y and width at 60 Hz: each hold moves 600 pt/s down to its distance and
        // rests 0.2 s (held 1), the width shrinking linearly 1 − 0.5·travel/400 to half; let go, it flies
        // back to 900 pt wide, or (past 180 pt) on to a 300 pt cell, and rests there (held 0).
        var rows = ["t,y,w,held"]
        var t = 0.0
        func row(_ y: Double, _ w: Double, _ held: Int) { rows.append("\(t),\(y),\(w),\(held)"); t += 1.0 / 60 }
        for d in [100.0, 140, 170, 190, 230, 440] {
            for _ in 0..<6 { row(400, 900, 0) }
            var x = 0.0
            func width(_ x: Double) -> Double { 900 * max(0.5, 1 - 0.5 * x / 400) }
            while x < d { x = min(d, x + 10); row(400 + x, width(x), 1) }
            for _ in 0..<12 { row(400 + d, width(d), 1) }
            let end = d > 180 ? 300.0 : 900
            for k in 1...12 {
                let f = Double(k) / 12
                row(400 + d * (1 - f), width(d) * (1 - f) + end * f, 0)
            }
            // At rest in its cell or back at full size; a closed photo is opened again at once.
            for _ in 0..<6 { row(400, end, 0) }
        }
        let csv = dir.appendingPathComponent("drags.csv").path
        try (rows.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["fit", "--gesture", csv, "--window-height", "800"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(": 6 releases (3 closed, 3 returned), 6 counted"), "\(r.stdout)")
        // 170 returned, 190 closed at rest: allowed 170–190.
        #expect(r.stdout.contains(", allowed 170–190 (±5.6 %)"), "\(r.stdout)")
        // Linear to the floor (reached at 400 pt, the last hold rests on it): no knee; floor 0.5 at
        // 400 pt = 0.5 of 800.
        #expect(r.stdout.contains("knee: none"), "\(r.stdout)")
        #expect(r.stdout.contains("floor (dismissMinimumScale) 0.5, reach (dismissShrinkDistanceFraction) 0.5;"), "\(r.stdout)")
        let noHeight = try await PhotoZoomProcess.run(["fit", "--gesture", csv])
        #expect(noHeight.status == 64 || noHeight.status == 2)
        #expect(noHeight.stderr.contains("--gesture needs --window-height H"), "\(noHeight.stderr)")
        try "t,y,w\n0,1,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let bad = try await PhotoZoomProcess.run(["fit", "--gesture", csv, "--window-height", "800"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "photozoom: \(csv):1: no column named \"held\" (columns: t, y, w)\n", "\(bad.stderr)")
    }

    @Test("match: the default opening against iOS's push (ω 19) is not matched, exit 1; against itself, matched, exit 0")
    func match() async throws {
        let dir = try PhotoZoomProcess.freshFolder("match")
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("push.csv").path, png = dir.appendingPathComponent("m.png").path
        try Self.reference(omega: 19).write(toFile: csv, atomically: true, encoding: .utf8)
        let names = ["--as", "card_l=left", "--as", "card_t=top", "--as", "card_r=right", "--as", "card_b=bottom"]
        let r = try await PhotoZoomProcess.run(["match", Self.golden, csv, "--out", png] + names)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("NOT MATCHED: left, top, right, bottom"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: png))
        let itself = try await PhotoZoomProcess.run(["match", Self.golden, Self.golden])
        #expect(itself.status == 0, "\(itself.stdout)\(itself.stderr)")
        #expect(itself.stdout.hasSuffix("MATCHED\n"))
        let noColumn = try await PhotoZoomProcess.run(["match", Self.golden, csv])
        #expect(noColumn.status == 2)
        #expect(noColumn.stderr == "photozoom: \(Self.golden): a state log has no quantity \"card_l\" (it has left, top, right, bottom, x, y, width, height, scale, rotation, backdrop)\n")
    }

    @Test("--feel ios opens on the reference's push: fit finds ω 19, ζ 1, and match says matched")
    func iosOpening() async throws {
        let dir = try PhotoZoomProcess.freshFolder("ios")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/open-and-close.trace.jsonl").path
        let log = dir.appendingPathComponent("ios.states.jsonl").path
        // The ios preset with coffee.jpg (600 × 400) filled to its 1200 × 800 fit as the trace
        // records it (maximumUpscale 2): the reference's card ends on that frame.
        let preset = try await PhotoZoomProcess.run(["feel", "--preset", "ios"])
        #expect(preset.stdout.contains("\"maximumUpscale\": 1,"), "\(preset.stdout)")
        let feel = dir.appendingPathComponent("ios-filled.json")
        try preset.stdout.replacingOccurrences(of: "\"maximumUpscale\": 1,", with: "\"maximumUpscale\": 2,")
            .write(to: feel, atomically: true, encoding: .utf8)
        let replay = try await PhotoZoomProcess.run(["replay", trace, "--feel", feel.path, "--states", log])
        #expect(replay.status == 0, "\(replay.stderr)")
        let fit = try await PhotoZoomProcess.run(["fit", log])
        // 2π/19 = 0.3307 s.
        #expect(fit.stdout.contains("spring (response): response 0.3307 s, dampingRatio 1\n"), "\(fit.stdout)")
        // The reference let go 12 ms before its first moving frame, as the replay's click is 12 ms
        // before its first opening frame: the two onsets then sit alike.
        let csv = dir.appendingPathComponent("push.csv").path
        try Self.reference(omega: 19, letGo: 3.0 / 60 - 0.012).write(toFile: csv, atomically: true, encoding: .utf8)
        let names = ["--as", "card_l=left", "--as", "card_t=top", "--as", "card_r=right", "--as", "card_b=bottom"]
        let match = try await PhotoZoomProcess.run(["match", log, csv] + names)
        #expect(match.status == 0, "\(match.stdout)")
        #expect(match.stdout.hasSuffix("MATCHED\n"))
    }
}

/// A deceleration rate per millisecond as the seconds of velocity its momentum projection carries:
/// `r / (1000·(1 − r))` (`Momentum.project`).
enum DismissalProjection {
    static func seconds(_ r: Double) -> Double { r / (1000 * (1 - r)) }
}
