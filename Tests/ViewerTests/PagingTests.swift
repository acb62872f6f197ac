import Testing
import Geometry
import Gestures
import Motion
@testable import Viewing

@Suite("Paging: horizontal drags, keys and wheel swipes turn pages; closing finds the new cell")
struct PagingTests {
    @Test("paging to later photos then closing lands on that photo's cell, the grid scrolled to it")
    func pageThenClose() throws {
        var s = ViewerScript()
        s.openAndSettle(37)
        // A quick drag left: 400 pt in 0.2 s.
        s.drag(from: Point(900, 400), to: Point(500, 400), duration: 0.2)
        #expect(s.phase == .paging)
        #expect(s.snapshot.photo == 38)
        s.key("right"); s.key("right"); s.key("right")
        s.settle()
        #expect(s.phase == .presented && s.snapshot.photo == 41)
        #expect(s.notes.contains { if case .paged(37, 38, _) = $0 { true } else { false } })
        #expect(s.notes.contains { if case .paged(40, 41, _) = $0 { true } else { false } })
        // Photo 41 is in row 5 (y 801.5…957): off screen at scroll 0 in an 800 pt window. The grid
        // was scrolled while hidden: by cell.maxY + spacing − window height = 957 + 4 − 800 = 161.
        let layout = s.viewer.layout
        let expectedScroll = layout.scrollRevealing(41, from: 0)
        #expect(expectedScroll == layout.cellRect(41).maxY + 4 - 800)
        #expect(s.viewer.scrollOffset == expectedScroll)
        s.key("escape")
        s.settle()
        #expect(s.phase == .grid)
        let cell = layout.cellRect(41, scroll: expectedScroll)
        #expect(s.viewer.scene().cells.contains { $0.photo == 41 && $0.frame == cell })
        #expect(cell.minY >= 0 && cell.maxY <= 800)
        // The flight aimed at that cell all along.
        let closing = s.snapshots.filter { $0.phase == .closing }
        #expect(closing.count > 5)
    }

    @Test("neighbours slide in one window width plus the gap away")
    func neighboursWithGap() throws {
        var s = ViewerScript()
        s.openAndSettle(5)
        s.drag(from: Point(900, 400), to: Point(600, 400), duration: 2.0, release: false)
        s.frame()
        let scene = s.viewer.scene()
        let current = try #require(scene.photos.last)
        #expect(current.photo == 5 && current.center.x == 340)
        let next = try #require(scene.photos.first { $0.photo == 6 })
        // Slot = 1280 + 24: the next photo's centre is 340 + 1304.
        #expect(next.center.x == 340 + 1304)
        // The previous photo's slot (340 − 1304) lies wholly off screen: not drawn.
        #expect(!scene.photos.contains { $0.photo == 4 })
        #expect(s.snapshot.gesture == .page)
        #expect(s.viewer.dismissPreview?.verdict == .stay)
    }

    @Test("a slow short drag stays; a slow drag past half the width pages")
    func distanceDecides() {
        var s = ViewerScript()
        s.openAndSettle(5)
        s.drag(from: Point(900, 400), to: Point(800, 400), duration: 1.0)
        s.settle()
        #expect(s.snapshot.photo == 5 && s.phase == .presented)

        s.drag(from: Point(1100, 400), to: Point(400, 400), duration: 2.0)
        s.settle()
        #expect(s.snapshot.photo == 6 && s.phase == .presented)
        #expect(s.snapshot.image?.center == Point(640, 400))
    }

    @Test("a flick pages and the paging spring carries the release velocity")
    func flickCarriesVelocity() throws {
        var s = ViewerScript()
        s.openAndSettle(5)
        // 60 pt left at 1000 pt/s: offset −60 is far from half the width, but it is a flick.
        s.drag(from: Point(900, 400), to: Point(840, 400), duration: 0.06)
        #expect(s.snapshot.photo == 6)
        guard case let .paging(pager) = s.viewer.session?.driver else { Issue.record("not paging"); return }
        #expect(abs(pager.offset.velocity - -1000) < 1e-6)
        // The page turned without moving anything: the new photo's slot is −60 + 1304 away.
        #expect(abs(pager.offset.value - (-60 + 1304)) < 1e-9)
        let r = try #require(s.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }.last)
        #expect(r.decision == .next && r.gesture == .page)
        s.settle()
        #expect(s.phase == .presented)
    }

    @Test("past the first photo the drag rubber-bands and springs back")
    func rubberBandAtEnds() throws {
        var s = ViewerScript()
        s.openAndSettle(0)
        s.drag(from: Point(300, 400), to: Point(700, 400), duration: 1.0, release: false)
        s.frame()
        let image = try #require(s.snapshot.image)
        // band(400) = (1 − 1/(400·0.55/1280 + 1))·1280
        let banded = (1 - 1 / (400 * 0.55 / 1280 + 1)) * 1280
        #expect(abs(image.center.x - (640 + banded)) < 1e-9)
        s.lift(Point(700, 400), after: 0.1)
        s.settle()
        #expect(s.snapshot.photo == 0 && s.snapshot.image?.center == Point(640, 400))
    }

    @Test("Left and Right keys page; a horizontal wheel swipe turns one page; vertical wheel is ignored")
    func keysAndWheel() {
        var s = ViewerScript()
        s.openAndSettle(5)
        s.key("right")
        s.settle()
        #expect(s.snapshot.photo == 6)
        s.key("left"); s.key("left")
        s.settle()
        #expect(s.snapshot.photo == 4)
        // One swipe: many small horizontal steps 10 ms apart.
        for _ in 0..<12 { s.send(.wheel(position: Point(640, 400), delta: Point(0.4, 0), modifiers: []), after: 0.01) }
        s.settle()
        #expect(s.snapshot.photo == 5)
        let scroll = s.viewer.scrollOffset
        for _ in 0..<12 { s.send(.wheel(position: Point(640, 400), delta: Point(0, -1), modifiers: []), after: 0.01) }
        s.settle()
        #expect(s.snapshot.photo == 5 && s.viewer.scrollOffset == scroll && s.phase == .presented)
    }
}
