import Geometry
import Gestures
import Motion
import Testing
@testable import Viewing
import Events
import FeelModel

/// The moments where two features meet (issue: "Every input in every phase"): a key while a photo
/// lands, a timer between frames, a touchpad pinch let go while spreading, a page turned by a key.
/// Each was a fault first; the figures in the names are the issue's.
@Suite("Where features meet: keys while landing, timers at their instant, pinches that stop with the fingers, brisk pages")
struct WhereFeaturesMeetTests {
    /// Photo 0 is 4000×3000 as in the issue's state logs; the rest are the script's shapes.
    static func script(fps: Double = 60, feel: Feel = .defaults) -> ViewerScript {
        var s = ViewerScript(feel: feel)
        s.frameInterval = 1 / fps
        s.viewer.handle(InputEvent(time: s.now, kind: .photoSize(index: 0, size: Size(4000, 3000))))
        return s
    }

    // MARK: - Keys while a photo lands

    @Test("Right pressed 0.2 s after the click that opens photo 0 pages to photo 1 (was: dropped until 0.77 s)",
          arguments: [0.05, 0.1, 0.2, 0.3])
    func rightWhileOpening(after: Double) {
        var s = Self.script()
        s.click(s.cellCenter(0))
        s.run(after)
        #expect(s.phase == .opening)
        s.key("right")
        s.settle()
        #expect(s.viewer.session?.photo == 1, "Right \(after) s into the opening")
        #expect(s.phase == .presented)
        // Nothing said it was ignored.
        #expect(!s.notes.contains { if case .inputIgnored = $0 { true } else { false } })
    }

    @Test("`1` pressed while photo 0 opens lands it at 1:1 (4000 px over its 1066.7 pt fit: 3.75×)",
          arguments: [0.1, 0.2])
    func actualPixelsWhileOpening(after: Double) {
        var s = Self.script()
        s.click(s.cellCenter(0))
        s.run(after)
        s.key("1")
        s.settle()
        // Fit of 4000×3000 in 1280×800: height-bound, 800 × 4/3 = 1066.67 pt wide; 1:1 is 4000 / 1066.67.
        let expected = 4000 / (800.0 * 4 / 3)
        let width = s.snapshot.image?.size.width ?? 0
        #expect(s.phase == .zoomed)
        #expect(abs(width / (800.0 * 4 / 3) - expected) < 1e-3, "scale \(width / (800.0 * 4 / 3))")
    }

    @Test("`+` pressed while photo 0 opens zooms it by the keyboard step")
    func zoomKeyWhileOpening() {
        var s = Self.script()
        s.click(s.cellCenter(0))
        s.run(0.2)
        s.key("+")
        s.settle()
        let scale = (s.snapshot.image?.size.width ?? 0) / (800.0 * 4 / 3)
        #expect(s.phase == .zoomed)
        #expect(abs(scale - Feel.defaults.keyboardZoomStep) < 1e-3, "scale \(scale)")
    }

    @Test("a key with no action in a phase says why in a note (Left on the first photo)")
    func ignoredKeySaysWhy() {
        var s = Self.script()
        s.openAndSettle(0)
        s.notes.removeAll()
        s.key("left")
        let ignored = s.notes.compactMap { if case let .inputIgnored(i) = $0 { i } else { nil } }
        #expect(ignored.count == 1)
        #expect(ignored.first?.input == "left")
        #expect(ignored.first?.reason == .noPhotoThatWay)
    }

    // MARK: - Page turns

    @Test("a page turned by Right comes within 2 pt of its slot in at most 0.5 s, without overshoot (was 1.2 s)",
          arguments: [30.0, 60, 144, 240])
    func keyPageSettlesBriskly(fps: Double) {
        var s = Self.script(fps: fps)
        s.openAndSettle(4)
        let home = s.snapshot.image?.center.x ?? 0
        let start = s.now
        s.key("right")
        var within: Double?
        var farthestPast = 0.0
        while s.now - start < 2 {
            s.frame()
            guard s.snapshot.photo == 5, let x = s.snapshot.image?.center.x else { continue }
            // The incoming photo comes from the right (x > home) and must not pass home to the left.
            farthestPast = max(farthestPast, home - x)
            if abs(x - home) <= 2 { within = within ?? s.now - start } else { within = nil }
        }
        report("key page at \(fps) fps: within 2 pt after \(within ?? .nan) s, past home by \(farthestPast) pt")
        #expect((within ?? .infinity) <= 0.5 + 1 / fps)
        #expect(farthestPast <= 0.5)
    }

    // MARK: - Timers

    /// The incoming photo's centre at `t` seconds after the slideshow started, at `fps`.
    static func slideshowCentre(fps: Double, at t: Double) -> Double {
        var s = script(fps: fps)
        s.openAndSettle(4)
        // Start the show on a frame boundary of every rate: the settle left `now` somewhere else.
        s.key("f5")
        let start = s.now
        let frames = Int(((t) * fps).rounded(.down))
        for _ in 0..<frames { s.frame() }
        // One last step to exactly t (a frame at the common instant).
        s.now = start + t - s.frameInterval
        s.frame()
        return s.snapshot.image?.center.x ?? .nan
    }

