import CSDL2
import Geometry
import Gestures

/// The live event source: SDL's event queue, translated by `EventTranslator`, each input with the
/// X server's time and modifier state when SDL's X11 driver runs (`XEventStamps`).
final class SDLEventSource: EventSource {
    private var translator: EventTranslator
    private let stamps: XEventStamps?
    /// True when a window event since the last `takeRedrawRequest()` may have lost the window's
    /// pixels (shown, exposed, resized, restored): the next frame is drawn even if its picture is
    /// the one drawn last.
    private var windowNeedsRedraw = false

    /// A source for `window` (whose size in points maps normalised finger coordinates).
    init(window: OpaquePointer, windowSize: Size) {
        translator = EventTranslator(windowSize: windowSize,
                                     heldModifiers: EventTranslator.modifiers(UInt32(SDL_GetModState().rawValue)))
        stamps = XEventStamps(window: window)
    }

    func drain() -> [WindowInput] {
        var inputs: [WindowInput] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue {
                inputs.append(.quit)
                break
            }
            if event.type == SDL_WINDOWEVENT.rawValue { windowNeedsRedraw = true }
            let stamp = stamps?.stamp(for: event)
            if let kind = translator.translate(event, xState: stamp?.state) {
                inputs.append(.input(kind, serverTime: stamp?.time))
            }
        }
        return inputs
    }

    /// Whether the window must be drawn again whatever its picture, and clears the request.
    func takeRedrawRequest() -> Bool {
        defer { windowNeedsRedraw = false }
        return windowNeedsRedraw
    }
}
