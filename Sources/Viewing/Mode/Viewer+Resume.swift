// Starting where the last session on a folder left off (issue 32): the grid's scroll and the photo
// last open or focused, remembered by the shell and put in the trace header, so a replay starts
// from the same first frame.
extension Viewer {
    /// The photo to remember as the last one seen: the one out of the grid, else the focused one,
    /// else the one last closed; nil when none is.
    package var lastPhoto: Int? {
        if let session { return session.photo }
        if let i = focus.index { return i }
        if case let .grid(grid) = mode { return grid.lastPhoto }
        return nil
    }

    /// Starts on the grid scrolled to `scroll` points (within its scroll range) with the focus ring
    /// shown on photo `focus` (ignored when the list has no such photo), at once: nothing has been
    /// drawn yet.
    package mutating func resume(scroll: Double?, focus photo: Int?) {
        if let scroll, scroll.isFinite {
            scroller.reveal(min(max(0, scroll), layout.maxScroll), animated: false)
        }
        if let photo, photos.indices.contains(photo) {
            focus.index = photo
            focus.isVisible = true
        }
    }
}
