import Foundation
import Motion
import Testing

/// Touchpad gestures and touch-screen fingers through a real X server (`XorgServer`, `LiveWindow`):
/// each scenario drives the live window, checks the viewer's decision from the replay's summary,
/// that the recorded trace replays to the live state log byte for byte, and that the jump
/// detector finds nothing.
@Suite("End to end: touchpad gestures and touch screens through a real X server", .serialized)
struct TouchpadEndToEndTests {
    /// The photo under (250, 90) in the 800 × 600 window's grid (as in `EndToEndTests`), opened by a
    /// click of the touchpad and presented (a frame says so), then the pointer at the window's
    /// centre, where the photo is.
    static func openPhoto(_ w: LiveWindow) async throws {
        try w.movePointer(toWindow: 250, 90)
        try await w.click()
        try await w.pause(0.8)
        try await w.waitForPhase("presented")
        try w.movePointer(toWindow: 400, 300)
    }

    /// A live session (`LiveWindow`) driven by `drive`, then quit; its replay must equal the live
    /// state log, byte for byte, and the jump detector must find nothing. Nil when no X server can
    /// start here.
    static func session(_ name: String, feel: String? = nil, holdingHandOver: Bool = false,
                        _ drive: (LiveWindow) async throws -> Void) async throws -> LiveWindow.Outcome? {
        guard let w = try await LiveWindow.start(name, feel: feel, holdingHandOver: holdingHandOver) else { return nil }
        do { try await drive(w) } catch { await w.abandon(); throw error }
        var o = try await w.quit()
        #expect(o.replayed == o.live, "the replay's state log differs from the live one at \(EndToEndTests.firstDifference(o.live, o.replayed)) (\(w.folder.path))")
        #expect(!o.summary.contains("jump"), "the jump detector found a jump:\n\(o.summary)")
        // Frames that show the photo (not a count of frames: that depends on the machine's load),
        // among those of the trace replayed with a frame every 1/60 s (the window may draw few).
        o.dense = try await DenseReplay.states(in: w.folder)
        #expect(o.dense.contains { $0.contains(#""image":{"#) }, "no frame shows a photo")
        return o
    }

    /// The session's first release was `gesture` and closed the photo, which ended in the grid.
    static func expectClosed(_ o: LiveWindow.Outcome, by gesture: String) throws {
        let release = try #require(o.releases.first, "no release:\n\(o.summary)")
        #expect(release.line.contains(gesture), "not a \(gesture): \(release.line)")
        #expect(release.decision == "close", "\(release.line)")
        #expect(o.finalPhase == "grid")
    }

    /// `count` values from `from` to `to`, evenly spaced, the first one step past `from`.
    static func ramp(_ from: Double, _ to: Double, _ count: Int) -> [Double] {
        (1...count).map { from + (to - from) * Double($0) / Double(count) }
    }

    /// How many touchpad events a pinch of `steps` updates sends: begin, updates, end.
    static func pinchEvents(_ steps: Int) -> Int { steps + 2 }

