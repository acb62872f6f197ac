import Geometry
import Gestures
import Events
import Drawing

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
    /// index. If it was removed its neighbour takes over and nothing cuts (`handOver`): every
    /// picture of a photo that left fades out where it was drawn, and every photo that begins to be
    /// drawn because of the change fades in (`fadeOut`, `HandOverFade`); the message line says which
    /// photo went. When no photo is left the last pictures fade out over the grid. The focus ring
    /// follows its photo, or the one that took its place.
    mutating func applyPhotoList(_ change: PhotoListChange) {
        guard !change.isEmpty, let newIndex = change.newIndices(count: photos.count) else { return }
        // A sort: a photo quad drawn that moves (a paging neighbour, a ghost) leaves its picture
        // fading where it was and fades in at its new place (drawn, it is a photo that left and one
        // that joined); the photo out of the grid, and one landing in it, keep their quads and carry
        // on under their new index. Grid cells are not quads: each shows its new photo at once.
        let drawnIndex = change.order == nil ? newIndex : newIndex.enumerated().map { old, new in
            new == old || old == session?.photo || old == landing?.photo ? new : nil
        }
        notes.append(.referenceChanged(.photoList(renumbered: drawnIndex), time: time))
        // A sort keeps the scroll: the cells whose photos stay stay where they are.
        let anchor = change.order == nil ? gridAnchor : nil
        let oldCount = photos.count
        let oldBackdrop = backdrop
        // What is drawn now: a photo that leaves keeps its picture where it is, fading out.
        let drawnBefore = photoQuads()
        // The drawn photos as they were (a ghost keeps its photo); not the whole list, which
        // changes in place below (a copy held here would be the whole list copied).
        var oldPhotos: [Int: Photo] = [:]
        for q in drawnBefore where photos.indices.contains(q.photo) { oldPhotos[q.photo] = photos[q.photo] }
        // The strip is in view when it moves or a neighbour shows (then a photo taking over slides).
        let stripShown = session.map { s in
            abs(s.pagingOffset) > 0.5 || drawnBefore.contains { $0.photo >= 0 && $0.photo != s.photo && $0.photo != landing?.photo }
        } ?? false
        let ghostFlight = drawingFlights
        // The index the photo at `old` has now, or, if it went, that of the next survivor (else the last photo).
        let newCount = oldCount - change.removed.count + change.added.count
        func follow(_ old: Int) -> Int? {
            guard newCount > 0 else { return nil }
            if old >= 0, old < oldCount, let i = newIndex[old] { return i }
            let next = (max(0, old)..<oldCount).lazy.compactMap { newIndex[$0] }.first
            return min(next ?? newCount - 1, newCount - 1)
        }

        // In place, not one removal or insertion at a time (issue 43: O(n) each, seconds for 20,000),
        // nor a copy of the list: only the photos after the first change move.
        change.apply(to: &photos) { Photo(name: $0.name, pixelSize: $0.size) }
        if change.order != nil { photos = change.reordered(photos) }
        if var d = departing {
            d.photos = d.photos.compactMap { p in newIndex[p.index].map { (index: $0, shift: p.shift) } }
            d.leaving = d.leaving.compactMap { l in newIndex[l.photo].map { Pager.Leaving(photo: $0, pose: l.pose) } }
            departing = d.photos.isEmpty ? nil : d
        }
        if var l = landing {
            if let n = newIndex[l.photo] {
                l.transition.photo = n
                landing = l
            } else {
                landing = nil
            }
        }

        switch mode {
        case var .grid(grid):
            grid.lastPhoto = grid.lastPhoto.flatMap(follow)
            mode = .grid(grid)
        case let .photo(s):
            if let kept = newIndex[s.photo] {
                withPhoto { s in
                    s.renumberStrip(newIndex)
                    s.transition.photo = kept
                }
            } else if let next = follow(s.photo) {
                withPhoto { $0.renumberStrip(newIndex) }
                handOver(to: next, fromNext: (s.photo + 1..<oldCount).contains { newIndex[$0] != nil }, stripShown: stripShown)
            } else {
                mode = .grid(GridMode(lastPhoto: nil, gesture: s.heldManipulation.map { .ignored($0) } ?? .none, flights: s.flight))
            }
        }
        focus.index = focus.index.flatMap(follow)
        keepGrid(anchor, at: anchor.flatMap { follow($0.photo) })
        refreshFlightTarget()
        fadeOut(drawnBefore, renumbered: drawnIndex, photos: oldPhotos, flight: ghostFlight)
        if session == nil, oldBackdrop > 0 {
            // No photo left to take over: the backdrop fades out with the last pictures.
            var f = handOverFade ?? HandOverFade(ghosts: [], start: [:], durationSeconds: feel.crossFadeSeconds)
            f.backdrop = oldBackdrop
            f.elapsed = 0
            handOverFade = f
        }
    }

    /// The session number each photo is drawn under now, as the viewer is at this instant (a
    /// ghost keeps it): the landing photo's, a departing neighbour's, else the photo session's.
    var drawingFlights: (Int) -> Int {
        { [landing, departing, flights, open = session?.photo] p in
            if let landing, p == landing.photo { return landing.flight }
            if p != open, let d = departing, d.photos.contains(where: { $0.index == p }) { return d.flight }
            return flights
        }
    }

    /// After a change of the list: each photo that left while drawn (in `drawnBefore`, numbered
    /// as before) leaves its picture behind, fading out, and every photo now drawn in the window
    /// that was not drawn before fades in (`HandOverFade`). A fade already running carries on from
    /// the opacities it had reached.
    mutating func fadeOut(_ drawnBefore: [Scene.PhotoQuad], renumbered newIndex: [Int?], photos oldPhotos: [Int: Photo], flight: (Int) -> Int) {
        let old = handOverFade
        var ghosts: [HandOverFade.Ghost] = []
        var start: [Int: Double] = [:]
        var drawn = Set<Int>()
        // Photos drawn in the window now, by their new numbers.
        let window = Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height)
        let inWindow = Set(listedPhotoQuads().filter { Self.box(of: $0).intersects(window) }.map(\.photo))
        for q in drawnBefore {
            if q.photo < 0 {
                // A ghost of an earlier change, at the opacity it has reached.
                if let g = old?.ghosts.first(where: { $0.quad.photo == q.photo }) {
                    ghosts.append(HandOverFade.Ghost(quad: g.quad, photo: g.photo, alpha: q.alpha, flight: g.flight))
                }
            } else if let n = newIndex[q.photo], inWindow.contains(n) || !Self.box(of: q).intersects(window) || q.alpha <= 0 {
                drawn.insert(n)
                if let a = old?.arrivalAlpha(q.photo), a < 1 { start[n] = min(start[n] ?? 1, a) }
            } else if let n = newIndex[q.photo] {
                // Still listed, but pushed out of the window (a photo added before it in the strip
                // took its slot): its picture stays where it was, fading out, under its new number
                // (property seed 713: it left the window 307 pt in from its edge in one step).
                var ghost = q
                ghost.photo = n
                ghosts.removeAll { $0.quad.photo == n }
                ghosts.append(HandOverFade.Ghost(quad: ghost, photo: oldPhotos[q.photo]!, alpha: q.alpha, flight: flight(q.photo)))
            } else if q.alpha > 0 {
                var ghost = q
                ghost.photo = -1 - q.photo
                ghosts.removeAll { $0.quad.photo == ghost.photo }
                ghosts.append(HandOverFade.Ghost(quad: ghost, photo: oldPhotos[q.photo]!, alpha: q.alpha, flight: flight(q.photo)))
            }
        }
        for q in listedPhotoQuads() where !drawn.contains(q.photo) {
            if Self.box(of: q).intersects(window) { start[q.photo] = 0 }
        }
        guard !ghosts.isEmpty || !start.isEmpty else { handOverFade = nil; return }
        handOverFade = HandOverFade(ghosts: ghosts, start: start, durationSeconds: feel.crossFadeSeconds)
    }

    /// The box a quad's corners span, window points.
    static func box(of q: Scene.PhotoQuad) -> Rect {
        let xs = q.corners.map(\.x), ys = q.corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The photo out of the grid was removed: photo `next` (at its index in the new list) takes over
    /// while the removed photo's picture fades out where it was (`fadeOut`). Presented or zoomed
    /// with no neighbour in view, `next` shows in its place, fading in (a cross-fade). Paging with a
    /// neighbour in view, the strip closes the removed photo's slot and comes home on the paging
    /// spring, as after a turned page, the backdrop staying: the photo before it keeps its place if
    /// it is on screen, else the next photo (`fromNext`: there is one) keeps its place and slides in
    /// from the right; the last photo removed, the one before it slides in from the left. A zoom or
    /// a gesture that held the removed photo lets go (a gesture is then ignored to its end).
    /// Opening, closing or held by a dismissal, it takes the removed photo's place in its flight or
    /// under the hand, fading in, pose, progress and backdrop carrying on, and flies on to its own
    /// frames (the cell it closes to is where the removed photo's was, the index being the same).
    mutating func handOver(to next: Int, fromNext: Bool, stripShown: Bool) {
        let full = fullPose(next)
        // The strip's geometry does not depend on the session: read from the viewer before the lend.
        let frames = self
        withPhoto { [feel, slotWidth] s in
            s.transition.photo = next
            let progress = s.progress(feel: feel)
            switch s.phase {
            case .zoomed where progress < 1 - 1e-9:
                // Pinched below the fit, the backdrop part way: the photo taking over flies open from
                // there, the backdrop carrying on with the progress.
                s.releaseDriverIntoPose()
                s.transition.head(to: full, destination: .open, role: .open, feel: feel, progress: progress)
            case .presented, .paging, .zoomed:
                var pager: Pager
                if case let .paging(p) = s.driver {
                    pager = p
                    pager.letGo(velocity: p.offset.velocity)
                } else {
                    s.releaseDriverIntoPose()
                    pager = Pager(feel: feel)
                }
                if let i = pager.leaving.firstIndex(where: { $0.photo == next }) {
                    s.transition.pose = pager.leaving.remove(at: i).pose
                    s.transition.pose.retarget(to: full)
                } else {
                    s.transition.pose.retarget(to: full)
                    s.transition.pose.jump(to: full)
                }
                if s.transition.pose.isPaused { s.transition.pose.resume() }
                let offset = pager.offset.value
                let previousShown = fromNext && offset > 0 && frames.pagingNeighbours(of: next, offset: offset).contains { $0.shift < 0 }
                // The offset moves by the slots that keep the photo kept in place where it is drawn;
                // with no neighbour in view the photo taking over shows where the removed one was.
                pager.turn(by: !stripShown ? 0 : !fromNext ? -1 : previousShown ? 0 : 1, slot: slotWidth, feel: feel, byHand: false)
                s.driver = .paging(pager)
            case .opening, .closing, .interacting, .grid:
                break
            }
        }
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
