import Testing
@testable import Continuity
import Geometry
import Gestures
import Motion
@testable import Viewing
import FeelModel

/// Issue #13's faults, reproduced with its figures: nothing the viewer draws jumps.
@Suite("Continuity: the backdrop, the photo, the page and the hand-off never jump")
struct ContinuityTests {
    /// The default feel with reduced motion.
    static var reducedMotion: Feel {
        var feel = Feel.defaults
        feel.reducedMotion = true
        return feel
    }

    /// The largest change of the backdrop between two successive frames.
    static func largestBackdropStep(_ snapshots: [StateSnapshot]) -> Double {
        zip(snapshots, snapshots.dropFirst()).map { abs($1.backdrop - $0.backdrop) }.max() ?? 0
    }

    @Test("an Alt-drag pinch-out on a tall photo right after opening keeps the backdrop ≥ 0.95, and the release does not snap it")
    func pinchOutKeepsBackdrop() {
        var s = ViewerScript()
        // Photo 1 is 800 × 1200 (tall), opened and just settled.
        s.openAndSettle(1)
        let centre = Point(640, 400)
        let start = s.snapshots.count
        // An Alt-drag's mirrored pinch about the photo's centre, as the recognizer reports it: the
        // span grows 1 → 2.5 over 0.3 s at 120 Hz, let go still growing (5 /s).
        s.manipulate(pivot: centre, scale: 2.5, duration: 0.3, kind: .pinch, source: .mouseMirrored, endScaleVelocity: 5)
        s.settle()
        let held = s.snapshots[start...].filter { $0.phase == .zoomed }
        #expect(!held.isEmpty)
        // Issue: 1 → 0.62 → 0.17 → 0 while it grew, 0 → 1 in one frame at release.
        #expect(held.map(\.backdrop).min() ?? 0 >= 0.95)
        #expect(Self.largestBackdropStep(Array(s.snapshots[start...])) <= 0.3)
    }

    @Test("Esc during a page flight: the outgoing photo slides on out and the backdrop eases (no one-frame drop)")
    func escapeDuringPageFlight() {
        var s = ViewerScript()
        s.openAndSettle(4)
        s.key("right")
        s.run(0.1)
        // The outgoing photo (4) still covers much of the window.
        let before = s.viewer.scene().photos.map(\.photo)
        #expect(before.contains(4))
        var detector = JumpDetector()
        detector.observe(s.viewer.motionSample)
        let start = s.snapshots.count - 1
        s.key("escape")
        detector.observe(s.viewer.motionSample)
        s.frame()
        detector.observe(s.viewer.motionSample)
        // Issue: the outgoing photo vanished in one frame and the backdrop dropped 1.0 → 0.335.
        #expect(s.viewer.scene().photos.map(\.photo).contains(4))
        #expect(abs(s.snapshots[start + 1].backdrop - s.snapshots[start].backdrop) <= 0.3)
        while !s.viewer.isAtRest && s.now < 10 {
            s.frame()
            detector.observe(s.viewer.motionSample)
        }
        #expect(detector.jumps.isEmpty, "\(detector.jumps.map(\.description))")
        #expect(Self.largestBackdropStep(Array(s.snapshots[start...])) <= 0.3)
    }

    @Test("a fast pinch-in released to close only shrinks until it lands, and its size keeps its velocity")
    func pinchInReleaseOnlyShrinks() {
        var s = ViewerScript()
        s.openAndSettle(1)
        // Height 800 (the tall photo fitted) pinched to 0.37: 296 pt, shrinking at 800 · 7.9 = 6,320 pt/s
        // (the issue's 6,614 pt/s, under the 8 /s scale cap).
        s.manipulate(pivot: Point(640, 400), scale: 0.37, duration: 0.08, kind: .pinch, endScaleVelocity: -7.9)
        #expect(s.phase == .closing)
        let rate = s.viewer.photoRate?.size.height ?? 0
        // The hand-off keeps the drawn height's rate: 800 · (−7.9) = −6,320 pt/s.
        #expect(abs(rate - 800 * -7.9) < 0.01 * 800 * 7.9)
        let start = s.snapshots.count - 1
        s.settle()
        let heights = s.snapshots[start...].compactMap { $0.image?.size.height }
        let growth = zip(heights, heights.dropFirst()).map { $1 - $0 }.max() ?? 0
        // Issue: the height grew 297 → 303 pt while the photo stalled.
        #expect(growth <= 1, "largest growth \(growth) pt")
        report("pinch-in release: height rate handed on \(rate) pt/s; largest growth in a frame after it \(growth) pt")
    }

