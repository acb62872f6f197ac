import Geometry
import Gestures
import Events

// Keys: SDL's key names, lower-cased.
//
// | key                         | grid                         | open photo                          |
// |-----------------------------|------------------------------|-------------------------------------|
// | arrows                      | move the focus ring          | Left/Right page; zoomed: pan (at    |
// |                             |                              | the photo's edge that way: page)    |
// | return, keypad enter        | open the focused photo       | close it                            |
// | space                       | open the focused photo       | the next photo (eog, Loupe)         |
// | Ctrl+W                      | quit (Loupe: close window)   | close it                            |
// | Home / End                  | (the chrome: scroll)         | the first / last photo              |
// | Page Up / Page Down         | (the chrome: scroll)         | the previous / next photo, zoomed   |
// |                             |                              | or not                              |
// | escape                      | hide the focus ring          | close it, from any phase            |
// | = + keypad +                | —                            | zoom in by the keyboard step        |
// | - keypad -                  | —                            | zoom out by it (down to the fit)    |
// | 0 keypad 0                  | —                            | back to the fit                     |
// | q, Ctrl+Q                   | quit                         | quit                                |
// | Delete                      | —                            | move it to the trash (the shell     |
// |                             |                              | does; it leaves the list and its    |
// |                             |                              | neighbour takes over: HandOverFade) |
// | Ctrl+Z                      | put the last trashed back    | same                                |
// | 1 keypad 1, Ctrl+1          | —                            | 1:1: one photo pixel per screen     |
// |                             |                              | pixel, on the zoom spring; at 1:1:  |
// |                             |                              | back to the fit                     |
// | Ctrl+2                      | —                            | 200 %, the same way                 |
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
    /// A key press, routed by the input × phase table (docs/phases.md): the keys of the app act in
    /// every phase; a photo key acts, waits for the photo it lands as (`QueuedKeys`), or is noted as
    /// ignored with the table's reason.
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
        guard let photoKey = PhotoKey(key: key, modifiers: modifiers) else { return }
        guard let s = session else {
            // Ctrl+W on the grid closes the window, as in Loupe: the app's only window, so it quits.
            if case .closeWindow = photoKey { return requests.append(.quit) }
            if !handleGridKey(key), photoKey.needsOpenPhoto {
                noteIgnored(photoKey.name, .noPhotoOpen)
            }
            return
        }
        switch route(photoKey, in: s) {
        case .act: perform(photoKey)
        case .queue: queuedKeys.append(photoKey)
        case let .ignore(reason): noteIgnored(photoKey.name, reason)
        }
    }

    /// What `key` does in the photo session's phase now: the table's column for the open photo.
    func route(_ key: PhotoKey, in s: PhotoSession) -> PhotoKey.Route {
        // Esc closes from any phase; a closing photo is closing already.
        if case .escape = key { return s.phase == .closing ? .ignore(.closing) : .act }
        if s.phase == .closing { return .ignore(.closing) }
        if s.isHeldByGesture || s.isCaught || s.phase == .interacting || isPagerHeld(s) {
            // Keys that move nothing act under a hand; the rest would pull the photo from it.
            return key.movesThePhoto ? .ignore(.heldByHand) : .act
        }
        // Keys pressed before the photo lands wait for it (and keep their order).
        if !queuedKeys.isEmpty { return .queue }
        switch s.phase {
        case .opening:
            return hasLanded(s) ? .act : .queue
        case .paging:
            switch key {
            case .page, .jump, .close, .closeWindow, .escape, .fileAction(.copy), .fileAction(.openWith), .fileAction(.showInFolder): return .act
            default: return .queue
            }
        default:
            return .act
        }
    }

    /// True while a hand holds the paging strip.
    private func isPagerHeld(_ s: PhotoSession) -> Bool {
        if case let .paging(pager) = s.driver { return pager.isHeld }
        return false
    }

    /// How near its open frame a flying photo must be for a key to act on it at once: its flight's
    /// progress within this share of the end (the backdrop is then full to within it, and the
    /// photo within it of its fit). A key pressed earlier waits for that instant.
    static let landedProgressShare = 0.005

    /// True when the opening (or turning) photo is, to a key, the presented one: its flight is
    /// within `landedProgressShare` of its end.
    func hasLanded(_ s: PhotoSession) -> Bool {
        switch s.phase {
        case .presented, .zoomed: return true
        case .opening: return s.driver.anyFlight != nil && s.transition.destination == .open
            && s.progress(feel: feel) >= 1 - Viewer.landedProgressShare
        default: return false
        }
    }

    /// Acts on a photo key in the phase now (the route said act).
    mutating func perform(_ key: PhotoKey) {
        let pan = feel.keyboardPanFraction
        switch key {
        case .escape:
            close(trigger: .escape)
        case .close, .closeWindow:
            close(trigger: .key)
        case let .jump(jump):
            go(jump)
        case let .page(step):
            if phase == .zoomed && !zoomShowsEdge(toward: step) {
                zoomPan(by: Point(-Double(step) * pan * windowSize.width, 0), input: key.name)
            } else if let s = session, !photos.indices.contains(s.photo + step) {
                noteIgnored(key.name, .noPhotoThatWay)
            } else {
                page(by: step)
            }
        case let .panVertically(up):
            guard phase == .zoomed else { return noteIgnored(key.name, .notZoomed) }
            zoomPan(by: Point(0, (up ? 1 : -1) * pan * windowSize.height), input: key.name)
        case .zoomIn:
            zoomByKey(feel.keyboardZoomStep)
        case .zoomOut:
            guard phase == .zoomed, feel.keyboardZoomStep > 0 else { return noteIgnored(key.name, .atFit) }
            zoomByKey(1 / feel.keyboardZoomStep)
        case .fit:
            guard phase == .zoomed else { return noteIgnored(key.name, .atFit) }
            zoom(toScale: 1, about: Point(windowSize.width / 2, windowSize.height / 2))
        case .actualPixels:
            zoomToPixels(perPhotoPixel: 1, input: key.name)
        case .doublePixels:
            zoomToPixels(perPhotoPixel: 2, input: key.name)
        case let .fileAction(action):
            requestFileAction(action)
        case let .turn(clockwise):
            requestTurn(clockwise: clockwise)
        }
    }

    /// Notes that `input` did nothing in the phase now, and why.
    mutating func noteIgnored(_ input: String, _ reason: ViewerNote.IgnoreReason) {
        notes.append(.inputIgnored(ViewerNote.IgnoredInput(input: input, phase: phase, reason: reason, time: time)))
    }

    /// At an instant of the step grid: the keys that waited act once the photo has landed, in the
    /// order pressed; if it was caught, closed or left the screen first, each is noted as overtaken.
    mutating func releaseQueuedKeys() {
        guard !queuedKeys.isEmpty else { return }
        guard let s = session, s.phase != .closing, !s.isHeldByGesture, !s.isCaught, s.phase != .interacting,
              !isPagerHeld(s) else {
            let keys = queuedKeys.keys
            queuedKeys = QueuedKeys()
            for key in keys { noteIgnored(key.name, .overtaken) }
            return
        }
        guard hasLanded(s) else { return }
        let keys = queuedKeys.keys
        queuedKeys = QueuedKeys()
        notes.append(.actedByTime(time: time))
        for key in keys {
            guard let s = session else { return noteIgnored(key.name, .overtaken) }
            switch route(key, in: s) {
            case .act: perform(key)
            case .queue: queuedKeys.append(key)
            case let .ignore(reason): noteIgnored(key.name, reason)
            }
        }
    }

    /// The grid's keys; false when `key` means nothing in the grid.
    @discardableResult
    private mutating func handleGridKey(_ key: String) -> Bool {
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
            return false
        }
        if let i = moved {
            scroller.reveal(layout.scrollRevealing(i, from: scroller.destination), animated: true)
        }
        return true
    }
}

