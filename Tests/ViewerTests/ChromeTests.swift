import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewing
import Drawing
import FeelModel

@Suite("On-screen help, caption, fullscreen and grid keys: decided in the viewer, drawn from the Scene")
struct ChromeTests {
    /// The texts of a scene's overlays, in either font.
    static func texts(_ scene: Scene) -> [String] {
        scene.overlays.compactMap {
            switch $0 {
            case let .text(s, _, _, _), let .label(s, _, _, _): s
            default: nil
            }
        }
    }

    @Test("? (Shift+/), h and F1 show and hide the help listing every control; Tab still opens the tuning panel")
    func help() {
        var s = ViewerScript()
        s.key("/", mods: .shift)
        #expect(s.viewer.showsHelp)
        let lines = Self.texts(s.viewer.scene(text: .dejaVuSansMono))
        for control in ["Home  End", "F11  f", "Esc", "Tab", "?  h  F1", "Alt + drag", "q  Ctrl+Q"] {
            #expect(lines.contains { $0.hasPrefix(control) }, "help names \(control)")
        }
        s.key("f1")
        #expect(!s.viewer.showsHelp)
        #expect(!s.lab.feelLab.panel.isVisible, "F1 is help now, not the tuning panel")
        s.key("h")
        #expect(s.viewer.showsHelp)
        s.key("h")
        s.key("tab")
        #expect(s.lab.feelLab.panel.isVisible && !s.viewer.showsHelp)
    }

    @Test("F11 and f ask for fullscreen and back; Esc hides the help, then leaves fullscreen, then closes the photo")
    func escapeOrder() {
        var s = ViewerScript()
        s.key("f11")
        #expect(s.viewer.takeRequests() == [.fullscreen(true)])
        s.key("f")
        #expect(s.viewer.takeRequests() == [.fullscreen(false)])
        s.key("f")
        _ = s.viewer.takeRequests()
        s.openAndSettle(5)
        s.key("?")
        s.key("escape")
        #expect(!s.viewer.showsHelp && s.viewer.isFullscreen && s.phase == .presented)
        s.key("escape")
        #expect(s.viewer.takeRequests() == [.fullscreen(false)])
        #expect(s.phase == .presented)
        s.key("escape")
        #expect(s.phase == .closing)
    }

    @Test("in the lab, Esc hides the tuning panel before it leaves fullscreen (the chrome is offered the key with the panel in mind), then closes the photo")
    func escapeWithThePanelShown() {
        var s = ViewerScript()
        s.key("f11")
        _ = s.viewer.takeRequests()
        s.openAndSettle(5)
        s.key("tab")
        #expect(s.lab.feelLab.panel.isVisible)
        s.key("escape")
        #expect(!s.lab.feelLab.panel.isVisible && s.viewer.isFullscreen && s.phase == .presented)
        #expect(s.viewer.takeRequests().isEmpty, "while the panel is shown, Esc is the panel's, not fullscreen's")
        s.key("escape")
        #expect(s.viewer.takeRequests() == [.fullscreen(false)] && s.phase == .presented)
        s.key("escape")
        #expect(s.phase == .closing)
    }

    @Test("End springs the grid to its last row, Home back to the top, Page Down by a window less one row")
    func gridKeys() {
        var s = ViewerScript(photos: 260)
        let layout = s.viewer.layout
        s.key("end")
        s.frame()
        // Animated: after one frame the grid is on its way, not there.
        #expect(s.viewer.scrollOffset > 0 && s.viewer.scrollOffset < layout.maxScroll)
        // The indicator shows while it moves.
        #expect(s.viewer.scene().overlays.contains { if case .rect(_, _, true) = $0 { true } else { false } })
        s.settle()
        #expect(abs(s.viewer.scrollOffset - layout.maxScroll) < 0.5)
        let last = layout.photoCount - 1
        #expect(s.viewer.scene().cells.contains { $0.photo == last })
        // The indicator fades once the grid has stood still for its hold and fade (0.6 + 0.35 s).
        s.run(ViewerChrome.scrollIndicatorHoldSeconds + ViewerChrome.fadeSeconds + 0.05)
        #expect(s.viewer.scene().overlays.isEmpty)
        s.key("home")
        s.settle()
        #expect(abs(s.viewer.scrollOffset) < 0.5)
        s.key("pagedown")
        s.settle()
        // 800 pt window, rows 1 pitch apart: one page is 800 − rowPitch.
        #expect(abs(s.viewer.scrollOffset - (800 - layout.rowPitch)) < 0.5)
        s.key("pageup")
        s.settle()
        #expect(abs(s.viewer.scrollOffset) < 0.5)
    }

