import Geometry
import Gestures

// Delete and the trash, as the viewer sees them: the shell moves the file (`photoTrashed`), the
// photo leaves the screen on the app's own paging flight to its neighbour, and only once it is
// no longer drawn does the viewer ask the shell to take it out of the list (`dropTrashed`): what
// is drawn never loses a photo in mid-view.
extension Viewer {
    /// Photo `photo`'s file went to the trash: while it is the open photo it pages away to the next
    /// photo (to the previous one when it is the last; it closes when it is the only one).
    package mutating func sendAway(trashed photo: Int) {
        guard photos.indices.contains(photo) else { return }
        trashedLeaving = photo
        guard let s = session, s.photo == photo else { return }
        let step = photos.indices.contains(photo + 1) ? 1 : -1
        if photos.indices.contains(photo + step) {
            if s.isHeldByGesture {
                // A hand took hold since the key: it lets go, the page turns.
                withPhoto { $0.releaseDriverIntoPose() }
            }
            turnPage(by: step)
        } else {
            close(trigger: .key)
        }
    }

    /// Ctrl+Z put photo `photo` back: when it is a neighbour of the open photo (as it is right after
    /// its own Delete), the page turns to it.
    package mutating func pageToRestored(_ photo: Int) {
        guard let s = session, [.presented, .paging].contains(phase), abs(photo - s.photo) == 1 else { return }
        page(by: photo - s.photo)
    }

    /// Files dropped on the window replaced the list: photo `open` (one file dropped) opens from
    /// its cell, as on the command line.
    package mutating func openDropped(_ open: Int?) {
        guard let open, session == nil, photos.indices.contains(open) else { return }
        focus.index = open
        scroller.reveal(layout.scrollRevealing(open, from: scroller.destination), animated: true)
        self.open(open, trigger: .start)
    }

    /// Per frame: the trashed photo, once nothing draws it large (the open photo, a paging
    /// neighbour, a photo landing), leaves the list: the shell is asked to drop it.
    mutating func dropTrashedIfGone() {
        guard let photo = trashedLeaving, photos.indices.contains(photo) else {
            trashedLeaving = nil
            return
        }
        if session?.photo == photo || landing?.photo == photo || photoQuads().contains(where: { $0.photo == photo }) { return }
        requests.append(.dropTrashed(photo: photo, name: photos[photo].name))
        trashedLeaving = nil
    }
}
