import Continuity
import Geometry
import Motion
import Testing
@testable import Trace
import Viewing
import Drawing

@Suite("Summary: releases and interruptions with hand-off velocity, overshoot and settle time")
struct SessionSummaryTests {
    static let photos = [Photo(name: "a.jpg", pixelSize: Size(4, 3)), Photo(name: "b.jpg", pixelSize: Size(3, 4)),
                         Photo(name: "coffee.jpg", pixelSize: Size(600, 400))]

    static func snap(_ frame: Int, _ t: Double, _ phase: Phase, center: Point?, width: Double = 900, photo: Int = 2) -> StateSnapshot {
        StateSnapshot(frame: frame, time: t, phase: phase, photo: photo,
                      image: center.map { StateSnapshot.Image(center: $0, size: Size(width, width * 2 / 3), rotation: 0) },
                      backdrop: 1, progress: 1, scroll: 0, gesture: .none)
    }

    /// Equal within 1e-9 relative: the times' decimal steps are not exact in binary.
    func near(_ a: Point?, _ b: Point) -> Bool { a.map { ($0 - b).length <= 1e-9 * b.length } ?? false }
    func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) <= 1e-9 * abs(b) } ?? false }

    static func release(at t: Double, velocity: Point, projected: Double, decision: ReleaseVerdict) -> ViewerNote {
        .released(ViewerNote.Release(photo: 2, gesture: .pan, time: t, velocity: velocity, scaleVelocity: 0,
                                     rotationVelocity: 0, projected: projected, decision: decision))
    }

    @Test("a release: velocity the instant after from the frames after it, overshoot past the resting place and its share of the travel, settle time")
    func release() {
        var s = SessionSummary(photos: Self.photos)
        s.observe(notes: [], snapshot: Self.snap(1, 1.000, .interacting, center: Point(640, 380)))
        s.observe(notes: [], snapshot: Self.snap(2, 1.016, .interacting, center: Point(640, 400)))
        // Released at 1.01, between frames 2 and 3. After it the centre follows
        // y = 400 + 1000·u + 20000·u² (u = t − 1.01): its velocity at the release is 1000 pt/s,
        // which the polynomial through the next six frames gives exactly.
        func y(_ t: Double) -> Double { let u = t - 1.01; return 400 + 1000 * u + 20000 * u * u }
        s.observe(notes: [Self.release(at: 1.01, velocity: Point(12, 1043), projected: 521, decision: .close)],
                  snapshot: Self.snap(3, 1.032, .closing, center: Point(640, y(1.032))))
        for (k, t) in [1.048, 1.064, 1.080, 1.096, 1.112].enumerated() {
            s.observe(notes: [], snapshot: Self.snap(4 + k, t, .closing, center: Point(640, y(t))))
        }
        // Travel 400 → 700 (downward); it reaches 712, comes back within 0.1 pt at 1.144 and rests.
        s.observe(notes: [], snapshot: Self.snap(9, 1.128, .closing, center: Point(640, 712)))
        s.observe(notes: [], snapshot: Self.snap(10, 1.144, .closing, center: Point(640, 700.05)))
        s.observe(notes: [.settled(phase: .presented, time: 1.16)], snapshot: Self.snap(11, 1.16, .presented, center: Point(640, 700)))

        let e = s.entries[0]
        #expect(abs(e.velocityAfter!.y - 1000) < 1e-6 && abs(e.velocityAfter!.x) < 1e-6)
        // Before: (400 − 380) / 0.016 = 1250 pt/s.
        #expect(near(e.velocityBefore, Point(0, 1250)))
        #expect(e.overshootPoints == 12)
        // 12 pt of the 300 pt travel.
        #expect(near(e.figures.overshootFraction, 0.04))
        // The width stays 900: no size overshoot.
        #expect(e.sizeOvershootPoints == 0)
        // 90 % of the 300 pt travel (y ≥ 670) first at the frame of 1.112 (y 710.08): 0.102 s.
        #expect(near(e.figures.responseSeconds, 1.112 - 1.01))
        // Within 0.1 pt of the resting place from the frame at 1.144 on (the viewer said rest at 1.16).
        #expect(e.settledAt == 1.144)
        #expect(near(e.figures.settleSeconds, 1.144 - 1.01))
        // The hand-off, after − before: |(0, 1000) − (0, 1250)| = 250 pt/s (the gesture's own
        // (12, 1043) is an input, not part of it).
        #expect(abs(e.handOffPointsPerSecond! - 250) < 1e-6)
        #expect(s.line(e) == "1.01 s pan dismissal released at (12, 1043) pt/s, projected 521 pt → close; "
                + "photo at 1250 pt/s before; photo at 1000 pt/s the instant after (from the frames); hand-off 250 pt/s; overshoot 12.0 pt (4.0 % of 300 pt travel); "
                + "90 % of the travel after 0.102 s; settled 1.14 s (after 0.134 s)")
    }

    @Test("the velocity after a release does not depend on the frame interval: the same spring read at 60 Hz and in 4 ms frames")
    func velocityAfterIsRateFree() {
        // A spring (response 0.35 s, ζ 1) handed 1500 pt/s at 1.0 s, 300 pt from its target:
        // x(u) = −300 + (1500 − 300·ω₀)·u·e^{−ω₀u}… in closed form, sampled at two frame rates.
        let spring = Spring(responseSeconds: 0.35, dampingRatio: 1)
        func run(frame: Double) -> SessionSummary.Entry {
            var s = SessionSummary(photos: Self.photos)
            var t = 1.0 - 2 * frame, k = 1
            while t < 1.0 { s.observe(notes: [], snapshot: Self.snap(k, t, .interacting, center: Point(640, 400 + 1500 * (t - 1)))); t += frame; k += 1 }
            // The first frame after the release at 1.0 is a fraction of a frame later.
            t = 1.0 + frame * 0.7
            var notes: [ViewerNote] = [Self.release(at: 1.0, velocity: Point(0, 1500), projected: 600, decision: .close)]
            while t < 1.3 {
                let y = 700 + spring.displacement(at: t - 1, from: -300, velocity: 1500)
                s.observe(notes: notes, snapshot: Self.snap(k, t, .closing, center: Point(640, y)))
                notes = []; t += frame; k += 1
            }
            return s.entries[0]
        }
        let slow = run(frame: 1.0 / 60), fine = run(frame: 0.004)
        // Within 2 % of the 1500 pt/s handed, at both rates.
        #expect(abs(slow.velocityAfter!.y - 1500) < 30, "60 Hz: \(slow.velocityAfter!.y) pt/s")
        #expect(abs(fine.velocityAfter!.y - 1500) < 30, "4 ms frames: \(fine.velocityAfter!.y) pt/s")
        // What the summary printed before ("over the next frame": the frame holding the release,
        // the hand's last 0.3 of a frame at 1500 pt/s and the springs' first 0.7) differs between
        // the two rates by over 6 % even here, where hand and springs leave at the same speed.
        func overFrameHoldingRelease(_ frame: Double) -> Double {
            let before = 400 - 1500 * 0.3 * frame, after = 700 + spring.displacement(at: 0.7 * frame, from: -300, velocity: 1500)
            return (after - before) / frame
        }
        #expect(abs(overFrameHoldingRelease(1.0 / 60) - overFrameHoldingRelease(0.004)) > 90)
    }

    @Test("an interruption compares the photo's velocity before and after; a grab cuts the motion short")
    func interruption() {
        var s = SessionSummary(photos: Self.photos)
        s.observe(notes: [.opened(photo: 2, trigger: .click, time: 0.5)], snapshot: Self.snap(1, 0.516, .opening, center: Point(100, 100), width: 150))
        s.observe(notes: [], snapshot: Self.snap(2, 0.532, .opening, center: Point(110, 105), width: 200))
        s.observe(notes: [], snapshot: Self.snap(3, 0.548, .opening, center: Point(120, 110), width: 250))
        // Before: (10, 5) / 0.016 = (625, 312.5) pt/s; after: (8, 4) / 0.016 = (500, 250) pt/s.
        s.observe(notes: [.interrupted(photo: 2, from: .opening, to: .closing, time: 0.55)],
                  snapshot: Self.snap(4, 0.564, .closing, center: Point(128, 114), width: 280))
        s.observe(notes: [.grabbed(photo: 2, gesture: .pan, from: .closing, time: 0.57)],
                  snapshot: Self.snap(5, 0.580, .interacting, center: Point(130, 115)))

        #expect(s.entries.count == 3)
        #expect(s.entries[0].cutShortAt == 0.55)
        let i = s.entries[1]
        #expect(near(i.velocityBefore, Point(625, 312.5)))
        #expect(near(i.velocityAfter, Point(500, 250)))
        #expect(i.cutShortAt == 0.57)
        #expect(i.settledAt == nil)
        // |(625, 312.5) − (500, 250)| = √(125² + 62.5²)
        #expect(near(i.handOffPointsPerSecond, (125.0 * 125 + 62.5 * 62.5).squareRoot()))
        #expect(s.line(s.entries[0]) == "0.50 s open photo 2 (coffee.jpg) by click; cut short at 0.55 s")
        // The width grows 200 → 250 before (3125 pt/s) and 250 → 280 after (1875 pt/s); heights two thirds of that.
        // Cut short one frame after it: that frame's average is all there is.
        #expect(s.line(i) == "0.55 s opening of photo 2 (coffee.jpg) interrupted → closing; photo at 699 pt/s before; "
                + "photo at 559 pt/s over the next frame; size (3125, 2083) → (1875, 1250) pt/s; hand-off 140 pt/s; cut short at 0.57 s")
        #expect(s.line(s.entries[2]) == "0.57 s pan takes hold of photo 2 (coffee.jpg) while closing")
    }

    @Test("a release reports the drawn size's and the rotation's rates before and after: a stalled pinch shows")
    func componentHandOff() {
        var s = SessionSummary(photos: Self.photos)
        func snap(_ frame: Int, _ t: Double, _ phase: Phase, height: Double, rotation: Double) -> StateSnapshot {
            StateSnapshot(frame: frame, time: t, phase: phase, photo: 2,
                          image: StateSnapshot.Image(center: Point(640, 400), size: Size(height * 1.5, height), rotation: rotation),
                          backdrop: 1, progress: 1, scroll: 0, gesture: .pinch)
        }
        let release = ViewerNote.Release(photo: 2, gesture: .pinch, time: 1.02, velocity: .zero, scaleVelocity: -4,
                                         rotationVelocity: 0.5, projected: 0.4, decision: .close)
        s.observe(notes: [], snapshot: snap(1, 1.000, .interacting, height: 400, rotation: 0))
        // Before: the height falls 400 → 300 in 0.016 s (−6250 pt/s, width −9375), rotation +0.008 rad (0.5 rad/s).
        s.observe(notes: [], snapshot: snap(2, 1.016, .interacting, height: 300, rotation: 0.008))
        // After: the height grows 300 → 301 (+62.5 pt/s), the rotation stops.
        s.observe(notes: [.released(release)], snapshot: snap(3, 1.032, .closing, height: 301, rotation: 0.008),
                  ratesAtEvents: [(1.02, PhotoRate(center: .zero, size: Size(0, 0), rotation: 0))])
        let e = s.entries[0]
        #expect(near(e.rateBefore?.size.height, -6250))
        #expect(near(e.rateAfter?.size.height, 62.5))
        // After − before, from the frames: height 62.5 − (−6250), width 93.75 − (−9375):
        // √(6312.5² + 9468.75²) (the springs were handed 0: an input, printed apart).
        #expect(near(e.sizeHandOffPointsPerSecond, (6312.5 * 6312.5 + 9468.75 * 9468.75).squareRoot()))
        // |0 − 0.5| rad/s: the rotation stops.
        #expect(near(e.rotationHandOffRadiansPerSecond, 0.5))
        #expect(s.line(e).contains("; size (-9375, -6250) → (94, 62) pt/s; rotation 0.50 → 0.00 rad/s"), "\(s.line(e))")
    }

    @Test("an opening that grows past its final width reports the size overshoot")
    func sizeOvershoot() {
        var s = SessionSummary(photos: Self.photos)
        s.observe(notes: [], snapshot: Self.snap(1, 0.0, .grid, center: nil))
        s.observe(notes: [.opened(photo: 2, trigger: .click, time: 0.01)], snapshot: Self.snap(2, 0.016, .opening, center: Point(100, 100), width: 150))
        s.observe(notes: [], snapshot: Self.snap(3, 0.032, .opening, center: Point(640, 400), width: 1210))
        s.observe(notes: [.settled(phase: .presented, time: 0.048)], snapshot: Self.snap(4, 0.048, .presented, center: Point(640, 400), width: 1200))
        let e = s.entries[0]
        #expect(e.overshootPoints == 0)
        // The width grows 150 → 1200 and reaches 1210: 10 pt, 1 % of the 1050 pt change.
        #expect(e.sizeOvershootPoints == 10)
        #expect(s.text == "0.01 s open photo 2 (coffee.jpg) by click; overshoot 0.0 pt; "
                + "width overshoot 10.0 pt (1.0 % of 1050 pt change of width); 90 % of the travel after 0.022 s; settled 0.05 s (after 0.038 s)\n"
                + "4 frames over 0.05 s (viewer time, no slow motion); 1 open, 0 releases, 0 interruptions\n")
    }

    @Test("a page: the frames before show the old photo, so the velocity after is read from the new one's frames")
    func page() {
        var s = SessionSummary(photos: Self.photos)
        s.observe(notes: [], snapshot: Self.snap(1, 1.000, .paging, center: Point(500, 400), photo: 1))
        let release = ViewerNote.Release(photo: 2, gesture: .page, time: 1.01, velocity: Point(-2500, 0), scaleVelocity: 0,
                                         rotationVelocity: 0, projected: -1500, decision: .next)
        // The new photo's centre follows x = 1240 − 5000·u + 40000·u² (u = t − 1.01): −5000 pt/s at the release.
        func x(_ t: Double) -> Double { let u = t - 1.01; return 1240 - 5000 * u + 40000 * u * u }
        s.observe(notes: [.paged(from: 1, to: 2, time: 1.01), .released(release)],
                  snapshot: Self.snap(2, 1.016, .paging, center: Point(x(1.016), 400), photo: 2))
        for (k, t) in [1.032, 1.048, 1.064, 1.080, 1.096].enumerated() {
            s.observe(notes: [], snapshot: Self.snap(3 + k, t, .paging, center: Point(x(t), 400), photo: 2))
        }
        s.observe(notes: [.settled(phase: .presented, time: 1.112)], snapshot: Self.snap(8, 1.112, .presented, center: Point(640, 400), photo: 2))
        let e = s.entries[1]
        #expect(abs(e.velocityAfter!.x + 5000) < 1e-6)
        #expect(e.overshootPoints == 0)
        #expect(s.line(e) == "1.01 s page swipe released at (-2500, 0) pt/s, projected -1500 pt → next; "
                + "photo at 5000 pt/s the instant after (from the frames); overshoot 0.0 pt; 90 % of the travel after 0.102 s; settled 1.11 s (after 0.102 s)")
    }

    @Test("a note at the same instant as the one measured (an interruption's close) carries no figures")
    func sameInstant() {
        var s = SessionSummary(photos: Self.photos)
        s.observe(notes: [], snapshot: Self.snap(1, 0.5, .opening, center: Point(300, 300)))
        s.observe(notes: [.interrupted(photo: 2, from: .opening, to: .closing, time: 0.51), .closing(photo: 2, trigger: .click, time: 0.51)],
                  snapshot: Self.snap(2, 0.516, .closing, center: Point(290, 295)))
        s.observe(notes: [.settled(phase: .grid, time: 0.6)], snapshot: Self.snap(3, 0.6, .grid, center: nil))
        #expect(s.entries.map(\.isMeasured) == [true, false])
        #expect(s.entries[0].settledAt == 0.6 && s.entries[0].cutShortAt == nil)
        #expect(s.line(s.entries[1]) == "0.51 s close photo 2 (coffee.jpg) by click")
    }

    @Test("paging and a bare settle are listed; an empty session says so")
    func others() {
        var s = SessionSummary(photos: Self.photos)
        #expect(s.text == "no photo was opened\n0 frames over 0.00 s (viewer time, no slow motion); 0 opens, 0 releases, 0 interruptions\n")
        s.observe(notes: [.paged(from: 0, to: 1, time: 2), .settled(phase: .presented, time: 2.4)], snapshot: Self.snap(1, 2.4, .presented, center: Point(1, 1)))
        #expect(s.line(s.entries[0]) == "2.00 s paged from photo 0 (a.jpg) to photo 1 (b.jpg)")
        #expect(s.line(s.entries[1]) == "2.40 s settled (presented)")
    }

    @Test("figures print with fixed decimals and no exponent")
    func fixed() {
        #expect(SessionSummary.fixed(1043.4, places: 0) == "1043")
        #expect(SessionSummary.fixed(-0.004, places: 2) == "0.00")
        #expect(SessionSummary.fixed(0.05, places: 2) == "0.05")
        #expect(SessionSummary.fixed(-12.345, places: 1) == "-12.3")
        #expect(SessionSummary.fixed(1e-9, places: 3) == "0.000")
        #expect(SessionSummary.fixed(2.5e7, places: 1) == "25000000.0")
    }
}

