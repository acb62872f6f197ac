import Geometry
import Gestures
import Testing
@testable import Continuity
@testable import LabUI
@testable import Viewing
import Events

/// What the jump detector reads of the event just handled (issue 31: derived from notes, not stored
/// fields): a change of the frame of reference and a release by time alone are notes the viewer
/// makes where they happen; the continuity check reads them from the event's notes
/// (`Viewer.eventNotes`), which stay readable after the notes are taken and end when the next event
/// begins.
@Suite("The event's notes: a change of reference and a release by time alone are noted where they happen and read by the jump detector for that event only")
struct EventNotesTests {
    static func changes(_ notes: [ViewerNote]) -> [ViewerNote.ReferenceChange] {
        notes.compactMap { if case let .referenceChanged(c, _) = $0 { c } else { nil } }
    }

    static func releasesByTime(_ notes: [ViewerNote]) -> [Double] {
        notes.compactMap { if case let .releasedByTime(time, _, _) = $0 { time } else { nil } }
    }

    @Test("a resize is noted at its instant as the window's change; the sample after it compares through it, even with the notes taken; the next event's sample does not")
    func resizeIsTheEventsOwn() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        let before = s.viewer.windowSize
        s.send(.resize(Size(1000, 700)))
        // The script took the notes after the event: they are in its list, and still the event's.
        let resized = ViewerNote.referenceChanged(.resized(from: before, to: Size(1000, 700)), time: s.now)
        #expect(s.notes.filter { $0 == resized }.count == 1)
        #expect(Self.changes(s.viewer.eventNotes) == [.resized(from: before, to: Size(1000, 700))])
        #expect(s.viewer.motionSample.change == .resized(from: before, to: Size(1000, 700)))
        s.frame()
        #expect(Self.changes(s.viewer.eventNotes).isEmpty)
        #expect(s.viewer.motionSample.change == .none)
    }

    @Test("a list change the lab's effect follows at the same instant (Delete: photos, then photoTrashed) is read for its own event only")
    func labEventBeginsItsOwn() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        s.send(.photos(PhotoListChange(removed: [2])), after: 0.1)
        // Photo 2 left; 3, 4, 5 move down one; 0 and 1 stay.
        #expect(Self.changes(s.viewer.eventNotes) == [.photoList(renumbered: [0, 1, nil, 2, 3, 4])])
        #expect(s.viewer.motionSample.change == .photoList(renumbered: [0, 1, nil, 2, 3, 4]))
        s.send(.effect(.photoTrashed(photo: 2, message: "moved p2.png to the trash")), after: 0)
        #expect(s.viewer.eventNotes.isEmpty)
        #expect(s.viewer.motionSample.change == .none)
    }

    @Test("a wheel pinch's quiet spell ends it inside a frame's step: noted once at the last notch + wheelQuietSeconds, read as the sample's release instant for that frame only")
    func releaseByTimeIsTheStepsOwn() throws {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        let centre = Point(s.viewer.windowSize.width / 2, s.viewer.windowSize.height / 2)
        // Three Ctrl + wheel notches 30 ms apart, as a mouse wheel turned by hand.
        for _ in 0..<3 { s.send(.wheel(position: centre, delta: Point(0, 1), modifiers: [.ctrl]), after: 0.03) }
        let quietEnds = s.now + s.viewer.feel.wheelQuietSeconds
        #expect(s.viewer.motionSample.isHeld)
        s.notes.removeAll()
        var releasedAt: Double?
        while s.now < quietEnds + 0.1 {
            s.frame()
            let own = Self.releasesByTime(s.viewer.eventNotes)
            if releasedAt == nil, let t = own.first {
                releasedAt = t
                // The frame's step passed the deadline: the release lies inside it, before the frame.
                #expect(own.count == 1 && t < s.now && s.now - t < s.frameInterval)
                #expect(s.viewer.motionSample.releaseTime == t && !s.viewer.motionSample.isHeld)
            } else {
                #expect(own.isEmpty && s.viewer.motionSample.releaseTime == nil, "frame at \(s.now)")
            }
        }
        let t = try #require(releasedAt)
        #expect(abs(t - quietEnds) < 1e-9)
        #expect(Self.releasesByTime(s.notes) == [t])
    }
}
