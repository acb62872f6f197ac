import Testing
import Geometry
import Gestures
import Motion
@testable import Viewing

@Suite("Zoom in the photo: pinch out, pan within bounds, keys, double-click")
struct ZoomTests {
    /// Photo 12 is 1200×800: presented at 1200×800 centred at (640, 400).
    static func presented() -> ViewerScript {
        var s = ViewerScript()
        s.openAndSettle(12)
        return s
    }

    static func tap(_ s: inout ViewerScript, _ p: Point, count: Int, after: Double) {
        s.now += after
        s.gesture(.tap(location: p, count: count, button: .left, modifiers: [], time: s.now))
    }

    @Test("a pinch out past 1 zooms about its pivot; pinching back to the fit returns to the presented photo")
    func pinchZoomAndBack() throws {
        var s = ZoomTests.presented()
        s.manipulate(pivot: Point(800, 500), scale: 2, duration: 0.3, kind: .pinch)
        #expect(s.phase == .zoomed)
        s.settle()
        #expect(s.phase == .zoomed)
        let image = try #require(s.snapshot.image)
        // The photo point under the pivot stays under it: c = P + (c₀ − P)·2 = (800, 500) + (−160, −100)·2.
        #expect(image.center == Point(480, 300))
        #expect(image.size == Size(2400, 1600))
        #expect(s.snapshot.progress == 1 && s.snapshot.backdrop == 1)
        #expect(s.notes.contains { if case let .released(r) = $0 { r.decision == .zoom } else { false } })

        s.manipulate(pivot: Point(640, 400), scale: 0.5, duration: 0.3, kind: .pinch, source: .wheel)
        #expect(s.phase == .zoomed)
        s.settle()
        #expect(s.phase == .presented)
        #expect(s.snapshot.image?.center == Point(640, 400) && s.snapshot.image?.size == Size(1200, 800))
    }

    @Test("beyond the maximum the scale rubber-bands and settles back to the maximum")
    func scaleRubberBand() throws {
        var s = ZoomTests.presented()
        s.manipulate(pivot: Point(640, 400), scale: 8, duration: 0.4, kind: .pinch, end: false)
        s.frame()
        let shown = try #require(s.snapshot.image).size.width / 1200
        // ln s = ln 4 + band(ln 8 − ln 4) over a ln 2 extent.
        let l = Double.log(4.0) + (1 - 1 / ((Double.log(8.0) - Double.log(4.0)) * 0.55 / Double.log(2.0) + 1)) * Double.log(2.0)
        #expect(abs(shown - Double.exp(l)) < 1e-9)
        #expect(shown > 4 && shown < 8)
        s.gesture(.manipulation(Manipulation(phase: .ended, kind: .pinch, source: .mouseMirrored, startPivot: Point(640, 400),
                                             scale: 8, time: s.now)))
        s.settle()
        #expect(abs(try #require(s.snapshot.image).size.width - 4 * 1200) < 1e-9)
    }

    @Test("a drag pans the zoomed photo within its bounds, rubber-banding past them and coasting on release")
    func panWithinBounds() throws {
        var s = ZoomTests.presented()
        s.manipulate(pivot: Point(640, 400), scale: 2, duration: 0.3, kind: .pinch)
        s.settle()
        // At 2× the photo is 2400×1600: centre x ∈ [1280 − 1200, 1200] = [80, 1200], y ∈ [0, 800].
        #expect(s.snapshot.image?.center == Point(640, 400))
        // A pan of 200 pt left, held still before letting go, stays where it is let go.
        s.drag(through: [Point(700, 400), Point(500, 400), Point(500, 400)], durations: [1.0, 0.1])
        s.settle()
        #expect(abs((s.snapshot.image?.center.x ?? 0) - 440) < 1e-9)
        // A flick left coasts to the bound and stops exactly there.
        s.drag(from: Point(700, 400), to: Point(600, 400), duration: 0.05)
        #expect(s.phase == .zoomed)
        let coastTime = s.settle()
        report("zoomed pan: flick coasted and settled in \(coastTime) s")
        #expect(s.snapshot.image?.center.x == 80)
        // Past the bound the drag rubber-bands: 300 pt further left shows band(300) within 1280.
        s.drag(from: Point(700, 400), to: Point(400, 400), duration: 1.0, release: false)
        s.frame()
        let banded = (1 - 1 / (300 * 0.55 / 1280 + 1)) * 1280
        #expect(abs((s.snapshot.image?.center.x ?? 0) - (80 - banded)) < 1e-9)
        s.lift(Point(400, 400), after: 0.1)
        s.settle()
        #expect(s.snapshot.image?.center.x == 80)
    }

    @Test("+ and = zoom in by the keyboard step, − zooms out, 0 returns to the fit")
    func keyboardZoom() throws {
        var s = ZoomTests.presented()
        s.key("=")
        s.settle()
        #expect(s.phase == .zoomed)
        #expect(abs(try #require(s.snapshot.image).size.width - 1200 * 1.25) < 1e-9)
        s.key("+"); s.key("keypad +")
        s.settle()
        #expect(abs(try #require(s.snapshot.image).size.width - 1200 * 1.25 * 1.25 * 1.25) < 1e-6)
        s.key("-")
        s.settle()
        #expect(abs(try #require(s.snapshot.image).size.width - 1200 * 1.25 * 1.25) < 1e-6)
        s.key("0")
        s.settle()
        #expect(s.phase == .presented && s.snapshot.image?.size == Size(1200, 800))
    }

