import Foundation
import Testing
import Geometry
@testable import Viewer

/// The viewer's photo state has one door (`Viewer.withPhoto`), a flight's start is one enum, and
/// every stored field beside the mode is named here with the reason it is not the mode's
/// (house style 12 and 13; docs/design.md, "The viewer's state").
@Suite("One door: the photo session is lent and written back in one place; nothing beside the mode repeats it")
struct OneDoorTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources", isDirectory: true)

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
            // What it shows and how: the list, the feel, the window and its scale, the clock.
            "photos", "feel", "windowSize", "pixelsPerPoint", "time",
            // Input: the recognizers, a touchpad's fingers and the batch they are fed in.
            "recognizer", "touchpadFingers", "touchpadBatch",
            // The grid behind any photo: its scroll and focus.
            "scroller", "focus",
            "mode",
            // The wheel's burst spans photos (its tail must not page the next one opened).
            "wheelPaging",
            "lastFrame", "requests",
            // A turn asking to be written (`w`): the ask outlives the photo's session until answered.
            "turnAwaitingWrite",
            // Outlive the session that made them: a slideshow, notes,
            // neighbours sliding out and a photo landing under the next one, a hand-over fade.
            "slideshow", "notes", "departing", "landing", "handOverFade",
            // The event now being handled: its change of reference, a release inside its step.
            "referenceChange", "releaseInStep", "isFeedingRecognizer",
            // A cache of the feel's backdrop curve (1,001 samples), for the jump detector's bound.
            "backdropSlope",
            "chrome",
        ]
        #expect(labels == expected)
    }
}
