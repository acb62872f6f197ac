import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewing

@Suite("The feel lab inside the viewer: keys go to the panel first, slow motion, decisions, curves, saves")
struct FeelLabViewerTests {
    func focusedCells(_ v: Viewer) -> Int { v.scene().cells.filter(\.isFocused).count }

    @Test("while the panel is shown its keys adjust the feel and do not move the grid focus")
    func panelTakesKeys() {
        var s = ViewerScript()
        s.key("tab")
        #expect(s.lab.feelLab.panel.isVisible)
        s.key("right")                                   // openSpring.responseSeconds + 0.05
        s.key("down")
        s.key("right", mods: .shift)                     // openSpring.dampingRatio + 0.01
        s.frame()
        #expect(s.viewer.feel.openSpring.responseSeconds == 0.5)
        #expect(s.viewer.feel.openSpring.dampingRatio == 0.86)
        #expect(focusedCells(s.viewer) == 0)
        #expect(s.lab.scene(text: .dejaVuSansMono).overlays.contains { if case let .text(t, _, _, _) = $0 { t.hasPrefix("FEEL  2 unsaved") } else { false } })
        s.key("escape")                                  // hides the panel, does nothing else
        #expect(!s.lab.feelLab.panel.isVisible)
        s.key("right")                                   // now the grid's: the focus ring shows
        s.frame()
        #expect(focusedCells(s.viewer) == 1)
        #expect(s.viewer.feel.openSpring.responseSeconds == 0.5)
    }

    @Test("a feel tuned in the panel retargets the opening in flight: same place and velocity, new spring")
    func retuneInFlight() throws {
        var s = ViewerScript()
        var untouched = ViewerScript()
        s.click(s.cellCenter(0))
        s.run(0.1)
        untouched.click(untouched.cellCenter(0))
        untouched.run(0.1)
        let before = try #require(s.viewer.snapshot.image)
        let velocityBefore = try #require(s.viewer.photoVelocity)
        // Tab and six Rights at the same instant: open response 0.45 → 0.75 s.
        s.send(.key(phase: .down, key: "tab", modifiers: []), after: 0)
        for _ in 0..<6 { s.send(.key(phase: .down, key: "right", modifiers: []), after: 0) }
        #expect(s.viewer.feel.openSpring.responseSeconds == 0.75)
        #expect(try #require(s.viewer.snapshot.image) == before)
        #expect(try #require(s.viewer.photoVelocity) == velocityBefore)
        // A softer spring: 0.1 s later the photo has travelled less than on the old one.
        s.run(0.1)
        untouched.run(0.1)
        let target = Point(640, 400)
        let remaining = try #require(s.snapshot.image).center.distance(to: target)
        let remainingUntouched = try #require(untouched.snapshot.image).center.distance(to: target)
        #expect(remaining > remainingUntouched)
        #expect(s.phase == .opening)
    }

    @Test("slow motion: at 0.25× the opening at wall time 1 s after the click is where it is at 0.25 s at 1×")
    func slowMotion() throws {
        let cell = ViewerScript().cellCenter(0)
        // At 1×: press at 1.0, release at 1.04, frame 0.25 s later.
        var normal = Viewer(photos: ViewerScript.photos(60), windowSize: Size(1280, 800))
        normal.handle(.frame(0.5))
        normal.handle(.pointer(.down, 1.0, cell.x, cell.y))
        normal.handle(.pointer(.up, 1.04, cell.x, cell.y))
        normal.handle(.frame(1.29))
        // At 0.25× from wall 0.5 s: viewer time = 0.5 + (wall − 0.5)·0.25, so the same viewer instants
        // come at wall 2.5, 2.66 and 3.66.
        var slow = LabViewer(Viewer(photos: ViewerScript.photos(60), windowSize: Size(1280, 800)))
        slow.handle(.frame(0.5))
        slow.handle(.key(.down, 0.5, "s"))
        slow.handle(.key(.up, 0.5, "s"))
        #expect(slow.feelLab.clock.rate == 0.25)
        slow.handle(.pointer(.down, 2.5, cell.x, cell.y))
        slow.handle(.pointer(.up, 2.66, cell.x, cell.y))
        slow.handle(.frame(3.66))
        let a = try #require(normal.snapshot.image), b = try #require(slow.viewer.snapshot.image)
        #expect(normal.snapshot.phase == .opening)
        #expect(abs(slow.viewer.snapshot.time - 1.29) < 1e-12)
        #expect(a.center.distance(to: b.center) < 1e-9)
        #expect(abs(a.size.width - b.size.width) < 1e-9)
    }