    @Test("double-click: the first click starts the dismissal at once, the second turns it into a 2.5× zoom about the point")
    func doubleClickZooms() throws {
        var s = ZoomTests.presented()
        ZoomTests.tap(&s, Point(900, 500), count: 1, after: 0.01)
        #expect(s.phase == .closing)
        s.run(0.15)
        var probe = s.viewer
        probe.step(to: s.now + 0.1)
        let flying = try #require(probe.transition?.pose)
        ZoomTests.tap(&s, Point(900, 500), count: 2, after: 0.1)
        #expect(s.phase == .zoomed)
        let turned = try #require(s.viewer.transition?.pose)
        #expect(turned.value == flying.value && turned.velocity == flying.velocity)
        s.settle()
        let image = try #require(s.snapshot.image)
        // c = click + (centre − click)·2.5 = (900, 500) + (−260, −100)·2.5.
        #expect(image.center == Point(250, 250))
        #expect(image.size == Size(3000, 2000))
        #expect(s.notes.contains { if case .interrupted(12, .closing, .zoomed, _) = $0 { true } else { false } })

        // On the zoomed photo a single click does nothing; a double-click zooms back to the fit.
        ZoomTests.tap(&s, Point(600, 300), count: 1, after: 0.5)
        #expect(s.phase == .zoomed)
        ZoomTests.tap(&s, Point(600, 300), count: 2, after: 0.2)
        s.settle()
        #expect(s.phase == .presented && s.snapshot.image?.size == Size(1200, 800))
    }

    @Test("a double-click on a grid cell opens the photo (the second click does not send it back)")
    func doubleClickInGrid() {
        var s = ViewerScript()
        let p = s.cellCenter(3)
        ZoomTests.tap(&s, p, count: 1, after: 0.01)
        #expect(s.phase == .opening)
        ZoomTests.tap(&s, p, count: 2, after: 0.2)
        #expect(s.phase == .opening)
        s.settle()
        #expect(s.phase == .presented)
    }
}

@Suite("Zoom and dismissal through real input events (the recognizers in the loop)")
struct RecognizedGestureTests {
    @Test("double-click through pointer events: dismissal at once, then a 2.5× zoom about the click")
    func doubleClickEvents() throws {
        var s = ZoomTests.presented()
        s.click(Point(900, 500))
        #expect(s.phase == .closing)
        s.run(0.1)
        s.click(Point(900, 500))
        #expect(s.phase == .zoomed)
        s.settle()
        #expect(s.snapshot.image?.center == Point(250, 250))
        s.run(0.5)
        s.click(Point(600, 300))
        s.run(0.1)
        s.click(Point(600, 300))
        s.settle()
        #expect(s.phase == .presented)
    }

    @Test("a slow second click (pressed in time, released late) still turns the dismissal into a zoom")
    func slowSecondClick() {
        var s = ZoomTests.presented()
        s.click(Point(900, 500))
        s.press(Point(900, 500))
        s.lift(Point(900, 500), after: 0.35)
        #expect(s.phase == .zoomed)
        s.settle()
        #expect(s.snapshot.image?.center == Point(250, 250))
    }

    @Test("Alt-drag outward zooms about the photo's centre; Alt-drag inward dismisses")
    func altDrag() throws {
        var s = ZoomTests.presented()
        // Fingers mirrored through (640, 400): span 2·160 → 2·320, scale 2.
        s.press(Point(800, 400), mods: [.alt])
        for i in 1...32 { s.move(Point(800 + 5 * Double(i), 400), after: 1.0 / 120, mods: [.alt]); if i % 2 == 0 { s.frame() } }
        #expect(s.phase == .zoomed)
        // Two finger dots and the pivot ring (the caption's band and text are drawn too).
        let fingerMarks = s.viewer.scene().overlays.filter { if case .dot = $0 { true } else if case .ring = $0 { true } else { false } }
        #expect(fingerMarks.count == 3)
        s.run(0.1)
        s.lift(Point(960, 400), mods: [.alt])
        s.settle()
        let image = try #require(s.snapshot.image)
        #expect(abs(image.size.width - 2400) < 1e-6 && image.center == Point(640, 400))

        var d = ZoomTests.presented()
        d.press(Point(900, 400), mods: [.alt])
        for i in 1...40 { d.move(Point(900 - 4 * Double(i), 400), after: 1.0 / 120, mods: [.alt]); if i % 2 == 0 { d.frame() } }
        // Span 2·260 → 2·100: scale 0.385, a pinch well past the close threshold.
        #expect(d.phase == .interacting)
        #expect(d.snapshot.gesture == .pinch)
        d.run(0.1)
        d.lift(Point(740, 400), mods: [.alt])
        #expect(d.phase == .closing)
        d.settle()
        #expect(d.phase == .grid)
    }

    @Test("Ctrl + wheel up zooms in about the pointer and stays zoomed when the wheel goes quiet")
    func ctrlWheel() throws {
        var s = ZoomTests.presented()
        for _ in 0..<5 { s.send(.wheel(position: Point(640, 400), delta: Point(0, 1), modifiers: [.ctrl]), after: 0.02) }
        #expect(s.phase == .zoomed)
        s.settle()
        #expect(s.phase == .zoomed)
        // 5 units × e^0.1 each: e^0.5.
        let image = try #require(s.snapshot.image)
        #expect(abs(image.size.width / 1200 - Double.exp(0.5)) < 1e-6)
        for _ in 0..<10 { s.send(.wheel(position: Point(640, 400), delta: Point(0, -1), modifiers: [.ctrl]), after: 0.02) }
        s.settle()
        #expect(s.phase == .presented)
    }
}
