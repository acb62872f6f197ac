import CSDL2
import Geometry
import Gestures
import Testing
@testable import LiveInput
import Events

@Suite("Event translation: modifiers are those of each event, not SDL's state after the batch")
struct EventTranslatorTests {
    static func key(_ type: SDL_EventType, _ sym: SDL_KeyCode, mod: SDL_Keymod) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.key.keysym.sym = SDL_Keycode(sym.rawValue)
        e.key.keysym.mod = UInt16(mod.rawValue)
        return e
    }

    static func motion(_ x: Int32, _ y: Int32, leftHeld: Bool) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.x = x
        e.motion.y = y
        e.motion.state = leftHeld ? 1 : 0
        return e
    }

    static func mods(_ kind: InputEvent.Kind?) -> Modifiers? {
        if case let .pointer(_, _, _, m)? = kind { return m }
        if case let .key(_, _, m)? = kind { return m }
        return nil
    }

    @Test("a batch of move, Alt down, move: the first move is plain, the second an Alt move")
    func modifiersInQueueOrder() {
        var t = EventTranslator(windowSize: .init(800, 600))
        let before = t.translate(Self.motion(10, 10, leftHeld: true))
        let alt = t.translate(Self.key(SDL_KEYDOWN, SDLK_LALT, mod: KMOD_LALT))
        let after = t.translate(Self.motion(11, 12, leftHeld: true))
        let released = t.translate(Self.key(SDL_KEYUP, SDLK_LALT, mod: KMOD_NONE))
        let last = t.translate(Self.motion(12, 14, leftHeld: true))
        #expect(Self.mods(before) == [])
        #expect(Self.mods(alt) == [.alt])
        #expect(Self.mods(after) == [.alt])
        #expect(Self.mods(released) == [])
        #expect(Self.mods(last) == [])
    }

    @Test("the X server's state of an event wins: Shift|Control|Mod1|Mod4 are shift, ctrl, alt, gui")
    func xState() {
        var t = EventTranslator(windowSize: .init(800, 600), heldModifiers: [.alt])
        let e = Self.motion(5, 5, leftHeld: false)
        #expect(Self.mods(t.translate(e, xState: UInt32(ShiftMask | ControlMask))) == [.shift, .ctrl])
        #expect(Self.mods(t.translate(e, xState: UInt32(Mod1Mask | Mod4Mask | Button1Mask))) == [.alt, .gui])
        #expect(Self.mods(t.translate(e, xState: 0)) == [])
        #expect(Self.mods(t.translate(e)) == [.alt])
    }

    @Test("the X server's position of a pointer event wins over SDL's, which SDL clamps to the window's edge (an 800 × 600 window: y 690 below it, not 599)")
    func xPosition() {
        var t = EventTranslator(windowSize: .init(800, 600))
        let clamped = Self.motion(400, 599, leftHeld: true)
        #expect(t.translate(clamped, xPosition: Point(400, 690)) == .pointer(phase: .move, position: Point(400, 690), button: .left, modifiers: []))
        #expect(t.translate(clamped) == .pointer(phase: .move, position: Point(400, 599), button: .left, modifiers: []))
    }

    @Test("a motion SDL dropped is a move only outside the window with a button held: left, right or middle from the X state; inside, or with no button, nothing")
    func dragOutside() {
        let t = EventTranslator(windowSize: .init(800, 600))
        #expect(t.dragOutside(position: Point(400, 690), xState: UInt32(Button1Mask | ShiftMask))
                == .pointer(phase: .move, position: Point(400, 690), button: .left, modifiers: [.shift]))
        #expect(t.dragOutside(position: Point(-3, 20), xState: UInt32(Button3Mask))
                == .pointer(phase: .move, position: Point(-3, 20), button: .right, modifiers: []))
        #expect(t.dragOutside(position: Point(800, 20), xState: UInt32(Button2Mask))
                == .pointer(phase: .move, position: Point(800, 20), button: .middle, modifiers: []))
        #expect(t.dragOutside(position: Point(799, 599), xState: UInt32(Button1Mask)) == nil)
        #expect(t.dragOutside(position: Point(400, 690), xState: 0) == nil)
    }
}
