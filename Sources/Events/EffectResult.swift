import JSON

/// What became of an effect the shell carried out for the viewer (saving the feel file) or met on
/// its own (the feel file changed on disk): recorded in the trace as an input, so the viewer acts
/// on the result at the same instant live and in a replay.
public enum EffectResult: Hashable, Sendable {
    /// The parameters the viewer asked to save (Ctrl+S) were written to `path`; `message` is the
    /// line the window shows ("saved feel.json (3 of 41 differ from the defaults)").
    case feelSaved(path: String, message: String)
    /// Saving failed; `message` says where and why. Nothing counts as saved.
    case feelSaveFailed(message: String)
    /// The feel file `name` changed on disk and now reads as `layer` (the file's own JSON object,
    /// as parsed; keys it leaves out have their defaults). `fixed` names the parameters
    /// the command line fixes (`run --reduced-motion`), which keep their value whatever the file
    /// says. How it merges with the parameters in force is the viewer's decision.
    case feelReloaded(name: String, layer: JSONObject, fixed: [String])
    /// The feel file changed on disk but cannot be used; `message` names the file, line and key.
    case feelReloadFailed(message: String)
    /// "Again with these numbers" (`a`): the last gesture, pressed at `from` (seconds on the trace
    /// clock), re-runs from this instant under the feel in force, with the previous run as its
    /// ghost. Nothing the viewer shows afterwards changes: the re-run is drawn over the live state
    /// until it settles (`Session`'s `again`).
    case again(from: Double)
    /// The shell carried out (or could not carry out) a file action the viewer asked for (Delete,
    /// Ctrl+Z, …): `message` is the one line the window shows; `isError` when it failed and
    /// nothing changed on disk.
    case photoFile(message: String, isError: Bool)
    /// Delete moved photo `photo`'s file to the trash (`message` says so). The photo stays in the
    /// list while it leaves the screen on the paging spring; the viewer then asks the shell to drop
    /// it, and the list change follows as a `photos` event.
    case photoTrashed(photo: Int, message: String)
    /// Ctrl+Z put a trashed photo's file back: it is photo `photo` of the list the `photos` event
    /// just before made (the open photo pages to it when it is a neighbour).
    case photoRestored(photo: Int, message: String)
    /// Files or a folder dropped on the window replaced the photo list (the `photos` event just
    /// before says how); `open`: the photo to open, when one file was dropped (as on the command line).
    case dropped(open: Int?, message: String)
    /// Photo `photo` turned by `quarterTurns` × 90° clockwise (negative: anticlockwise), Ctrl+R and
    /// Ctrl+Shift+R: its pictures are turned and, for a JPEG, its file already says so (`message`
    /// says what became of the file). `asksToWrite`: the file is not a JPEG and can be written
    /// turned (re-encoded without loss) if the user confirms (`w`); until then the turn is for
    /// this session only.
    case photoTurned(photo: Int, quarterTurns: Int, message: String, asksToWrite: Bool)
    /// The folders Ctrl+O's built-in chooser offers, looking from `folder` (the folder shown, or
    /// the one it was asked to look inside): the chooser shows them in this order.
    case folderChoices(folder: String, choices: [FolderChoice])
}