    @Test("the slideshow turns at its own instant: the same show at 30 and 60 fps is where 240 fps puts it, within 0.5 pt (was 102 and 44 pt off)")
    func slideshowTimerIsAnInstant() {
        // 4 s of rest then the turn: 0.2 s into it the page moves fastest.
        let t = Feel.defaults.slideshowIntervalSeconds + 0.2
        let reference = Self.slideshowCentre(fps: 240, at: t)
        for fps in [30.0, 60, 144] {
            let x = Self.slideshowCentre(fps: fps, at: t)
            report("slideshow at \(fps) fps: centre \(x) vs \(reference) at 240 fps")
            #expect(abs(x - reference) <= 0.5, "\(fps) fps")
        }
    }

    // MARK: - A touchpad pinch stops with the fingers

    @Test("a quick touchpad pinch to 1.8× lifted while spreading rests at 1.8×, not 3.77×",
          arguments: [1.8, 2.5])
    func pinchStopsWithTheFingers(scale: Double) {
        var s = Self.script()
        s.openAndSettle(0)
        let at = Point(640, 400)
        s.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .begin, fingers: 2, position: at)))
        let steps = 30 // 0.3 s at 100 Hz
        for i in 1...steps {
            s.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .update, fingers: 2, position: at,
                                             scale: 1 + (scale - 1) * Double(i) / Double(steps))), after: 0.01)
            if i % 2 == 0 { s.frame() }
        }
        s.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .end, fingers: 2, position: at, scale: scale)))
        s.settle()
        let shown = (s.snapshot.image?.size.width ?? 0) / (800.0 * 4 / 3)
        report("pinch to \(scale)× lifted spreading: rests at \(shown)×")
        #expect(s.phase == .zoomed)
        #expect(abs(shown - scale) < 0.01 * scale, "rests at \(shown)×")
    }
}

/// A catch puts the photo under the hand from the first frame: the point grabbed stays under the
/// pointer, whatever motion the press caught.
@Suite("A caught photo stays under the pointer")
struct CaughtUnderThePointerTests {
    /// Where photo-local point `u` (a share of the drawn size from the centre, unrotated) is drawn.
    static func drawn(_ u: Point, in image: StateSnapshot.Image) -> Point {
        let local = Point(u.x * image.size.width, u.y * image.size.height)
        let c = cosine(image.rotation), s = sine(image.rotation)
        return image.center + Point(local.x * c - local.y * s, local.x * s + local.y * c)
    }

    /// The photo-local share under `p`.
    static func local(_ p: Point, in image: StateSnapshot.Image) -> Point {
        let d = p - image.center
        let c = cosine(-image.rotation), s = sine(-image.rotation)
        let r = Point(d.x * c - d.y * s, d.x * s + d.y * c)
        return Point(r.x / image.size.width, r.y / image.size.height)
    }

    /// Drags from `start` down by 240 pt in 0.3 s (120 Hz moves, frames between) and returns the
    /// largest distance between the grabbed point and the pointer once the drag is past the
    /// recognizer's slop (the photo catches up with the hand by the slop at the drag's start).
    static func worstSlip(_ s: inout ViewerScript, from start: Point) -> Double {
        s.press(start)
        guard let grabbedOn = s.snapshot.image.map({ local(start, in: $0) }) else { return .infinity }
        var worst = 0.0
        var pointer = start
        var next = s.now + s.frameInterval
        for i in 1...36 {
            pointer = start + Point(0, Double(i) * 240 / 36)
            s.frames(until: s.now + 1.0 / 120, next: &next)
            s.move(pointer, after: 0)
            if i >= 4, let image = s.viewer.snapshot.image, s.phase == .interacting || s.viewer.session?.isHeldByGesture == true {
                worst = max(worst, drawn(grabbedOn, in: image).distance(to: pointer))
            }
        }
        return worst
    }

    @Test("a drag that catches an opening flight keeps the grabbed point under the pointer within 0.5 pt (was about 5 pt behind)",
          arguments: [0.05, 0.1, 0.15, 0.2])
    func catchOpening(after: Double) {
        var s = WhereFeaturesMeetTests.script()
        s.click(s.cellCenter(0))
        s.run(after)
        guard let image = s.snapshot.image else { Issue.record("nothing drawn"); return }
        let worst = Self.worstSlip(&s, from: image.center + Point(20, 10))
        report("catch of the opening at \(after) s: grabbed point at most \(worst) pt from the pointer")
        #expect(worst <= 0.5)
    }

    @Test("a drag that catches a closing flight keeps the grabbed point under the pointer within 0.5 pt",
          arguments: [0.05, 0.1, 0.15])
    func catchClosing(after: Double) {
        var s = WhereFeaturesMeetTests.script()
        s.openAndSettle(0)
        s.key("escape")
        s.run(after)
        guard let image = s.snapshot.image else { Issue.record("nothing drawn"); return }
        let worst = Self.worstSlip(&s, from: image.center + Point(20, 10))
        report("catch of the closing at \(after) s: grabbed point at most \(worst) pt from the pointer")
        #expect(worst <= 0.5)
    }

