import CSDL2

/// The SDL event another thread pushes to end the frame loop's wait on input (issue 28): SDL
/// wakes `SDL_WaitEventTimeout` for an event pushed from any thread (on X11 it sends its window a
/// client message), so the loop can wait with no timeout and still hear of a changed folder or
/// feel file (`DescriptorWatch`). The event carries nothing and is read as no input
/// (`SDLEventSource` translates it to nothing, and nothing is recorded for it).
enum WakeEvent {
    /// Its type, registered with SDL once (SDL's first user event when none is left).
    static let type: UInt32 = {
        let registered = SDL_RegisterEvents(1)
        return registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
    }()

    /// Pushes one (from any thread).
    static func post() {
        var event = SDL_Event()
        event.type = type
        _ = SDL_PushEvent(&event)
    }
}
