import Geometry
import Gestures
import Motion

// Paging between neighbouring photos: drags, keys and horizontal wheel swipes.
extension Viewer {
    var slotWidth: Double { Pager.slot(windowWidth: windowSize.width, feel: feel) }

    func hasPrevious(_ index: Int) -> Bool { index > 0 }
    func hasNext(_ index: Int) -> Bool { index + 1 < photos.count }

    /// The photos beside `index` whose slots reach into the window at paging offset `offset`, with
    /// their shifts from the current slot (`k · slot`). Usually the two neighbours; pages turned in
    /// quick succession (a key during a page flight) leave the offset more than a slot from home, and
    /// the photo two or more pages back is then still on screen.
    func pagingNeighbours(of index: Int, offset: Double) -> [(index: Int, shift: Double)] {
        let slot = slotWidth, width = windowSize.width
        guard slot > 0, offset.isFinite else { return [] }
        // A photo's drawn width is at most the window's: slot k reaches in while |offset + k·slot| < width.
        let n = Double(photos.count)
        let first = Int(min(max(((-width - offset) / slot).rounded(.down), -n), n))
        let last = Int(min(max(((width - offset) / slot).rounded(.up), -n), n))
        return (first...max(first, last)).compactMap { k in
            k != 0 && photos.indices.contains(index + k) ? (index: index + k, shift: Double(k) * slot) : nil
        }
    }

    /// What the pager needs to know around photo `index`.
    package func pagerFrame(_ index: Int) -> Pager.Frame {
        Pager.Frame(width: windowSize.width, hasPrevious: hasPrevious(index), hasNext: hasNext(index), feel: feel)
    }

    /// A horizontal drag on the presented photo starts paging (the photo catches up with the pointer).
    mutating func beginPaging(_ m: Manipulation) {
        guard case var .photo(s) = mode else { return }
        s.driver = .paging(Pager(dragging: m, frame: pagerFrame(s.photo)))
        mode = .photo(s)
        notes.append(.grabbed(photo: s.photo, gesture: .page, from: .presented, time: time))
    }

    /// A drag catches the pager while it settles: held where it is.
    mutating func grabPager(_ m: Manipulation) {
        guard case var .photo(s) = mode, case var .paging(pager) = s.driver else { return }
        pager.grab(m, frame: pagerFrame(s.photo))
        s.driver = .paging(pager)
        mode = .photo(s)
        notes.append(.grabbed(photo: s.photo, gesture: .page, from: .paging, time: time))
    }

    mutating func updatePager(_ m: Manipulation) {
        guard case var .photo(s) = mode, case var .paging(pager) = s.driver else { return }
        pager.drag(m, frame: pagerFrame(s.photo))
        s.driver = .paging(pager)
        mode = .photo(s)
    }

    /// Lets go: next, previous or stay, decided on the projected offset or a flick; the paging
    /// spring carries the release velocity.
    mutating func releasePager(_ m: Manipulation, cancelled: Bool) {
        guard case var .photo(s) = mode, case var .paging(pager) = s.driver, let hold = pager.hold else { return }
        let frame = pagerFrame(s.photo)
        pager.drag(m, frame: frame)
        let g = m.rebased(on: hold.base)
        guard let decision = pager.decision(releasing: g, frame: frame, cancelled: cancelled) else { return }
        pager.letGo(velocity: decision.velocity)
        s.driver = .paging(pager)
        mode = .photo(s)
        switch decision.verdict {
        case .next: turnPage(by: 1)
        case .previous: turnPage(by: -1)
        default: settlePager()
        }
        notes.append(.released(ViewerNote.Release(
            photo: s.photo, gesture: .page, time: time, velocity: g.velocity, scaleVelocity: 0,
            rotationVelocity: 0, projected: decision.projectedOffset, decision: decision.verdict)))
    }

    /// Sends the pager's offset home (to 0) on the paging spring.
    private mutating func settlePager() {
        guard case var .photo(s) = mode, case var .paging(pager) = s.driver else { return }
        pager.settle(feel: feel)
        s.driver = .paging(pager)
        mode = .photo(s)
    }

    /// Turns one page (`step` ±1): the neighbour becomes the current photo and the offset shifts by
    /// one slot in the same instant, so nothing on screen moves; then the spring brings it home.
    mutating func turnPage(by step: Int) {
        guard case var .photo(s) = mode else { return }
        let from = s.photo, to = from + step
        guard photos.indices.contains(to) else { settlePager(); return }
        s.turnPage(by: step, full: fullPose(to), slot: slotWidth, feel: feel)
        mode = .photo(s)
        focus.index = to
        notes.append(.paged(from: from, to: to, time: time))
        // The grid is hidden behind the backdrop: scroll it now so closing lands on a visible cell.
        revealCell(to, progress: progress)
    }

    /// Left/Right keys and wheel swipes: turn a page from the presented photo or while paging settles.
    mutating func page(by step: Int) {
        guard let s = session else { return }
        switch s.driver {
        case .flight:
            guard s.phase == .presented, photos.indices.contains(s.photo + step) else { return }
            turnPage(by: step)
        case let .paging(pager):
            guard !pager.isHeld else { return }
            turnPage(by: step)
        default:
            return
        }
    }

    /// Moves the pager on; once home and still, the photo is simply presented again.
    mutating func advancePager(by dt: Double) {
        guard case var .photo(s) = mode, case var .paging(pager) = s.driver else { return }
        pager.offset.advance(by: dt)
        // The current photo keeps its full frame (a resize, its real size arriving).
        s.transition.pose.retarget(to: fullPose(s.photo))
        s.transition.advancePose(by: dt)
        s.driver = pager.isAtRest ? .flight(.init()) : .paging(pager)
        mode = .photo(s)
    }

    /// A horizontal wheel swipe on the presented photo: one page per swipe (`WheelPaging`).
    mutating func wheelPage(dx: Double, dy: Double) {
        if let step = wheelPaging.wheel(dx: dx, dy: dy, at: time, feel: feel) { page(by: step) }
    }
}
