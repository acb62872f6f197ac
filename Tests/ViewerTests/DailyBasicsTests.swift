import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewer

/// The daily basics the viewer decides (issue 32): Delete and Ctrl+Z as requests to the shell and
/// the trashed photo leaving on a page turn, the 1:1 key, the slideshow.
@Suite("Daily basics in the viewer: Delete pages away then drops, 1:1 on the zoom spring, a slideshow of page turns")
struct DailyBasicsTests {
    /// The pages turned so far, as (from, to).
    static func pages(_ notes: [ViewerNote]) -> [(from: Int, to: Int, time: Double)] {
        notes.compactMap { if case let .paged(from, to, time) = $0 { (from, to, time) } else { nil } }
    }

    @Test("the help overlay names the new keys: 1, Delete and Ctrl+Z, F5")
    func helpNamesThem() {
        var s = ViewerScript()
        s.key("?")
        let lines = ChromeTests.texts(s.viewer.scene(text: .dejaVuSansMono))
        for control in ["1 ", "Delete ", "Ctrl+Z ", "F5 "] {
            #expect(lines.contains { $0.hasPrefix(control) }, "help names \(control)")
        }
    }

    // MARK: - Delete and Ctrl+Z

    @Test("Delete on the open photo asks the shell to trash it (index and name); in the grid or mid-opening it asks nothing; Ctrl+Z asks to undo anywhere")
    func deleteAsks() {
        var s = ViewerScript(photos: 6)
        s.key("delete")
        #expect(s.viewer.takeRequests().isEmpty, "nothing is open in the grid")
        s.key("z", mods: .ctrl)
        #expect(s.viewer.takeRequests() == [.undoTrash])
        s.click(s.cellCenter(2))
        s.run(0.05)
        s.key("delete")
        #expect(s.viewer.takeRequests().isEmpty, "photo 2 is still flying out of its cell")
        s.settle()
        s.key("delete")
        #expect(s.viewer.takeRequests() == [.photoFile(.trash, photo: 2, name: "p2.png")])
    }

    @Test("trashed, the open photo turns the page to the next on the paging spring and is dropped only once no longer drawn; the list change then keeps the next photo open")
    func trashedPhotoPagesAway() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        s.notes.removeAll()
        s.send(.effect(.photoTrashed(photo: 2, message: "moved p2.png to the trash")))
        #expect(Self.pages(s.notes).map { [$0.from, $0.to] } == [[2, 3]])
        #expect(s.lab.feelLab.message?.text == "moved p2.png to the trash")
        // While photo 2 is still drawn sliding out, nothing is dropped.
        s.frame()
        #expect(s.viewer.photoQuads().contains { $0.photo == 2 })
        #expect(s.viewer.takeRequests().isEmpty)
        var dropped: [ViewerRequest] = []
        for _ in 0..<120 where dropped.isEmpty {
            s.frame()
            dropped = s.viewer.takeRequests()
            if dropped.isEmpty { #expect(s.viewer.photoQuads().contains { $0.photo == 2 }, "photo 2 was neither drawn nor dropped") }
        }
        #expect(dropped == [.dropTrashed(photo: 2, name: "p2.png")])
        // The shell's list change: photo 2 out; photo 3 (now 2) stays open where it is drawn.
        let before = s.viewer.transition?.pose.value
        s.send(.photos(PhotoListChange(removed: [2])))
        #expect(s.viewer.session?.photo == 2 && s.viewer.photos[2].name == "p3.png")
        #expect(s.viewer.transition?.pose.value == before)
    }

