import Geometry
import Gestures
import TestSupport
import Testing
@testable import Continuity
@testable import LabUI
@testable import Viewing
import Events

/// Shift+S (issue 32): the viewer asks the shell to sort, and the shell's `photos` event with an
/// `order` puts the list in the new order with no jump: in the grid the scroll stays and each cell
/// shows its new photo (cells are not photo quads: the detector checks the quads in flight); an
/// open photo stays open under its new index.
@Suite("Sorting: Shift+S asks the shell; the sorted list arrives with no jump, the open photo stays open")
struct SortTests {
    @Test("an order composes with removals and additions, as reordering the edited array does, for 2,000 seeded changes; a misfit order is refused whole")
    func orderComposes() throws {
        var rng = SplitMix64(seed: 32)
        for _ in 0..<2000 {
            let count = 1 + Int(rng.next() % 12)
            let removed = (0..<count).filter { _ in rng.next() % 4 == 0 }
            let added = rng.next() % 2 == 0 ? [PhotoListChange.Addition(index: 0, name: "new")] : []
            let remaining = count - removed.count + added.count
            // A seeded shuffle (Fisher–Yates).
            var order = Array(0..<remaining)
            for i in stride(from: remaining - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            let change = PhotoListChange(removed: removed, added: added, order: order)
            let labels = (0..<count).map { "old\($0)" }
            var edited = labels
            for r in removed.reversed() { edited.remove(at: r) }
            for a in added { edited.insert(a.name, at: a.index) }
            let after = change.reordered(edited)
            #expect(after.count == remaining)
            let map = try #require(change.newIndices(count: count))
            for old in 0..<count {
                if removed.contains(old) { #expect(map[old] == nil) } else { #expect(map[old].map { after[$0] } == labels[old]) }
            }
        }
        #expect(PhotoListChange(order: [0, 0, 1]).newIndices(count: 3) == nil, "an index twice")
        #expect(PhotoListChange(order: [1, 0]).newIndices(count: 3) == nil, "too short")
        #expect(PhotoListChange(order: [0, 1, 3]).newIndices(count: 3) == nil, "out of range")
        #expect(PhotoListChange(order: [0, 1, 2]).isEmpty, "the same order changes nothing")
    }

    @Test("Shift+S asks the shell to sort, in the grid and with a photo open; plain s does not")
    func keyAsks() {
        var s = ViewerScript(photos: 6)
        s.key("s", mods: .shift)
        #expect(s.viewer.takeRequests() == [.sort])
        s.openAndSettle(2)
        s.key("s", mods: .shift)
        #expect(s.viewer.takeRequests() == [.sort])
        s.key("s")
        #expect(!s.viewer.takeRequests().contains(.sort))
    }

    /// The list of `count` photos reversed: the photo shown `k`th is the one that was at `count − 1 − k`.
    static func reversal(_ count: Int) -> PhotoListChange {
        PhotoListChange(order: Array((0..<count).reversed()))
    }

    @Test("sorted in a scrolled grid at rest: the list is in the new order and the scroll stays where it was")
    func gridSortKeepsScroll() {
        var s = ViewerScript(photos: 60)
        s.key("end")
        s.settle()
        let scroll = s.viewer.scrollOffset
        #expect(scroll > 0)
        s.send(.photos(Self.reversal(60)))
        #expect(s.viewer.photos.map(\.name) == (0..<60).reversed().map { "p\($0).png" })
        #expect(s.viewer.scrollOffset == scroll)
    }

    @Test("sorted while the grid scrolls on its spring, and with every photo in view: cells take their new photos in place, the jump detector finds nothing",
          arguments: [60, 6])
    func gridSortHasNoJump(count: Int) {
        var s = ViewerScript(photos: count)
        s.key("end")
        s.settle()
        s.key("home")
        s.run(0.1)  // the grid scrolling on its spring as the list changes (6 photos: all in view, at rest)
        var detector = JumpDetector()
        _ = detector.observe(s.viewer.motionSample)
        s.send(.photos(Self.reversal(count)))
        var jumps = detector.observe(s.viewer.motionSample)
        for _ in 0..<300 where !s.viewer.isAtRest {
            s.frame()
            jumps += detector.observe(s.viewer.motionSample)
        }
        #expect(jumps.isEmpty, "\(jumps.map(\.description))")
    }

    @Test("sorted with photo 2 of 6 open: it stays open and drawn where it was, now as photo 3; the jump detector finds nothing")
    func openPhotoStays() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        let pose = s.pose
        var detector = JumpDetector()
        _ = detector.observe(s.viewer.motionSample)
        s.send(.photos(Self.reversal(6)))
        // Reversed: old index 2 → 6 − 1 − 2 = 3.
        // The detector matches quads by where they are drawn (one photo's quad replaced by another's
        // in place is no jump), so which photo is open is checked by name.
        #expect(s.viewer.session?.photo == 3)
        #expect(s.viewer.photos[3].name == "p2.png")
        #expect(s.pose == pose)
        var jumps = detector.observe(s.viewer.motionSample)
        for _ in 0..<120 {
            s.frame()
            jumps += detector.observe(s.viewer.motionSample)
        }
        #expect(jumps.isEmpty, "\(jumps.map(\.description))")
        #expect(s.phase == .presented)
    }
}
