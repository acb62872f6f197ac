import Foundation
import Testing
import Geometry
import Motion
@testable import Viewing
import TestSupport
import Drawing
import FeelModel

/// The viewer's photo state has one door (`Viewer.withPhoto`), a flight's start is one enum, and
/// every stored field beside the mode is named here with the reason it is not the mode's
/// (house style 12 and 13; docs/design.md, "The viewer's state").
@Suite("One door: the photo session is lent and written back in one place; nothing beside the mode repeats it")
struct OneDoorTests {
    static let sources = Repository.path("Sources", isDirectory: true)

    /// The lines of `text` (named `file`) that copy the photo session out of the mode or write one
    /// into it: `file:line: text`.
    static func doorways(in text: String, file: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let found = code.contains("case var .photo(") || code.contains("case .photo(var ") || code.contains("mode = .photo(")
            return found ? "\(file):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test("the scanner finds a hand-written copy-out and write-back (a planted one)")
    func scannerCatchesAPlantedWriteBack() {
        let planted = """
            mutating func nudge() {
                if case var .photo(s) = mode {
                    s.transition.photo += 1
                    mode = .photo(s) // written back by hand
                }
            }
            """
        #expect(Self.doorways(in: planted, file: "Planted.swift") == [
            "Planted.swift:2: if case var .photo(s) = mode {",
            "Planted.swift:4: mode = .photo(s) // written back by hand",
        ])
    }

    @Test("in Sources, the session is copied out and written back only by withPhoto; open is the one way into photo mode")
    func oneDoor() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            found += Self.doorways(in: text, file: url.lastPathComponent)
        }
        #expect(found.map { String($0.prefix { $0 != ":" }) }.sorted() == ["Viewer+State.swift", "Viewer+State.swift", "Viewer+Transition.swift"],
                "\(found.joined(separator: "\n"))")
        #expect(found.contains { $0.hasPrefix("Viewer+State.swift:") && $0.contains("guard case var .photo(session) = mode") })
        #expect(found.contains { $0.hasPrefix("Viewer+State.swift:") && $0.contains("defer { mode = .photo(session) }") })
        #expect(found.contains { $0.hasPrefix("Viewer+Transition.swift:") && $0.contains("mode = .photo(PhotoSession(") })
    }

    @Test("the door lends the session and writes back what the body did; in the grid nothing runs")
    func lendsAndWritesBack() {
        var s = ViewerScript(photos: 3)
        var ran = false
        #expect(s.viewer.withPhoto { _ in ran = true } == nil && !ran, "the grid lends nothing")
        s.openAndSettle(1)
        let photo = s.viewer.withPhoto { session -> Int in
            session.driver = .flight(.init(start: .click(Point(1, 2))))
            return session.photo
        }
        #expect(photo == 1)
        guard case let .flight(f)? = s.viewer.session?.driver else { Issue.record("not a flight"); return }
        #expect(f.closingClick == Point(1, 2), "what the body wrote is back in the mode")
    }

    @Test("a flight holds the manipulation it ignores and one start, nothing else")
    func flightIsOneStart() {
        let labels = Mirror(reflecting: PhotoSession.Flight()).children.compactMap(\.label)
        #expect(labels == ["ignored", "start"])
    }

    @Test("the viewer's stored fields beside the mode are the ones listed, each not the mode's")
    func fieldsBesideTheMode() {
        let viewer = Viewer(photos: [Photo(name: "a", pixelSize: Size(4, 3))], windowSize: Size(800, 600))
        let labels = Mirror(reflecting: viewer).children.compactMap(\.label)
        let expected = [
            // What it shows and how: the list, the feel (with what is derived from it: the backdrop
            // curve's slope, `FeelInUse`), the window and its scale, the clock.
            "photos", "feelInUse", "windowSize", "pixelsPerPoint", "time",
            // Input: the recognizers, a touchpad's fingers and the batch they are fed in.
            "recognizer", "touchpadFingers", "touchpadBatch",
            // The grid behind any photo: its scroll and focus.
            "scroller", "focus",
            "mode",
            // The wheel's burst spans photos (its tail must not page the next one opened):
            // `wheelBurstSpansSessions` checks it.
            "wheelPaging",
            "lastFrame", "requests",
            // A turn asking to be written (`w`): the ask outlives the photo's session until answered.
            "turnAwaitingWrite",
            // Outlive the session that made them: a slideshow, notes (with the event's: what the jump
            // detector reads of a change of reference or a release by time alone, `NoteLog`),
            // neighbours sliding out (`departingOutliveTheSession` checks it) and a photo landing
            // under the next one, a hand-over fade; photo keys waiting for their photo to land (the
            // table's "waits" cells, docs/phases.md).
            "slideshow", "queuedKeys", "notes", "departing", "landing", "handOverFade",
            // The event now being handled: whether the recognizers' gestures are part of it.
            "isFeedingRecognizer",
            "chrome",
        ]
        #expect(labels == expected)
        // What the jump detector reads of an event (a change of reference, a release by time
        // alone) is the event's notes (`eventNotes`), not a field kept for it.
        #expect(!labels.contains("referenceChange") && !labels.contains("releaseInStep"))
    }

    @Test("the mode's cases hold only their own state: a session, a grid, a flight")
    func casesHoldTheirOwn() {
        var s = ViewerScript(photos: 3)
        guard case let .grid(grid) = s.viewer.mode else { Issue.record("not the grid"); return }
        #expect(Mirror(reflecting: grid).children.compactMap(\.label) == ["lastPhoto", "gesture", "flights"])
        s.openAndSettle(1)
        let session = s.viewer.session
        // Which photo and its pose, what moves it (a caught flight is one of the drivers), its number.
        #expect(session.map { Mirror(reflecting: $0).children.compactMap(\.label) } == ["transition", "driver", "flight"])
        // The transition: the photo, its pose spring, where it heads and on which spring, the
        // progress's anchor, reduced motion's fade.
        #expect(session.map { Mirror(reflecting: $0.transition).children.compactMap(\.label) }
                == ["photo", "pose", "destination", "role", "anchor", "fade"])
    }

    // MARK: - A caught flight

    /// The lines of `text` (named `file`) that pause the photo's pose spring or the strip's offset
    /// spring, each with the function it is in: `file: function`.
    static func springPauses(in text: String, file: String) -> [String] {
        var function = "?"
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if let r = code.range(of: "func ") {
                function = String(code[r.upperBound...].prefix { $0.isLetter || $0.isNumber })
            }
            if code.contains("transition.pose.pause()") || code.contains("tr.pose.pause()") || code.contains("offset.pause()") {
                found.append("\(file): \(function)")
            }
        }
        return found
    }

    @Test("the pause scanner finds a catch written as the pose spring's pause (a planted one)")
    func pauseScannerCatchesAPlantedCatch() {
        let planted = """
            package mutating func catchMotion() -> Bool {
                switch driver {
                case .flight:
                    transition.pose.pause() // caught
                    return true
                }
            }
            """
        #expect(Self.springPauses(in: planted, file: "Planted.swift") == ["Planted.swift: catchMotion"])
    }

    @Test("the pose and strip springs are paused only under a hand (a dismissal, a zoom gesture, a pending drag, a paging drag), never for a catch")
    func springsPausedOnlyUnderAHand() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            found += Self.springPauses(in: try String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
        }
        #expect(found.sorted() == ["Pager.swift: drag", "Pager.swift: grab",
                                   "PhotoSession+Drivers.swift: grabForDismissal", "PhotoSession+Drivers.swift: holdZoom",
                                   "PhotoSession.swift: holdPending"], "\(found)")
    }

    @Test("a press catches a flight as its own case: it stands still, keeps its velocity and start, and goes on when let go")
    func caughtFlightIsItsOwnCase() throws {
        var s = ViewerScript(photos: 12)
        s.click(s.cellCenter(5))
        s.run(0.1)
        let flying = try #require(s.viewer.transition?.pose)
        #expect(flying.velocity != .zero && s.phase == .opening)
        // A finger on it (a touch screen's press) catches it.
        s.send(.touch(phase: .down, id: 1, position: flying.value.center))
        let caught = try #require(s.viewer.session)
        guard case .caught = caught.driver else { Issue.record("not caught: \(caught.driver)"); return }
        // The case is the only record of the catch: the spring is not paused, and keeps its velocity.
        #expect(!caught.transition.pose.isPaused)
        #expect(caught.transition.pose.velocity != .zero && s.viewer.photoVelocity == .zero)
        s.run(0.2)
        #expect(s.viewer.transition?.pose.value == caught.transition.pose.value, "held where it was caught")
        #expect(s.phase == .opening && !s.viewer.isAtRest)
        // A touch ending in neither a tap nor a drag (cancelled) lets it go on: a flight again,
        // with the velocity it had when caught.
        s.send(.touch(phase: .cancel, id: 1, position: caught.transition.pose.value.center))
        guard case .flight = s.viewer.session?.driver else { Issue.record("not let go: \(String(describing: s.viewer.session?.driver))"); return }
        #expect(s.viewer.transition?.pose.velocity == caught.transition.pose.velocity)
        s.settle()
        #expect(s.phase == .presented)
    }

    @Test("a caught close keeps its click's lead-in, which ends at its own instant under the hand")
    func caughtLeadInEndsUnderTheHand() throws {
        var s = ViewerScript(photos: 12)
        s.openAndSettle(5)
        let centre = Point(640, 400)
        s.click(centre)
        guard case .leadIn? = s.viewer.session?.driver.anyFlight?.start else { Issue.record("no lead-in"); return }
        s.run(0.05)
        // A press (no second click: held longer than a click) catches it.
        s.press(try #require(s.viewer.transition?.pose.value.center))
        guard case let .caught(f)? = s.viewer.session?.driver, case .leadIn = f.start else {
            Issue.record("not a caught lead-in: \(String(describing: s.viewer.session?.driver))"); return
        }
        let pose = s.viewer.transition?.pose.value
        s.run(s.viewer.feel.doubleClickIntervalSeconds + 0.1)
        guard case let .caught(after)? = s.viewer.session?.driver, case let .click(p) = after.start else {
            Issue.record("the lead-in did not end under the hand: \(String(describing: s.viewer.session?.driver))"); return
        }
        #expect(p == centre && s.viewer.transition?.role == .close)
        #expect(s.viewer.transition?.pose.value == pose && s.phase == .closing)
    }

    @Test("a press catches the settling strip as the pager's own case: it stands still, keeps its velocity, and goes on when let go")
    func caughtStripIsItsOwnCase() throws {
        var s = ViewerScript(photos: 12)
        s.openAndSettle(4)
        s.key("right")
        s.run(0.05)
        guard case let .paging(settling)? = s.viewer.session?.driver else { Issue.record("not paging"); return }
        #expect(Mirror(reflecting: settling).children.compactMap(\.label) == ["offset", "grip", "leaving"])
        guard case .free = settling.grip, settling.offset.velocity != 0 else { Issue.record("not settling freely"); return }
        s.send(.touch(phase: .down, id: 1, position: Point(640, 400)))
        guard case let .paging(caught)? = s.viewer.session?.driver, case .caught = caught.grip else {
            Issue.record("not caught: \(String(describing: s.viewer.session?.driver))"); return
        }
        // The case is the only record of the catch: the offset spring is not paused, and keeps its velocity.
        #expect(!caught.offset.isPaused && caught.offset.velocity != 0)
        s.run(0.2)
        guard case let .paging(held)? = s.viewer.session?.driver else { Issue.record("not paging"); return }
        #expect(held.offset.value == caught.offset.value, "held where it was caught")
        s.send(.touch(phase: .cancel, id: 1, position: Point(640, 400)))
        guard case let .paging(free)? = s.viewer.session?.driver, case .free = free.grip else {
            Issue.record("not let go: \(String(describing: s.viewer.session?.driver))"); return
        }
        #expect(free.offset.velocity == caught.offset.velocity)
        s.settle()
        #expect(s.phase == .presented && s.snapshot.photo == 5)
    }

    // MARK: - What stays beside the mode, checked

    @Test("neighbours departing after paging was cut short outlive the photo's session: drawn while the mode is the grid")
    func departingOutliveTheSession() {
        var feel = Feel.defaults
        // A paging spring slower than the close (1 s against 0.35 s): the photo lands before its
        // neighbours have slid out of the window.
        feel.pagingSpring = Spring(responseSeconds: 1.0, dampingRatio: 1)
        var s = ViewerScript(photos: 12, feel: feel)
        s.openAndSettle(4)
        s.key("right")
        s.run(0.05)
        s.key("escape")
        let departing = Set(s.viewer.departing?.photos.map(\.index) ?? [])
        #expect(departing.contains(4))
        s.run(until: { $0.session == nil })
        #expect(s.phase == .grid)
        // The session has ended; a neighbour it left is still drawn, sliding or fading out.
        let drawn = s.viewer.scene().photos.filter { departing.contains($0.photo) }
        #expect(s.viewer.departing != nil && !drawn.isEmpty && drawn.allSatisfy { $0.alpha > 0 },
                "drawn \(drawn.map { "photo \($0.photo) at x \($0.center.x), opacity \($0.alpha)" })")
        s.settle()
        #expect(s.viewer.departing == nil)
    }

    @Test("a wheel swipe's tail does not page the next photo opened within the burst; a new swipe does")
    func wheelBurstSpansSessions() throws {
        var feel = Feel.defaults
        feel.wheelQuietSeconds = 1.5
        feel.openSpring = Spring(responseSeconds: 0.2, dampingRatio: 1)
        feel.closeSpring = Spring(responseSeconds: 0.2, dampingRatio: 1)
        var s = ViewerScript(photos: 12, feel: feel)
        s.openAndSettle(5)
        // One swipe: three horizontal steps of 0.4 units 10 ms apart (1.2 ≥ wheelPageUnits 1).
        func swipe(_ s: inout ViewerScript) {
            for _ in 0..<3 { s.send(.wheel(position: Point(640, 400), delta: Point(0.4, 0), modifiers: []), after: 0.01) }
        }
        swipe(&s)
        let swiped = s.now
        #expect(s.snapshot.photo == 6)
        s.key("escape")
        s.run(until: { $0.phase == .grid })
        s.click(s.cellCenter(9))
        s.run(until: { $0.phase == .presented })
        try #require(s.phase == .presented && s.now - swiped < feel.wheelQuietSeconds - 0.1,
                     "photo 9 presented \(s.now - swiped) s after the swipe, not within the quiet spell")
        // The same swipe's tail, within its quiet spell: it turns no page of the photo opened since.
        swipe(&s)
        s.settle()
        #expect(s.snapshot.photo == 9)
        // After the quiet spell the same travel is a new swipe, and pages.
        s.run(feel.wheelQuietSeconds + 0.1)
        swipe(&s)
        s.settle()
        #expect(s.snapshot.photo == 10)
    }
}
