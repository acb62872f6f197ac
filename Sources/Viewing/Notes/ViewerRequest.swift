import FeelModel
/// What the viewer asks of the shell; drained with `Viewer.takeRequests()`.
public enum ViewerRequest: Hashable, Sendable {
    case quit
    /// Save these feel parameters to the feel file (Ctrl+S: the parameters in force then).
    case saveFeel(Feel)
    /// Make the window cover the screen (true) or return to its size (false).
    case fullscreen(Bool)
    /// Re-run the gesture pressed at `from` (trace seconds) under the feel in force, over the live
    /// state ("again", the `a` key): the shell records it as an `again(from:)` effect, which
    /// `Session` carries out. The lab asks with `from` nil (it does not keep gestures); the session,
    /// which recalls the last gesture, passes it on with its press's time, or says there is none.
    case again(from: Double?)
    /// Carry out `action` on the file of photo `photo` (named `name`, so the shell can check that
    /// its list still has that photo at that index).
    case photoFile(PhotoFileAction, photo: Int, name: String)
    /// Ctrl+Z: put the photo last moved to the trash back where it was.
    case undoTrash
    /// Shift+S: show the photos in the next order (name → date taken → date modified); the shell
    /// sorts the list (a `photos` event with its order) and says the order on the message line.
    case sort
    /// Ctrl+O (nil) or the chooser looking elsewhere (a folder): the shell offers folders to open,
    /// looking from that folder or the one shown (a desktop portal's dialog where one answers,
    /// else the folders as a `folderChoices` effect for the built-in chooser).
    case chooseFolder(from: String?)
    /// Show the photos of this folder (chosen in the chooser) as if named on the command line.
    case openFolder(String)
}

extension ViewerRequest {
    /// True when `other` asks for the same thing, whatever the parameters to save or the gesture to
    /// re-run (those two carry what was in force when asked; the later ask stands).
    func isSameAsk(as other: ViewerRequest) -> Bool {
        switch (self, other) {
        case (.saveFeel, .saveFeel), (.again, .again): true
        default: self == other
        }
    }
}