@Suite("Summary: the velocity the springs take over at a release")
struct HandOffVelocityTests {
    @Test("a replayed pan dismissal reports the springs taking over at the gesture's own release velocity")
    func handOffMatchesRelease() throws {
        // Open photo 0 at 0.1 s, let it settle, drag down from its centre and let go while moving.
        let photos = [Photo(name: "a.jpg", pixelSize: Size(600, 400))]
        let header = TraceHeader(windowSize: Size(800, 600), scale: 1, photos: photos, feel: nil)
        let session = try Session(header: header, feelOverride: nil, trace: nil, states: nil, summarize: true)
        let cell = session.viewer.layout.cellRect(0).center
        var t = 0.0
        func frame() throws { t += 1.0 / 60; try session.handle(.frame(t)) }
        try session.handle(.pointer(.down, 0.1, cell.x, cell.y))
        try session.handle(.pointer(.up, 0.11, cell.x, cell.y))
        while t < 1.5 { try frame() }
        // 20 moves 8 ms apart at 1000 pt/s straight down: the tracker's velocity is 1000 pt/s.
        let start = Point(400, 300)
        try session.handle(.pointer(.down, t, start.x, start.y))
        let t0 = t
        for i in 1...20 {
            let ti = t0 + Double(i) * 0.008
            try session.handle(.pointer(.move, ti, start.x, start.y + 1000 * (ti - t0)))
            if i % 2 == 0 { t = ti; try session.handle(.frame(t)) }
        }
        let tUp = t0 + 0.168
        try session.handle(.pointer(.up, tUp, start.x, start.y + 1000 * (tUp - t0)))
        for _ in 0..<90 { try frame() }
        let summary = try #require(session.summary)
        let release = try #require(summary.entries.first { if case .released = $0.kind { return true } else { return false } })
        guard case let .released(r) = release.kind else { return }
        let handed = try #require(release.velocityAtHandOff)
        // The hand-off keeps the gesture's velocity: the error is |handed − release| / |release|.
        #expect((handed - r.velocity).length / r.velocity.length < 0.05)
        #expect(abs(r.velocity.y - 1000) < 10)
        #expect(release.handOffPointsPerSecond.map { $0 < 50 } == true)
    }
}
