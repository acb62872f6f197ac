import Geometry
import Gestures
import Events

// The plain wheel (Ctrl and Ctrl+Shift wheels are pinch and rotate manipulations from the
// recognizers): scrolls the grid; on the presented photo a horizontal swipe turns one page and
// vertical travel is ignored (the grid behind must not move unseen); on a zoomed photo it pans.
extension Viewer {
    mutating func handleScroll(delta: Point, modifiers: Modifiers) {
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
        switch phase {
        case .presented, .paging:
            if d.x != 0 { lastFrame.gestureSince = .scroll }
            if abs(d.x) <= abs(d.y), startsBurst { noteIgnored(name, .verticalWheelAtFit) }
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
}
