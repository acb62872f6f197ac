import Events
import Foundation
import PhotoActions
import PhotoFiles
import Viewing

/// The shell's side of Ctrl+O (issue 42): the folders the built-in chooser offers, the folder
/// chosen opened as if named on the command line, and the recent folders remembered.
///
/// The chooser offers, in order: the home folder, the pictures folder (when it exists), the recent
/// folders that still exist (newest first, at most `recentLimit`), then the folder above the one
/// it looks from and that folder's subfolders (hidden ones left out) in natural name order. A
/// folder is offered once, under its first kind, but a subfolder is listed among its siblings
/// even when it is also a recent one. Names are bytes: a folder whose name is not UTF-8 is listed
/// (the chooser escapes it) and opens.
package final class FolderOpening {
    /// Recent folders kept at most.
    package static let recentLimit = 10

    private let fileActions: PhotoFileActions
    private let places: DesktopFolders
    private let recursive: Bool
    /// A folder never remembered as recent (the bundled demo photos).
    private let unremembered: String?
    /// The folders shown, newest first (`state.json`'s `recentFolders`), at most `recentLimit`.
    package private(set) var recentFolders: [String]
    /// The folder shown now; nil for files named one by one or nothing.
    package private(set) var shownFolder: String?

    /// - Parameter recent: the recent folders remembered, newest first.
    /// - Parameter shown: the folder the window opened on (it becomes the newest recent folder).
    package init(fileActions: PhotoFileActions, places: DesktopFolders = DesktopFolders(), recursive: Bool,
                 recent: [String], shown: String?, unremembered: String? = nil) {
        self.fileActions = fileActions
        self.places = places
        self.recursive = recursive
        self.unremembered = unremembered.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        recentFolders = Array(recent.prefix(Self.recentLimit))
        shownFolder = shown
        if let shown { remember(shown) }
    }

    /// The recent folders with `folder` first (once), at most `recentLimit`; the demo photos' folder is not remembered.
    package static func remembering(_ folder: String, in recent: [String], except unremembered: String? = nil) -> [String] {
        guard folder != unremembered else { return recent }
        return Array(([folder] + recent.filter { $0 != folder }).prefix(recentLimit))
    }

    private func remember(_ folder: String) {
        recentFolders = Self.remembering(folder, in: recentFolders, except: unremembered)
    }

    /// The events a chooser request makes (`ViewerRequest.chooseFolder`, `.openFolder`), at `time`.
    package func carryOut(_ request: ViewerRequest, viewer: Viewer, at time: Double) -> [InputEvent] {
        switch request {
        case let .chooseFolder(from):
            return [InputEvent(time: time, kind: .effect(choices(from: from)))]
        case let .openFolder(path):
            return open(path, viewer: viewer, at: time)
        default:
            return []
        }
    }

    // MARK: - The folders offered

    /// The folders to offer, looking from `folder` (nil: the folder shown, else the home folder).
    package func choices(from folder: String? = nil) -> EffectResult {
        let looked = folder ?? shownFolder ?? places.home
        var choices: [FolderChoice] = []
        var offered: Set<String> = []
        func offer(_ kind: FolderChoice.Kind, _ path: String) {
            guard offered.insert(path).inserted else { return }
            choices.append(FolderChoice(kind: kind, path: path))
        }
        offer(.home, places.home)
        if FileSystemPath.isFolder(places.pictures) { offer(.pictures, places.pictures) }
        for recent in recentFolders where FileSystemPath.isFolder(recent) { offer(.recent, recent) }
        if let parent = Self.parent(of: looked) { offer(.parent, parent) }
        for name in Self.subfolderNames(of: looked) {
            choices.append(FolderChoice(kind: .subfolder, path: looked == "/" ? "/" + name : looked + "/" + name))
        }
        return .folderChoices(folder: looked, choices: choices)
    }

    /// The folder above `path`; nil at the root.
    static func parent(of path: String) -> String? {
        guard path != "/" else { return nil }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "/" : parent
    }

    /// The names of `path`'s subfolders that are not hidden, in natural order (none when it cannot be read).
    static func subfolderNames(of path: String) -> [String] {
        let names = FileSystemPath.names(in: path) ?? []
        return names.filter { !$0.hasPrefix(".") && FileSystemPath.isFolder(path == "/" ? "/" + $0 : path + "/" + $0) }
            .map(NaturalName.init).sorted().map(\.name)
    }

    // MARK: - Opening

    /// Shows `path`'s photos as if it were named on the command line (`StartSelection`: a folder
    /// whose photos are all in subfolders shows those; an empty, missing or unreadable one leaves
    /// the window empty, saying so): the `photos` event of the change, the `dropped` effect, and
    /// the problem's line when there is one. Only from the grid.
    package func open(_ path: String, viewer: Viewer, at time: Double) -> [InputEvent] {
        guard viewer.phase == .grid else {
            return [InputEvent(time: time, kind: .effect(.photoFile(message: "close the photo to open another folder", isError: true)))]
        }
        var start = StartSelection(paths: [path], recursive: recursive)
        if start.selection.title.isEmpty { start.selection.title = StartSelection.title(of: [path]) }
        let count = start.selection.files.count
        let name = PhotoName.displayed(start.selection.title)
        var events = fileActions.show(start.selection, folder: start.shownFolder,
                                      message: "opened \(name) (\(count) photo\(count == 1 ? "" : "s"))", at: time)
        if let notice = start.notice {
            events.append(InputEvent(time: time, kind: .effect(.photoFile(message: notice.text, isError: notice.isError))))
        }
        shownFolder = start.shownFolder
        if let folder = start.shownFolder { remember(folder) }
        return events
    }
}
