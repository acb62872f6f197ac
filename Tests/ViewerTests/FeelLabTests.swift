import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewing
import FeelModel

@Suite("Lab keys: panel toggle, slow motion, decision overlay; the message line")
struct FeelLabTests {
    @Test("Tab toggles the panel (F1 is the help's now); while it is shown it takes the arrows, while hidden it does not")
    func panelRouting() {
        var lab = FeelLab(baseline: .defaults)
        #expect(lab.handleKey("right", modifiers: [], wallTime: 0, feel: .defaults) == nil)
        #expect(lab.handleKey("tab", modifiers: [], wallTime: 0, feel: .defaults) == .handled)
        #expect(lab.panel.isVisible)
        guard case let .change(feel) = lab.handleKey("right", modifiers: [], wallTime: 0, feel: .defaults) else {
            Issue.record("Right did not adjust"); return
        }
        #expect(feel.openSpring.responseSeconds == 0.5)
        #expect(lab.handleKey("down", modifiers: [], wallTime: 0, feel: .defaults) == .handled)
        #expect(lab.handleKey("f1", modifiers: [], wallTime: 0, feel: .defaults) == nil)
        #expect(lab.handleKey("tab", modifiers: [], wallTime: 0, feel: .defaults) == .handled)
        #expect(!lab.panel.isVisible)
        #expect(lab.handleKey("tab", modifiers: .shift, wallTime: 0, feel: .defaults) == nil)
    }

    @Test("s cycles 1×, 0.25×, 0.1× and back; d toggles the decision overlay; Ctrl+S saves with the panel hidden")
    func keys() {
        var lab = FeelLab(baseline: .defaults)
        var rates: [Double] = []
        for t in [1.0, 2, 3] {
            _ = lab.handleKey("s", modifiers: [], wallTime: t, feel: .defaults)
            rates.append(lab.clock.rate)
        }
        #expect(rates == [0.25, 0.1, 1])
        _ = lab.handleKey("d", modifiers: [], wallTime: 0, feel: .defaults)
        #expect(lab.showsDecisions)
        #expect(lab.handleKey("s", modifiers: .ctrl, wallTime: 0, feel: .defaults) == .save)
        // One Ctrl+S handler, panel shown or not: Ctrl alone saves, Ctrl+Shift+S does not.
        #expect(lab.handleKey("s", modifiers: [.ctrl, .shift], wallTime: 0, feel: .defaults) == nil)
        lab.panel.isVisible = true
        #expect(lab.handleKey("s", modifiers: .ctrl, wallTime: 0, feel: .defaults) == .save)
        #expect(lab.handleKey("s", modifiers: [.ctrl, .shift], wallTime: 0, feel: .defaults) == nil)
    }

    @Test("a reloaded file moves the reset baseline only for the keys it changed")
    func baseline() {
        var lab = FeelLab(baseline: .defaults)
        var current = Feel.defaults
        current.clickSlopPoints = 9                 // tuned, unsaved
        var file = current
        file.dragRadiusPoints = 120                  // the session's merge of a file edit
        lab.fileFeelArrived(file, current: current)
        #expect(lab.baseline.dragRadiusPoints == 120)
        #expect(lab.baseline.clickSlopPoints == Feel.defaults.clickSlopPoints)
        // Ctrl+S asks to save; the baseline moves only when the save's result says it succeeded.
        let fileValues = lab.baseline
        var tuned = file
        tuned.clickSlopPoints = 4
        lab.requestSave(tuned)
        #expect(lab.baseline != tuned && lab.pendingSave == tuned)
        lab.saveFinished(succeeded: false)
        #expect(lab.baseline == fileValues && lab.pendingSave == nil)
        lab.requestSave(tuned)
        lab.saveFinished(succeeded: true)
        #expect(lab.baseline == tuned && lab.pendingSave == nil)
    }

    @Test("messages wrap at spaces to the room left of the panel")
    func wrapping() {
        #expect(TextWrapping.wrapped("feel.json:2: openSpring.dampingRatio: 0 is out of range", columns: 24)
                == ["feel.json:2:", "openSpring.dampingRatio:", "0 is out of range"])
        #expect(TextWrapping.wrapped("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapping.wrapped("short", columns: 40) == ["short"])
    }

    @Test("an error stays on screen; a notice fades after 3 s (at 1×: viewer time is wall time)")
    func messages() {
        var lab = FeelLab(baseline: .defaults)
        func frame(_ t: Double) -> StateSnapshot {
            StateSnapshot(frame: 0, time: t, phase: .grid, photo: nil, image: nil, backdrop: 0, progress: 0, scroll: 0, gesture: .none)
        }
        lab.record(frame(1), fitWidth: nil)
        lab.show("feel.json:2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)", isError: true)
        lab.record(frame(100), fitWidth: nil)
        #expect(lab.message?.isError == true)
        let shown = lab.overlays(feel: .defaults, windowSize: Size(800, 600), preview: nil, text: .dejaVuSansMono).contains {
            if case let .label(s, _, _, _) = $0 { return s.contains("openSpring.dampingRatio") } else { return false }
        }
        #expect(shown)
        lab.show("saved feel.json", isError: false)
        lab.record(frame(102.9), fitWidth: nil)
        #expect(lab.message != nil)
        lab.record(frame(103.1), fitWidth: nil)
        #expect(lab.message == nil)
    }
}

@Suite("Slow motion: the viewer's clock runs at 1×, 0.25× or 0.1× of wall time")
struct SlowMotionClockTests {
    @Test("at 1× from the start the mapping is the identity, bit for bit")
    func identity() {
        let clock = SlowMotionClock()
        for t in [0.0, 0.016666666666666666, 1e-9, 12345.678901] { #expect(clock.viewerTime(atWall: t) == t) }
    }

    @Test("after a change at wall time T the viewer clock continues from where it was, at the new rate")
    func continuity() {
        var clock = SlowMotionClock()
        clock.cycle(atWall: 2)                       // 0.25× from wall 2 s (viewer 2 s)
        // viewer = 2 + (3 − 2)·0.25 = 2.25
        #expect(clock.viewerTime(atWall: 3) == 2.25)
        clock.cycle(atWall: 3)                       // 0.1× from wall 3 s (viewer 2.25 s)
        // viewer = 2.25 + (5 − 3)·0.1 = 2.45
        #expect(abs(clock.viewerTime(atWall: 5) - 2.45) < 1e-12)
        clock.cycle(atWall: 5)                       // back to 1×
        #expect(abs(clock.viewerTime(atWall: 6) - 3.45) < 1e-12)
    }

    @Test("wall time from viewer time inverts the mapping at every rate")
    func inverse() {
        var clock = SlowMotionClock()
        #expect(clock.wallTime(atViewer: 1.25) == 1.25)
        clock.cycle(atWall: 2)                       // 0.25× from wall 2 s (viewer 2 s)
        // wall = 2 + (2.25 − 2)/0.25 = 3
        #expect(clock.wallTime(atViewer: 2.25) == 3)
        clock.cycle(atWall: 3)                       // 0.1× from wall 3 s (viewer 2.25 s)
        for wall in [3.0, 4.5, 10] { #expect(abs(clock.wallTime(atViewer: clock.viewerTime(atWall: wall)) - wall) < 1e-9) }
    }
}