    @Test("a double-click 200 ms apart zooms without the photo shrinking or fading below 85 % nor the backdrop below 0.85 (reduced motion too)",
          arguments: [false, true])
    func doubleClickNeverDips(reducedMotion: Bool) {
        var feel = Feel.defaults
        feel.reducedMotion = reducedMotion
        var s = ViewerScript(feel: feel)
        s.openAndSettle(1)
        let fit = s.viewer.fitSize(1)
        let centre = Point(640, 400)
        let start = s.snapshots.count
        var shown: [(height: Double, alpha: Double)] = []
        func look(_ s: ViewerScript) {
            if let q = s.viewer.scene().photos.last { shown.append((q.size.height / fit.height, q.alpha)) }
        }
        s.click(centre + Point(50, -80))
        while s.now < s.snapshots[start - 1].time + 0.19 {
            s.frame()
            look(s)
        }
        s.click(centre + Point(50, -80))
        while !s.viewer.isAtRest && s.now < 10 {
            s.frame()
            look(s)
        }
        let smallest = shown.map(\.height).min() ?? 0, faintest = shown.map(\.alpha).min() ?? 0
        let darkest = s.snapshots[start...].map(\.backdrop).min() ?? 0
        // Issue: the photo shrank to 24 % of its fit and the backdrop to 0.03 before bursting out;
        // with reduced motion the cross-fade ran at 1 / 0.25 s from the first click (0.2 of opacity
        // left after 0.2 s). The lead-in covers 1 − 1.6·e^{−0.6} = 12.2 % in the 0.3 s interval.
        report("double-click 200 ms\(reducedMotion ? " (reduced motion)" : ""): smallest height \(smallest * 100) % of the fit, faintest photo \(faintest), lowest backdrop \(darkest)")
        #expect(min(smallest, faintest) >= 0.85)
        #expect(darkest >= 0.85)
        #expect(s.phase == .zoomed)
    }

    @Test("reduced motion: a single click fades out at once, gently while a second click may come, then at the cross-fade's pace")
    func reducedMotionSingleClickFades() {
        let feel = Self.reducedMotion
        var s = ViewerScript(feel: feel)
        s.openAndSettle(1)
        s.click(Point(640, 400))
        s.frame()
        let first = s.viewer.scene().photos.last?.alpha ?? 0
        #expect(s.phase == .closing && first < 1)
        let took = s.settle()
        // Lead-in: 12.2 % over the 0.3 s interval, then 0.878 at 1 / 0.25 s (0.22 s): about 0.52 s
        // after the click, plus the click's 40 ms and a frame's rounding.
        report("reduced motion single click: opacity \(first) after a frame; landed after \(took) s")
        #expect(took <= 0.3 + 0.8781 * feel.crossFadeSeconds + 2 * s.frameInterval)
        #expect(s.phase == .grid)
    }

    @Test("a single click still closes at once (the photo moves in the first frame) and lands on its cell")
    func singleClickClosesAtOnce() {
        var s = ViewerScript()
        s.openAndSettle(1)
        let before = s.snapshot.image?.size.height ?? 0
        s.click(Point(640, 400))
        s.frame()
        let after = s.snapshot.image?.size.height ?? 0
        #expect(s.phase == .closing && after < before)
        let took = s.settle()
        #expect(s.phase == .grid)
        report("single click: \(before - after) pt smaller in the first frame; landed after \(took) s")
    }

