import Geometry
import Gestures

// The plain wheel (Ctrl and Ctrl+Shift wheels are pinch and rotate manipulations from the
// recognizers): scrolls the grid; on the presented photo a horizontal swipe turns one page and
// vertical travel is ignored (the grid behind must not move unseen); on a zoomed photo it pans.
extension Viewer {
    mutating func handleScroll(delta: Point, modifiers: Modifiers) {
        guard modifiers.isDisjoint(with: [.ctrl, .alt, .gui]) else { return }
        // Shift turns a vertical wheel into a horizontal one (the desktop convention).
        let d = modifiers.contains(.shift) && delta.x == 0 ? Point(delta.y, 0) : delta
        let unit = feel.wheelScrollPointsPerUnit
        guard session != nil else {
            if d.y != 0 {
                lastFrame.gestureSince = .scroll
                scroller.wheel(by: -d.y * unit, at: time)
            }
            return
        }
        switch phase {
        case .presented, .paging:
            if d.x != 0 { lastFrame.gestureSince = .scroll }
            wheelPage(dx: d.x, dy: d.y)
        case .zoomed:
            lastFrame.gestureSince = .scroll
            // Wheel away (y > 0) shows the photo's top: the photo moves down; wheel right shows its
            // right side: the photo moves left.
            zoomPan(by: Point(-d.x * unit, d.y * unit))
        default:
            break
        }
    }
}
