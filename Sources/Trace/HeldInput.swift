import Gestures
import Events

/// The mouse buttons and touch fingers down at an instant, as the events since the session began
/// leave them: a press made while none is down starts a gesture (the again key's `GestureRecall`);
/// a second finger joining a pinch does not.
struct HeldInput: Hashable, Sendable {
    private var buttons: Set<PointerButton> = []
    private var touches: Set<Int> = []

    /// True while a button or a finger is down.
    var isHeld: Bool { !buttons.isEmpty || !touches.isEmpty }

    /// True when `event` is a press with nothing held before it.
    func startsGesture(_ event: InputEvent) -> Bool {
        guard !isHeld else { return false }
        switch event.kind {
        case .pointer(.down, _, .some, _), .touch(.down, _, _): return true
        default: return false
        }
    }

    /// Follows `event`'s presses and releases (a window that loses a release is forgiven by the
    /// next press of that button or finger, which starts over).
    mutating func note(_ event: InputEvent) {
        switch event.kind {
        case let .pointer(.down, _, button?, _): buttons.insert(button)
        case let .pointer(.up, _, button?, _): buttons.remove(button)
        case .pointer(.up, _, nil, _): buttons.removeAll()
        case let .touch(.down, id, _): touches.insert(id)
        case let .touch(.up, id, _), let .touch(.cancel, id, _): touches.remove(id)
        default: break
        }
    }
}