    @Test("put back by Ctrl+Z as the open photo's neighbour (photo 2 again, the open one now 3), the page turns back to it; a photo put back further away changes nothing on screen")
    func restoredPhotoPagesBack() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        s.send(.photos(PhotoListChange(added: [.init(index: 2, name: "back.png", size: Size(600, 400))])))
        #expect(s.viewer.session?.photo == 3)
        s.notes.removeAll()
        s.send(.effect(.photoRestored(photo: 2, message: "put back.png back")))
        #expect(Self.pages(s.notes).map { [$0.from, $0.to] } == [[3, 2]])
        s.settle()
        #expect(s.phase == .presented && s.viewer.session?.photo == 2)
        s.send(.photos(PhotoListChange(added: [.init(index: 5, name: "far.png", size: Size(600, 400))])))
        s.notes.removeAll()
        s.send(.effect(.photoRestored(photo: 5, message: "put far.png back")))
        #expect(Self.pages(s.notes).isEmpty && s.viewer.session?.photo == 2)
    }

    @Test("the last photo trashed pages back to the one before it; the only photo trashed closes to the grid and is dropped once it has landed")
    func trashedAtTheEnds() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(5)
        s.notes.removeAll()
        s.send(.effect(.photoTrashed(photo: 5, message: "moved")))
        #expect(Self.pages(s.notes).map { [$0.from, $0.to] } == [[5, 4]])

        var one = ViewerScript(photos: 1)
        one.openAndSettle(0)
        one.send(.effect(.photoTrashed(photo: 0, message: "moved")))
        #expect(one.phase == .closing)
        one.settle()
        #expect(one.phase == .grid)
        #expect(one.viewer.takeRequests() == [.dropTrashed(photo: 0, name: "p0.png")])
    }

    // MARK: - 1:1

    @Test("1 zooms the open photo to one photo pixel per screen pixel on the zoom spring: a 1600 × 900 photo fit at 1280 pt (80 %) goes to scale 1600 / 1280 = 1.25; 0 goes back")
    func actualPixels() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(3)
        #expect(s.viewer.zoomPercent(3).map { ($0 * 10).rounded() / 10 } == 80)
        s.key("1")
        s.frame()
        let midway = s.viewer.zoomPercent(3) ?? 0
        #expect(midway > 80 && midway < 100, "on a spring, not at once: \(midway) %")
        s.settle()
        #expect(s.phase == .zoomed)
        #expect(abs((s.viewer.zoomPercent(3) ?? 0) - 100) < 0.01)
        s.key("0")
        s.settle()
        #expect(s.phase == .presented)
    }

    @Test("1 on a HiDPI window (2 pixels per point): the 1600-pixel photo fit at 1280 pt shows 2560 pixels (160 %), and 1:1 would be below the fit: it stays at the fit")
    func actualPixelsBelowFit() {
        var s = ViewerScript(photos: 6)
        s.viewer.pixelsPerPoint = 2
        s.openAndSettle(3)
        s.key("1")
        s.settle()
        #expect(s.phase == .presented)
        #expect(abs((s.viewer.zoomPercent(3) ?? 0) - 160) < 0.01)
    }

    // MARK: - Slideshow

    @Test("F5 runs a slideshow: each photo rests for the feel's interval (4 s), then the page turns to the next as Right would; it ends at the last photo")
    func slideshow() {
        var s = ViewerScript(photos: 3)
        s.openAndSettle(0)
        let rested = s.now
        s.notes.removeAll()
        s.key("f5")
        s.run(Feel.defaults.slideshowIntervalSeconds - 0.1)
        #expect(Self.pages(s.notes).isEmpty)
        s.run(0.2)
        let first = Self.pages(s.notes)
        #expect(first.map { [$0.from, $0.to] } == [[0, 1]])
        // The interval counts from the frame the photo was at rest.
        #expect(abs((first.first?.time ?? 0) - rested - Feel.defaults.slideshowIntervalSeconds) <= 2 * s.frameInterval)
        // The turned page comes to rest (the paging spring settles in under 3 s), rests 4 s, turns.
        s.run(Feel.defaults.slideshowIntervalSeconds + 3)
        let pages = Self.pages(s.notes)
        #expect(pages.map { [$0.from, $0.to] } == [[0, 1], [1, 2]])
        let rest = s.notes.compactMap { if case let .settled(.presented, time) = $0, time > first[0].time { time } else { nil } }.first
        if pages.count == 2, let rest {
            #expect(abs(pages[1].time - rest - Feel.defaults.slideshowIntervalSeconds) <= 2 * s.frameInterval, "rested at \(rest), turned at \(pages[1].time)")
        }
        s.run(2 * Feel.defaults.slideshowIntervalSeconds)
        #expect(Self.pages(s.notes).count == 2 && s.phase == .presented)
        #expect(!s.viewer.isSlideshowRunning, "it ended at the last photo")
    }

    @Test("any key, click, wheel or touch stops the slideshow (pointer motion alone does not); F5 again stops it too; F5 in the grid opens the focused photo (else the first in view) and starts it")
    func slideshowStops() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(0)
        s.key("f5")
        s.move(Point(300, 300))
        #expect(s.viewer.isSlideshowRunning)
        s.key("i")
        #expect(!s.viewer.isSlideshowRunning)
        s.notes.removeAll()
        s.run(2 * Feel.defaults.slideshowIntervalSeconds)
        #expect(Self.pages(s.notes).isEmpty)

        s.key("f5")
        #expect(s.viewer.isSlideshowRunning)
        s.key("f5")
        #expect(!s.viewer.isSlideshowRunning)
        s.key("f5")
        s.send(.wheel(position: Point(640, 400), delta: Point(0, 1), modifiers: []))
        #expect(!s.viewer.isSlideshowRunning)

        var grid = ViewerScript(photos: 6)
        grid.key("f5")
        #expect(grid.phase == .opening && grid.viewer.session?.photo == 0 && grid.viewer.isSlideshowRunning)
    }
}
