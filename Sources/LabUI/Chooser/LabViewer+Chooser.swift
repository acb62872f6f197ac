import Events
import Geometry
import Viewing

// Ctrl+O: the lab's door to the folder chooser (`FolderChooser`). The key asks the shell for the
// folders to offer (`ViewerRequest.chooseFolder`); the shell answers with a desktop portal's own
// dialog where one runs, else with the list (`EffectResult.folderChoices`), which shows the
// built-in chooser; the folder chosen goes back to the shell to open (`ViewerRequest.openFolder`).
extension LabViewer {
    /// Ctrl+O: asks for the chooser on the grid (the folder shown is replaced, as a drop replaces
    /// it, only from the grid); with a photo open the message line says to close it first.
    mutating func chooseFolderKey() {
        guard viewer.phase == .grid else {
            show(message: "close the photo to open another folder", isError: false)
            return
        }
        viewer.request(.chooseFolder(from: nil))
    }

    /// The folders the shell offers: the chooser shows them (looking from `folder`), in place of
    /// the ones it showed.
    mutating func showChoices(folder: String, choices: [FolderChoice]) {
        chooser = FolderChooser(folder: folder, choices: choices)
    }

    /// Hands `kind` to the chooser when it takes it (`chooserTakes`: while it is shown, a key
    /// pressed, a press, the rest of a press it took, a wheel step, a finger; a tap is a click);
    /// true when it did.
    mutating func handleChooserInput(_ kind: InputEvent.Kind) -> Bool {
        guard chooserTakes(kind) else { return false }
        takeChooserInput(kind)
        return true
    }

    private mutating func takeChooserInput(_ kind: InputEvent.Kind) {
        guard var chooser else {
            // The chooser closed on the press or tap it took: its moves and release end here too.
            switch kind {
            case .pointer(.up, _, _, _): pressTakenByChooser = false
            case let .touch(.up, id, _), let .touch(.cancel, id, _): touchesTakenByChooser.remove(id)
            default: break
            }
            return
        }
        let outcome: FolderChooser.Outcome
        switch kind {
        case let .key(.down, key, modifiers):
            outcome = chooser.handleKey(key, modifiers: modifiers, windowSize: viewer.windowSize)
        case let .pointer(.down, position, _, _):
            pressTakenByChooser = true
            outcome = chooser.press(at: position, windowSize: viewer.windowSize)
        case .pointer(.up, _, _, _):
            pressTakenByChooser = false
            outcome = .stays
        case let .wheel(_, delta, _):
            chooser.wheel(deltaY: delta.y)
            outcome = .stays
        case let .touch(.down, id, _):
            touchesTakenByChooser.insert(id)
            outcome = .stays
        case let .touch(.up, id, position):
            // A tap: where the finger lifts, as a click there.
            touchesTakenByChooser.remove(id)
            outcome = chooser.press(at: position, windowSize: viewer.windowSize)
        case let .touch(.cancel, id, _):
            touchesTakenByChooser.remove(id)
            outcome = .stays
        default:
            outcome = .stays
        }
        self.chooser = chooser
        switch outcome {
        case .stays:
            break
        case let .open(path):
            self.chooser = nil
            viewer.request(.openFolder(path))
        case let .look(path):
            viewer.request(.chooseFolder(from: path))
        case .close:
            self.chooser = nil
        }
    }

    /// True when the chooser takes `kind` (see `handle`'s table): while it is shown, every key
    /// pressed, press, finger down and wheel step; a press or finger it took, to its release.
    func chooserTakes(_ kind: InputEvent.Kind) -> Bool {
        switch kind {
        case .key(.down, _, _), .pointer(.down, _, _, _), .touch(.down, _, _), .wheel: chooser != nil
        case .pointer: pressTakenByChooser
        case let .touch(_, id, _): touchesTakenByChooser.contains(id)
        default: false
        }
    }
}
