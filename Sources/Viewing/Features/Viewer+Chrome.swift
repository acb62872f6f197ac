import Geometry
import Gestures
import Motion
import Events
import Drawing

// The chrome's keys, its per-frame bookkeeping and its overlays (`ViewerChrome`).
//
// | key                 | anywhere                                                          |
// |---------------------|-------------------------------------------------------------------|
// | ?  h  F1            | show or hide the help overlay                                     |
// | F11  f              | fullscreen on or off                                              |
// | i  F9               | keep the caption on the open photo, or let it hide again          |
// | Esc                 | hides the help, else the tuning panel, else leaves fullscreen,    |
// |                     | else does what it did                                             |
// | Home End PgUp PgDn  | grid: scroll to the top, the bottom, a screen up or down (on the  |
// |                     | open photo they are photo keys: `PhotoKey.jump`)                  |
extension Viewer {
    /// Takes the chrome's keys before the lab and the viewer; true when taken. `panelShown`: the
    /// lab's tuning panel is shown above the viewer, and Esc hides it rather than leave fullscreen.
    package mutating func handleChromeKey(_ key: String, modifiers: Modifiers, panelShown: Bool) -> Bool {
        let plain = modifiers.isEmpty || modifiers == .shift
        switch key {
        case "?" where plain, "/" where modifiers == .shift, "h" where modifiers.isEmpty, "f1" where modifiers.isEmpty:
            chrome.showsHelp.toggle()
        case "f11" where modifiers.isEmpty, "f" where modifiers.isEmpty:
            chrome.isFullscreen.toggle()
            requests.append(.fullscreen(chrome.isFullscreen))
        case "i" where modifiers.isEmpty, "f9" where modifiers.isEmpty:
            chrome.captionPinned.toggle()
            chrome.captionWokenAt = chrome.captionPinned ? time : -Double.infinity
        case "escape" where chrome.showsHelp:
            chrome.showsHelp = false
        case "escape" where chrome.isFullscreen && !panelShown:
            chrome.isFullscreen = false
            requests.append(.fullscreen(false))
        case "home", "end", "pageup", "pagedown":
            guard transition == nil, modifiers.isEmpty else { return false }
            scrollGrid(byKey: key)
        default:
            return false
        }
        return true
    }

    /// Home, End, Page Up, Page Down in the grid: the scroll's spring takes the grid there (as a
    /// wheel step does); a visible focus ring moves to the first or last photo, or by a screen's rows.
    mutating func scrollGrid(byKey key: String) {
        let layout = self.layout
        guard layout.photoCount > 0 else { return }
        let from = scroller.destination
        // A page is the window less one row, so the row at the edge stays in view.
        let page = max(layout.rowPitch, windowSize.height - layout.rowPitch)
        let target: Double
        switch key {
        case "home": target = 0
        case "end": target = layout.maxScroll
        case "pageup": target = max(0, from - page)
        default: target = min(layout.maxScroll, from + page)
        }
        scroller.reveal(target, animated: true)
        if focus.isVisible, let i = focus.index {
            let rows = Int((page / layout.rowPitch).rounded(.down))
            switch key {
            case "home": focus.index = 0
            case "end": focus.index = layout.photoCount - 1
            case "pageup": focus.index = max(i % layout.columns, i - rows * layout.columns)
            default: focus.index = min(layout.photoCount - 1, i + rows * layout.columns)
            }
        }
    }

    /// Per frame: wakes the caption when what it says changes, notes grid motion for the indicator.
    mutating func updateChrome() {
        if let shown = shownPhoto, phase != .closing {
            let key = [shown, Int((zoomPercent(shown) ?? 0).rounded())]
            if key != chrome.captionKey { chrome.captionWokenAt = time }
            chrome.captionKey = key
        } else {
            chrome.captionKey = nil
        }
        let s = scroller.offset
        if let last = chrome.lastScroll, abs(s - last) > 0.01 { chrome.scrollMovedAt = time }
        chrome.lastScroll = s
    }

    /// Follows the pointer and the Alt key, for the virtual fingers shown before a drag.
    mutating func noteHover(_ kind: InputEvent.Kind) {
        switch kind {
        case let .pointer(_, p, _, mods):
            chrome.pointer = p.isFinite ? p : nil
            chrome.altHeld = mods.contains(.alt)
        case let .key(phase, key, _) where key == "left alt" || key == "right alt" || key == "alt":
            chrome.altHeld = phase == .down
        default:
            break
        }
    }

    /// While Alt is held over the open photo and nothing holds it: the two virtual fingers where an
    /// Alt + drag from here would put them (the pointer and its mirror through the photo's centre),
    /// and the pivot, dimmed, so the user can aim before pressing.
    func aimingFingerOverlays() -> [Scene.Overlay] {
        guard chrome.altHeld, heldManipulation == nil, let p = chrome.pointer, [.presented, .zoomed].contains(phase),
              let pivot = movingQuadCenter, pivot.isFinite else { return [] }
        // Half-transparent discs with full rings: where the fingers would land, lighter than the
        // solid dots a held pinch draws.
        let fill = Color(Color.overlay.r, Color.overlay.g, Color.overlay.b, 0.4)
        let mirror = Point(2 * pivot.x - p.x, 2 * pivot.y - p.y)
        return [.dot(center: p, radius: Viewer.fingerDotRadius, color: fill),
                .ring(center: p, radius: Viewer.fingerDotRadius, color: .overlay),
                .dot(center: mirror, radius: Viewer.fingerDotRadius, color: fill),
                .ring(center: mirror, radius: Viewer.fingerDotRadius, color: .overlay),
                .ring(center: pivot, radius: Viewer.pivotRingRadius, color: .overlay)]
    }