    @Test("the decision overlay shows the verdict while a drag holds the photo, and only when switched on")
    func decisions() {
        var s = ViewerScript()
        s.openAndSettle(0)
        let centre = Point(640, 400)
        s.drag(from: centre, to: centre + Point(0, 220), duration: 0.25, release: false)
        s.frame()
        func verdicts(_ v: LabViewer) -> [String] {
            v.scene(text: .dejaVuSansMono).overlays.compactMap { if case let .text(t, _, _, _) = $0, t.hasPrefix("release now") { t } else { nil } }
        }
        #expect(verdicts(s.lab) == [])
        s.key("d")
        #expect(verdicts(s.lab) == ["release now → close"])
        #expect(s.viewer.dismissPreview != nil)
    }

    @Test("curves fill while the photo moves; a release is marked")
    func curves() {
        var s = ViewerScript()
        s.openAndSettle(0)
        s.drag(from: Point(640, 400), to: Point(640, 650), duration: 0.2)
        s.run(0.3)
        let lab = s.lab.feelLab
        #expect(lab.curves.samples.count > 30)
        #expect(lab.curves.marks.map(\.kind) == [.release])
        #expect(lab.curves.samples.contains { $0.scale != nil && abs($0.scale! - 1) < 1e-9 })
    }

    @Test("Ctrl+S asks the shell to save; the set counts as saved when feelSaved comes back; a file reload moves only its keys")
    func savedFeel() {
        var s = ViewerScript()
        s.key("tab")
        s.key("right")
        #expect(s.lab.savedFeel == .defaults)
        s.key("s", mods: .ctrl)
        #expect(s.viewer.takeRequests() == [.saveFeel(s.viewer.feel)], "the request carries the parameters to save")
        #expect(s.lab.feelToSave == s.viewer.feel)
        #expect(s.lab.savedFeel == .defaults, "not saved until the result comes back")
        s.send(.effect(.feelSaveFailed(message: "feel.json: cannot save the feel file: No space left on device")))
        #expect(s.lab.savedFeel == .defaults && s.lab.feelToSave == nil)
        #expect(s.lab.feelLab.message?.isError == true)
        s.key("s", mods: .ctrl)
        s.send(.effect(.feelSaved(path: "feel.json", message: "saved feel.json")))
        #expect(s.lab.savedFeel == s.viewer.feel)
        #expect(s.lab.feelLab.message?.text == "saved feel.json")
        // A reload from the file that changes the drag radius only.
        var file = s.viewer.feel
        file.dragRadiusPoints = 120
        s.key("right")                                    // tuned again, unsaved
        let tuned = s.viewer.feel
        s.lab.apply(feel: tuned.replacing(["dragRadiusPoints"], from: file))
        #expect(s.viewer.feel.dragRadiusPoints == 120)
        #expect(s.lab.savedFeel.dragRadiusPoints == 120)
        #expect(s.lab.savedFeel.openSpring.responseSeconds == 0.5)
        #expect(s.viewer.feel.openSpring.responseSeconds == 0.55)
        // Backspace returns the selected parameter to the saved value.
        s.key("backspace")
        #expect(s.viewer.feel.openSpring.responseSeconds == 0.5)
    }

    @Test("the same events give the same lab state and scene, bit for bit")
    func deterministic() {
        func session() -> Viewer {
            var s = ViewerScript()
            s.key("s")
            s.key("tab")
            s.key("right")
            s.click(s.cellCenter(2))
            s.run(0.5)
            s.key("d")
            s.drag(from: Point(640, 400), to: Point(700, 600), duration: 0.3)
            s.run(1)
            return s.viewer
        }
        let a = session(), b = session()
        #expect(a.snapshot == b.snapshot)
        #expect(a.scene(text: .dejaVuSansMono).overlays == b.scene(text: .dejaVuSansMono).overlays)
        #expect(a.feel == b.feel)
    }

    @Test("in slow motion a notice still fades after 3 s of wall time (not 30 s at 0.1×); an error stays")
    func noticeFadesInWallTime() {
        var v = LabViewer(Viewer(photos: ViewerScript.photos(12), windowSize: Size(1280, 800)))
        v.handle(.frame(0.5))
        for t in [0.5, 0.6] {                                // 1× → 0.25× → 0.1×
            v.handle(.key(.down, t, "s"))
            v.handle(.key(.up, t, "s"))
        }
        #expect(v.feelLab.clock.rate == 0.1)
        v.handle(.frame(1))
        v.show(message: "saved feel.json", isError: false)   // shown at wall 1 s
        v.handle(.frame(3.9))                                // 2.9 s later: still shown
        #expect(v.feelLab.message?.text == "saved feel.json")
        v.handle(.frame(4.1))                                // 3.1 s later (0.31 s of viewer time): gone
        #expect(v.feelLab.message == nil)
        v.show(message: "feel.json:2: expected a value", isError: true)
        v.handle(.frame(60))
        #expect(v.feelLab.message?.isError == true)
    }
}
