/// The viewer's notes, kept two ways: those made since they were last taken (`Viewer.takeNotes()`,
/// once a frame), and those the event being handled made, taken or not (`Viewer.eventNotes`): what
/// the jump detector reads after every event (a change of reference, a release by time alone), so
/// a caller that takes the notes before it samples the viewer still has them read.
struct NoteLog: Sendable {
    /// The notes made since the last `take()`, in the order made.
    private(set) var untaken: [ViewerNote] = []
    /// The notes made since the event being handled began (`beginEvent()`), in the order made.
    private(set) var ofEvent: [ViewerNote] = []

    mutating func append(_ note: ViewerNote) {
        untaken.append(note)
        ofEvent.append(note)
    }

    /// The notes made since the last call; the event's stay.
    mutating func take() -> [ViewerNote] {
        defer { untaken.removeAll() }
        return untaken
    }

    /// A new event begins: the notes of the one before are no longer the event's.
    mutating func beginEvent() {
        ofEvent.removeAll()
    }
}
