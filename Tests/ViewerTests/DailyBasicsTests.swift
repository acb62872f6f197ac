import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewing
import Events
import FeelModel

/// The daily basics the viewer decides (issue 32): Delete and Ctrl+Z as requests to the shell and
/// the trashed photo handing over as any photo leaving the list does, the 1:1 key, the slideshow.
@Suite("Daily basics in the viewer: Delete hands over to the neighbour through the cross-fade, Ctrl+Z pages back, 1:1 on the zoom spring, a slideshow of page turns")
struct DailyBasicsTests {
    /// The pages turned so far, as (from, to).
    static func pages(_ notes: [ViewerNote]) -> [(from: Int, to: Int, time: Double)] {
        notes.compactMap { if case let .paged(from, to, time) = $0 { (from, to, time) } else { nil } }
    }

    @Test("the help overlay names the new keys: 1, Delete, Ctrl+Z, Ctrl+C, F5")
    func helpNamesThem() {
        var s = ViewerScript()
        s.key("?")
        let lines = ChromeTests.texts(s.viewer.scene(text: .dejaVuSansMono))
        for control in ["1 ", "Delete ", "Ctrl+Z ", "Ctrl+C ", "F5 "] {
            #expect(lines.contains { $0.hasPrefix(control) }, "help names \(control)")
        }
    }

    // MARK: - Delete and Ctrl+Z

    @Test("Delete on the open photo asks the shell to trash it (index and name); in the grid it asks nothing and says why; mid-opening it waits for the photo to land and asks once; Ctrl+Z asks to undo anywhere")
    func deleteAsks() {
        var s = ViewerScript(photos: 6)
        s.key("delete")
        #expect(s.viewer.takeRequests().isEmpty, "nothing is open in the grid")
        s.key("z", mods: .ctrl)
        #expect(s.viewer.takeRequests() == [.undoTrash])
        s.click(s.cellCenter(2))
        s.run(0.05)
        s.key("delete")
        #expect(s.viewer.takeRequests().isEmpty, "photo 2 is still flying out of its cell: the key waits")
        s.settle()
        #expect(s.viewer.takeRequests() == [.photoFile(.trash, photo: 2, name: "p2.png")], "asked once it landed")
        s.key("delete")
        #expect(s.viewer.takeRequests() == [.photoFile(.trash, photo: 2, name: "p2.png")])
        #expect(s.notes.contains { if case let .inputIgnored(i) = $0 { i.input == "delete" && i.reason == .noPhotoOpen } else { false } })
    }

    @Test("Ctrl+C on the open photo asks the shell to copy it (index and name); mid-opening once it lands; in the grid or as a plain c it asks nothing")
    func copyAsks() {
        var s = ViewerScript(photos: 6)
        s.key("c", mods: .ctrl)
        #expect(s.viewer.takeRequests().isEmpty, "nothing is open in the grid")
        s.click(s.cellCenter(4))
        s.run(0.05)
        s.key("c", mods: .ctrl)
        #expect(s.viewer.takeRequests().isEmpty, "photo 4 is still flying out of its cell: the key waits")
        s.settle()
        #expect(s.viewer.takeRequests() == [.photoFile(.copy, photo: 4, name: "p4.png")], "asked once it landed")
        s.key("c")
        #expect(s.viewer.takeRequests().isEmpty, "a plain c")
        s.key("c", mods: .ctrl)
        #expect(s.viewer.takeRequests() == [.photoFile(.copy, photo: 4, name: "p4.png")])
    }

    /// What the shell records for Delete (`PhotoFileActions`): the list change that takes photo
    /// `photo` out, then the effect with its message, both at `t`.
    static func trash(_ h: inout Hand, photo: Int, at t: Double) {
        let name = h.viewer.photos[photo].name
        h.send(.photos(PhotoListChange(removed: [photo])), at: t)
        h.send(.effect(.photoTrashed(photo: photo, message: "moved \(name) to the trash")), at: t)
    }

    /// The opacity of photo `photo`'s quad (0 when not drawn), and of the picture left by photo
    /// `index` that left the list (numbered −1 − index).
    static func alpha(_ v: Viewer, _ photo: Int) -> Double { v.scene().photos.first { $0.photo == photo }?.alpha ?? 0 }