    /// The golden pan dismissal's throw: down 240 pt (and 18 across) in 160 ms, 1,500 pt/s, let go
    /// moving; returns the release's centre, the snapshots after it and the jumps seen.
    static func thrownDismissal(feel: Feel) -> (release: Point, after: [StateSnapshot], jumps: [String]) {
        var s = ViewerScript(feel: feel)
        s.openAndSettle(3)
        var detector = JumpDetector()
        detector.observe(s.viewer.motionSample)
        let centre = Point(640, 400)
        s.drag(from: centre, to: centre + Point(18, 240), duration: 0.16)
        detector.restart()
        detector.observe(s.viewer.motionSample)
        let release = s.viewer.scene().photos.last?.center ?? .zero
        let start = s.snapshots.count
        while !s.viewer.isAtRest && s.now < 10 {
            s.frame()
            detector.observe(s.viewer.motionSample)
        }
        return (release, Array(s.snapshots[start...]), detector.jumps.map(\.description))
    }

    @Test("a dismissal thrown at 1,500 pt/s carries on visibly (at least half of v/(e·ω₀) = 30.7 pt) before it curves into its cell")
    func thrownDismissalCarriesOn() {
        let feel = Feel.defaults
        let (release, after, jumps) = Self.thrownDismissal(feel: feel)
        let deepest = after.compactMap { $0.image?.center.y }.max() ?? 0
        let carry = deepest - release.y
        // Released on its own target, the close spring (critically damped, ω₀ = 2π/0.35 s) would carry
        // a 1,500 pt/s throw v/(e·ω₀) = 1500/(2.718 · 17.95) = 30.7 pt. Aimed straight at the cell it
        // carried 3.3 pt (the golden pan dismissal before the aim eased).
        let omega = 2 * Double.pi / feel.closeSpring.responseSeconds
        let free = 1500 / (exponential(1) * omega)
        report("thrown dismissal: carried on \(carry) pt past the release (free close-spring carry \(free) pt); landed after \(after.count) frames")
        #expect(carry >= free / 2)
        #expect(jumps.isEmpty, "\(jumps)")
        #expect(after.last?.phase == .grid)
    }

    @Test("with dismissCarrySeconds 0 a thrown dismissal aims straight at the cell (the carry is the feel's doing)")
    func thrownDismissalWithoutCarry() {
        var feel = Feel.defaults
        feel.dismissCarrySeconds = 0
        let (release, after, jumps) = Self.thrownDismissal(feel: feel)
        let carry = (after.compactMap { $0.image?.center.y }.max() ?? 0) - release.y
        report("thrown dismissal without the eased aim: carried on \(carry) pt")
        #expect(carry < 10)
        #expect(jumps.isEmpty, "\(jumps)")
    }

    @Test("reduced motion: a photo dragged past the drag radius stays visible while held and fades out from there")
    func reducedMotionHeldPhotoStaysVisible() {
        let feel = Self.reducedMotion
        var s = ViewerScript(feel: feel)
        s.openAndSettle(1)
        let centre = Point(640, 400)
        s.drag(through: [centre, centre + Point(0, 120), centre + Point(0, 300)], durations: [0.2, 0.2], release: false)
        let held = s.viewer.scene().photos.last?.alpha ?? 0
        // Issue: fully transparent while still held. Past the radius progress is 0: opacity 1 · 0.5.
        #expect(held >= DismissInteraction.reducedMotionMinimumOpacityShare - 1e-9)
        var alphas = [held]
        s.lift(centre + Point(0, 300))
        alphas.append(s.viewer.scene().photos.last?.alpha ?? 0)
        while !s.viewer.isAtRest && s.now < 10 {
            s.frame()
            alphas.append(s.viewer.scene().photos.last?.alpha ?? 0)
        }
        // It fades at the cross-fade's rate: at most dt / crossFadeSeconds per frame (not at once at the release).
        let steps = zip(alphas, alphas.dropFirst()).map { abs($1 - $0) }
        #expect((steps.max() ?? 1) <= s.frameInterval / feel.crossFadeSeconds + 1e-9)
        #expect(s.phase == .grid)
    }
}

