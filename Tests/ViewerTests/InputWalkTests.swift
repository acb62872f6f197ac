import Geometry
import Gestures
import Testing
import Events
@testable import Continuity
@testable import Viewing

/// The generated walk of the input × phase table's pointer, touch, touchpad, wheel and drop rows
/// (docs/phases.md), as `PhaseWalkTests` walks its keys: a click, a double click, the start of a
/// drag, an Alt + drag, one, two and three fingers on the glass, a touchpad's pinch and three-finger
/// swipe (XInput's gesture events), the plain, Ctrl and Shift wheels and a file drop, each at every
/// eighth of every phase it can meet, at
/// 30, 60, 144 and 240 fps taken in turn: it acts (anything it can change differs from the same walk
/// without it) or says why in an `inputIgnored` note, and nothing it starts jumps.
@Suite("The input walk: clicks, double clicks, drags, Alt + drags, fingers, touchpad pinches and swipes, wheels and drops at every eighth of every phase act or say why, with no jump")
struct InputWalkTests {
    /// An input the walk sends: a name for the failure message and what it feeds.
    struct Input: Sendable, CustomStringConvertible {
        var name: String
        /// True when the input needs the pointer or a finger free: the `held` phase's mouse is down.
        var needsFreeHand = true
        var send: @Sendable (inout PhaseWalkTests.Walk) -> Void
        var description: String { name }
    }

    /// Where the inputs land: on the open photo (the window's centre, a little off it), which is
    /// also a cell of the grid behind (60 photos fill the window and scroll).
    static let spot = Point(660, 410)
    static let photos = 60

