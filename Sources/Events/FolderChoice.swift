/// One folder that Ctrl+O's built-in chooser offers (issue 42): where it comes from and its path.
/// The shell lists them (`EffectResult.folderChoices`), so a trace holds what was offered and a
/// replay offers the same, whatever is on its disk.
public struct FolderChoice: Hashable, Sendable {
    /// Why the folder is offered, in the order the chooser lists the kinds.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The home folder.
        case home
        /// The desktop's pictures folder (`XDG_PICTURES_DIR`, else `~/Pictures`), when there is one.
        case pictures
        /// A folder shown before, newest first (`state.json`), when it is still there.
        case recent
        /// The folder above the one the chooser looks from.
        case parent
        /// A folder inside the one the chooser looks from, in natural name order.
        case subfolder
    }

    public var kind: Kind
    /// The folder's absolute path, spelled as `PhotoName` spells bytes (a name that is not UTF-8
    /// is listed and opened all the same; `displayed` escapes it).
    public var path: String

    public init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }
}
