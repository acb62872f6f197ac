/// The keyboard's place in the grid: a cell index and whether the ring is shown.
///
/// The ring appears with the first arrow key (where it was if that cell is on screen, else on the
/// first cell on screen) and moves with the next ones, the grid scrolling to keep it in view; a
/// click hides it, as `:focus-visible` does on the web. The index follows the photo being viewed, so after paging and closing the
/// keyboard carries on from the photo just seen.
package struct FocusRing: Hashable, Sendable {
    /// The focused photo, if any.
    package var index: Int?
    /// True once the keyboard has been used in the grid; false after a click.
    package var isVisible = false

    /// Moves the ring by `columns`·`rows` steps within `0..<count`, or shows it first on
    /// `firstVisible` when it is hidden or off screen. Returns the new index.
    package mutating func move(dx: Int, dy: Int, columns: Int, count: Int, visible: Range<Int>) -> Int? {
        guard count > 0 else { return nil }
        guard isVisible, let current = index, current < count else {
            isVisible = true
            let start = index.flatMap { visible.contains($0) ? $0 : nil } ?? visible.lowerBound
            index = min(max(0, start), count - 1)
            return index
        }
        var next = current
        if dx != 0 {
            next = min(max(0, current + dx), count - 1)
        } else if dy != 0 {
            let candidate = current + dy * columns
            // Down from the last full row lands on the last photo; up from the first row stays.
            if candidate >= count {
                next = (current / columns + 1) * columns < count ? count - 1 : current
            } else if candidate >= 0 {
                next = candidate
            }
        }
        index = next
        return next
    }
}

extension FocusRing {
    /// Every stored property, as the memberwise initializer takes them (for Viewer's module).
    package init(index: Int? = nil) {
        self.index = index
    }
}
