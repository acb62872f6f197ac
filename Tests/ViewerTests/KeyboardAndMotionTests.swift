import Testing
import Geometry
import Gestures
import Motion
@testable import Viewing
import FeelModel

@Suite("Keyboard focus, reduced motion and grid scrolling")
struct KeyboardAndMotionTests {
    @Test("arrow keys show and move a focus ring, the grid scrolls to keep it visible, Enter and Space open")
    func keyboardFocusAndOpen() throws {
        var s = ViewerScript()
        #expect(!s.viewer.scene().cells.contains { $0.isFocused })
        s.key("right")
        // The first press shows the ring on the first cell on screen.
        #expect(s.viewer.scene().cells.filter(\.isFocused).map(\.photo) == [0])
        s.key("right")
        for _ in 0..<5 { s.key("down") }
        s.settle()
        // 1 + 5 rows of 8 = 41, in row 5: off screen at scroll 0, so the grid scrolled to reveal it.
        #expect(s.viewer.scene().cells.filter(\.isFocused).map(\.photo) == [41])
        #expect(s.viewer.scrollOffset == s.viewer.layout.scrollRevealing(41, from: 0))
        s.key("return")
        #expect(s.phase == .opening)
        #expect(s.notes.contains { if case .opened(41, .key, _) = $0 { true } else { false } })
        s.settle()
        s.key("escape")
        s.settle()
        #expect(s.phase == .grid)
        #expect(s.viewer.scene().cells.filter(\.isFocused).map(\.photo) == [41])
        s.key("space")
        #expect(s.phase == .opening && s.snapshot.photo == 41)
        s.settle()
        s.key("return")
        #expect(s.phase == .closing)
        s.settle()
        // A click hides the ring.
        s.click(s.cellCenter(40))
        s.key("escape")
        s.settle()
        #expect(!s.viewer.scene().cells.contains { $0.isFocused })
        // Up from the first row stays; down past the last photo lands on the last.
        var t = ViewerScript(photos: 10)
        t.key("right"); t.key("up")
        #expect(t.viewer.focus.index == 0)
        t.key("right"); t.key("right"); t.key("right"); t.key("down")
        #expect(t.viewer.focus.index == 9)
        t.key("down")
        #expect(t.viewer.focus.index == 9)
        t.key("q")
        #expect(t.viewer.takeRequests() == [.quit])
    }

    @Test("reduced motion: the photo cross-fades at its full frame instead of flying, both ways")
    func reducedMotion() throws {
        var feel = Feel.defaults
        feel.reducedMotion = true
        var s = ViewerScript(feel: feel)
        s.click(s.cellCenter(3))
        let clickTime = s.now
        #expect(s.phase == .opening)
        // Photo 3 is 1600×900: fit 1280×720, centred.
        let fit = Size(1600, 900).fitting(in: Size(1280, 800))
        var alphas: [Double] = []
        while s.phase == .opening {
            s.frame()
            let scene = s.viewer.scene()
            let quad = try #require(scene.photos.last)
            #expect(quad.center == Point(640, 400) && quad.size == fit)
            // alpha = progress = elapsed / crossFadeSeconds (linear), the cell stays in the grid.
            #expect(abs(quad.alpha - min(1, (s.now - clickTime) / feel.crossFadeSeconds)) < 1e-9)
            #expect(scene.cells.contains { $0.photo == 3 })
            alphas.append(quad.alpha)
        }
        #expect(s.phase == .presented)
        report("reduced motion: cross-fade in \(alphas.count) frames")
        s.send(.key(phase: .down, key: "escape", modifiers: []))
        let escapeTime = s.now
        s.run(0.1)
        let quad = try #require(s.viewer.scene().photos.last)
        #expect(quad.center == Point(640, 400))
        #expect(abs(quad.alpha - (1 - (s.now - escapeTime) / feel.crossFadeSeconds)) < 1e-9)
        s.settle()
        #expect(s.phase == .grid)

        // A drag dismissal: the photo follows the pointer and fades with progress; let go, it fades
        // out where it was, no flight.
        s.openAndSettle(3)
        s.drag(from: Point(640, 400), to: Point(640, 500), duration: 0.1)
        #expect(s.phase == .closing)
        let letGo = try #require(s.snapshot.image?.center)
        s.run(0.05)
        #expect(s.snapshot.image?.center == letGo)
        s.settle()
        #expect(s.phase == .grid)
    }

    @Test("the wheel scrolls the grid on the scroll spring and rubber-bands at the top")
    func wheelScroll() {
        var s = ViewerScript(photos: 200)
        s.send(.wheel(position: Point(600, 400), delta: Point(0, -3), modifiers: []))
        s.settle()
        // 3 units × 60 pt.
        #expect(s.viewer.scrollOffset == 180)
        s.send(.wheel(position: Point(600, 400), delta: Point(0, 10), modifiers: []))
        s.run(0.1)
        #expect(s.viewer.scrollOffset < 0)
        #expect(s.snapshots.last?.gesture == .scroll || s.snapshots.suffix(7).contains { $0.gesture == .scroll })
        s.settle()
        #expect(s.viewer.scrollOffset == 0)
    }

    @Test("a drag scrolls the grid under the pointer; a flick coasts the projected distance; a press stops it")
    func dragScroll() {
        var s = ViewerScript(photos: 400)
        s.send(.wheel(position: Point(600, 400), delta: Point(0, -20), modifiers: []))
        s.settle()
        let start = s.viewer.scrollOffset
        // Drag up 100 pt at 1000 pt/s: the content follows (+100), then coasts v/k more, with
        // k = −1000·ln 0.998: 1000 / 2.002 = 499.5 pt, less the tail cut at 20 pt/s (20 / k = 10 pt).
        s.drag(from: Point(600, 600), to: Point(600, 500), duration: 0.1)
        let released = s.viewer.scrollOffset
        #expect(abs(released - (start + 100)) < 1e-6)
        let coast = s.settle()
        let travelled = s.viewer.scrollOffset - released
        report("grid flick: coasted \(travelled) pt in \(coast) s (projection \(Momentum.project(velocity: 1000)) pt)")
        #expect(abs(travelled - (1000 - 20) / (-1000 * Double.log(0.998))) < 1)
        // A press on a coasting grid stops it, and its click opens nothing.
        s.drag(from: Point(600, 600), to: Point(600, 500), duration: 0.1)
        s.run(0.1)
        s.click(Point(600, 400))
        let stopped = s.viewer.scrollOffset
        s.run(0.3)
        #expect(s.viewer.scrollOffset == stopped)
        #expect(s.phase == .grid)
    }
}

@Suite("Performance shape: a frame touches only what is on screen")
struct FrameCostTests {
    @Test("the scene lists the same cells for 100 photos as for 10,000 (only the visible ones)")
    func visibleCellsOnly() {
        var small = ViewerScript(photos: 100)
        var large = ViewerScript(photos: 10_000)
        for s in [0, 1] {
            var script = s == 0 ? small : large
            script.send(.wheel(position: Point(600, 400), delta: Point(0, -10), modifiers: []))
            script.settle()
            if s == 0 { small = script } else { large = script }
        }
        #expect(small.viewer.scrollOffset == large.viewer.scrollOffset)
        let a = small.viewer.scene().cells, b = large.viewer.scene().cells
        #expect(a == b)
        // 1280×800 at 155.5 pt cells: at most 6 rows of 8 touch the window.
        #expect(b.count <= 48)
    }
}
