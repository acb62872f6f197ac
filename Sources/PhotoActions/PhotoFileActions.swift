import ImageFormats
import Foundation
import Gestures
import Viewing
import PhotoFiles
import PhotoLoading
import Diagnostics
import Events

/// Carries out what the viewer asks of a photo's file (`ViewerRequest.photoFile`, `.undoTrash`):
/// the shell's side of Delete and Ctrl+Z. Each returns the effect the frame loop records; a change
/// of the list goes through `PhotoPipeline`, whose `takePhotoSizeEvents` hands it to the viewer as a
/// `photos` event at once (the open photo's neighbour takes over, `HandOverFade`).
package final class PhotoFileActions {
    /// The list's files: the path of an index, removals and additions.
    let pipeline: PhotoPipeline
    private let trash: FreedesktopTrash
    private let desktop = DesktopServices()
    /// Ctrl+C's clipboard; nil where there is none (a test's actions).
    private let clipboard: PhotoClipboard?
    /// Files this session moved to the trash, the last one last: Ctrl+Z puts them back in turn.
    private(set) var trashed: [FreedesktopTrash.Item] = []
    /// The thread that writes turns into files, in the order asked (`PhotoFileActions+Turn`).
    let writer = DispatchQueue(label: "photozoom.turn-writer")
    /// Writes the writer finished, waiting for the frame loop.
    let finishedWrites = FinishedWrites()
    /// The order the list is shown in (Shift+S, `PhotoFileActions+Sort`).
    package var order: PhotoOrder = .name
    /// True once files dropped on the window replaced the list (the folder's memory is then not written).
    package private(set) var replacedList = false
    /// What the window's title names in the grid since the list was last replaced (the folder's
    /// name, or "N photos"), escaped for people; nil until it is.
    package private(set) var shownTitle: String?

    /// The session clock, read when an action is done: its events are stamped then, not when it was
    /// asked (a move to the trash syncs the `.trashinfo` to disk, 0.1 s and more on a busy disk,
    /// and the cross-fade it starts must not lose its first frames to that wait). Nil: `time`.
    private let now: (() -> Double)?
    /// Called on the writing thread when a turn's write has finished, so a frame loop waiting on
    /// input alone hears of it (the app posts its `WakeEvent`); nothing for a test's actions, which
    /// take the finished writes when they look.
    let wake: @Sendable () -> Void

    package init(pipeline: PhotoPipeline, trash: FreedesktopTrash = FreedesktopTrash(), clipboard: PhotoClipboard? = nil,
         now: (() -> Double)? = nil, wake: @escaping @Sendable () -> Void = {}) {
        self.pipeline = pipeline
        self.trash = trash
        self.clipboard = clipboard
        self.now = now
        self.wake = wake
    }

    /// The events `request`, asked at `asked`, makes: its effect, and the list change it made as
    /// the pipeline's `photos` event (before the effect), stamped when it is done.
    package func carryOut(_ request: ViewerRequest, at asked: Double) -> [InputEvent] {
        var time = asked
        func done() { time = max(asked, now?() ?? asked) }
        func effect(_ result: EffectResult) -> InputEvent { InputEvent(time: time, kind: .effect(result)) }
        switch request {
        case .undoTrash:
            let (result, path) = putBack()
            done()
            let events = pipeline.takePhotoSizeEvents(at: time)
            guard case let .photoFile(message, false) = result, let path, let index = pipeline.index(ofPath: path) else {
                return events + [effect(result)]
            }
            return events + [effect(.photoRestored(photo: index, message: message))]
        case .photoFile(.trash, _, _):
            // The list change first (the trashed photo out, its neighbour taking over), then the
            // effect, whose `photo` is the index it had.
            let result = carryOut(request)
            done()
            return pipeline.takePhotoSizeEvents(at: time) + (result.map { [effect($0)] } ?? [])
        case .sort:
            return sortNext(at: time)
        default:
            let result = carryOut(request)
            done()
            return result.map { [effect($0)] } ?? []
        }
    }

    /// The effect of `request`; nil for a request that is not about files.
    private func carryOut(_ request: ViewerRequest) -> EffectResult? {
        switch request {
        case let .photoFile(action, photo, name):
            guard let path = pipeline.path(ofPhotoAt: photo), path.hasSuffix("/" + (name as NSString).lastPathComponent) || path == name else {
                return .photoFile(message: "cannot find \(PhotoName.displayed(name))'s file any more; nothing was done", isError: true)
            }
            switch action {
            case .trash: return moveToTrash(photo: photo, path: path, name: name)
            case .openWith: return desktop.open(path)
            case .showInFolder: return desktop.showInFolder(path)
            case .copy:
                return clipboard?.copy(path: path, name: name, quarterTurns: pipeline.sessionTurns(ofPhotoAt: photo)) ?? .photoFile(message: "no clipboard here", isError: true)
            case .turnClockwise: return turn(photo: photo, path: path, name: name, quarterTurns: 1)
            case .turnAnticlockwise: return turn(photo: photo, path: path, name: name, quarterTurns: -1)
            case .writeTurn: return writeTurn(photo: photo, path: path, name: name)
            }
        case .undoTrash:
            return putBack().0
        default:
            return nil
        }
    }

    /// Files or folders dropped on the window (in the grid) replace the photo list as if named on
    /// the command line: the `photos` event of the change and the `dropped` effect (with the photo
    /// to open when one file was dropped), stamped `time`. With a photo open, or when nothing
    /// dropped can be shown, only a message.
    package func openDropped(_ paths: [String], viewer: Viewer, recursive: Bool, at time: Double) -> [InputEvent] {
        func effect(_ result: EffectResult) -> InputEvent { InputEvent(time: time, kind: .effect(result)) }
        guard viewer.phase == .grid else {
            return [effect(.photoFile(message: "close the photo to open what was dropped", isError: true))]
        }
        let selection: PhotoSelection
        do {
            selection = try PhotoSelection(paths: paths, recursive: recursive)
        } catch {
            return [effect(.photoFile(message: "cannot open what was dropped: \(error)", isError: true))]
        }
        let count = selection.files.count
        return show(selection, folder: selection.folder, message: "opened \(PhotoName.displayed(selection.title)) (\(count) photo\(count == 1 ? "" : "s"))", at: time)
    }

    /// The list becomes `selection`'s photos (files dropped, a folder chosen with Ctrl+O), `folder`
    /// the folder shown (watched, its new photos joining the list; nil for files named one by
    /// one): the `photos` event of the change and the `dropped` effect saying `message` (with the
    /// photo to open when one file was named), stamped `time`.
    package func show(_ selection: PhotoSelection, folder: String?, message: String, at time: Double) -> [InputEvent] {
        let open = selection.openIndex.map { selection.files[$0].path }
        pipeline.replaceList(with: selection.files.map(\.path), folder: folder)
        replacedList = true
        shownTitle = PhotoName.displayed(selection.title)
        var events = pipeline.takePhotoSizeEvents(at: time)
        events.append(InputEvent(time: time, kind: .effect(.dropped(open: open.flatMap(pipeline.index(ofPath:)), message: message))))
        return events
    }

    private func moveToTrash(photo: Int, path: String, name: String) -> EffectResult {
        // A turn being written into this file lands first (its rename would bring a trashed file
        // back to its folder): the writer's queue is waited for, at once when it is empty.
        writer.sync {}
        do {
            let item = try trash.trash(path)
            trashed.append(item)
            // Out of the list now: the viewer fades its picture out where it is drawn.
            pipeline.removePhoto(at: photo)
            return .photoTrashed(photo: photo, message: "moved \(PhotoName.displayed(name)) to the trash (Ctrl+Z puts it back)")
        } catch {
            return .photoFile(message: error.message + "; the photo stays", isError: true)
        }
    }

    /// Puts the last trashed file back: the result and, when it is back, its path.
    private func putBack() -> (EffectResult, String?) {
        writer.sync {}
        guard let item = trashed.last else {
            return (.photoFile(message: "nothing to put back: no photo was moved to the trash in this session", isError: true), nil)
        }
        do {
            try trash.restore(item)
            trashed.removeLast()
            pipeline.addPhoto(atPath: item.originalPath)
            return (.photoFile(message: "put \(PrintablePath.escaped((item.originalPath as NSString).lastPathComponent)) back", isError: false),
                    item.originalPath)
        } catch {
            return (.photoFile(message: error.message, isError: true), nil)
        }
    }
}