extension Viewer {
    /// `1` (1:1) and Ctrl+2 (200 %): zooms about the window's centre on the zoom spring to
    /// `perPhotoPixel` screen pixels per photo pixel (scale = n × pixel width / (fit width × pixels
    /// per point)). A photo shown at that size or above at its fit (a small photo, or a HiDPI
    /// window) stays at its fit: the zoom never goes below the fit. Pressed on a photo zoomed to
    /// that scale already (its zoom heading there within 0.1 %), back to the fit: the key toggles,
    /// as eog's and Loupe's 1:1 does with the fit.
    mutating func zoomToPixels(perPhotoPixel: Double, input: String) {
        guard let s = session, photos.indices.contains(s.photo) else { return }
        let own = photos[s.photo].pixelSize, fit = fitSize(s.photo)
        guard own.width > 0, fit.width > 0, own.isFinite else { return }
        let scale = perPhotoPixel * own.width / (fit.width * pixelsPerPoint)
        let centre = Point(windowSize.width / 2, windowSize.height / 2)
        if scale <= 1 + 1e-6 && phase != .zoomed { return noteIgnored(input, .atActualPixels) }
        if phase == .zoomed, let base = zoomBase, abs(base.scale / max(scale, 1) - 1) < 1e-3 {
            return zoom(toScale: 1, about: centre)
        }
        zoom(toScale: scale, about: centre)
    }

    /// Asks the shell to do `action` to the open photo's file: only while it rests or pages with
    /// the open photo drawn largest (a photo still flying to or from its cell is not acted on).
    mutating func requestFileAction(_ action: PhotoFileAction) {
        guard let s = session, photos.indices.contains(s.photo) else { return }
        guard shownPhoto == s.photo else { return noteIgnored(PhotoKey.fileAction(action).name, .photoInTransit) }
        requests.append(.photoFile(action, photo: s.photo, name: photos[s.photo].name))
    }
}
