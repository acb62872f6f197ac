/// Something done to a photo's file that the viewer asks of the shell (the viewer never touches
/// the disk): the shell carries it out and records what became of it as an effect
/// (`EffectResult.photoFile`), and any change of the photo list as a `photos` event, so a replay
/// shows the same.
public enum PhotoFileAction: String, Hashable, Sendable {
    /// Delete: move the file to the freedesktop trash (the photo leaves the list).
    case trash
    /// `o`: open the file with the desktop's default application for it (`xdg-open`).
    case openWith
    /// Shift+O: show the file selected in the desktop's file manager (its freedesktop D-Bus interface).
    case showInFolder
    /// Ctrl+C: offer the photo on the clipboard (its upright pixels as a PNG, its file as a URI,
    /// its path as text).
    case copy
    /// Ctrl+R: turn the photo 90° clockwise and keep it (a JPEG's EXIF orientation rewritten; other
    /// formats turn for the session and ask before their file is written).
    case turnClockwise
    /// Ctrl+Shift+R: the same, anticlockwise.
    case turnAnticlockwise
    /// `w` after a turn that asked: write the turn into a file that is not a JPEG (re-encoded
    /// without loss).
    case writeTurn
}
