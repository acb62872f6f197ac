import Geometry
import LabUI
import Testing
@testable import Rendering
import Drawing
import FeelModel
import Viewing

@Suite("Text on a box fits it: the layout's widths against the width SDL_ttf renders")
struct TextBoxFitTests {
    /// Each text of `overlays` with the box under it: the last filled box before it that holds its origin.
    static func textsOnBoxes(_ overlays: [Scene.Overlay]) -> [(text: String, at: Point, size: Double, face: TextRenderer.Face, box: Rect)] {
        var boxes: [Rect] = []
        var out: [(String, Point, Double, TextRenderer.Face, Rect)] = []
        for overlay in overlays {
            switch overlay {
            case let .rect(r, _, true), let .roundedRect(r, _, _): boxes.append(r)
            case let .text(s, at, size, _):
                if let box = boxes.last(where: { $0.contains(at) }) { out.append((s, at, size, .mono, box)) }
            case let .label(s, at, size, _):
                if let box = boxes.last(where: { $0.contains(at) }) { out.append((s, at, size, .ui, box)) }
            default: break
            }
        }
        return out
    }

    static let messages = [
        "moved IMG_20240612_183405.jpg to the trash (Ctrl+Z puts it back)",
        "feel.json:2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)",
        "saved feel.json with 3 changes: dragRadiusPoints 200, openSpring.response 0.42, closeSpring.response 0.35 (Ctrl+Z undoes)",
    ]

    /// For each text on a box: its right padding, with the width SDL_ttf renders it at, is at least
    /// its left padding less a point.
    static func expectFits(_ overlays: [Scene.Overlay], renderer: TextRenderer) {
        let placed = textsOnBoxes(overlays)
        #expect(!placed.isEmpty)
        for p in placed {
            let rendered = Double(renderer.measure(p.text, pixelSize: Int(p.size.rounded()), face: p.face).width)
            let left = p.at.x - p.box.minX, right = p.box.maxX - (p.at.x + rendered)
            if p.text.contains("puts it back") { print("[figure] trash notice: \(left) pt left of its text, \(right) right") }
            #expect(right >= left - 1, "\"\(p.text)\": \(right) pt of box right of it, \(left) left")
        }
    }

    @Test("a notice's box holds its text as SDL_ttf renders it, as much padding right as left (the trash's \"…puts it back)\")")
    func notices() {
        let renderer = TextRenderer()
        for message in Self.messages {
            for window in [Size(1280, 800), Size(520, 400)] {
                var lab = FeelLab(baseline: .defaults)
                lab.showsDecisions = true
                lab.show(message, isError: false)
                Self.expectFits(lab.overlays(feel: .defaults, windowSize: window, preview: nil, text: renderer.metrics), renderer: renderer)
            }
        }
    }

    @Test("the caption's box holds its text as SDL_ttf renders it in the UI font, as much padding right as left")
    func caption() {
        let renderer = TextRenderer()
        for text in ["IMG_20240612_183405.jpg   12 / 340   100 %   6000 × 4000", "WWWWMMMM.jpg   1 / 1   38 %   800 × 600", "a.png   1 / 2"] {
            Self.expectFits(Viewer.captionOverlays(text, alpha: 1, windowSize: Size(1280, 800), text: renderer.metrics), renderer: renderer)
        }
    }

    @Test("the UI font's laid-out width is never less than SDL_ttf's, and within 3 px of it, at 11 to 20 px")
    func labelWidth() {
        let renderer = TextRenderer()
        let metrics = renderer.metrics
        #expect(!metrics.uiAdvances.isEmpty, "DejaVu Sans measured as the UI font")
        for size in 11...20 {
            for text in Self.messages + ["WWW", "ilj.,", "Æ ø ß — “quoted” … · × ✕"] {
                let rendered = Double(renderer.measure(text, pixelSize: size, face: .ui).width)
                let laid = metrics.labelWidth(of: text, size: Double(size))
                #expect(laid >= rendered && laid - rendered <= 3, "\(text) at \(size) px: \(laid) laid out, \(rendered) rendered")
            }
        }
    }

    @Test("the UI font falls back to DejaVu Sans when the desktop's cannot be opened, and is the desktop's when fontconfig names one")
    func uiFontFallback() throws {
        #expect(TextRenderer(uiFont: "/nonexistent/font.ttf").uiFontPath == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(TextRenderer(uiFont: "/etc/hostname").uiFontPath == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "not a font")
        #expect(TextRenderer().uiFontPath == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "replays and tests keep DejaVu Sans")
        let desktop = try #require(SystemFont().path, "fontconfig names a sans-serif font")
        #expect(TextRenderer(uiFont: desktop).uiFontPath == desktop)
    }
}
