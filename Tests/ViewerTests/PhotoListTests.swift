import Geometry
import Gestures
import LabUI
import Motion
import TestSupport
import Testing
@testable import Viewing
import Events

/// Photos appearing in and vanishing from the watched folders (issue 19): the grid keeps the photo
/// at its top-left where it is, and a photo out of the grid keeps its place or leaves sensibly.
@Suite("Photo list changes: the grid stays put, an open photo follows or leaves")
struct PhotoListTests {
    /// The same change applied the obvious way: remove from an array of labels, then insert.
    static func applied(_ change: PhotoListChange, to labels: [String]) -> [String] {
        var out = labels
        for r in change.removed.reversed() { out.remove(at: r) }
        for a in change.added { out.insert(a.name, at: a.index) }
        return out
    }

    @Test("new indices agree with removing and inserting one by one, for 2,000 seeded changes")
    func newIndicesAgreeWithArrayEdits() throws {
        var rng = SplitMix64(seed: 19)
        for _ in 0..<2000 {
            let count = Int(rng.next() % 12)
            let removed = (0..<count).filter { _ in rng.next() % 3 == 0 }
            var remaining = count - removed.count
            var added: [PhotoListChange.Addition] = []
            var index = -1
            while rng.next() % 3 != 0 {
                index += 1 + Int(rng.next() % 2)
                guard index <= remaining else { break }
                added.append(.init(index: index, name: "new\(index)"))
                remaining += 1
            }
            let change = PhotoListChange(removed: removed, added: added)
            let labels = (0..<count).map { "old\($0)" }
            let after = Self.applied(change, to: labels)
            let map = try #require(change.newIndices(count: count))
            for old in 0..<count {
                if removed.contains(old) { #expect(map[old] == nil) } else { #expect(map[old].map { after[$0] } == labels[old]) }
            }
        }
    }

    @Test("a change that does not fit the list is refused whole")
    func misfitsAreRefused() {
        #expect(PhotoListChange(removed: [5]).newIndices(count: 5) == nil)
        #expect(PhotoListChange(removed: [2, 1]).newIndices(count: 5) == nil)
        #expect(PhotoListChange(added: [.init(index: 6, name: "x")]).newIndices(count: 5) == nil)
        #expect(PhotoListChange(added: [.init(index: 1, name: "x"), .init(index: 1, name: "y")]).newIndices(count: 5) == nil)
        #expect(PhotoListChange(added: [.init(index: 0, name: "x", size: Size(.infinity, 1))]).newIndices(count: 5) == nil)
        var s = ViewerScript(photos: 10)
        let before = s.viewer.photos
        s.send(.photos(PhotoListChange(removed: [3], added: [.init(index: 20, name: "far.jpg")])))
        #expect(s.viewer.photos == before)
    }

    /// A grid of 200 photos scrolled to row 20, coasting from a wheel fling.
    static func scrolledGrid() -> ViewerScript {
        var s = ViewerScript(photos: 200)
        for _ in 0..<12 { s.send(.wheel(position: Point(640, 400), delta: Point(0, -4), modifiers: []), after: 0.004) }
        s.run(0.05)
        return s
    }

    @Test("photos added and removed above the view during a fling leave the top-left photo where it was")
    func anchorStaysPut() throws {
        var s = Self.scrolledGrid()
        let layout = s.viewer.layout
        let anchor = layout.visibleRange(scroll: s.viewer.scrollOffset).lowerBound
        #expect(anchor > layout.columns * 3)
        let name = s.viewer.photos[anchor].name
        let topBefore = layout.cellRect(anchor).minY - s.viewer.scrollOffset
        // A burst within one frame: 7 new photos at the start, 2 old ones above the view gone.
        let change = PhotoListChange(removed: [1, 4], added: (0..<7).map { .init(index: $0, name: "new\($0).jpg") })
        // At the instant the top was measured (an event between frames first steps the fling to its time).
        s.send(.photos(change), after: 0)
        let moved = try #require(s.viewer.photos.firstIndex { $0.name == name })
        #expect(moved == anchor + 5)
        let topAfter = s.viewer.layout.cellRect(moved).minY - s.viewer.scrollOffset
        #expect(abs(topAfter - topBefore) < 1e-9)
        // The fling carries on from there: the next frame moves the grid by no more than the
        // frame before it did (no jump).
        let stepBefore = s.snapshots[s.snapshots.count - 1].scroll - s.snapshots[s.snapshots.count - 2].scroll
        let offsetAtChange = s.viewer.scrollOffset
        s.frame()
        #expect(abs(s.viewer.scrollOffset - offsetAtChange) <= abs(stepBefore) + 1e-9)
    }

    @Test("when the top-left photo itself is removed, the photo that takes its index takes its place")
    func removedAnchorIsReplacedInPlace() {
        var s = Self.scrolledGrid()
        s.settle()
        let layout = s.viewer.layout
        let anchor = layout.visibleRange(scroll: s.viewer.scrollOffset).lowerBound
        let next = s.viewer.photos[anchor + 1].name
        let topBefore = layout.cellRect(anchor).minY - s.viewer.scrollOffset
        s.send(.photos(PhotoListChange(removed: [anchor])))
        #expect(s.viewer.photos[anchor].name == next)
        #expect(abs(s.viewer.layout.cellRect(anchor).minY - s.viewer.scrollOffset - topBefore) < 1e-9)
    }

    @Test("an open photo keeps flying under its new index; its neighbours follow the list")
    func openPhotoFollowsItsIndex() throws {
        var s = ViewerScript(photos: 20)
        s.click(s.cellCenter(10))
        s.run(0.1)
        let pose = try #require(s.pose)
        let name = s.viewer.photos[10].name
        s.send(.photos(PhotoListChange(added: [.init(index: 0, name: "first.jpg", size: Size(800, 600))])), after: 0)
        #expect(s.viewer.session?.photo == 11)
        #expect(s.viewer.photos[11].name == name)
        // Same instant, same pose: nothing jumps.
        #expect(s.pose == pose)
        s.settle()
        #expect(s.phase == .presented)
        // Paging right shows the photo after it in the new list.
        s.key("right")
        s.settle()
        #expect(s.viewer.session?.photo == 12)
    }

    @Test("a photo removed from the folder while a drag pulls it: the photo that takes its index takes its place under the hand, with a message")
    func removedPulledPhotoHandsOver() throws {
        var s = ViewerScript(photos: 20)
        s.openAndSettle(7)
        let name = s.viewer.photos[7].name, next = s.viewer.photos[8].name
        let center = Point(640, 400)
        s.drag(from: center, to: center + Point(0, 120), duration: 0.1, release: false)
        #expect(s.phase == .interacting)
        let held = try #require(s.pose)
        let backdrop = s.viewer.backdrop
        s.send(.photos(PhotoListChange(removed: [7])))
        // Nothing cuts (issue 27, case 9): the same pose and backdrop, now photo 8 at index 7.
        #expect(s.phase == .interacting && s.snapshot.photo == 7 && s.viewer.titleSubject == next)
        #expect(s.pose == held && s.viewer.backdrop == backdrop)
        #expect(s.lab.feelLab.message?.text == "\(name) was removed from the folder")
        #expect(s.viewer.photos.count == 19)
        // The drag goes on (180 pt down in 0.1 s) and closes it onto cell 7, where the removed photo's was.
        for i in 1...12 { s.move(center + Point(0, 120 + 15 * Double(i)), after: 1.0 / 120) }
        s.lift(center + Point(0, 300))
        s.settle()
        #expect(s.phase == .grid && s.snapshot.photo == 7)
    }

    @Test("every photo removed, then one added: an empty grid, then one cell")
    func emptyAndBack() {
        var s = ViewerScript(photos: 3)
        s.openAndSettle(1)
        s.send(.photos(PhotoListChange(removed: [0, 1, 2])))
        s.settle()
        #expect(s.phase == .grid && s.viewer.photos.isEmpty && s.snapshot.photo == nil)
        s.key("right")
        s.send(.photos(PhotoListChange(added: [.init(index: 0, name: "back.jpg")])))
        s.settle()
        #expect(s.viewer.photos.map(\.name) == ["back.jpg"])
        s.openAndSettle(0)
        #expect(s.phase == .presented)
    }
}
