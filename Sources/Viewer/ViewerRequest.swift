/// What the viewer asks of the shell; drained with `Viewer.takeRequests()`.
public enum ViewerRequest: Hashable, Sendable {
    case quit
    /// Save the current feel parameters to the feel file.
    case saveFeel
    /// Make the window cover the screen (true) or return to its size (false).
    case fullscreen(Bool)
    /// Re-run the last gesture under the feel in force, over the live state ("again", the `a` key):
    /// the shell records it as an `again` effect, which `Session` carries out.
    case again
}
