import Geometry
import Gestures

// Delete and the trash, as the viewer sees them: the shell moves the file and takes the photo out
// of the list at once (a `photos` event, then the `photoTrashed` effect with its message), so the
// trashed photo leaves as any photo leaving the list does (`applyPhotoList`): its picture fades out
// where it was drawn while its neighbour takes over (`HandOverFade`); the only photo trashed
// leaves the backdrop fading over the grid. Ctrl+Z puts it back (`photos`, then `photoRestored`).
extension Viewer {
    /// Ctrl+Z put photo `photo` back: when it is a neighbour of the open photo (as it is right after
    /// its own Delete), the page turns to it.
    package mutating func pageToRestored(_ photo: Int) {
        guard let s = session, [.presented, .paging].contains(phase), abs(photo - s.photo) == 1 else { return }
        page(by: photo - s.photo)
    }

    /// Files dropped on the window replaced the list: photo `open` (one file dropped) opens from
    /// its cell, as on the command line. With a photo out of the grid nothing opens, and the note
    /// says why (the shell refuses a drop then, but a trace may still hold one).
    package mutating func openDropped(_ open: Int?) {
        guard let open else { return }
        guard session == nil else { return noteIgnored("drop", .photoOpen) }
        guard photos.indices.contains(open) else { return }
        focus.index = open
        scroller.reveal(layout.scrollRevealing(open, from: scroller.destination), animated: true)
        self.open(open, trigger: .start)
    }
}