@Suite("Continuity: a turned page carries on at the finger's pace")
struct PagingPaceTests {
    /// The largest frame-to-frame centre speed over `snapshots`, between frames showing the same photo.
    static func peakSpeed(_ snapshots: ArraySlice<StateSnapshot>, interval: Double) -> Double {
        zip(snapshots, snapshots.dropFirst()).compactMap { a, b -> Double? in
            guard a.photo == b.photo, let p = a.image, let q = b.image else { return nil }
            return abs(q.center.x - p.center.x) / interval
        }.max() ?? 0
    }

    /// The incoming photo's peak centre speed after a drag released at `speed` pt/s (frame to frame).
    static func peakAfterRelease(dragSpeed speed: Double) -> (release: Double, peak: Double) {
        var s = ViewerScript()
        s.openAndSettle(4)
        // Left at `speed` for 0.25 s (a quarter-window drag or more), released while moving.
        s.drag(from: Point(900, 400), to: Point(900 - speed * 0.25, 400), duration: 0.25)
        let release = s.notes.compactMap { if case let .released(r) = $0 { abs(r.velocity.x) } else { nil } }.last ?? 0
        let start = s.snapshots.count - 1
        s.settle()
        return (release, Self.peakSpeed(s.snapshots[start...], interval: s.frameInterval))
    }

    @Test("released at about 600 pt/s the incoming photo peaks at no more than max(2 × 600, 3500) pt/s")
    func slowReleaseDoesNotLurch() {
        let (release, peak) = Self.peakAfterRelease(dragSpeed: 1400)
        report("paging: released at \(release) pt/s, incoming photo peaks at \(peak) pt/s (\(peak / max(release, 1))×)")
        // Issue: released at 605 pt/s it reached 6,592 pt/s (11×). Frame-to-frame speeds average
        // the spring's speed over a frame, never above its peak.
        let feel = Feel.defaults
        #expect(peak <= max(feel.pagingPeakSpeedRatio * release, feel.pagingMinimumPeakPointsPerSecond) * 1.001)
    }

    /// The paging spring's own peak speed bringing a page home over one slot from rest, pt/s (its
    /// closed form sampled every 0.1 ms; critically damped that is ω₀·x/e).
    static func springPeak(_ spring: Spring, slot: Double) -> Double {
        stride(from: 0.0, through: 2, by: 1e-4).map { abs(spring.velocity(at: $0, from: slot, to: 0)) }.max() ?? 0
    }

    @Test("a key turns a page on the paging spring itself: no hand to keep pace with, it peaks at the spring's own peak (8,611 pt/s over 1,304 pt), not the finger's cap of 3,500 (which made it take 1.2 s)")
    func keyPagePeak() {
        var s = ViewerScript()
        s.openAndSettle(4)
        let start = s.snapshots.count - 1
        s.key("right")
        s.settle()
        let peak = Self.peakSpeed(s.snapshots[start...], interval: s.frameInterval)
        // ω₀ = 2π / 0.35 s, x = 1,280 + 24 pt: ω₀x/e = 8,611 pt/s; a frame averages a little under it.
        let spring = Self.springPeak(Feel.defaults.pagingSpring, slot: 1304)
        report("paging by key: peak \(peak) pt/s (the spring's own \(spring))")
        #expect(abs(spring - 2 * Double.pi / 0.35 * 1304 / 2.718281828459045) < 1)
        #expect(peak <= spring * 1.001)
        #expect(peak >= spring * 0.95)
        #expect(s.phase == .presented && s.snapshot.photo == 5)
    }

    @Test("each preset's page pace is its own: a key turns a page peaking at its paging spring's own peak",
          arguments: Feel.presets.map(\.name))
    func presetPagePace(name: String) throws {
        let feel = try #require(Feel.preset(named: name))
        var s = ViewerScript(feel: feel)
        s.openAndSettle(4)
        let start = s.snapshots.count - 1
        s.key("right")
        s.settle()
        let peak = Self.peakSpeed(s.snapshots[start...], interval: s.frameInterval)
        let spring = Self.springPeak(feel.pagingSpring, slot: 1280 + feel.pagingGapPoints)
        report("paging by key under \(name): peak \(peak) pt/s (its spring's own \(spring))")
        // A frame-to-frame speed averages the peak over a frame, a little under it.
        #expect(peak <= spring * 1.001)
        #expect(peak >= spring * 0.9)
    }
}
