import Geometry
import Gestures

// Pointer prediction (issue 40): the held photo drawn where the hand will be when the frame
// reaches the screen. What is drawn only: the viewer's own state, the state log and what a
// release hands the springs stay the hand's as it was last seen.
extension Viewer {
    /// This viewer as it would stand had the mouse holding the photo moved `offset` further
    /// (`PointerPredictor`'s offset): the held gesture's update, through the same mapping as a
    /// real move (a rubber band bends the prediction as it bends the hand), applied to a copy.
    /// Nil where nothing is predicted: no plain mouse drag holds a dismissal, the strip or a
    /// zoom (a drag still waiting for its axis, touches, a mouse-made pinch, the grid), or a
    /// follow spring draws the dismissal (it trails the hand by design).
    package func drawnAhead(by offset: Point) -> Viewer? {
        guard offset != .zero, offset.isFinite, let s = session, let m = s.heldManipulation, m.source == .mouse,
              m.phase == .began || m.phase == .changed else { return nil }
        switch s.driver {
        case let .dismissing(d) where d.follow == nil: break
        case .paging, .zooming: break
        default: return nil
        }
        var ahead = m
        ahead.phase = .changed
        ahead.translation = m.translation + offset
        ahead.fingers = m.fingers.map { $0 + offset }
        ahead.fingerCentre = m.fingerCentre + offset
        var drawn = self
        drawn.handleManipulation(ahead)
        return drawn
    }
}
