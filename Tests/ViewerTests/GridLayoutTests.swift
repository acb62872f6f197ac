import Testing
import Geometry
@testable import Viewing

@Suite("Grid layout: columns follow the width, cells tile, scrolling is bounded")
struct GridLayoutTests {
    @Test("columns are the count whose cells come closest to the target side", arguments: [
        // round((W − 4) / (160 + 4))
        (1280.0, 8), (1024.0, 6), (800.0, 5), (320.0, 2), (100.0, 1),
    ])
    func columnsPerWidth(width: Double, expected: Int) {
        let g = GridLayout(windowSize: Size(width, 800), photoCount: 100)
        #expect(g.columns == expected)
    }

    @Test("cells tile the width with equal spacing")
    func cellRects() {
        let g = GridLayout(windowSize: Size(1280, 800), photoCount: 20)
        // side = (1280 − 4·9) / 8 = 155.5
        #expect(g.cellSide == 155.5)
        #expect(g.cellRect(0) == Rect(x: 4, y: 4, width: 155.5, height: 155.5))
        #expect(g.cellRect(9) == Rect(x: 4 + 159.5, y: 4 + 159.5, width: 155.5, height: 155.5))
        #expect(g.cellRect(7).maxX == 1280 - 4)
    }

    @Test("scroll bounds: content height minus window height, never negative")
    func scrollBounds() {
        let g = GridLayout(windowSize: Size(1280, 800), photoCount: 100)
        // rows = ceil(100/8) = 13; content = 13·159.5 + 4 = 2077.5; max = 2077.5 − 800
        #expect(g.maxScroll == 1277.5)
        #expect(GridLayout(windowSize: Size(1280, 800), photoCount: 3).maxScroll == 0)
    }

    @Test("only visible cells are listed, and hit testing finds the cell under a point")
    func visibleAndHit() {
        let g = GridLayout(windowSize: Size(1280, 800), photoCount: 10_000)
        let range = g.visibleRange(scroll: 5000)
        #expect(range.count <= 8 * 7)
        for i in range { #expect(g.cellRect(i, scroll: 5000).intersects(Rect(x: 0, y: 0, width: 1280, height: 800))) }
        #expect(g.cellIndex(at: Point(10, 10), scroll: 0) == 0)
        #expect(g.cellIndex(at: Point(2, 2), scroll: 0) == nil)
        #expect(g.cellIndex(at: Point(170, 10), scroll: 159.5) == 9)
    }
}
