import Testing
import TestSupport
@testable import Viewing
import Events

/// `PhotoListChange.applying` and `apply(to:)` (issue 43: one pass instead of one removal or
/// insertion at a time; then in place, from the first change on) give the list that taking the
/// removals out one by one, then putting the additions in lowest first, gives: the change's definition.
@Suite("A list change applied in one pass is the change as defined")
struct PhotoListChangeApplyingTests {
    @Test("300 random changes of lists of 0–40 photos: the same list as one removal and one insertion at a time")
    func sameAsOneAtATime() {
        var rng = SplitMix64(seed: 43)
        for case_ in 0..<300 {
            let count = Int.random(in: 0...40, using: &rng)
            let list = (0..<count).map { "p\($0)" }
            let removed = (0..<count).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            let remaining = count - removed.count
            var indices: [Int] = []
            var size = remaining
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                size += 1
                indices.append(Int.random(in: 0..<size, using: &rng))
            }
            // Ascending indices into the final list, as a change holds them.
            let added = Array(Set(indices)).sorted().enumerated().map { k, i in
                PhotoListChange.Addition(index: min(i, remaining + k), name: "new\(k)")
            }
            let change = PhotoListChange(removed: removed, added: added)
            guard change.newIndices(count: count) != nil else { continue }
            var expected = list
            for r in removed.reversed() { expected.remove(at: r) }
            for a in added { expected.insert(a.name, at: a.index) }
            #expect(change.applying(to: list) { $0.name } == expected, "case \(case_): \(change)")
            // In place, only the photos from the first removal, then from the first addition, are visited.
            var inPlace = list
            let visited = change.apply(to: &inPlace) { $0.name }
            #expect(inPlace == expected, "case \(case_): \(change)")
            let bound = (count - (removed.first ?? count)) + (expected.count - (added.first?.index ?? expected.count))
            #expect(visited <= bound, "case \(case_): \(visited) visited, \(bound) from the first change on")
        }
    }
}
