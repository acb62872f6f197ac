import Drawing
import Events

// Home, End, Page Up, Page Down and Space on the open photo: GNOME's image viewers' keys (eog,
// Loupe). The neighbour comes as a page turns (the strip slides, as Left/Right); a photo further
// away takes the open photo's place at its fit, the one fading out where it was drawn as the other
// fades in (`HandOverFade`, as when the open photo leaves the list): sliding the strip through every
// photo between would be a blur of pictures not yet decoded.
extension Viewer {
    /// Goes to the photo `jump` names from the open one, zoomed or not (a zoomed photo settles to its
    /// fit in its slot, or fades out as it is). At the first or last photo already, says so.
    mutating func go(_ jump: PhotoKey.Jump) {
        guard let s = session else { return }
        let target: Int
        switch jump {
        case .first: target = 0
        case .last: target = photos.count - 1
        case .previous: target = s.photo - 1
        case .next, .nextBySpace: target = s.photo + 1
        }
        guard photos.indices.contains(target), target != s.photo else { return noteIgnored(jump.rawValue, .noPhotoThatWay) }
        switch s.driver {
        case .flight: guard hasLanded(s) else { return noteIgnored(jump.rawValue, .stillFlying) }
        case let .paging(pager): guard !pager.isHeld else { return noteIgnored(jump.rawValue, .heldByHand) }
        case .zooming: break
        default: return noteIgnored(jump.rawValue, .stillFlying)
        }
        if abs(target - s.photo) == 1 {
            turnPage(by: target - s.photo, byHand: false)
        } else {
            fadeAcross(to: target)
        }
    }

    /// Photo `target` takes the open photo's place at its fit: what was drawn fades out where it
    /// was, `target` fades in (the feel's cross-fade time); the grid behind scrolls to its cell.
    private mutating func fadeAcross(to target: Int) {
        guard let from = session?.photo else { return }
        let drawnBefore = photoQuads()
        var drawnPhotos: [Int: Photo] = [:]
        for q in drawnBefore where photos.indices.contains(q.photo) { drawnPhotos[q.photo] = photos[q.photo] }
        let flights = drawingFlights
        // Each picture the photo session drew but the one taking over stays as a picture of its
        // own, numbered as a photo that left (−1 − its index), and the jump detector is told so:
        // paged back to within the fade (End, Home, Right typed quickly), the photo slides in whole
        // beside its fading picture (numbered as itself, the ghost gave way at once: 824 pt and
        // 0.22 of alpha in a step). A landing or departing photo is drawn on as it was.
        let left = Set(drawnBefore.map(\.photo)).subtracting([target, landing?.photo ?? -1])
            .subtracting(departing?.photos.map(\.index) ?? [])
        let renumbered = photos.indices.map { left.contains($0) ? nil : $0 }
        notes.append(.referenceChanged(.photoList(renumbered: renumbered), time: time))
        handOver(to: target, fromNext: false, stripShown: false)
        refreshFlightTarget()
        fadeOut(drawnBefore, renumbered: renumbered, photos: drawnPhotos, flight: flights)
        notes.append(.paged(from: from, to: target, time: time))
        revealCell(target, progress: progress)
    }
}
