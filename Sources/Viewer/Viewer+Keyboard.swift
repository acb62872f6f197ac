import Geometry
import Gestures

// Keys: SDL's key names, lower-cased.
//
// | key                         | grid                         | open photo                          |
// |-----------------------------|------------------------------|-------------------------------------|
// | arrows                      | move the focus ring          | Left/Right page; zoomed: pan (at    |
// |                             |                              | the photo's edge that way: page)    |
// | return, space, keypad enter | open the focused photo       | close it                            |
// | escape                      | hide the focus ring          | close it, from any phase            |
// | = + keypad +                | —                            | zoom in by the keyboard step        |
// | - keypad -                  | —                            | zoom out by it (down to the fit)    |
// | 0 keypad 0                  | —                            | back to the fit                     |
// | q, Ctrl+Q                   | quit                         | quit                                |
// | Delete                      | —                            | move it to the trash (the shell     |
// |                             |                              | does; it leaves the list and its    |
// |                             |                              | neighbour takes over: HandOverFade) |
// | Ctrl+Z                      | put the last trashed back    | same                                |
// | 1 keypad 1                  | —                            | 1:1: one photo pixel per screen     |
// |                             |                              | pixel, on the zoom spring           |
// | Ctrl+C                      | —                            | copy it to the clipboard (the shell |
// |                             |                              | offers its PNG, URI and path)       |
// | o / Shift+O                 | —                            | open it in the default application  |
// |                             |                              | / show it in the file manager       |
// | F5                          | open the focused photo and   | start or stop the slideshow         |
// |                             | start the slideshow          |                                     |
// | Ctrl+R / Ctrl+Shift+R       | —                            | turn it 90° clockwise / anticlock-  |
// |                             |                              | wise and keep it (`Viewer+Turn`)    |
// | w (right after a turn that  | —                            | write the turn into the file (not a |
// | asked)                      |                              | JPEG: re-encoded without loss)      |
// | Shift+S                     | sort: name → date taken →    | same (the photo stays open)         |
// |                             | date modified (the shell)    |                                     |
extension Viewer {
    mutating func handleKey(_ key: String, modifiers: Modifiers) {
        if answerTurnPrompt(key, modifiers: modifiers) { return }
        if key == "q" {
            requests.append(.quit)
            return
        }
        if key == "z", modifiers == .ctrl {
            requests.append(.undoTrash)
            return
        }
        if key == "s", modifiers == .shift {
            requests.append(.sort)
            return
        }
        if key == "f5", modifiers.isEmpty {
            toggleSlideshow()
            return
        }
        guard session != nil else {
            handleGridKey(key)
            return
        }
        let pan = feel.keyboardPanFraction
        switch key {
        case "escape":
            close(trigger: .escape)
        case "return", "space", "keypad enter":
            if [.presented, .zoomed, .paging].contains(phase) { close(trigger: .key) }
        case "left", "right":
            let step = key == "left" ? -1 : 1
            if phase == .zoomed && !zoomShowsEdge(toward: step) {
                zoomPan(by: Point(-Double(step) * pan * windowSize.width, 0))
            } else {
                page(by: step)
            }
        case "up", "down":
            if phase == .zoomed {
                zoomPan(by: Point(0, (key == "up" ? 1 : -1) * pan * windowSize.height))
            }
        case "=", "+", "keypad +":
            if phase == .presented || phase == .zoomed { zoomByKey(feel.keyboardZoomStep) }
        case "-", "keypad -":
            if phase == .zoomed, feel.keyboardZoomStep > 0 { zoomByKey(1 / feel.keyboardZoomStep) }
        case "0", "keypad 0":
            if phase == .zoomed { zoom(toScale: 1, about: Point(windowSize.width / 2, windowSize.height / 2)) }
        case "1" where modifiers.isEmpty, "keypad 1" where modifiers.isEmpty:
            if phase == .presented || phase == .zoomed { zoomToActualPixels() }
        case "delete" where modifiers.isEmpty:
            requestFileAction(.trash)
        case "c" where modifiers == .ctrl:
            requestFileAction(.copy)
        case "o" where modifiers.isEmpty:
            requestFileAction(.openWith)
        case "o" where modifiers == .shift:
            requestFileAction(.showInFolder)
        case "r" where modifiers == .ctrl:
            requestTurn(clockwise: true)
        case "r" where modifiers == [.ctrl, .shift]:
            requestTurn(clockwise: false)
        default:
            break
        }
    }

    private mutating func handleGridKey(_ key: String) {
        let layout = self.layout
        let visible = layout.visibleRange(scroll: scroller.offset)
        var moved: Int?
        switch key {
        case "left": moved = focus.move(dx: -1, dy: 0, columns: layout.columns, count: photos.count, visible: visible)
        case "right": moved = focus.move(dx: 1, dy: 0, columns: layout.columns, count: photos.count, visible: visible)
        case "up": moved = focus.move(dx: 0, dy: -1, columns: layout.columns, count: photos.count, visible: visible)
        case "down": moved = focus.move(dx: 0, dy: 1, columns: layout.columns, count: photos.count, visible: visible)
        case "return", "space", "keypad enter":
            if focus.isVisible, let i = focus.index, photos.indices.contains(i) {
                scroller.reveal(layout.scrollRevealing(i, from: scroller.destination), animated: true)
                open(i, trigger: .key)
            } else {
                moved = focus.move(dx: 0, dy: 0, columns: layout.columns, count: photos.count, visible: visible)
            }
        case "escape":
            focus.isVisible = false
        default:
            break
        }
        if let i = moved {
            scroller.reveal(layout.scrollRevealing(i, from: scroller.destination), animated: true)
        }
    }
}

extension Viewer {
    /// 1:1: zooms about the window's centre on the zoom spring to one photo pixel per screen pixel
    /// (scale = pixel width / (fit width × pixels per point)). A photo shown above 100 % at its fit
    /// (a small photo, or a HiDPI window) stays at its fit: the zoom never goes below the fit.
    mutating func zoomToActualPixels() {
        guard let s = session, photos.indices.contains(s.photo) else { return }
        let own = photos[s.photo].pixelSize, fit = fitSize(s.photo)
        guard own.width > 0, fit.width > 0, own.isFinite else { return }
        zoom(toScale: own.width / (fit.width * pixelsPerPoint), about: Point(windowSize.width / 2, windowSize.height / 2))
    }

    /// Asks the shell to do `action` to the open photo's file: only while it rests or pages with
    /// the open photo drawn largest (a photo still flying to or from its cell is not acted on).
    mutating func requestFileAction(_ action: PhotoFileAction) {
        guard let s = session, [.presented, .zoomed, .paging].contains(phase), shownPhoto == s.photo,
              photos.indices.contains(s.photo) else { return }
        requests.append(.photoFile(action, photo: s.photo, name: photos[s.photo].name))
    }
}
