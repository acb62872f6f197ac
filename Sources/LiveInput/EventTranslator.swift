import CSDL2
import Geometry
import Events

/// Turns SDL events into SDL-free input kinds (the frame loop stamps them with their time).
///
/// Modifiers are those of each event, never `SDL_GetModState()` after a whole batch was pumped (a
/// move made before Alt went down is a plain move): a key event's own `keysym.mod`; for pointer
/// and wheel events the X server's state of that event when there is one (`XEventStamps`), else
/// the modifiers as the key events before it in the queue left them.
///
/// Mouse events that SDL synthesises from touches are dropped (the finger events carry them), so
/// nothing is counted twice. Finger coordinates arrive normalised and are mapped to window points.
package struct EventTranslator {
    /// Window size in points, for mapping normalised finger coordinates.
    package var windowSize: Size

    /// The modifiers held after the last key event translated (SDL's state when none came yet).
    package private(set) var heldModifiers: Modifiers

    package init(windowSize: Size, heldModifiers: Modifiers = []) {
        self.windowSize = windowSize
        self.heldModifiers = heldModifiers
    }

    /// SDL_TOUCH_MOUSEID: the `which` of mouse events synthesised from touch.
    static let touchMouseID = UInt32.max

    /// The modifiers of an X event's core state mask (Shift, Control, Mod1 = Alt, Mod4 = Super: the
    /// X servers' standard modifier map).
    static func modifiers(xState state: UInt32) -> Modifiers {
        var m = Modifiers()
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.ctrl) }
        if state & UInt32(Mod1Mask) != 0 { m.insert(.alt) }
        if state & UInt32(Mod4Mask) != 0 { m.insert(.gui) }
        return m
    }

    /// The modifiers of an SDL modifier mask (`KMOD_…`).
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

    /// The button held in an X event's core state mask (left first, as `heldButton(_:)`).
    static func heldButton(xState state: UInt32) -> PointerButton? {
        if state & UInt32(Button1Mask) != 0 { return .left }
        if state & UInt32(Button3Mask) != 0 { return .right }
        if state & UInt32(Button2Mask) != 0 { return .middle }
        return nil
    }

    /// The move of a drag outside the window that SDL dropped (it keeps no motion outside the
    /// window unless the mouse was captured as it pumped it): at `position`, the server's, with
    /// the button and modifiers of the X state `xState`. Nil inside the window (there SDL drops
    /// only a motion that moved nothing) or with no button held.
    package func dragOutside(position: Point, xState: UInt32) -> InputEvent.Kind? {
        let inside = position.x >= 0 && position.y >= 0 && position.x < windowSize.width && position.y < windowSize.height
        guard !inside, let button = Self.heldButton(xState: xState) else { return nil }
        return .pointer(phase: .move, position: position, button: button, modifiers: Self.modifiers(xState: xState))
    }

    /// The input for `event`, or nil for events the viewer does not take. `xState` is the X
    /// server's modifier state of the event, when known; `xPosition` its pointer position in the
    /// window, when known, which a button or motion event takes over SDL's (SDL clamps a position
    /// outside the window to its edge when the mouse was not captured as it pumped the event: a
    /// drag past the edge read late would end at the edge, not where the hand let go).
    package mutating func translate(_ event: SDL_Event, xState: UInt32? = nil, xPosition: Point? = nil) -> InputEvent.Kind? {
        let mods = xState.map { Self.modifiers(xState: $0) } ?? heldModifiers
        switch SDL_EventType(event.type) {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != Self.touchMouseID, let button = Self.button(b.button) else { return nil }
            let phase: PressPhase = event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up
            return .pointer(phase: phase, position: xPosition ?? Point(Double(b.x), Double(b.y)),
                            button: button, modifiers: mods)
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != Self.touchMouseID else { return nil }
            return .pointer(phase: .move, position: xPosition ?? Point(Double(m.x), Double(m.y)),
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
            // SDL's modifier state after this key: what the pointer events after it are made with.
            heldModifiers = Self.modifiers(UInt32(k.keysym.mod))
            guard k.repeat == 0 || event.type == SDL_KEYDOWN.rawValue else { return nil }
            let name = String(cString: SDL_GetKeyName(k.keysym.sym)).lowercased()
            guard !name.isEmpty else { return nil }
            let phase: PressPhase = event.type == SDL_KEYDOWN.rawValue ? .down : .up
            return .key(phase: phase, key: name, modifiers: heldModifiers)
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
