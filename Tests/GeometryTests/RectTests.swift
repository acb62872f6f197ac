import Testing
@testable import Geometry
import TestSupport

@Suite("Rect and Size: aspect fit, aspect fill, centre crops")
struct RectTests {
    @Test("aspect fit of a 600×400 photo in a 1280×800 window is 1200×800, centred")
    func aspectFitLandscape() {
        // scale = min(1280/600, 800/400) = 2 → 1200×800 at x = (1280 − 1200)/2 = 40
        let r = Rect(x: 0, y: 0, width: 1280, height: 800).aspectFit(Size(600, 400))
        #expect(r == Rect(x: 40, y: 0, width: 1200, height: 800))
    }

    @Test("aspect fill of a 600×400 photo over a 100×100 cell is 150×100, centred")
    func aspectFill() {
        // scale = max(100/600, 100/400) = 0.25 → 150×100, x = (100 − 150)/2 = −25
        let r = Rect(x: 0, y: 0, width: 100, height: 100).aspectFill(Size(600, 400))
        #expect(r == Rect(x: -25, y: 0, width: 150, height: 100))
    }

    @Test("the square centre crop of a 4:1 panorama is its middle quarter")
    func centreCrop() {
        // crop width = height · 1 = 600 of 2400; x = (2400 − 600)/2 = 900
        #expect(Size(2400, 600).centerCrop(aspect: 1) == Rect(x: 900, y: 0, width: 600, height: 600))
        #expect(Size(720, 1560).centerCrop(aspect: 1) == Rect(x: 0, y: 420, width: 720, height: 720))
    }

    @Test("the test oracle Transform2D: rotation about a pivot keeps the pivot fixed and turns +x toward +y")
    func rotationAboutPivot() {
        let pivot = Point(100, 100)
        let t = Transform2D.rotation(Double.pi / 2, about: pivot)
        let p = t.apply(Point(110, 100))
        #expect(abs(p.x - 100) < 1e-12 && abs(p.y - 110) < 1e-12)
        #expect(t.apply(pivot) == pivot)
        let composed = Transform2D.scale(2, about: pivot).then(t)
        #expect(abs(composed.uniformScale - 2) < 1e-12)
        #expect(abs(composed.rotationAngle - Double.pi / 2) < 1e-12)
    }
}
