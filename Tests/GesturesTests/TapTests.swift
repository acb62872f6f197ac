import Geometry
import Testing
@testable import Gestures

@Suite("Taps and double taps")
struct TapTests {
    @Test("a click that stays inside the slop is one tap, reported at release, located at the press")
    func clickIsTap() {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100, mods: [.alt]), .pointer(.move, 0.02, 103, 101, mods: [.alt])])
        #expect(script.output.isEmpty)
        let made = script.feed(.pointer(.up, 0.05, 103, 101, mods: [.alt]))
        #expect(made == [.tap(location: Point(100, 100), count: 1, button: .left, modifiers: [.alt], time: 0.05)])
    }

    @Test("moving exactly the slop (6 pt) is still a tap")
    func slopBoundaryIsTap() {
        var script = GestureScript()
        // |(106, 100) − (100, 100)| = 6 = clickSlopPoints, and 3-4-5 scaled: |(3.6, 4.8)| = 6.
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, 106, 100),
                     .pointer(.move, 0.02, 103.6, 104.8), .pointer(.up, 0.03, 103.6, 104.8)])
        #expect(script.manipulations.isEmpty)
        #expect(script.taps.map(\.tapCount) == [1])
    }

    @Test("moving just past the slop begins a pan carrying the whole distance, and is no tap")
    func pastSlopIsPan() {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, 106.001, 100)])
        let began = try! #require(script.last)
        #expect(began.phase == .began && began.kind == .pan && began.source == .mouse)
        #expect(began.startPivot == Point(100, 100))
        // The photo stays under the pointer: translation = pointer − press.
        #expect(began.translation == Point(106.001, 100) - Point(100, 100))
        script.feed(.pointer(.up, 0.02, 106.001, 100))
        #expect(script.taps.isEmpty)
        #expect(script.last?.phase == .ended)
    }

    @Test("a second tap pressed 290 ms after the first's release, 11 pt away, is a double tap")
    func doubleTapInsideWindow() {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.up, 0.05, 100, 100)])
        #expect(script.taps.map(\.tapCount) == [1])
        // press gap = 0.34 − 0.05 = 0.29 ≤ 0.3; distance |(10, 5)| ≈ 11.2 ≤ 20.
        script.feed([.pointer(.down, 0.34, 110, 105), .pointer(.up, 0.38, 110, 105)])
        #expect(script.taps == [
            .tap(location: Point(100, 100), count: 1, button: .left, modifiers: [], time: 0.05),
            .tap(location: Point(110, 105), count: 2, button: .left, modifiers: [], time: 0.38),
        ])
    }

    @Test("a second tap outside the window, too far away or with another button is a single tap")
    func doubleTapOutside() {
        // press gap 0.36 − 0.05 = 0.31 > 0.3
        var late = GestureScript()
        late.feed([.pointer(.down, 0, 100, 100), .pointer(.up, 0.05, 100, 100),
                   .pointer(.down, 0.36, 100, 100), .pointer(.up, 0.4, 100, 100)])
        #expect(late.taps.map(\.tapCount) == [1, 1])
        // distance 21 > 20
        var far = GestureScript()
        far.feed([.pointer(.down, 0, 100, 100), .pointer(.up, 0.05, 100, 100),
                  .pointer(.down, 0.1, 121, 100), .pointer(.up, 0.15, 121, 100)])
        #expect(far.taps.map(\.tapCount) == [1, 1])
        var otherButton = GestureScript()
        otherButton.feed([.pointer(.down, 0, 100, 100), .pointer(.up, 0.05, 100, 100),
                          .pointer(.down, 0.1, 100, 100, button: .right), .pointer(.up, 0.15, 100, 100, button: .right)])
        #expect(otherButton.taps.map(\.tapCount) == [1, 1])
    }

    @Test("after a double tap the count starts again: taps 3 and 4 are single then double")
    func tripleTap() {
        var script = GestureScript()
        for i in 0..<4 {
            let t = Double(i) * 0.1
            script.feed([.pointer(.down, t, 100, 100), .pointer(.up, t + 0.04, 100, 100)])
        }
        #expect(script.taps.map(\.tapCount) == [1, 2, 1, 2])
    }

    @Test("a drag between two clicks breaks the double tap")
    func dragBreaksChain() {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.up, 0.03, 100, 100),
                     .pointer(.down, 0.06, 100, 100), .pointer(.move, 0.08, 150, 100), .pointer(.up, 0.1, 150, 100),
                     .pointer(.down, 0.13, 100, 100), .pointer(.up, 0.16, 100, 100)])
        #expect(script.taps.map(\.tapCount) == [1, 1])
    }

    @Test("new settings take effect at the next event: a longer double-tap window")
    func settingsChange() {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.up, 0.05, 100, 100)])
        script.recognizer.settings.doubleTapIntervalSeconds = 0.5
        // press gap 0.45 − 0.05 = 0.4: outside the default 0.3, inside 0.5.
        script.feed([.pointer(.down, 0.45, 100, 100), .pointer(.up, 0.5, 100, 100)])
        #expect(script.taps.map(\.tapCount) == [1, 2])
    }

    @Test("a Ctrl + wheel while a right button is held rules out the right click")
    func wheelFailsTap() {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100, button: .right), .wheel(0.01, 100, 100, dy: 1, mods: [.ctrl]),
                     .pointer(.up, 0.05, 100, 100, button: .right)])
        #expect(script.taps.isEmpty)
        #expect(script.manipulations.first?.source == .wheel)
    }

    @Test("right and middle buttons tap but never drag")
    func otherButtons() {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100, button: .right), .pointer(.up, 0.05, 101, 100, button: .right)])
        #expect(script.taps == [.tap(location: Point(100, 100), count: 1, button: .right, modifiers: [], time: 0.05)])
        script.feed([.pointer(.down, 1, 100, 100, button: .middle), .pointer(.move, 1.05, 200, 100, button: .middle),
                     .pointer(.up, 1.1, 200, 100, button: .middle)])
        #expect(script.output.count == 1)
    }

    @Test("a finger tap is a left tap; two fingers put down and lifted make no tap")
    func touchTaps() {
        var script = GestureScript()
        script.feed([.touch(.down, 0, id: 7, 300, 300), .touch(.move, 0.02, id: 7, 302, 301),
                     .touch(.up, 0.05, id: 7, 302, 301)])
        #expect(script.taps == [.tap(location: Point(300, 300), count: 1, button: .left, modifiers: [], time: 0.05)])
        script.feed([.touch(.down, 0.2, id: 8, 302, 300), .touch(.up, 0.25, id: 8, 302, 300)])
        #expect(script.taps.map(\.tapCount) == [1, 2])
        script.feed([.touch(.down, 1, id: 1, 300, 300), .touch(.down, 1.01, id: 2, 400, 300),
                     .touch(.up, 1.05, id: 1, 300, 300), .touch(.up, 1.06, id: 2, 400, 300)])
        #expect(script.taps.count == 2)
        #expect(script.manipulations.isEmpty)
    }
}
