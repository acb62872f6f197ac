import Geometry
import Gestures
import Events

// The plain wheel (Ctrl and Ctrl+Shift wheels are pinch and rotate manipulations from the
// recognizers): scrolls the grid; on the presented photo a horizontal swipe turns one page and a
// vertical wheel zooms about the pointer (eog's default), at the Ctrl+wheel's rate on the zoom
// spring, never below the fit; the burst that began zooming zooms to its end; on a zoomed photo a
// new burst pans (a touchpad's two-finger scroll arrives as the wheel, and panning is its gesture).
extension Viewer {
    mutating func handleScroll(delta: Point, at location: Point, modifiers: Modifiers) {
        guard modifiers.isDisjoint(with: [.ctrl, .alt, .gui]) else { return }
        // Shift turns a vertical wheel into a horizontal one (the desktop convention).
        let d = modifiers.contains(.shift) && delta.x == 0 ? Point(delta.y, 0) : delta
        let unit = feel.wheelScrollPointsPerUnit
        let name = modifiers.contains(.shift) ? "shift+wheel" : "wheel"
        // A burst (wheel events closer than the quiet spell) that does nothing says so once, at its start.
        let startsBurst = time - wheelPaging.lastTime > feel.wheelQuietSeconds
        guard session != nil else {
            if d.y != 0 {
                lastFrame.gestureSince = .scroll
                scroller.wheel(by: -d.y * unit, at: time)
            } else if d.x != 0 {
                if startsBurst { noteIgnored(name, .gridScrollsVertically) }
                _ = wheelPaging.wheel(dx: 0, dy: 1, at: time, feel: feel)
            }
            return
        }
        let vertical = abs(d.x) < abs(d.y)
        switch phase {
        case .presented where vertical, .zoomed where wheelPaging.zooms(at: time, feel: feel):
            lastFrame.gestureSince = .scroll
            wheelZoom(by: d.y, about: location, input: name, startsBurst: startsBurst)
        case .presented, .paging:
            if d.x != 0 { lastFrame.gestureSince = .scroll }
            if vertical, startsBurst { noteIgnored(name, .stillFlying) }
            wheelPage(dx: d.x, dy: d.y)
        case .zoomed:
            lastFrame.gestureSince = .scroll
            // Wheel away (y > 0) shows the photo's top: the photo moves down; wheel right shows its
            // right side: the photo moves left.
            zoomPan(by: Point(-d.x * unit, d.y * unit), input: name, quiet: !startsBurst)
            _ = wheelPaging.wheel(dx: 0, dy: 1, at: time, feel: feel)
        case .grid:
            break // No photo open: the grid scrolled above.
        case .opening, .closing, .interacting:
            if startsBurst {
                let held = session.map { $0.isHeldByGesture || $0.isCaught } ?? false
                noteIgnored(name, phase == .closing ? .closing : phase == .interacting || held ? .heldByHand : .stillFlying)
            }
            // The burst goes on: its tail is not noted again (a vertical step leaves paging's count as it was).
            _ = wheelPaging.wheel(dx: 0, dy: 1, at: time, feel: feel)
        }
    }

    /// A vertical wheel step of `units` (positive away from the user: in) zooms the open photo
    /// about `location` by `e^(units × wheelPinchLogScalePerUnit)`, Ctrl+wheel's rate, on the zoom
    /// spring from the scale it heads for (a burst's steps add up), down to the fit and no further:
    /// a wheel never closes the photo, as a pinch in may. Toward the user at the fit: ignored.
    mutating func wheelZoom(by units: Double, about location: Point, input: String, startsBurst: Bool) {
        wheelPaging = .zooming(lastTime: time)
        guard let base = zoomBase else { return }
        if units < 0 && base.scale <= 1 + 1e-6 {
            if startsBurst { noteIgnored(input, .atFit) }
            return
        }
        zoom(toScale: base.scale * exponential(units * feel.wheelPinchLogScalePerUnit), about: location)
    }
}
