import CSDL2
import Geometry
import Gestures

/// Turns SDL events into SDL-free input kinds (the frame loop stamps them with their time).
///
/// Mouse events that SDL synthesises from touches are dropped (the finger events carry them), so
/// nothing is counted twice. Finger coordinates arrive normalised and are mapped to window points.
public struct EventTranslator {
    /// Window size in points, for mapping normalised finger coordinates.
    public var windowSize: Size

    public init(windowSize: Size) {
        self.windowSize = windowSize
    }

    /// SDL_TOUCH_MOUSEID: the `which` of mouse events synthesised from touch.
    static let touchMouseID = UInt32.max

    /// The modifiers SDL reports as held now.
    static func modifiers(_ mod: UInt32) -> Modifiers {
        var m = Modifiers()
        if mod & UInt32(KMOD_SHIFT.rawValue) != 0 { m.insert(.shift) }
        if mod & UInt32(KMOD_CTRL.rawValue) != 0 { m.insert(.ctrl) }
        if mod & UInt32(KMOD_ALT.rawValue) != 0 { m.insert(.alt) }
        if mod & UInt32(KMOD_GUI.rawValue) != 0 { m.insert(.gui) }
        return m
    }

    static func button(_ b: UInt8) -> PointerButton? {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_MIDDLE: return .middle
        case SDL_BUTTON_RIGHT: return .right
        default: return nil
        }
    }

    /// The button held during motion, from SDL's motion state mask (left first).
    static func heldButton(_ state: UInt32) -> PointerButton? {
        if state & (1 << (UInt32(SDL_BUTTON_LEFT) - 1)) != 0 { return .left }
        if state & (1 << (UInt32(SDL_BUTTON_RIGHT) - 1)) != 0 { return .right }
        if state & (1 << (UInt32(SDL_BUTTON_MIDDLE) - 1)) != 0 { return .middle }
        return nil
    }

    /// The input for `event`, or nil for events the viewer does not take.
    public mutating func translate(_ event: SDL_Event) -> InputEvent.Kind? {
        let mods = Self.modifiers(UInt32(SDL_GetModState().rawValue))
        switch SDL_EventType(event.type) {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != Self.touchMouseID, let button = Self.button(b.button) else { return nil }
            let phase: PressPhase = event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up
            return .pointer(phase: phase, position: Point(Double(b.x), Double(b.y)),
                            button: button, modifiers: mods)
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != Self.touchMouseID else { return nil }
            return .pointer(phase: .move, position: Point(Double(m.x), Double(m.y)),
                            button: Self.heldButton(m.state), modifiers: mods)
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != Self.touchMouseID else { return nil }
            let flip: Double = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let dx = Double(w.preciseX) * flip, dy = Double(w.preciseY) * flip
            return .wheel(position: Point(Double(w.mouseX), Double(w.mouseY)),
                            delta: Point(dx, dy), modifiers: mods)
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = event.key
            guard k.repeat == 0 || event.type == SDL_KEYDOWN.rawValue else { return nil }
            let name = String(cString: SDL_GetKeyName(k.keysym.sym)).lowercased()
            guard !name.isEmpty else { return nil }
            let phase: PressPhase = event.type == SDL_KEYDOWN.rawValue ? .down : .up
            return .key(phase: phase, key: name,
                            modifiers: Self.modifiers(UInt32(k.keysym.mod)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = event.tfinger
            let phase: TouchPhase = event.type == SDL_FINGERDOWN.rawValue ? .down
                : event.type == SDL_FINGERUP.rawValue ? .up : .move
            let p = Point(Double(f.x) * windowSize.width, Double(f.y) * windowSize.height)
            return .touch(phase: phase, id: Int(truncatingIfNeeded: f.fingerId), position: p)
        case SDL_WINDOWEVENT:
            let w = event.window
            if w.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) {
                windowSize = Size(Double(w.data1), Double(w.data2))
                return .resize(windowSize)
            }
            return nil
        default:
            return nil
        }
    }
}
