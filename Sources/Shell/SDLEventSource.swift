import CSDL2
import Geometry
import Gestures

/// The live event source: SDL's event queue, translated by `EventTranslator`.
final class SDLEventSource: EventSource {
    private var translator: EventTranslator

    /// A source for a window of `windowSize` points (for mapping normalised finger coordinates).
    init(windowSize: Size) {
        translator = EventTranslator(windowSize: windowSize)
    }

    func drain() -> [WindowInput] {
        var inputs: [WindowInput] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue {
                inputs.append(.quit)
                break
            }
            if let kind = translator.translate(event) { inputs.append(.input(kind)) }
        }
        return inputs
    }
}