    @Test("trashed, the open photo leaves the list at once and hands over as any photo leaving it does: its picture fades out where it was over the cross-fade time (0.25 s: 15 frames at 60 fps) while the next photo fades in in its place; no page turns, no jump, the backdrop steady")
    func trashedPhotoHandsOver() throws {
        var h = Hand.presented(2, photos: Hand.photos(6))
        h.notes.removeAll()
        h.key("delete", at: h.now + 0.1)
        #expect(h.lab.viewer.takeRequests() == [.photoFile(.trash, photo: 2, name: "p2.jpg")])
        let opaque = try #require(h.viewer.scene().photos.first { $0.photo == 2 })
        let backdrop = h.viewer.backdrop
        Self.trash(&h, photo: 2, at: h.now)
        #expect(h.lab.feelLab.message?.text == "moved p2.jpg to the trash")
        // At the change: p2's picture is where it was, whole; p3 (now photo 2) is there at 0.
        let ghost = try #require(h.viewer.scene().photos.first { $0.photo == -1 - 2 })
        #expect(ghost.center == opaque.center && ghost.size == opaque.size && ghost.alpha == 1)
        #expect(h.viewer.photos[2].name == "p3.jpg" && h.viewer.session?.photo == 2 && Self.alpha(h.viewer, 2) == 0)
        var ghostAlphas: [Double] = [], newcomerAlphas: [Double] = [], backdrops: [Double] = []
        h.everyFrame = { v in
            ghostAlphas.append(Self.alpha(v, -1 - 2))
            newcomerAlphas.append(Self.alpha(v, 2))
            backdrops.append(v.backdrop)
        }
        h.settle()
        // A linear fade over 0.25 s at 60 fps: each frame takes 1/15 off the ghost, adds it to p3.
        let frames = Int((h.viewer.feel.crossFadeSeconds * 60).rounded())
        report("Delete: the trashed picture's opacity per frame \(ghostAlphas.prefix(frames + 1).map { ($0 * 100).rounded() / 100 }), p3's \(newcomerAlphas.prefix(frames + 1).map { ($0 * 100).rounded() / 100 })")
        #expect(frames == 15)
        #expect(zip(ghostAlphas, ghostAlphas.dropFirst()).allSatisfy { $1 <= $0 } && ghostAlphas.last == 0)
        #expect(zip(newcomerAlphas, newcomerAlphas.dropFirst()).allSatisfy { $1 >= $0 } && newcomerAlphas.last == 1)
        #expect(abs(ghostAlphas[0] - (1 - 1.0 / 15)) < 1e-6 && abs(newcomerAlphas[0] - 1.0 / 15) < 1e-6)
        #expect(ghostAlphas.firstIndex { $0 < 1e-9 } == frames - 1, "gone on the 15th frame")
        #expect(backdrops.allSatisfy { $0 == backdrop })
        #expect(h.pages.isEmpty, "no page turns: \(h.pages)")
        #expect(h.viewer.phase == .presented && h.viewer.titleSubject == "p3.jpg")
        #expect(h.jumps.isEmpty, "\(h.jumps)")
    }

    @Test("put back by Ctrl+Z as the open photo's neighbour (photo 2 again, the open one now 3), the page turns back to it with no jump; a photo put back further away changes nothing on screen")
    func restoredPhotoPagesBack() {
        var h = Hand.presented(2, photos: Hand.photos(6))
        Self.trash(&h, photo: 2, at: h.now + 0.1)
        h.settle()
        h.notes.removeAll()
        h.send(.key(phase: .down, key: "z", modifiers: .ctrl), at: h.now + 0.1)
        #expect(h.lab.viewer.takeRequests() == [.undoTrash])
        h.send(.photos(PhotoListChange(added: [.init(index: 2, name: "p2.jpg", size: Size(4000, 3000))])), at: h.now)
        #expect(h.viewer.session?.photo == 3)
        h.send(.effect(.photoRestored(photo: 2, message: "put p2.jpg back")), at: h.now)
        #expect(h.pages.map { [$0.from, $0.to] } == [[3, 2]])
        h.settle()
        #expect(h.viewer.phase == .presented && h.viewer.session?.photo == 2 && h.viewer.titleSubject == "p2.jpg")
        h.send(.photos(PhotoListChange(added: [.init(index: 5, name: "far.jpg", size: Size(600, 400))])), at: h.now + 0.1)
        h.notes.removeAll()
        h.send(.effect(.photoRestored(photo: 5, message: "put far.jpg back")), at: h.now)
        #expect(h.pages.isEmpty && h.viewer.session?.photo == 2)
        #expect(h.jumps.isEmpty, "\(h.jumps)")
    }

    @Test("the last photo trashed hands over to the one before it; the only photo trashed leaves the grid under a backdrop fading from 1 to 0 over the cross-fade time with its picture; no jump either way")
    func trashedAtTheEnds() throws {
        var h = Hand.presented(5, photos: Hand.photos(6))
        h.notes.removeAll()
        Self.trash(&h, photo: 5, at: h.now + 0.1)
        h.settle()
        #expect(h.pages.isEmpty && h.viewer.phase == .presented && h.viewer.titleSubject == "p4.jpg")
        #expect(h.jumps.isEmpty, "\(h.jumps)")

        var one = Hand.presented(0, photos: Hand.photos(1))
        #expect(one.viewer.backdrop == 1)
        Self.trash(&one, photo: 0, at: one.now + 0.1)
        #expect(one.viewer.phase == .grid && one.viewer.photos.isEmpty)
        var backdrops: [Double] = [one.viewer.backdrop], ghostAlphas: [Double] = [Self.alpha(one.viewer, -1)]
        one.everyFrame = { v in
            backdrops.append(v.backdrop)
            ghostAlphas.append(Self.alpha(v, -1))
        }
        one.settle()
        report("Delete of the only photo: backdrop per frame \(backdrops.prefix(17).map { ($0 * 100).rounded() / 100 })")
        // From 1 at the change, at most 1/15 per 60 fps frame (0.25 s), to 0.
        #expect(backdrops.first == 1 && backdrops.last == 0 && ghostAlphas.first == 1 && ghostAlphas.last == 0)
        #expect(zip(backdrops, backdrops.dropFirst()).allSatisfy { $0 - $1 >= 0 && $0 - $1 <= 1.0 / 15 + 1e-9 })
        #expect(one.jumps.isEmpty, "\(one.jumps)")
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

    @Test("1 on a HiDPI window (2 pixels per point), small photos filled (maximumUpscale 2): the 1600-pixel photo fit at 1280 pt shows 2560 pixels (160 %), and 1:1 would be below the fit: it stays at the fit")
    func actualPixelsBelowFit() {
        // At the default maximumUpscale (1) a photo never opens above 100 %; filling small photos
        // up to 2× (2 / 2 = 1 photo pixel per point here) lets the 1600-pixel photo fill 1280 pt.
        var feel = Feel.defaults
        feel.maximumUpscale = 2
        var s = ViewerScript(photos: 6, feel: feel)
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
