import Geometry
import Gestures

// Photos appearing in or vanishing from the watched folders while the viewer runs (a recorded
// `photos` event): the grid reflows around the photo at its top-left, which stays where it is on
// screen; every index the viewer holds follows its photo.
extension Viewer {
    /// Where the grid's anchor photo (the first one at least partly in view) is: its index and its
    /// cell's top edge relative to the viewport.
    struct GridAnchor {
        var photo: Int
        var top: Double
    }

    /// The anchor now; nil for an empty grid.
    var gridAnchor: GridAnchor? {
        let l = layout
        guard l.photoCount > 0 else { return nil }
        let photo = l.visibleRange(scroll: scroller.offset).lowerBound
        return GridAnchor(photo: photo, top: l.cellRect(photo).minY - scroller.offset)
    }

    /// Scrolls so that photo `photo` (the anchor's photo, at its index in the present layout) has its
    /// cell's top where the anchor had it, relayouts the scroller, and brings a resting grid back
    /// within its scroll range.
    mutating func keepGrid(_ anchor: GridAnchor?, at photo: Int?) {
        let new = layout
        if let anchor, let photo, new.photoCount > 0 {
            scroller.shift(by: new.cellRect(min(photo, new.photoCount - 1)).minY - anchor.top - scroller.offset)
        }
        scroller.relayout(new)
        if scroller.isAtRest, scroller.offset < 0 || scroller.offset > new.maxScroll {
            scroller.reveal(min(max(0, scroller.offset), new.maxScroll), animated: false)
        }
    }

    /// Applies a change of the photo list. A change that does not fit the list (an index out of
    /// range or out of order) changes nothing.
    ///
    /// The anchor photo keeps its place on screen; if it was removed, the photo that takes its
    /// index does. A photo that is out of the grid keeps flying, paging or zooming under its new
    /// index. If it was removed (its pixels are gone: it cannot be drawn any more) its neighbour
    /// takes over and nothing cuts (`handOver`); the message line says which photo went. Only when
    /// no photo is left does the grid show at once. The focus ring follows its photo, or the one
    /// that took its place.
    mutating func applyPhotoList(_ change: PhotoListChange) {
        guard !change.isEmpty, let newIndex = change.newIndices(count: photos.count) else { return }
        referenceChange = .photoList(renumbered: newIndex)
        let anchor = gridAnchor
        let oldCount = photos.count
        // The index the photo at `old` has now, or, if it went, that of the next survivor (else the last photo).
        let newCount = oldCount - change.removed.count + change.added.count
        func follow(_ old: Int) -> Int? {
            guard newCount > 0 else { return nil }
            if old >= 0, old < oldCount, let i = newIndex[old] { return i }
            let next = (max(0, old)..<oldCount).lazy.compactMap { newIndex[$0] }.first
            return min(next ?? newCount - 1, newCount - 1)
        }

        for r in change.removed.reversed() { photos.remove(at: r) }
        for a in change.added { photos.insert(Photo(name: a.name, pixelSize: a.size), at: a.index) }
        departing = nil
        trashedLeaving = trashedLeaving.flatMap { newIndex[$0] }

        switch mode {
        case var .grid(grid):
            grid.lastPhoto = grid.lastPhoto.flatMap(follow)
            mode = .grid(grid)
        case var .photo(s):
            if case var .paging(pager) = s.driver {
                // Photos settling in the strip follow their photos; one removed is simply not drawn.
                pager.leaving = pager.leaving.compactMap { l in newIndex[l.photo].map { Pager.Leaving(photo: $0, pose: l.pose) } }
                s.driver = .paging(pager)
            }
            if let kept = newIndex[s.photo] {
                s.transition.photo = kept
                mode = .photo(s)
            } else if let next = follow(s.photo) {
                handOver(s, to: next, fromNext: (s.photo + 1..<oldCount).contains { newIndex[$0] != nil })
            } else {
                mode = .grid(GridMode(lastPhoto: nil, gesture: s.heldManipulation.map { .ignored($0) } ?? .none))
            }
        }
        focus.index = focus.index.flatMap(follow)
        keepGrid(anchor, at: anchor.flatMap { follow($0.photo) })
        refreshFlightTarget()
    }

    /// The photo out of the grid was removed: photo `next` (at its index in the new list) takes over.
    /// Presented, paging or zoomed, the strip closes the removed photo's slot and comes home on the
    /// paging spring, as after a turned page, the backdrop staying: the photo before it keeps its
    /// place if it is on screen (paging), else the next photo (`fromNext`: there is one) keeps its
    /// place and slides in from the right; the last photo removed, the one before it slides in from
    /// the left. A zoom or a gesture that held the removed photo lets go (a gesture is then ignored
    /// to its end). Opening,
    /// closing or held by a dismissal, it takes the removed photo's place in its flight or under
    /// the hand, pose, progress and backdrop carrying on, and flies on to its own frames (the cell
    /// it closes to is where the removed photo's was, the index being the same).
    mutating func handOver(_ removed: PhotoSession, to next: Int, fromNext: Bool) {
        var s = removed
        s.transition.photo = next
        switch s.phase {
        case .presented, .paging, .zoomed:
            var pager: Pager
            if case let .paging(p) = s.driver {
                pager = p
                pager.letGo(velocity: p.offset.velocity)
            } else {
                s.releaseDriverIntoPose()
                pager = Pager(feel: feel)
            }
            let full = fullPose(next)
            if let i = pager.leaving.firstIndex(where: { $0.photo == next }) {
                s.transition.pose = pager.leaving.remove(at: i).pose
                s.transition.pose.retarget(to: full)
            } else {
                s.transition.pose.retarget(to: full)
                s.transition.pose.jump(to: full)
            }
            if s.transition.pose.isPaused { s.transition.pose.resume() }
            let offset = pager.offset.value
            let previousShown = fromNext && offset > 0 && pagingNeighbours(of: next, offset: offset).contains { $0.shift < 0 }
            // The offset moves by the slots that keep the photo kept in place where it is drawn.
            if pager.offset.isPaused { pager.offset.resume() }
            pager.turn(by: !fromNext ? -1 : previousShown ? 0 : 1, slot: slotWidth, feel: feel)
            s.driver = .paging(pager)
        case .opening, .closing, .interacting, .grid:
            break
        }
        mode = .photo(s)
        focus.index = next
    }

    /// The name of the photo out of the grid when `change` removes it (the feel lab's message line
    /// says which photo went); nil when it stays, none is out, or the change does not fit the list.
    package func photoInViewRemoved(by change: PhotoListChange) -> String? {
        guard let session, !change.isEmpty, let newIndex = change.newIndices(count: photos.count),
              newIndex.indices.contains(session.photo), newIndex[session.photo] == nil else { return nil }
        return PhotoName.displayed(photos[session.photo].name)
    }
}