    @Test("a drag that catches a Ctrl+R turn keeps the grabbed point under the pointer within 0.01 pt",
          arguments: [0.05, 0.1, 0.2, 0.3])
    func catchTurning(after: Double) {
        var s = WhereFeaturesMeetTests.script()
        s.openAndSettle(0)
        s.send(.effect(.photoTurned(photo: 0, quarterTurns: 1, message: "turned", asksToWrite: false)))
        s.run(after)
        guard let image = s.snapshot.image else { Issue.record("nothing drawn"); return }
        let worst = Self.worstSlip(&s, from: image.center + Point(20, 10))
        report("catch of a turn at \(after) s: grabbed point at most \(worst) pt from the pointer")
        #expect(worst <= 0.01)
    }

    @Test("a drag on a photo at rest keeps the grabbed point under the pointer within 0.5 pt")
    func holdAtRest() {
        var s = WhereFeaturesMeetTests.script()
        s.openAndSettle(0)
        let worst = Self.worstSlip(&s, from: Point(660, 410))
        report("drag at rest: grabbed point at most \(worst) pt from the pointer")
        #expect(worst <= 0.5)
    }
}

@Suite("Ctrl + wheel after a two-finger scroll")
struct WheelAfterScrollTests {
    /// The zoom after `notches` Ctrl + wheel notches 60 ms apart at the window's centre, on photo 0
    /// presented, optionally after a two-finger scroll (down and sideways wheel events at 60 Hz
    /// for 0.25 s, ending `gap` seconds before the first notch).
    static func scale(afterScroll: Bool, gap: Double = 0.05, notches: Int = 5, sideways: Double = 0.2) -> Double {
        var s = WhereFeaturesMeetTests.script()
        s.openAndSettle(0)
        let at = Point(640, 400)
        if afterScroll {
            // Toward the user: at the fit a vertical scroll away zooms (docs/controls.md), toward it
            // does nothing, so what is measured is the notches after a scroll, as in the issue.
            for i in 0..<15 {
                s.send(.wheel(position: at, delta: Point(i % 3 == 0 ? sideways : 0, -0.5), modifiers: []), after: 1.0 / 60)
                s.frame()
            }
            s.run(gap)
        }
        for _ in 0..<notches {
            s.send(.wheel(position: at, delta: Point(0, 1), modifiers: .ctrl), after: 0.06)
            s.frame()
        }
        s.settle()
        return (s.snapshot.image?.size.width ?? 0) / (800.0 * 4 / 3)
    }

    @Test("every Ctrl + wheel notch acts after a two-finger scroll: 5 notches zoom e^(0.1 x 5), as without the scroll (the issue's 4 of 5 is not reproduced in the viewer: a guard)",
          arguments: [0.0, 0.05, 0.3])
    func everyNotchActs(gap: Double) {
        let plain = Self.scale(afterScroll: false)
        let after = Self.scale(afterScroll: true, gap: gap)
        let afterSideways = Self.scale(afterScroll: true, gap: gap, sideways: -3)
        report("after a sideways scroll: \(afterSideways)x")
        report("5 Ctrl+wheel notches: \(plain)x alone, \(after)x after a scroll (gap \(gap) s)")
        #expect(abs(after - plain) < 1e-6 * plain)
    }
}

@Suite("A turn that lands after a page turned away")
struct TurnOnTheStripTests {
    /// The screen-aligned extent of photo `photo`'s quad (width, height), nil when not drawn.
    static func extent(_ viewer: Viewer, photo: Int) -> Size? {
        viewer.scene().photos.first { $0.photo == photo }.map { q in
            let c = abs(cosine(q.rotation)), s = abs(sine(q.rotation))
            return Size(q.size.width * c + q.size.height * s, q.size.width * s + q.size.height * c)
        }
    }

    @Test("Ctrl+R's turn arriving in the frame Right turned the page: the outgoing photo keeps its 4:3 picture at that instant and turns on to 3:4 (was a snap from 4:3 to 3:4 in one frame)")
    func outgoingPhotoKeepsItsPicture() throws {
        var s = WhereFeaturesMeetTests.script()
        s.openAndSettle(0)
        let before = try #require(Self.extent(s.viewer, photo: 0))
        s.key("right")
        s.send(.effect(.photoTurned(photo: 0, quarterTurns: 1, message: "turned", asksToWrite: false)))
        let at = try #require(Self.extent(s.viewer, photo: 0))
        // 4000×3000 fits 1066.7×800; drawn the same at the turn's instant.
        #expect(abs(at.width - before.width) < 0.5 && abs(at.height - before.height) < 0.5, "\(before) → \(at)")
        s.frame()
        if let next = Self.extent(s.viewer, photo: 0) {
            // One frame later it has only begun to turn: within 10 % of the old picture's width.
            #expect(abs(next.width - before.width) < 0.1 * before.width, "\(before) → \(next) one frame later")
        }
        s.settle()
        #expect(s.viewer.session?.photo == 1)
    }
}