    @Test("the caption names the photo, n / N, zoom and pixels; it hides after its hold unless i keeps it")
    func caption() {
        var s = ViewerScript(photos: 12)
        s.openAndSettle(4)
        // Photo 4 is 1200 × 800 (shapes cycle every 4); fitted into 1280 × 800: 1200 pt wide = 100 %.
        let fit = s.viewer.fitSize(4).width / 1200 * 100
        #expect(s.viewer.caption == "p4.png   5 / 12   \(Int(fit.rounded())) %   1200 × 800")
        #expect(Self.texts(s.viewer.scene(text: .dejaVuSansMono)).contains(s.viewer.caption!))
        #expect(s.viewer.scene().title == "p4.png")
        s.run(ViewerChrome.captionHoldSeconds + ViewerChrome.fadeSeconds + 0.1)
        #expect(Self.texts(s.viewer.scene(text: .dejaVuSansMono)).isEmpty, "hidden after the hold and the fade")
        s.key("i")
        #expect(Self.texts(s.viewer.scene(text: .dejaVuSansMono)) == [s.viewer.caption!])
        s.run(5)
        #expect(Self.texts(s.viewer.scene(text: .dejaVuSansMono)) == [s.viewer.caption!], "kept by i")
        s.key("i")
        #expect(Self.texts(s.viewer.scene(text: .dejaVuSansMono)).isEmpty)
        // Paging wakes it with the new photo's line.
        s.key("right")
        s.settle()
        #expect(Self.texts(s.viewer.scene(text: .dejaVuSansMono)).first?.hasPrefix("p5.png   6 / 12") == true)
        s.key("escape")
        s.settle()
        #expect(s.viewer.scene().title == nil)
    }

    @Test("the caption's zoom counts screen pixels per photo pixel: on a HiDPI window (2 pixels per point) it reads twice the points' ratio")
    func zoomInPixels() {
        // Photo 2 is 1000 × 1000: fitted into 1280 × 800 points it is 800 points wide. On a window of
        // 2 pixels per point those are 1600 screen pixels for 1000 photo pixels: 1600 / 1000 = 160 %
        // (above 100 %, so with small photos filled: maximumUpscale 2, 2 / 2 = 1 photo pixel a point).
        var filled = Feel.defaults
        filled.maximumUpscale = 2
        var s = ViewerScript(photos: 12, feel: filled)
        s.viewer.pixelsPerPoint = 2
        s.openAndSettle(2)
        #expect(abs(s.viewer.fitSize(2).width - 800) < 1e-9)
        #expect(s.viewer.caption == "p2.png   3 / 12   160 %   1000 × 1000")
        // At the default feel it opens at one photo pixel per screen pixel, 500 points wide
        // (1000 px / 2), however large the window: it reads 100 %.
        var one = ViewerScript(photos: 12)
        one.viewer.pixelsPerPoint = 2
        one.openAndSettle(2)
        #expect(abs(one.viewer.fitSize(2).width - 500) < 1e-9)
        #expect(one.viewer.caption?.contains("   100 %   ") == true)
        // A 500 × 500 window at 1 pixel per point: 500 / 1000 = 50 %.
        var flat = ViewerScript(photos: 12, window: Size(500, 500))
        flat.openAndSettle(2)
        #expect(flat.viewer.caption?.contains("   50 %   ") == true)
    }
}

@Suite("Holding Alt before pressing shows where the two virtual fingers would go")
struct AimingFingerTests {
    @Test("Alt over the open photo: rings at the pointer and its mirror through the photo's centre; gone on release")
    func aim() {
        var s = ViewerScript()
        s.openAndSettle(2)
        let centre = Point(640, 400)
        s.move(Point(700, 300))
        s.send(.key(phase: .down, key: "left alt", modifiers: .alt))
        s.frame()
        let rings = s.viewer.scene().overlays.compactMap { if case let .ring(c, _, _) = $0 { c } else { nil } }
        // The mirror of (700, 300) through (640, 400) is 2·(640, 400) − (700, 300) = (580, 500).
        #expect(rings == [Point(700, 300), Point(580, 500), centre])
        s.send(.key(phase: .up, key: "left alt", modifiers: []))
        s.frame()
        #expect(!s.viewer.scene().overlays.contains { if case .ring = $0 { true } else { false } })
        // In the grid, where Alt + drag does nothing, nothing is shown.
        s.key("escape")
        s.settle()
        s.move(Point(300, 300), mods: .alt)
        s.frame()
        #expect(!s.viewer.scene().overlays.contains { if case .ring = $0 { true } else { false } })
    }
}
