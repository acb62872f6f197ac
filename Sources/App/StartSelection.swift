import Foundation
import Gestures
import PhotoFiles
import Diagnostics
import Events

/// What the window opens on, whatever the paths: a folder problem is a message in the window,
/// never an exit (issue 42: from a launcher or a file manager an exit is a silent failure).
///
/// - the paths' photos, as `PhotoSelection` finds them;
/// - one folder with no photos of its own whose subfolders hold some: those photos (as `-r`
///   shows them), with a notice naming the subfolders;
/// - paths of which some are at fault: the photos of the others, with an error line naming those;
/// - nothing to show (a missing folder, an empty one, a file that is not a photo): an empty
///   window with the error line, which the empty window shows in its middle with the way out
///   (`LabViewer`'s empty-window panel: drop photos or a folder on it).
package struct StartSelection: Sendable {
    /// A line for the window (a recorded `.photoFile` effect at the session's start).
    package struct Notice: Equatable, Sendable {
        package var text: String
        /// An error stays until something replaces it; a notice fades (`FeelLab.noticeSeconds`).
        package var isError: Bool
    }

    package var selection: PhotoSelection
    /// What the window says at start; nil when every path gave photos.
    package var notice: Notice?
    /// True when the photos came from a folder's subfolders although `-r` was not given.
    package private(set) var showsSubfolders = false
    /// The folder shown (watched for new photos, remembered as recent): the selection's, or the
    /// one folder named when it holds no photo yet (issue 42: photos added to a folder empty at
    /// start appear); nil for files named one by one, or a path that is not a folder.
    package private(set) var shownFolder: String?

    package init(paths: [String], recursive: Bool) {
        var problems: [String] = []
        selection = PhotoSelection(paths: paths, recursive: recursive, problems: &problems)
        defer {
            shownFolder = selection.folder
                ?? (paths.count == 1 && FileSystemPath.isFolder(paths[0]) ? URL(fileURLWithPath: paths[0]).standardizedFileURL.path : nil)
        }
        guard !problems.isEmpty || selection.files.isEmpty else { return }
        if paths.count == 1, !recursive, selection.files.isEmpty, FileSystemPath.isFolder(paths[0]) {
            var deeper: [String] = []
            let nested = PhotoSelection(paths: paths, recursive: true, problems: &deeper)
            if deeper.isEmpty, !nested.files.isEmpty {
                selection = nested
                showsSubfolders = true
                notice = Notice(text: Self.subfolderNotice(folder: paths[0], selection: nested), isError: false)
                return
            }
        }
        let said = problems.isEmpty ? "no photos given" : problems.joined(separator: "; ")
        if selection.files.isEmpty {
            selection.title = Self.title(of: paths)
            notice = Notice(text: said, isError: true)
        } else {
            let count = selection.files.count
            notice = Notice(text: "\(said); showing the other \(count == 1 ? "photo" : "\(count) photos")", isError: true)
        }
    }

    /// "Pictures holds no photos of its own: showing the 14 photos in its subfolders 2023, 2024
    /// and trips" (the first three subfolders with photos by name, then how many more).
    static func subfolderNotice(folder: String, selection: PhotoSelection) -> String {
        var subfolders: [String] = []
        for name in selection.names {
            guard let slash = name.firstIndex(of: "/") else { continue }
            let first = PhotoName.displayed(String(name[..<slash]))
            if subfolders.last != first, !subfolders.contains(first) { subfolders.append(first) }
        }
        let shown = subfolders.prefix(3)
        var list = shown.count <= 1 ? shown.joined() : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        if subfolders.count > 3 {
            list = shown.joined(separator: ", ") + " and \(subfolders.count - 3) more"
        }
        let count = selection.files.count
        let name = PrintablePath.escaped(URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent)
        return "\(name) holds no photos of its own: showing the \(count == 1 ? "photo" : "\(count) photos") in its "
            + "\(subfolders.count == 1 ? "subfolder" : "subfolders") \(list)"
    }

    /// The window's title over nothing: the one folder's (or file's) name, else "PhotoZoom".
    static func title(of paths: [String]) -> String {
        guard paths.count == 1 else { return "PhotoZoom" }
        let name = URL(fileURLWithPath: paths[0]).standardizedFileURL.lastPathComponent
        return name.isEmpty || name == "/" ? "PhotoZoom" : PrintablePath.escaped(name)
    }
}
