import Gestures
import Motion
import Events

/// The pointer samples of the mouse drag under way, at their trace times, for pointer prediction
/// (`Session.drawnViewer`): from the press of a button to its release, the newest `limit` kept.
struct PointerTrail: Hashable, Sendable {
    private(set) var samples: [PointerSample] = []
    /// The most kept: a 1,000 Hz mouse's last 64 ms, more than the predictor's window.
    static let limit = 64

    /// Follows `event`: a press starts a new trail, a move with a button held adds to it, a
    /// release (or a move with none held) ends it.
    mutating func note(_ event: InputEvent) {
        guard case let .pointer(phase, position, button, _) = event.kind else { return }
        switch phase {
        case .down:
            samples = [PointerSample(time: event.time, position: position)]
        case .move where button != nil && !samples.isEmpty:
            samples.append(PointerSample(time: event.time, position: position))
            if samples.count > 2 * Self.limit { samples.removeFirst(samples.count - Self.limit) }
        case .move, .up:
            samples.removeAll()
        }
    }
}
