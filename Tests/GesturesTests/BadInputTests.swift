import Geometry
import Testing
@testable import Gestures
import TestSupport
import Events

@Suite("Bad input is ignored or clamped, counted, and never crashes or puts a NaN out")
struct BadInputTests {
    @Test("a release without a press is ignored")
    func releaseWithoutPress() {
        var script = GestureScript()
        #expect(script.feed(.pointer(.up, 0, 100, 100)).isEmpty)
        #expect(script.anomalies(.releaseWithoutPress) == 1)
    }

    @Test("motion with a button but no press is ignored; hovering (no button) is normal")
    func moveWithoutPress() {
        var script = GestureScript()
        #expect(script.feed([.pointer(.move, 0, 100, 100), .pointer(.move, 0.01, 200, 100)]).isEmpty)
        #expect(script.feed(.pointer(.move, 0.02, 300, 100, button: nil)).isEmpty)
        #expect(script.anomalies(.moveWithoutPress) == 2 && script.recognizer.anomalyCounts.count == 1)
    }

    @Test("a second press while one is held is ignored with its release; the first drag goes on")
    func secondPress() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, 150, 100),
                     .pointer(.down, 0.02, 150, 100, button: .right), .pointer(.down, 0.025, 150, 100),
                     .pointer(.move, 0.03, 160, 100), .pointer(.up, 0.04, 160, 100, button: .right),
                     .pointer(.move, 0.05, 170, 100)])
        #expect(script.last?.phase == .changed && script.last?.translation == Point(70, 0))
        script.feed(.pointer(.up, 0.06, 170, 100))
        #expect(script.manipulations.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(script.taps.isEmpty)
        #expect(script.anomalies(.secondPress) == 2 && script.anomalies(.releaseWithoutPress) == 0)
    }

    @Test("a press while fingers are down takes over from the touch; a touch while a button is held is ignored")
    func mixedDevices() throws {
        var script = GestureScript()
        script.feed([.touch(.down, 0, id: 1, 100, 100), .touch(.move, 0.01, id: 1, 150, 100),
                     .pointer(.down, 0.02, 300, 300)])
        // The finger's pan is cancelled (a finger whose lift was lost must not block the mouse).
        #expect(script.manipulations.map(\.phase) == [.began, .cancelled])
        script.feed([.touch(.move, 0.03, id: 1, 200, 100), .pointer(.up, 0.04, 300, 300),
                     .touch(.up, 0.05, id: 1, 200, 100)])
        #expect(script.taps.map(\.tapLocation) == [Point(300, 300)])
        script.feed([.pointer(.down, 1, 300, 300), .touch(.down, 1.01, id: 2, 100, 100),
                     .touch(.move, 1.015, id: 2, 150, 100), .pointer(.up, 1.02, 300, 300),
                     .touch(.move, 1.025, id: 2, 200, 100), .touch(.up, 1.03, id: 2, 200, 100)])
        #expect(script.taps.map(\.tapLocation) == [Point(300, 300), Point(300, 300)])
        #expect(script.manipulations.count == 2)
        #expect(script.anomalies(.pressDuringTouch) == 1 && script.anomalies(.touchDuringPress) == 1)
        // The refused finger's later events are expected, not anomalies.
        #expect(script.anomalies(.unknownTouch) == 0 && script.recognizer.anomalyCounts.count == 2)
    }

    @Test("a release or lift with NaN coordinates still releases, where last seen")
    func nonFiniteRelease() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, 150, 100), .pointer(.up, 0.02, .nan, .nan)])
        #expect(script.last?.phase == .ended && script.last?.translation == Point(50, 0))
        script.feed([.touch(.down, 1, id: 1, 100, 100), .touch(.up, 1.05, id: 1, .infinity, 0)])
        #expect(script.taps.map(\.tapLocation) == [Point(100, 100)])
        script.feed([.touch(.down, 2, id: 1, 100, 100), .touch(.move, 2.01, id: 1, 150, 100),
                     .touch(.cancel, 2.02, id: 1, .nan, 0)])
        #expect(script.last?.phase == .cancelled)
        #expect(!script.recognizer.isManipulating)
        #expect(script.anomalies(.nonFiniteCoordinates) == 3)
    }

    @Test("times that go backwards are taken as the last time; nothing reported goes back in time")
    func timeBackwards() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 1, 100, 100), .pointer(.move, 0.5, 150, 100), .pointer(.move, 1.01, 160, 100),
                     .pointer(.move, 0.9, 170, 100), .pointer(.up, 1.02, 170, 100)])
        let times = script.manipulations.map(\.time)
        #expect(times == [1, 1.01, 1.01, 1.02])
        #expect(script.anomalies(.timeWentBackwards) == 2)
        #expect(script.output.allSatisfy { $0.isFinite })
    }

    @Test("NaN or infinite times are taken as the last time")
    func nonFiniteTime() {
        var script = GestureScript()
        script.feed([.pointer(.down, .nan, 100, 100), .pointer(.move, 0.01, 150, 100),
                     .pointer(.move, .infinity, 160, 100), .pointer(.up, 0.02, 160, 100)])
        #expect(script.manipulations.map(\.time) == [0.01, 0.01, 0.02])
        #expect(script.anomalies(.nonFiniteTime) == 2)
        #expect(script.output.allSatisfy { $0.isFinite })
    }

    @Test("NaN, infinite or absurd coordinates and wheel deltas are ignored, the gesture goes on")
    func nonFiniteCoordinates() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, .nan, 5), .pointer(.move, 0.02, .infinity, 0),
                     .pointer(.move, 0.03, 1e300, 0), .wheel(0.035, 100, 100, dy: .nan, mods: [.ctrl]),
                     .touch(.down, 0.036, id: 1, .nan, 0), .pointer(.move, 0.04, 120, 100)])
        let m = try #require(script.last)
        #expect(m.phase == .began && m.translation == Point(20, 0) && m.scale == 1)
        #expect(script.anomalies(.nonFiniteCoordinates) == 5)
        #expect(script.output.allSatisfy { $0.isFinite })
    }

    @Test("a NaN mirror pivot makes Alt + drag a plain pan")
    func nonFiniteMirrorPivot() throws {
        var script = GestureScript(mirrorPivot: Point(.nan, 0))
        script.feed([.pointer(.down, 0, 100, 100, mods: [.alt]), .pointer(.move, 0.01, 150, 100, mods: [.alt])])
        let m = try #require(script.last)
        #expect(m.source == .mouse && m.translation == Point(50, 0))
    }

    @Test("a touch id never put down is ignored; a duplicate down is ignored")
    func unknownTouch() {
        var script = GestureScript()
        script.feed([.touch(.move, 0, id: 9, 100, 100), .touch(.up, 0.01, id: 9, 100, 100),
                     .touch(.cancel, 0.02, id: 9, 100, 100)])
        #expect(script.output.isEmpty && script.anomalies(.unknownTouch) == 3)
        script.feed([.touch(.down, 0.1, id: 1, 100, 100), .touch(.down, 0.11, id: 1, 300, 300),
                     .touch(.up, 0.12, id: 1, 100, 100)])
        #expect(script.taps.map(\.tapLocation) == [Point(100, 100)] && script.anomalies(.duplicateTouch) == 1)
    }

    @Test("motion without a button during a drag means the release was lost: the drag ends where last seen")
    func lostRelease() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, 150, 100),
                     .pointer(.move, 0.5, 400, 400, button: nil)])
        let end = try #require(script.last)
        #expect(end.phase == .ended && end.translation == Point(50, 0) && end.time == 0.5 && end.velocity == .zero)
        #expect(script.anomalies(.releaseLost) == 1)
        #expect(script.feed(.pointer(.up, 0.6, 400, 400)).isEmpty)
    }

    @Test("cancel() cancels a drag; the held press then does nothing until released")
    func cancelDrag() throws {
        var script = GestureScript()
        script.feed([.pointer(.down, 0, 100, 100), .pointer(.move, 0.01, 150, 100)])
        let cancelled = script.recognizer.cancel(time: 0.02)
        #expect(cancelled.first?.manipulation?.phase == .cancelled)
        #expect(script.feed([.pointer(.move, 0.03, 200, 100), .pointer(.up, 0.04, 200, 100)]).isEmpty)
    }

    @Test("a long stream of random and broken events never puts out a NaN nor breaks the phase order")
    func randomStream() {
        var script = GestureScript()
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt64 { random.next() }
        func coordinate() -> Double {
            switch next() % 24 {
            case 0: .nan
            case 1: .infinity
            case 2: -1e12
            case 3: 250 // collapse fingers and pointer onto the pivot now and then
            default: Double(next() % 1000)
            }
        }
        let mixes: [Modifiers] = [[], [.alt], [.alt, .shift], [.ctrl], [.ctrl, .shift], [.shift], [.gui]]
        var t = 0.0
        for _ in 0..<20_000 {
            t += next() % 10 == 0 ? -0.05 : Double(next() % 20) / 1000
            let time = next() % 500 == 0 ? Double.nan : t
            let mods = mixes[Int(next() % UInt64(mixes.count))]
            let phase: PressPhase = [.down, .move, .move, .move, .up][Int(next() % 5)]
            let touchPhase: TouchPhase = [.down, .move, .move, .up, .cancel][Int(next() % 5)]
            script.context.mirrorPivot = next() % 50 == 0 ? Point(.nan, 1) : Point(250, 250)
            let event: InputEvent
            switch next() % 6 {
            case 0: event = .frame(time)
            case 1: event = .wheel(time, coordinate(), coordinate(), dx: Double(next() % 5) - 2,
                                   dy: next() % 30 == 0 ? 1e9 : Double(next() % 9) - 4, mods: mods)
            case 2: event = .key(next() % 2 == 0 ? .down : .up, time, "x", mods: mods)
            case 3: event = .touch(touchPhase, time, id: Int(next() % 4), coordinate(), coordinate())
            default:
                let button: PointerButton? = [.left, .left, .right, nil][Int(next() % 4)]
                event = .pointer(phase, time, coordinate(), coordinate(), button: button, mods: mods)
            }
            script.feed(event)
        }
        #expect(script.output.allSatisfy { $0.isFinite })
        // Phase order: began, then changed*, then ended or cancelled, one manipulation at a time.
        var active = false
        var orderBroken = 0
        for m in script.manipulations {
            switch m.phase {
            case .began: if active { orderBroken += 1 }; active = true
            case .changed: if !active { orderBroken += 1 }
            case .ended, .cancelled: if !active { orderBroken += 1 }; active = false
            }
        }
        #expect(orderBroken == 0)
        #expect(script.manipulations.count > 1000)
        #expect(script.manipulations.allSatisfy { SimilarityTransform.scaleLimits.contains($0.scale) })
    }
}
