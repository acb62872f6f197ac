import Geometry

/// Photos that appeared in or vanished from the watched folders while PhotoZoom runs: one change
/// of the photo list, recorded in the trace (`"type":"photos"`) and applied by the viewer, so a
/// replay walks through the same lists at the same instants.
///
/// `removed` are indices into the list before the change, ascending; `added` are indices into the
/// list after it, ascending, each with the photo's name and upright pixel size (zero while not yet
/// known: a later `photoSize` event brings it). Applying it takes the removed photos out first,
/// then puts each added one in at its index, lowest first.
public struct PhotoListChange: Hashable, Sendable {
    /// A photo put into the list.
    package struct Addition: Hashable, Sendable {
        /// Its index in the list after the change.
        package var index: Int
        package var name: String
        /// Upright pixel size; `.zero` while unknown.
        package var size: Size

        package init(index: Int, name: String, size: Size = .zero) {
            self.index = index
            self.name = name
            self.size = size
        }
    }

    package var removed: [Int]
    package var added: [Addition]
    /// A new order of the list, applied after the removals and additions (a sort, Shift+S):
    /// `order[k]` is the index the photo shown `k`th had before; nil: the order stays.
    package var order: [Int]?

    package init(removed: [Int] = [], added: [Addition] = [], order: [Int]? = nil) {
        self.removed = removed
        self.added = added
        self.order = order
    }

    /// True when it changes nothing.
    package var isEmpty: Bool { removed.isEmpty && added.isEmpty && (order.map { $0.enumerated().allSatisfy { $0 == $1 } } ?? true) }

    /// For each index of a list of `count` photos, its index after the change (nil: removed); nil
    /// as a whole when the change does not fit such a list (indices out of order or out of range,
    /// a size that is not a finite, non-negative number).
    package func newIndices(count: Int) -> [Int?]? {
        guard count >= 0 else { return nil }
        var previous = -1
        for r in removed {
            guard r > previous, r < count else { return nil }
            previous = r
        }
        var remaining = count - removed.count
        previous = -1
        for a in added {
            guard a.index > previous, a.index <= remaining, a.size.width.isFinite, a.size.height.isFinite, a.size.width >= 0, a.size.height >= 0 else { return nil }
            previous = a.index
            remaining += 1
        }
        // The survivors keep their order; each addition pushes the survivors at or after its index down one.
        var out = [Int?](repeating: nil, count: count)
        var removedCursor = 0, addedCursor = 0, survivor = 0
        for old in 0..<count {
            if removedCursor < removed.count, removed[removedCursor] == old {
                removedCursor += 1
                continue
            }
            // Additions at or before the survivor's slot come first.
            while addedCursor < added.count, added[addedCursor].index <= survivor + addedCursor { addedCursor += 1 }
            out[old] = survivor + addedCursor
            survivor += 1
        }
        guard let order else { return out }
        // A permutation of the list after the removals and additions, or the change does not fit.
        guard order.count == remaining else { return nil }
        var position = [Int?](repeating: nil, count: remaining)
        for (k, i) in order.enumerated() {
            guard i >= 0, i < remaining, position[i] == nil else { return nil }
            position[i] = k
        }
        return out.map { $0.flatMap { position[$0] } }
    }

    /// Takes the removals out of `list` (the list before the change) and puts the additions in
    /// (`make` makes an addition's element), in place: only the elements from the first removed or
    /// added index on move, each once (issue 43: removing and inserting one at a time cost O(n)
    /// each, seconds for 20,000; a copy of the whole list per change cost tens of milliseconds a
    /// frame at 50,000). The order is not applied (`reordered`). The change must fit the list
    /// (`newIndices`). Returns how many elements were visited.
    @discardableResult
    package func apply<T>(to list: inout [T], added make: (Addition) -> T) -> Int {
        list.remove(atSortedIndices: removed) + list.insert(added.map(make), atSortedIndices: added.map(\.index))
    }

    /// `list` with the change applied (`apply(to:added:)`), as a new list.
    package func applying<T>(to list: [T], added make: (Addition) -> T) -> [T] {
        var out = list
        apply(to: &out, added: make)
        return out
    }

    /// The photos of `list` (the list after the removals and additions) in `order`; `list` itself
    /// when the order stays or does not fit.
    package func reordered<T>(_ list: [T]) -> [T] {
        guard let order, order.count == list.count, order.allSatisfy(list.indices.contains) else { return list }
        return order.map { list[$0] }
    }
}