    /// Pointer motion over the open photo wakes its caption.
    mutating func wakeCaption() {
        if transition != nil { chrome.captionWokenAt = time }
    }

    /// The photo's drawn size against its pixels, percent: screen pixels per photo pixel, so 100 is
    /// one photo pixel on one screen pixel at any point scale (a 600-pixel photo 600 points wide
    /// reads 200 % on a HiDPI window of 2 pixels per point).
    func zoomPercent(_ photo: Int) -> Double? {
        guard let shown = drawnPose(of: photo), photos[photo].pixelSize.width > 0 else { return nil }
        return shown.displayedSize.width * pixelsPerPoint / photos[photo].pixelSize.width * 100
    }

    /// The pose photo `photo` is drawn at now, out of the grid: the moving photo's, a paging
    /// neighbour's settling pose, or a neighbour's full frame; nil when it is not drawn.
    func drawnPose(of photo: Int) -> PhotoPose? {
        guard let s = session else { return nil }
        if photo == s.photo { return s.transition.pose.value }
        guard case .paging = s.driver, photos.indices.contains(photo) else { return nil }
        return stripPose(of: photo)?.value ?? fullPose(photo)
    }

    /// The photo drawn largest now (the caption and the window title name it): the moving photo,
    /// or while paging whichever photo of the strip covers the most of the window. Pages turn when
    /// a release decides, not when the strip gets there: after quick flicks the strip may still
    /// show the photo before the page it heads for. Ties go to the page it heads for.
    package var shownPhoto: Int? {
        guard let s = session else { return nil }
        guard case .paging = s.driver else { return s.photo }
        func area(_ q: Scene.PhotoQuad) -> Double {
            let w = max(0, min(q.center.x + q.size.width / 2, windowSize.width) - max(q.center.x - q.size.width / 2, 0))
            let h = max(0, min(q.center.y + q.size.height / 2, windowSize.height) - max(q.center.y - q.size.height / 2, 0))
            return w * h
        }
        let quads = photoQuads().filter { q in q.photo >= 0 && q.photo != landing?.photo && departing?.photos.contains { $0.index == q.photo } != true }
        var best = (photo: s.photo, area: quads.last.map(area) ?? 0)
        for q in quads.dropLast() where area(q) > best.area { best = (q.photo, area(q)) }
        return best.photo
    }

    /// The caption's text for the photo drawn largest: name, n / N, zoom, pixel size.
    package var caption: String? {
        guard let shown = shownPhoto else { return nil }
        let photo = photos[shown]
        var parts = [PhotoName.displayed(photo.name), "\(shown + 1) / \(photos.count)"]
        if let zoom = zoomPercent(shown) { parts.append("\(Int(zoom.rounded())) %") }
        if photo.pixelSize.width > 0 { parts.append("\(Int(photo.pixelSize.width)) × \(Int(photo.pixelSize.height))") }
        return parts.joined(separator: "   ")
    }

    /// True while the help overlay is shown.
    package var showsHelp: Bool { chrome.showsHelp }
    /// True while the viewer has asked for fullscreen.
    package var isFullscreen: Bool { chrome.isFullscreen }

    /// The window title's subject: the name of the photo drawn largest; nil in the grid.
    package var titleSubject: String? { shownPhoto.map { PhotoName.displayed(photos[$0].name) } }

    // MARK: - Overlays

    /// The aiming fingers, the scroll indicator and the slideshow's; the caption and the help,
    /// which are text laid out with the host's font metrics, are LabUI's (`scene(text:)`).
    func chromeOverlays() -> [Scene.Overlay] {
        aimingFingerOverlays() + scrollIndicator() + slideshowIndicator()
    }

    /// A thin bar at the right edge while the grid moves, fading after it stops.
    func scrollIndicator() -> [Scene.Overlay] {
        let layout = self.layout
        guard transition == nil, layout.maxScroll > 0 else { return [] }
        let moving = !scroller.isAtRest
        let alpha = moving ? 1 : ViewerChrome.fade(since: chrome.scrollMovedAt, hold: ViewerChrome.scrollIndicatorHoldSeconds, now: time)
        guard alpha > 0 else { return [] }
        let track = windowSize.height - 8
        let length = max(24, track * windowSize.height / layout.contentHeight)
        let fraction = min(max(scroller.offset / layout.maxScroll, 0), 1)
        let rect = Rect(x: windowSize.width - 7, y: 4 + (track - length) * fraction, width: 4, height: length)
        return [.rect(rect, color: Color(1, 1, 1, 0.45 * alpha), filled: true)]
    }
}
