import FeelModel
import Gestures
import LabUI
import Viewing
import Events

/// The last press gesture of a session, kept for "again with these numbers": the viewer in its lab
/// as it stood just before the press (a checkpoint of the session's `LabViewer`, a value), and every event
/// from the press on until the viewer settles with nothing held. `AgainRun` replays it from there.
struct GestureRecall: Sendable {
    /// The viewer in its lab before the press.
    let start: LabViewer
    /// The press and every event after it, up to the settling (or the again that froze it).
    private(set) var events: [InputEvent] = []
    /// False once the gesture settled (or an again froze it): later events are not its own.
    private(set) var isOpen = true
    /// The feel of the last re-run of this gesture, the next re-run's ghost; nil while there was
    /// none (the ghost is then the gesture as it ran).
    var lastRunFeel: Feel?

    /// The most events kept: a press held for minutes keeps its first 200,000 events (over three
    /// minutes of a 1000 Hz mouse at 60 frames per second).
    static let eventLimit = 200_000

    init(before lab: LabViewer) {
        // Only the live curves' last seconds: the session's lab goes on, so a full ring here would
        // be a copy of its own (about 160 KB) in every checkpoint that keeps this recall.
        var start = lab
        start.compactHistory()
        self.start = start
    }

    /// The press's time on the trace clock.
    var pressTime: Double? { events.first?.time }

    mutating func note(_ event: InputEvent) {
        guard isOpen else { return }
        events.append(event)
        if events.count >= Self.eventLimit { isOpen = false }
    }

    mutating func close() {
        isOpen = false
    }
}
