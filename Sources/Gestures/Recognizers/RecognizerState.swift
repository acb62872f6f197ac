/// Where a recognizer stands: the classic gesture state machine.
///
///     possible ──> began ──> changed ──> ended | cancelled      (continuous gestures)
///     possible ──> ended | failed                               (taps)
///
/// `possible` is the only state that waits for evidence (a press inside the slop); `ended`,
/// `cancelled` and `failed` are final for that gesture.
enum RecognizerState: Hashable, Sendable {
    case possible, began, changed, ended, cancelled, failed

    /// True once a continuous gesture has been reported and has not finished.
    var isActive: Bool { self == .began || self == .changed }
}
