/// Removing and inserting many elements of a long array in place, touching only the elements from
/// the first change on (issue 43: a slice of 500 photos joining a list of 50,000 copied the whole
/// list, each element retained and released, every frame it took).
///
/// Elements before the first removed or inserted index stay where they are; each element after it
/// moves once (a swap in the buffer: no copy, no retain or release). Photos joining at the end of
/// the list, or at the end of their folder, cost the slice and the few elements after it.
extension Array {
    /// Takes out the elements at `indices` (ascending, each within the array) in one pass; returns
    /// how many elements were visited (from the first index to the end: the pass's cost).
    @discardableResult
    package mutating func remove(atSortedIndices indices: [Int]) -> Int {
        guard let first = indices.first else { return 0 }
        var write = first, next = 0
        let visited = count - first
        withUnsafeMutableBufferPointer { buffer in
            for read in first..<buffer.count {
                if next < indices.count, indices[next] == read {
                    next += 1
                    continue
                }
                buffer.swapAt(write, read)
                write += 1
            }
        }
        removeLast(count - write)
        return visited
    }

    /// Puts `elements[k]` at index `indices[k]` of the array that results (`indices` ascending,
    /// `indices[k] ≤ count + k`), the elements there before moving up, in one pass from the back;
    /// returns how many elements were visited (from the first index to the new end).
    @discardableResult
    package mutating func insert(_ elements: [Element], atSortedIndices indices: [Int]) -> Int {
        precondition(elements.count == indices.count, "one index for each element")
        guard let first = indices.first, let last = indices.last else { return 0 }
        precondition(first >= 0 && last < count + indices.count, "indices within the array that results")
        let oldCount = count
        // The new elements' room at the end, filled with copies of them for now.
        append(contentsOf: elements)
        withUnsafeMutableBufferPointer { buffer in
            var source = oldCount - 1, next = indices.count - 1
            var write = buffer.count - 1
            // Positions above `write` hold their final elements; those between `source` and `write` spare copies.
            while next >= 0 {
                if indices[next] == write {
                    buffer[write] = elements[next]
                    next -= 1
                } else {
                    buffer.swapAt(write, source)
                    source -= 1
                }
                write -= 1
            }
        }
        return count - first
    }
}
