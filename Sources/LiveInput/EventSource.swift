import Events

/// One input as the window system delivered it, before the frame loop puts it on the session clock.
package enum WindowInput: Hashable, Sendable {
    /// An input for the viewer, with the window system's time of it in milliseconds (the X
    /// server's clock, wrapping at 2³²) when there is one; `ServerTimeMapper` puts it on the
    /// session clock.
    case input(InputEvent.Kind, serverTime: UInt32?)
    /// The user closed the window.
    case quit
    /// Files or folders dropped on the window (XDND), as paths, in the order dropped.
    case drop([String])
}

/// Where the frame loop's input comes from: SDL live (`SDLEventSource`), a script in tests.
///
/// The loop calls `drain()` once per frame and takes everything that arrived since the previous
/// call, oldest first: at a 1000 Hz mouse and 60 frames per second that is a burst of about 16
/// moves per frame.
package protocol EventSource: AnyObject {
    /// The inputs that arrived since the last call, in the order the window system delivered them.
    /// Stops after a `.quit` (later inputs stay for the next call).
    func drain() -> [WindowInput]
}
