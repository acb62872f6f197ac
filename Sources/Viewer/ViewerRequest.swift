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
    /// Carry out `action` on the file of photo `photo` (named `name`, so the shell can check that
    /// its list still has that photo at that index).
    case photoFile(PhotoFileAction, photo: Int, name: String)
    /// Ctrl+Z: put the photo last moved to the trash back where it was.
    case undoTrash
    /// The photo trashed (`EffectResult.photoTrashed`) has left the screen: take it out of the list
    /// now (the shell kept it in until then, so it could be drawn leaving).
    case dropTrashed(photo: Int, name: String)
    /// Shift+S: show the photos in the next order (name → date taken → date modified); the shell
    /// sorts the list (a `photos` event with its order) and says the order on the message line.
    case sort
}
