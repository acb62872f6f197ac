import CSDL2
import Geometry
import Gestures

/// The live event source: SDL's event queue, translated by `EventTranslator`, each input with the
/// X server's time and modifier state when SDL's X11 driver runs (`XEventStamps`).
final class SDLEventSource: EventSource {
    private var translator: EventTranslator
    private let stamps: XEventStamps?

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
            let stamp = stamps?.stamp(for: event)
            if let kind = translator.translate(event, xState: stamp?.state) {
                inputs.append(.input(kind, serverTime: stamp?.time))
            }
        }
        return inputs
    }
}
