import Geometry
import Gestures
import Testing
@testable import Viewing
import Events
import FeelModel

/// GNOME's image viewers' keys on the open photo (eog, Loupe; docs/controls.md): Home / End, Page
/// Up / Page Down and Space go to another photo, Ctrl+W closes, Ctrl+0 / 1 / 2 zoom to the fit,
/// 1:1 and 200 % (1 and Ctrl+1 pressed again go back to the fit), F9 keeps the caption as `i`.
@Suite("Desktop conventions on the open photo: Home, End, Page Up, Page Down, Space, Ctrl+W, Ctrl+0/1/2, F9")
struct DesktopConventionsTests {
    static func pages(_ notes: [ViewerNote]) -> [Int] {
        notes.compactMap { if case let .paged(_, to, _) = $0 { to } else { nil } }
    }

    static func ignored(_ notes: [ViewerNote]) -> [String] {
        notes.compactMap { if case let .inputIgnored(i) = $0 { "\(i.input): \(i.reason.rawValue)" } else { nil } }
    }

    @Test("End goes to the last photo and Home to the first, across the list, by a cross-fade with no jump; at the first, Home says there is none that way")
    func homeAndEnd() {
        var w = PhaseWalkTests.Walk(fps: 60, photos: 12)
        w.open(5)
        w.settle()
        w.script.notes.removeAll()
        w.key("end")
        w.frame()
        // Halfway through nothing: the photo taking over fades in (a cross-fade, not a cut).
        #expect(w.script.viewer.handOverFade != nil)
        w.settle()
        #expect(w.script.snapshot.photo == 11 && w.script.phase == .presented)
        w.key("home")
        w.settle()
        #expect(w.script.snapshot.photo == 0 && w.script.phase == .presented)
        #expect(Self.pages(w.script.notes) == [11, 0])
        w.key("home")
        w.settle()
        #expect(Self.ignored(w.script.notes) == ["home: no photo that way"])
        #expect(w.jumps.isEmpty, "\(w.jumps.prefix(3))")
        // A neighbour is a page turn: the strip slides (End from 10 to 11).
        w.key("end")
        w.key("left")
        w.settle()
        w.key("end")
        w.frame()
        #expect(w.script.viewer.session.map { if case .paging = $0.driver { true } else { false } } == true)
        w.settle()
        #expect(w.script.snapshot.photo == 11)
    }

    @Test("End, Home and Right pressed in quick succession (each within the last one's cross-fade, as a hand types them): the photo left behind fades as a picture of its own, and paging back to it slides it in whole, with no jump (the end-to-end run found photo 1 jumping 824 pt)")
    func quickSuccession() {
        var w = PhaseWalkTests.Walk(fps: 60, photos: 6)
        w.open(1)
        w.settle()
        w.key("end")
        w.run(0.05)
        w.key("home")
        w.run(0.05)
        w.key("right")
        w.settle()
        #expect(w.script.snapshot.photo == 1 && w.script.phase == .presented)
        #expect(w.jumps.isEmpty, "\(w.jumps.prefix(3))")
    }

    @Test("Page Down and Page Up page to the next and previous photo, on a zoomed photo too (Right would pan it); Space pages on, Return closes")
    func pageKeysAndSpace() {
        var s = ViewerScript(photos: 12)
        s.openAndSettle(5)
        s.key("+")
        s.settle()
        #expect(s.phase == .zoomed)
        s.notes.removeAll()
        s.key("pagedown")
        s.settle()
        #expect(s.snapshot.photo == 6 && s.phase == .presented)
        s.key("pageup")
        s.settle()
        #expect(s.snapshot.photo == 5)
        s.key("space")
        s.settle()
        #expect(s.snapshot.photo == 6 && s.phase == .presented)
        #expect(Self.pages(s.notes) == [6, 5, 6])
        s.key("return")
        #expect(s.phase == .closing)
    }

    @Test("on the grid Page Down and Home scroll the grid as before, and Space opens the focused photo")
    func gridKeysStay() {
        var s = ViewerScript(photos: 60)
        s.key("pagedown")
        s.settle()
        #expect(s.viewer.scrollOffset > 100 && s.phase == .grid)
        s.key("home")
        s.settle()
        #expect(abs(s.viewer.scrollOffset) < 0.5)
        s.key("right")
        s.key("space")
        #expect(s.phase == .opening)
    }

