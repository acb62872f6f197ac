import Foundation
import Gestures
import Viewer

/// Carries out what the viewer asks of a photo's file (`ViewerRequest.photoFile`, `.undoTrash`):
/// the shell's side of Delete and Ctrl+Z. Each returns the effect the frame loop records; a change
/// of the list goes through `PhotoPipeline`, whose next `takePhotoSizeEvents` hands it to the viewer
/// as a `photos` event (the open photo's neighbour takes over on the paging spring).
final class PhotoFileActions {
    /// The list's files: the path of an index, removals and additions.
    let pipeline: PhotoPipeline
    private let trash: FreedesktopTrash
    private let desktop = DesktopServices()
    /// Files this session moved to the trash, the last one last: Ctrl+Z puts them back in turn.
    private(set) var trashed: [FreedesktopTrash.Item] = []
    /// The thread that writes turns into files, in the order asked (`PhotoFileActions+Turn`).
    let writer = DispatchQueue(label: "photozoom.turn-writer")
    /// Writes the writer finished, waiting for the frame loop.
    let finishedWrites = FinishedWrites()
    /// The order the list is shown in (Shift+S, `PhotoFileActions+Sort`).
    var order: PhotoOrder = .name
    /// True once files dropped on the window replaced the list (the folder's memory is then not written).
    private(set) var replacedList = false

    init(pipeline: PhotoPipeline, trash: FreedesktopTrash = FreedesktopTrash()) {
        self.pipeline = pipeline
        self.trash = trash
    }

    /// The events `request` makes at `time`: its effect, and the list change it made as the
    /// pipeline's `photos` event (before an effect that names an index in the new list).
    func carryOut(_ request: ViewerRequest, at time: Double) -> [InputEvent] {
        func effect(_ result: EffectResult) -> InputEvent { InputEvent(time: time, kind: .effect(result)) }
        switch request {
        case .undoTrash:
            let (result, path) = putBack()
            let events = pipeline.takePhotoSizeEvents(at: time)
            guard case let .photoFile(message, false) = result, let path, let index = pipeline.index(ofPath: path) else {
                return events + [effect(result)]
            }
            return events + [effect(.photoRestored(photo: index, message: message))]
        case .dropTrashed:
            _ = carryOut(request)
            return pipeline.takePhotoSizeEvents(at: time)
        case .sort:
            return sortNext(at: time)
        default:
            return carryOut(request).map { [effect($0)] } ?? []
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
            case .turnClockwise: return turn(photo: photo, path: path, name: name, quarterTurns: 1)
            case .turnAnticlockwise: return turn(photo: photo, path: path, name: name, quarterTurns: -1)
            case .writeTurn: return writeTurn(photo: photo, path: path, name: name)
            }
        case .undoTrash:
            return putBack().0
        case let .dropTrashed(photo, name):
            // Left the screen: out of the list now (the frame loop records the change).
            if let path = pipeline.path(ofPhotoAt: photo), (path as NSString).lastPathComponent == (name as NSString).lastPathComponent {
                pipeline.removePhoto(at: photo)
            }
            return nil
        default:
            return nil
        }
    }

    /// Files or folders dropped on the window (in the grid) replace the photo list as if named on
    /// the command line: the `photos` event of the change and the `dropped` effect (with the photo
    /// to open when one file was dropped), stamped `time`. With a photo open, or when nothing
    /// dropped can be shown, only a message.
    func openDropped(_ paths: [String], viewer: Viewer, recursive: Bool, at time: Double) -> [InputEvent] {
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
        let open = selection.openIndex.map { selection.files[$0].path }
        pipeline.replaceList(with: selection.files.map(\.path))
        replacedList = true
        var events = pipeline.takePhotoSizeEvents(at: time)
        let count = selection.files.count
        events.append(effect(.dropped(open: open.flatMap(pipeline.index(ofPath:)),
                                      message: "opened \(selection.title) (\(count) photo\(count == 1 ? "" : "s"))")))
        return events
    }

    private func moveToTrash(photo: Int, path: String, name: String) -> EffectResult {
        do {
            let item = try trash.trash(path)
            trashed.append(item)
            // It stays in the list while it leaves the screen; the viewer then asks to drop it.
            pipeline.holdRemoval(ofPhotoAt: photo)
            return .photoTrashed(photo: photo, message: "moved \(PhotoName.displayed(name)) to the trash (Ctrl+Z puts it back)")
        } catch {
            return .photoFile(message: error.message + "; the photo stays", isError: true)
        }
    }

    /// Puts the last trashed file back: the result and, when it is back, its path.
    private func putBack() -> (EffectResult, String?) {
        guard let item = trashed.last else {
            return (.photoFile(message: "nothing to put back: no photo was moved to the trash in this session", isError: true), nil)
        }
        do {
            try trash.restore(item)
            trashed.removeLast()
            pipeline.addPhoto(atPath: item.originalPath)
            return (.photoFile(message: "put \((item.originalPath as NSString).lastPathComponent) back", isError: false), item.originalPath)
        } catch {
            return (.photoFile(message: error.message, isError: true), nil)
        }
    }
}