    static let inputs: [Input] = [
        Input(name: "click") { w in
            w.send(.pointer(phase: .down, position: spot, button: .left, modifiers: []))
            w.send(.pointer(phase: .up, position: spot, button: .left, modifiers: []), after: 0.04)
        },
        Input(name: "drag start") { w in
            // Pressed and moved 40 pt up in 0.1 s (the grid scrolls on; a photo is pulled and rubber-
            // bands), held there 0.3 s and let go.
            w.send(.pointer(phase: .down, position: spot, button: .left, modifiers: []))
            for i in 1...12 {
                w.send(.pointer(phase: .move, position: spot + Point(0, -Double(i) * 40 / 12), button: .left, modifiers: []),
                       after: 1.0 / 120)
                if i % 2 == 0 { w.frame() }
            }
            w.send(.pointer(phase: .up, position: spot - Point(0, 40), button: .left, modifiers: []), after: 0.3)
        },
        Input(name: "one finger") { w in
            w.send(.touch(phase: .down, id: 11, position: spot))
            for i in 1...12 {
                w.send(.touch(phase: .move, id: 11, position: spot + Point(0, -Double(i) * 40 / 12)), after: 1.0 / 120)
                if i % 2 == 0 { w.frame() }
            }
            w.send(.touch(phase: .up, id: 11, position: spot - Point(0, 40)), after: 0.3)
        },
        Input(name: "two fingers") { w in
            // Closing from 200 to 120 pt apart about the spot in 0.1 s.
            w.send(.touch(phase: .down, id: 11, position: spot - Point(100, 0)))
            w.send(.touch(phase: .down, id: 12, position: spot + Point(100, 0)))
            for i in 1...12 {
                let half = 100 - Double(i) * 40 / 12
                w.send(.touch(phase: .move, id: 11, position: spot - Point(half, 0)), after: 1.0 / 120)
                w.send(.touch(phase: .move, id: 12, position: spot + Point(half, 0)), after: 0)
                if i % 2 == 0 { w.frame() }
            }
            w.send(.touch(phase: .up, id: 11, position: spot - Point(60, 0)), after: 0.3)
            w.send(.touch(phase: .up, id: 12, position: spot + Point(60, 0)))
        },
        Input(name: "wheel", needsFreeHand: false) { w in
            w.send(.wheel(position: spot, delta: Point(0, -1), modifiers: []))
        },
        Input(name: "ctrl+wheel", needsFreeHand: false) { w in
            w.send(.wheel(position: spot, delta: Point(0, -1), modifiers: .ctrl))
        },
        Input(name: "shift+wheel", needsFreeHand: false) { w in
            w.send(.wheel(position: spot, delta: Point(0, -1), modifiers: .shift))
        },
        Input(name: "double click") { w in
            // Two clicks 0.15 s apart, within the double-click interval and distance.
            for start in [0.0, 0.15] {
                w.send(.pointer(phase: .down, position: spot, button: .left, modifiers: []), after: start == 0 ? 0.001 : 0.11)
                w.send(.pointer(phase: .up, position: spot, button: .left, modifiers: []), after: 0.04)
            }
        },
        Input(name: "alt+drag") { w in
            // Alt held from the press: the virtual fingers mirrored through the photo's centre
            // spread from 60 to 100 pt off it in 0.1 s (a pinch out), held 0.3 s and let go.
            let from = spot + Point(60, 0)
            w.send(.pointer(phase: .down, position: from, button: .left, modifiers: .alt))
            for i in 1...12 {
                w.send(.pointer(phase: .move, position: from + Point(Double(i) * 40 / 12, 0), button: .left, modifiers: .alt),
                       after: 1.0 / 120)
                if i % 2 == 0 { w.frame() }
            }
            w.send(.pointer(phase: .up, position: from + Point(40, 0), button: .left, modifiers: .alt), after: 0.3)
        },
        Input(name: "touchpad pinch") { w in
            // Two fingers on the pad spreading to 1.3× in 0.1 s about the pointer (XI_GesturePinch*).
            w.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .begin, fingers: 2, position: spot)))
            for i in 1...12 {
                w.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .update, fingers: 2, position: spot,
                                                 scale: 1 + 0.3 * Double(i) / 12)), after: 1.0 / 120)
                if i % 2 == 0 { w.frame() }
            }
            w.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .end, fingers: 2, position: spot, scale: 1.3)), after: 0.3)
        },
        Input(name: "touchpad swipe") { w in
            // Three fingers on the pad travelling 96 pt left in 0.1 s (XI_GestureSwipe*): a page.
            w.send(.touchpad(TouchpadGesture(gesture: .swipe, phase: .begin, fingers: 3, position: spot)))
            for i in 1...12 {
                w.send(.touchpad(TouchpadGesture(gesture: .swipe, phase: .update, fingers: 3, position: spot, delta: Point(-8, 0))),
                       after: 1.0 / 120)
                if i % 2 == 0 { w.frame() }
            }
            w.send(.touchpad(TouchpadGesture(gesture: .swipe, phase: .end, fingers: 3, position: spot)), after: 0.001)
        },
        Input(name: "three-finger swipe") { w in
            // Three fingers on the glass travelling 40 pt down together in 0.1 s, lifted after 0.3 s.
            let fingers = [Point(-40, 0), Point(0, -20), Point(40, 0)]
            for (id, offset) in fingers.enumerated() { w.send(.touch(phase: .down, id: 21 + id, position: spot + offset)) }
            for i in 1...12 {
                for (id, offset) in fingers.enumerated() {
                    w.send(.touch(phase: .move, id: 21 + id, position: spot + offset + Point(0, Double(i) * 40 / 12)),
                           after: id == 0 ? 1.0 / 120 : 0)
                }
                if i % 2 == 0 { w.frame() }
            }
            for (id, offset) in fingers.enumerated() {
                w.send(.touch(phase: .up, id: 21 + id, position: spot + offset + Point(0, 40)), after: id == 0 ? 0.3 : 0)
            }
        },
        Input(name: "drop", needsFreeHand: false) { w in
            // The shell read what was dropped (the same photos again) and asks to open photo 3.
            w.send(.effect(.dropped(open: 3, message: "opened p3.png's folder (60 photos)")))
        },
    ]

    /// The walk's phases, with the grid's (an input there has a photo to open or a grid to move).
    static let phases: [PhaseWalkTests.PhaseSetup] = [
        PhaseWalkTests.PhaseSetup(name: "grid", seconds: 0.4) { _ in },
        PhaseWalkTests.PhaseSetup(name: "grid scrolling", seconds: 0.4) { w in
            // Flicked up at 800 pt/s and let go: the grid coasts (short of its end).
            let from = Point(300, 600)
            w.send(.pointer(phase: .down, position: from, button: .left, modifiers: []))
            for i in 1...12 {
                w.send(.pointer(phase: .move, position: from - Point(0, Double(i) * 800 / 120), button: .left, modifiers: []),
                       after: 1.0 / 120)
                if i % 2 == 0 { w.frame() }
            }
            w.send(.pointer(phase: .up, position: from - Point(0, 80), button: .left, modifiers: []), after: 0.001)
        },
    ] + PhaseWalkTests.phases

    static func run(_ setup: PhaseWalkTests.PhaseSetup, eighth: Int, input: Input?, fps: Double)
        -> (PhaseWalkTests.Walk, PhaseWalkTests.Outcome) {
        PhaseWalkTests.run(setup, eighth: eighth, input: input?.send, fps: fps, photos: photos)
    }

    @Test("each pointer, touch, touchpad, wheel and drop input, at each eighth of the phase, acts or notes why, and nothing jumps",
          arguments: phases)
    func everyInputActsOrSaysWhy(setup: PhaseWalkTests.PhaseSetup) {
        var silent: [String] = [], jumped: [String] = []
        var caseIndex = 0
        var controls: [Double: (PhaseWalkTests.Walk, PhaseWalkTests.Outcome)] = [:]
        for eighth in 0..<8 {
            controls.removeAll()
            for input in Self.inputs where !(setup.name == "held" && input.needsFreeHand) {
                let fps = PhaseWalkTests.rates[caseIndex % PhaseWalkTests.rates.count]
                caseIndex += 1
                if controls[fps] == nil { controls[fps] = Self.run(setup, eighth: eighth, input: nil, fps: fps) }
                guard let (control, without) = controls[fps] else { continue }
                let (w, with) = Self.run(setup, eighth: eighth, input: input, fps: fps)
                let said = w.script.notes.contains { if case .inputIgnored = $0 { true } else { false } }
                let acted = with != without || w.script.viewer.scrollOffset != control.script.viewer.scrollOffset
                if !acted && !said { silent.append("\(input) at \(eighth)/8 (\(fps) fps)") }
                if let j = w.jumps.first, control.jumps.isEmpty { jumped.append("\(input) at \(eighth)/8 (\(fps) fps): \(j)") }
            }
        }
        report("\(setup.name): \(silent.count) silent, \(jumped.count) jumped")
        #expect(silent.isEmpty, "\(setup.name): dropped without a word: \(silent.prefix(12).joined(separator: "; "))")
        #expect(jumped.isEmpty, "\(setup.name): \(jumped.prefix(6).joined(separator: "\n"))")
    }
}