    @Test("Ctrl+W closes the open photo; on the grid it closes the window: the viewer asks to quit")
    func ctrlW() {
        var s = ViewerScript(photos: 12)
        s.openAndSettle(2)
        _ = s.viewer.takeRequests()
        s.key("w", mods: .ctrl)
        #expect(s.phase == .closing)
        #expect(s.viewer.takeRequests().isEmpty)
        s.settle()
        s.key("w", mods: .ctrl)
        #expect(s.viewer.takeRequests() == [.quit])
    }

    @Test("Ctrl+1 and 1 zoom to 1:1 and, pressed there again, back to the fit; Ctrl+2 to 200 % (the 1600 × 900 photo fit at 1280 pt: scales 1.25 and 2.5); Ctrl+0 to the fit")
    func zoomKeys() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(3)
        s.key("1", mods: .ctrl)
        s.settle()
        #expect(s.phase == .zoomed && abs((s.viewer.zoomPercent(3) ?? 0) - 100) < 0.01)
        s.key("1")
        s.settle()
        #expect(s.phase == .presented)
        s.key("1")
        s.settle()
        #expect(abs((s.viewer.zoomPercent(3) ?? 0) - 100) < 0.01)
        s.key("1", mods: .ctrl)
        s.settle()
        #expect(s.phase == .presented, "Ctrl+1 toggles as 1 does")
        s.key("2", mods: .ctrl)
        s.settle()
        #expect(s.phase == .zoomed && abs((s.viewer.zoomPercent(3) ?? 0) - 200) < 0.01)
        s.key("0", mods: .ctrl)
        s.settle()
        #expect(s.phase == .presented)
    }

    @Test("F9 keeps the caption shown, as i does, and lets it hide again")
    func f9() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(1)
        s.key("f9")
        #expect(s.viewer.chrome.captionPinned)
        s.key("f9")
        #expect(!s.viewer.chrome.captionPinned)
    }
}

/// The plain vertical wheel on the open photo zooms (eog's default): docs/controls.md.
@Suite("The wheel on the open photo zooms about the pointer, down to the fit, and a new burst on a zoomed photo pans")
struct WheelZoomTests {
    /// Wheel notches of `units` each, 20 ms apart (one burst: closer than the quiet spell).
    static func notches(_ s: inout ViewerScript, _ count: Int, units: Double, at p: Point) {
        for _ in 0..<count { s.send(.wheel(position: p, delta: Point(0, units), modifiers: []), after: 0.02) }
    }

    @Test("three notches away zoom the 1200 × 800 photo (fit 1200 × 800) to e^0.3 about the pointer: its centre goes to p + (c − p)·e^0.3; five back in the same burst return it to the fit, not below")
    func zoomsAboutThePointer() throws {
        var s = ViewerScript(photos: 12)
        s.openAndSettle(4)
        let p = Point(700, 420), c = Point(640, 400)
        let scale = exponential(3 * Feel.defaults.wheelPinchLogScalePerUnit)
        Self.notches(&s, 3, units: 1, at: p)
        s.settle()
        #expect(s.phase == .zoomed)
        let image = try #require(s.snapshot.image)
        #expect(abs(image.size.width - 1200 * scale) < 0.5, "\(image.size.width) vs \(1200 * scale)")
        let expected = p + (c - p) * scale
        #expect(image.center.distance(to: expected) < 0.5, "\(image.center) vs \(expected)")
        // Three in and five back in one burst: down to the fit, and the photo stays open.
        var t = ViewerScript(photos: 12)
        t.openAndSettle(4)
        Self.notches(&t, 3, units: 1, at: p)
        Self.notches(&t, 5, units: -1, at: p)
        t.settle()
        #expect(t.phase == .presented)
        #expect(t.snapshot.image?.size.width == 1200)
    }

    @Test("toward the user at the fit the wheel does nothing and says why; a new burst on a zoomed photo pans it, not zooms")
    func atFitAndNewBurstPans() throws {
        var s = ViewerScript(photos: 12)
        s.openAndSettle(4)
        s.notes.removeAll()
        Self.notches(&s, 2, units: -1, at: Point(640, 400))
        s.settle()
        #expect(s.phase == .presented)
        #expect(DesktopConventionsTests.ignored(s.notes) == ["wheel: the photo is at its fit already"])
        Self.notches(&s, 4, units: 1, at: Point(640, 400))
        s.settle()
        let zoomed = try #require(s.snapshot.image)
        s.run(Feel.defaults.wheelQuietSeconds + 0.1)
        Self.notches(&s, 1, units: 1, at: Point(640, 400))
        s.settle()
        let after = try #require(s.snapshot.image)
        #expect(after.size == zoomed.size, "the new burst pans: the scale stays")
        #expect(after.center.y > zoomed.center.y, "wheel away shows the photo's top: it moves down")
    }
}