    @Test("a touchpad pinch out zooms the photo about the pointer; pinched back in it returns to the fit, pinched in further it closes")
    func pinchOutAndIn() async throws {
        guard let o = try await Self.session("pinch", { w in
            try await Self.openPhoto(w)
            try await w.pinch(Self.ramp(1, 2, 16).map { .init(scale: $0) })
            try await w.pause(1.0)
            try await w.pinch(Self.ramp(1, 0.5, 16).map { .init(scale: $0) })
            try await w.pause(1.0)
            try await w.pinch(Self.ramp(1, 0.4, 16).map { .init(scale: $0) })
            try await w.pause(1.2)
        }) else { return }
        // Every event sent reached the window, with the server's time, and was recorded.
        #expect(o.touchpadLines.count == 3 * Self.pinchEvents(16), "touchpad events recorded: \(o.touchpadLines.count)")
        #expect(o.touchpadLines.first?.contains(#""gesture":"pinch","phase":"begin","fingers":2,"x":400,"y":300"#) == true,
                "the first pinch does not begin at the pointer: \(o.touchpadLines.first ?? "none")")
        let decisions = o.releases.map(\.decision)
        #expect(decisions == ["zoom", "return", "close"], "decisions: \(decisions)\n\(o.summary)")
        #expect(o.finalPhase == "grid")
    }

    @Test("a touchpad pinch that turns past the threshold dismisses the photo, turning it as it goes, though the server cancels its end")
    func pinchWithTurn() async throws {
        guard let o = try await Self.session("turn", { w in
            try await Self.openPhoto(w)
            // 45° clockwise in 15 steps of 3°, closing to 0.9; the server cancels the end (as when a
            // third finger lands): it ends like a lifted hand.
            try await w.pinch(Self.ramp(1, 0.9, 15).map { .init(scale: $0, angle: 3) }, cancelled: true)
            try await w.pause(1.2)
        }) else { return }
        #expect(o.touchpadLines.last?.contains(#""phase":"cancel""#) == true, "the cancelled end is not in the trace: \(o.touchpadLines.last ?? "none")")
        try Self.expectClosed(o, by: "rotate")
        // The photo turned clockwise with the fingers (positive radians): every frame held by the
        // gesture shows it turned that way, and the release hands on a clockwise spin. (The window
        // may have drawn no frame while the fingers were down, on a busy machine: the frames are
        // those of the trace replayed with a frame every 1/60 s.)
        let held = o.dense.filter { $0.contains(#""phase":"interacting""#) }
        let rotations = held.compactMap { Self.number(after: #""rotation":"#, in: $0) }
        #expect(!rotations.isEmpty && rotations.allSatisfy { $0 >= 0 } && rotations.contains { $0 > 0 }, "rotations while held: \(rotations)")
        let spin = try #require(o.releases.first.flatMap { Self.number(after: "rotation ", in: $0.line) })
        #expect(spin > 0, "the release's rotation velocity \(spin) rad/s")
    }

    @Test("a three-finger swipe left pages to the next photo, right to the previous one, down dismisses")
    func threeFingerSwipes() async throws {
        guard let o = try await Self.session("swipe", { w in
            try await Self.openPhoto(w)
            try await w.swipe(dx: -30, dy: 0, steps: 14)
            try await w.pause(0.9)
            try await w.swipe(dx: 30, dy: 0, steps: 14)
            try await w.pause(0.9)
            try await w.swipe(dx: 0, dy: 25, steps: 14)
            try await w.pause(1.2)
        }) else { return }
        #expect(o.touchpadLines.count == 3 * 16)
        let decisions = o.releases.map(\.decision)
        #expect(decisions == ["next", "previous", "close"], "decisions: \(decisions)\n\(o.summary)")
        #expect(o.summary.split(separator: "\n").filter { $0.contains("paged from") }.count == 2, "\(o.summary)")
        #expect(o.finalPhase == "grid")
    }

    @Test("a touchpad pinch under way while the app reads a click late (the renderer hand-over held) reaches the app whole: begin, updates, end; the photo is let go")
    func pinchWhileAClickIsReadLate() async throws {
        // The hand-over held (the software renderer gone, the accelerated one not yet made): the
        // hand clicks a photo, the pinch begins and closes to 0.7 in 5 steps; the app reads them
        // all once the hand-over goes on. Its first frame after that drawn, the pinch goes on to
        // 0.4 in 5 more steps and ends (as `pinchOutAndIn`'s closing pinch). SDL's capture of the
        // mouse for the click, made as the app reads the button's press, must not take the
        // pinch from the window.
        let firstSteps = Self.ramp(1, 0.7, 5), lastSteps = Self.ramp(0.7, 0.4, 5)
        guard let o = try await Self.session("lateclick", holdingHandOver: true, { w in
            try await w.waitForHandOverStart()
            try w.movePointer(toWindow: 250, 90)
            try await w.click()
            try await w.pause(0.05)
            try w.touchpad.send(.pinch(phase: .begin, fingers: 2, dx: 0, dy: 0, scale: 1, angleDegrees: 0))
            try w.touchpad.sync()
            for scale in firstSteps {
                try await w.pause(0.012)
                try w.touchpad.send(.pinch(phase: .update, fingers: 2, dx: 0, dy: 0, scale: scale, angleDegrees: 0))
                try w.touchpad.sync()
            }
            // The events are at the app's connection (0.3 s of slack) before the hand-over goes on.
            try await w.pause(0.3)
            let framesBefore = w.frameCount
            try w.letHandOverGo()
            try await w.waitForFrames(framesBefore + 1)
            for scale in lastSteps {
                try await w.pause(0.012)
                try w.touchpad.send(.pinch(phase: .update, fingers: 2, dx: 0, dy: 0, scale: scale, angleDegrees: 0))
                try w.touchpad.sync()
            }
            try w.touchpad.send(.pinch(phase: .end, fingers: 2, dx: 0, dy: 0, scale: 0.4, angleDegrees: 0))
            try w.touchpad.sync()
            try await w.pause(1.5)
        }) else { return }
        let phases = o.touchpadLines.map { line in line.range(of: #""phase":""#).map { String(line[$0.upperBound...].prefix { $0 != "\"" }) } ?? "?" }
        // Begin, 5 + 5 updates, end.
        #expect(phases == ["begin"] + Array(repeating: "update", count: firstSteps.count + lastSteps.count) + ["end"],
                "touchpad phases in the trace: \(phases)")
        let presses = o.trace.split(separator: "\n").filter { $0.contains(#""type":"pointer""#) && !$0.contains(#""phase":"move""#) }
        #expect(presses.count == 2 && presses.last?.contains(#""phase":"up""#) == true, "the click's press and release: \(presses)")
        let release = try #require(o.releases.first, "the pinch was never released:\n\(o.summary)")
        #expect(release.line.contains("pinch"), "not a pinch: \(release.line)")
        #expect(o.finalPhase != "interacting", "the photo is still held at the end: \(o.finalPhase ?? "no frame")")
    }

    /// From (400, 300) in the 800 × 600 window: the button pressed, 15 moves of 26 pt down 12 ms
    /// apart (steps 12…15 below the window, the last at y = 690), the button released there.
    static func dragDownPastTheEdge(_ w: LiveWindow) async throws {
        try w.touchpad.send(.button(1, press: true))
        try w.touchpad.sync()
        for step in 1...15 {
            try await w.pause(0.012)
            try w.movePointer(toWindow: 400, 300 + 26 * Double(step))
        }
        try w.touchpad.send(.button(1, press: false))
        try w.touchpad.sync()
    }

    @Test("a drag that leaves the window keeps reaching it, its release outside included: the mouse is captured while the button is held")
    func dragPastTheWindowEdge() async throws {
        // The photo dragged from the window's centre straight down 390 pt in 15 steps, to 90 pt
        // below the 600 pt window's bottom edge (the screen's edge is 100 pt below it), and
        // released there.
        guard let o = try await Self.session("edge", { w in
            try await Self.openPhoto(w)
            try await Self.dragDownPastTheEdge(w)
            try await w.pause(1.2)
        }) else { return }
        let pointer = o.trace.split(separator: "\n").filter { $0.contains(#""type":"pointer""#) }
        let outside = pointer.filter { (Self.number(after: #""y":"#, in: $0) ?? 0) > 600 }
        // 300 + 26 × step > 600 for steps 12…15: moves at 612, 638, 664 and 690 (612 twice when
        // the app read the drag late: the crossing and the move), then the release at y = 690.
        let moves = outside.filter { $0.contains(#""phase":"move""#) && $0.contains(#""button":"left""#) }
        #expect(Set(moves.compactMap { Self.number(after: #""y":"#, in: $0) }) == [612, 638, 664, 690],
                "moves below the window: \(moves)")
        // The releases: the click that opened the photo, then the drag's, below the window.
        let releases = pointer.filter { $0.contains(#""phase":"up""#) }
        #expect(releases.count == 2 && releases.last?.contains(#""y":690"#) == true, "the release below the window: \(releases)")
        try Self.expectClosed(o, by: "pan")
    }

    @Test("a drag past the window's edge that the app reads late (the renderer hand-over held) is recorded where the hand went: its moves and release below the window, not at the edge")
    func dragPastTheEdgeReadLate() async throws {
        // The hand-over held, the hand presses on the grid's empty middle, drags straight down 390
        // pt in 15 steps to 90 pt below the 600 pt window and lets go; the app reads it all at once
        // when the hand-over goes on. By then the button is up: nothing captures the mouse, and SDL
        // puts a position outside the window on its edge (y = 599) and drops its motions as it
        // pumps them (CI's loaded machine read a drag late this way).
        guard let o = try await Self.session("lateedge", holdingHandOver: true, { w in
            try await w.waitForHandOverStart()
            try w.movePointer(toWindow: 400, 300)
            try await Self.dragDownPastTheEdge(w)
            try await w.pause(0.3)
            let framesBefore = w.frameCount
            try w.letHandOverGo()
            try await w.waitForFrames(framesBefore + 1)
            try await w.pause(0.5)
            // Then a photo opened, as every session here shows one.
            try await Self.openPhoto(w)
        }) else { return }
        // The drag's events: the pointer's up to its first release.
        let all = o.trace.split(separator: "\n").filter { $0.contains(#""type":"pointer""#) }
        let pointer = all.prefix(through: all.firstIndex { $0.contains(#""phase":"up""#) } ?? all.count - 1)
        let held = pointer.filter { $0.contains(#""phase":"move""#) && $0.contains(#""button":"left""#) }
        let ys = held.compactMap { Self.number(after: #""y":"#, in: $0) }
        // 300 + 26 × step, steps 1…15: 326 … 586 in the window, 612 … 690 below it (no 599, the
        // window's edge); the release at 690.
        let path = Set((1...15).map { 300 + 26 * Double($0) })
        #expect(ys.allSatisfy(path.contains) && Set(ys) == path, "the held moves' y: \(ys)")
        #expect(ys.last == 690, "the drag's last move: \(ys)")
        let release = pointer.filter { $0.contains(#""phase":"up""#) }
        #expect(release.count == 1 && release.first?.contains(#""y":690"#) == true, "the release: \(release)")
    }

    @Test("a touchpad pinch that begins while the photo flies open takes hold of it where it is")
    func pinchCatchesTheFlight() async throws {
        // The flight slowed to a 3 s spring (the default 0.45 s one is over in some 0.6 s): the
        // pinch begins 0.1 s after the click as this process paces it, and a busy machine can hold
        // this process back for tenths of a second; the scenario is a pinch during the flight,
        // whatever its length.
        guard let o = try await Self.session("catch", feel: #"{"openSpring": {"responseSeconds": 3, "dampingRatio": 1}}"#, { w in
            try w.movePointer(toWindow: 250, 90)
            try await w.click()
            try await w.pause(0.1)
            // Spreading to 1.3 while the hand travels 160 pt down: past the 150 pt drag radius
            // whatever its speed, so the release closes the photo it caught.
            try await w.pinch(Self.ramp(1, 1.3, 10).map { .init(scale: $0, dx: 4, dy: 16) })
            try await w.pause(1.2)
        }) else { return }
        #expect(o.summary.contains("while opening"), "the pinch did not take hold of the opening photo:\n\(o.summary)")
        #expect(o.releases.map(\.decision) == ["close"], "\(o.summary)")
    }

    @Test("two fingers on a touch screen pinch in and turn: the photo follows them and closes")
    func touchScreenPinchAndTurn() async throws {
        guard let o = try await Self.session("touch2", { w in
            try await Self.openPhoto(w)
            let centre = (x: 400.0, y: 300.0)
            func fingers(_ r: Double, _ degrees: Double) -> [(Double, Double)] {
                let a = degrees * .pi / 180
                return [(centre.x - r * cos(a), centre.y - r * sin(a)), (centre.x + r * cos(a), centre.y + r * sin(a))]
            }
            for (i, p) in fingers(150, 0).enumerated() { try w.touch(UInt32(i + 1), .begin, atWindow: p.0, p.1) }
            for step in 1...15 {
                try await w.pause(0.012)
                for (i, p) in fingers(150 - 6 * Double(step), 3 * Double(step)).enumerated() { try w.touch(UInt32(i + 1), .update, atWindow: p.0, p.1) }
            }
            for (i, p) in fingers(60, 45).enumerated() { try w.touch(UInt32(i + 1), .end, atWindow: p.0, p.1) }
            try await w.pause(1.2)
        }) else { return }
        #expect(o.trace.contains(#""type":"touch","phase":"down""#), "no touch in the trace")
        try Self.expectClosed(o, by: "pinch+rotate")
    }

    @Test("one finger on a touch screen drags the photo down and dismisses it")
    func touchScreenDrag() async throws {
        guard let o = try await Self.session("touch1", { w in
            try await Self.openPhoto(w)
            try w.touch(1, .begin, atWindow: 400, 250)
            for step in 1...15 {
                try await w.pause(0.012)
                try w.touch(1, .update, atWindow: 400 + Double(step), 250 + 16 * Double(step))
            }
            try w.touch(1, .end, atWindow: 415, 490)
            try await w.pause(1.2)
        }) else { return }
        #expect(o.trace.contains(#""type":"touch","phase":"up""#), "no touch in the trace")
        try Self.expectClosed(o, by: "pan")
    }

    @Test("a touchpad pinch ending in a flick hands its scale and rotation velocity to the springs, within 5 % of its last 100 ms")
    func flickHandsOverVelocity() async throws {
        // Closing at 0.5 a second (scale 1 − 0.5 t) and turning at 60°/s (1.047 rad/s), sent every
        // ~10 ms for 0.3 s from the time elapsed, so both are straight lines in time however the
        // machine paces the sends.
        let scaleRate = -0.5, degreesPerSecond = 60.0
        guard let o = try await Self.session("flick", { w in
            try await Self.openPhoto(w)
            try w.touchpad.send(.pinch(phase: .begin, fingers: 2, dx: 0, dy: 0, scale: 1, angleDegrees: 0))
            try w.touchpad.sync()
            let start = Date()
            var angle = 0.0
            var elapsed = 0.0
            while elapsed < 0.3 {
                try await w.pause(0.01)
                elapsed = Date().timeIntervalSince(start)
                let turn = degreesPerSecond * elapsed - angle
                angle += turn
                try w.touchpad.send(.pinch(phase: .update, fingers: 2, dx: 0, dy: 0, scale: 1 + scaleRate * elapsed, angleDegrees: turn))
                try w.touchpad.sync()
            }
            try w.touchpad.send(.pinch(phase: .end, fingers: 2, dx: 0, dy: 0, scale: 1 + scaleRate * elapsed, angleDegrees: 0))
            try w.touchpad.sync()
            try await w.pause(1.2)
        }) else { return }
        // The gesture as the server delivered it: its updates' times (the server's), scales and
        // summed angles (its 16.16 fixed point), and the end's time, the release instant.
        var updates: [(t: Double, scale: Double, angle: Double)] = []
        var angle = 0.0, endTime: Double?
        for line in o.touchpadLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            angle += object["angle"] as? Double ?? 0
            switch object["phase"] as? String {
            case "update": updates.append((object["t"] as! Double, object["scale"] as! Double, angle))
            case "end": endTime = object["t"] as? Double
            default: break
            }
        }
        let release = try #require(o.releases.first, "no release:\n\(o.summary)")
        let end = try #require(endTime, "no end of the pinch in the trace")
        // The photo's width at the fit, before the pinch took hold: the drawn width's rate is the
        // scale's rate times it.
        // (From the trace replayed with a frame every 1/60 s: on a loaded machine the window's
        // only frame of the presented photo may still carry the click's gesture.)
        let presented = try #require(o.dense.last { $0.contains(#""phase":"presented""#) && $0.contains(#""gesture":"none""#) })
        let fitWidth = try #require(Self.number(after: #""w":"#, in: presented))
        let handedScale = try #require(Self.number(after: "scale ", in: release.line), "no scale velocity: \(release.line)")
        let handedRotation = try #require(Self.number(after: "rotation ", in: release.line), "no rotation velocity: \(release.line)")
        // What the springs took over: "; springs take over at (x, y) pt/s, size (a, b) pt/s, rotation r rad/s".
        let springs = try #require(release.line.range(of: "; springs take over at ").map { String(release.line[$0.upperBound...].prefix { $0 != ";" }) },
                                   "no hand-off figures: \(release.line)")
        let sizeAfter = try #require(springs.range(of: "size (").flatMap { Self.number(after: "", in: String(springs[$0.upperBound...])) }, "no size: \(springs)")
        let rotationAfter = try #require(springs.range(of: "rotation ").flatMap { Self.number(after: "", in: String(springs[$0.upperBound...])) }, "no rotation: \(springs)")

        // The release hands over what the velocity estimator (the feel's defaults: a 100 ms window,
        // 20 slots, a 40 ms stop gap) makes of the updates at the server's times, at the end's
        // instant, whatever pace a busy machine gave them: within the summary's two decimals.
        var scales = VelocityTracker(), turns = VelocityTracker()
        for u in updates {
            scales.add(time: u.t, value: u.scale)
            turns.add(time: u.t, value: u.angle * .pi / 180)
        }
        let estimatedScale = scales.velocity(at: end), estimatedRotation = turns.velocity(at: end)
        // The springs take it over: the width's rate is the scale's times the fit width (the summary
        // rounds the width's rate to 0.1 pt/s and the scale's to 0.01/s, so ±0.005 × the width).
        let rounding = 0.0051
        print("flick: estimator on the server's times: scale \(estimatedScale)/s, rotation \(estimatedRotation) rad/s; " +
              "released: scale \(handedScale)/s, rotation \(handedRotation) rad/s; springs: width \(sizeAfter) pt/s (fit \(fitWidth) pt), rotation \(rotationAfter) rad/s; decision \(release.decision)")
        #expect(abs(handedScale - estimatedScale) <= rounding, "scale velocity \(handedScale)/s, the estimator's on the events \(estimatedScale)/s")
        #expect(abs(handedRotation - estimatedRotation) <= rounding, "rotation velocity \(handedRotation) rad/s, the estimator's on the events \(estimatedRotation) rad/s")
        #expect(abs(sizeAfter - handedScale * fitWidth) <= rounding * fitWidth + 0.051, "the springs' width rate \(sizeAfter) pt/s, the release's \(handedScale)/s × \(fitWidth) pt")
        #expect(abs(rotationAfter - handedRotation) <= 0.011, "the springs' rotation rate \(rotationAfter) rad/s, the release's \(handedRotation) rad/s")

        // And the estimate is the hand's: within 5 % of the least-squares slopes of the last 100 ms
        // of updates, when the server saw the gesture at the pace it was sent (every gap of the
        // last 100 ms 8–13 ms for a send every 10 ms, the end at most 13 ms after the last
        // update). Where the sends bunch or stall on a busy machine, times and values part from a
        // straight line and the quadratic estimate with them (runs under load: the line's
        // −0.517/s against −0.56/s; gaps of 15 and 14 ms, −0.487/s against −0.45/s), and the check
        // above is what holds; this one is said.
        let last = try #require(updates.last)
        let window = updates.filter { last.t - $0.t <= 0.1 + 1e-9 }
        let first = try #require(window.first)
        try #require(last.t - first.t >= 0.05, "the last 100 ms hold too few updates: \(window.count)")
        let gaps = zip(window, window.dropFirst()).map { $1.t - $0.t } + [end - last.t]
        let scaleVelocity = Self.slope(window.map { ($0.t, $0.scale) })
        let rotationVelocity = Self.slope(window.map { ($0.t, $0.angle * .pi / 180) })
        print("flick: the line through the last 100 ms: scale \(scaleVelocity)/s, rotation \(rotationVelocity) rad/s; gaps \(gaps.map { ($0 * 1000).rounded() }) ms")
        if gaps.dropLast().allSatisfy({ $0 >= 0.008 - 1e-9 && $0 <= 0.013 + 1e-9 }) && gaps.last! <= 0.013 + 1e-9 {
            #expect(abs(handedScale - scaleVelocity) <= 0.05 * abs(scaleVelocity), "scale velocity \(handedScale)/s, the gesture's \(scaleVelocity)/s")
            #expect(abs(handedRotation - rotationVelocity) <= 0.05 * abs(rotationVelocity), "rotation velocity \(handedRotation) rad/s, the gesture's \(rotationVelocity) rad/s")
        } else {
            print("flick: the server did not see a steady pace (gaps above): the line is not compared")
        }
    }

    /// The least-squares slope of `points` (x, y): Σ(x − x̄)(y − ȳ) / Σ(x − x̄)².
    static func slope(_ points: [(Double, Double)]) -> Double {
        let n = Double(points.count)
        let mx = points.map(\.0).reduce(0, +) / n, my = points.map(\.1).reduce(0, +) / n
        let sxy = points.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +)
        let sxx = points.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
        return sxy / sxx
    }

    /// The number just after `prefix` in `text` (a sign, digits, a point).
    static func number(after prefix: String, in text: some StringProtocol) -> Double? {
        guard let r = prefix.isEmpty ? text.startIndex..<text.startIndex : text.range(of: prefix) else { return nil }
        return Double(text[r.upperBound...].prefix { "+-0123456789.".contains($0) })
    }
}
