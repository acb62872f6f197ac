import CSDL2

/// The mouse captured while a button is held (motion and the release reach the window wherever
/// the pointer goes), taken only while the X server still holds the button.
///
/// SDL 2 captures the mouse by itself when it reads a button's press (its auto-capture): on X11 an
/// active core pointer grab (`XGrabPointer`) that lasts until it reads the release. A press read
/// late, as when the frame loop waits on the accelerated renderer being made (up to a second,
/// `WindowHost.finishOpening()`), grabs the pointer while the hand has long let go of the button,
/// and the grab, which selects no XInput 2.4 gestures, takes from the window the touchpad gesture
/// under way: its updates and its end are never delivered, and the photo stays held by a hand
/// that has gone. So SDL's auto-capture is off on X11, and this captures on a press only when
/// the server says a button is still down (`SDL_GetGlobalMouseState` asks it); a press whose
/// release is already on its way needs no capture. Released when the releases read have matched
/// the presses read (counted from the events, never from a state that may lag: a capture left
/// behind would keep every other window from the pointer).
final class HeldButtonCapture {
    private var isCaptured = false
    /// The buttons pressed and not yet released, as the events read tell.
    private var held: Set<UInt8> = []

    /// Turns SDL's own capture off on X11 (nil elsewhere: SDL's capture stays as it is).
    init?() {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return nil }
        SDL_SetHint(SDL_HINT_MOUSE_AUTO_CAPTURE, "0")
    }

    /// Follows `event`, just polled from SDL's queue. The buttons SDL makes from a touch screen's
    /// fingers are left alone, as SDL's own capture leaves them: the fingers are the window's
    /// XInput2 touches, and a pointer grab would take them from it.
    func follow(_ event: SDL_Event) {
        guard event.type != SDL_MOUSEBUTTONDOWN.rawValue && event.type != SDL_MOUSEBUTTONUP.rawValue
            || event.button.which != EventTranslator.touchMouseID else { return }
        if event.type == SDL_MOUSEBUTTONDOWN.rawValue {
            held.insert(event.button.button)
            if !isCaptured, SDL_GetGlobalMouseState(nil, nil) != 0 { isCaptured = SDL_CaptureMouse(SDL_TRUE) == 0 }
        } else if event.type == SDL_MOUSEBUTTONUP.rawValue {
            held.remove(event.button.button)
            if isCaptured, held.isEmpty {
                _ = SDL_CaptureMouse(SDL_FALSE)
                isCaptured = false
            }
        }
    }
}
