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

    /// How near its full frame a photo still flying there must be for a drag to treat it as
    /// presented (the drag's direction then decides between paging and dismissal): its centre and
    /// drawn size within this share of the fit's width (height for the height) and its rotation
    /// within this many radians. A photo opened by a click is this near 0.3 s after the click (the
    /// open spring, 0.45 s at 0.85, leaves 2 % of the way by then); farther out a drag takes hold
    /// of the flying photo to dismiss it.
    static let nearlyPresentedShare = 0.05

    /// True when the photo flies toward its full frame (opening, returning from a pull, or a zoom
    /// returning to the fit) and is within `nearlyPresentedShare` of it: presented, to the hand.
    func isNearlyPresented(_ s: PhotoSession) -> Bool {
        switch s.driver {
        case .flight, .caught: break
        case let .zooming(zoom):
            guard zoom.returningToFit, case .spring = zoom.drive else { return false }
        default: return false
        }
        guard s.transition.destination == .open, s.transition.fade == nil else { return false }
        let full = fullPose(s.photo), pose = s.transition.pose.value
        let share = Viewer.nearlyPresentedShare
        let size = pose.displayedSize
        return (pose.center - full.center).length <= share * full.size.width
            && abs(size.width - full.size.width) <= share * full.size.width
            && abs(size.height - full.size.height) <= share * full.size.height
            && abs(pose.rotation) <= share
    }

    /// A horizontal drag on the presented photo starts paging (the photo catches up with the
    /// pointer). A photo caught nearly presented carries on to its full frame from where it was
    /// caught, from rest.
    mutating func beginPaging(_ m: Manipulation) {
        guard let photo = session?.photo else { return }
        let frame = pagerFrame(photo)
        withPhoto { s in
            s.transition.pose.resume(velocity: PhotoPose.zero)
            s.driver = .paging(Pager(dragging: m, frame: frame))
        }
        notes.append(.grabbed(photo: photo, gesture: .page, from: .presented, time: time))
    }

    /// A drag catches the pager while it settles: held where it is.
    mutating func grabPager(_ m: Manipulation) {
        guard let s = session, case .paging = s.driver else { return }
        let frame = pagerFrame(s.photo)
        withPhoto { $0.withPager { pager, _ in pager.grab(m, frame: frame) } }
        notes.append(.grabbed(photo: s.photo, gesture: .page, from: .paging, time: time))
    }

    mutating func updatePager(_ m: Manipulation) {
        guard let photo = session?.photo else { return }
        let frame = pagerFrame(photo)
        withPhoto { $0.withPager { pager, _ in pager.drag(m, frame: frame) } }
    }

    /// Lets go: next, previous or stay, decided on the projected offset or a flick; the paging
    /// spring carries the release velocity.
    mutating func releasePager(_ m: Manipulation, cancelled: Bool) {
        guard let s = session, case let .paging(pager) = s.driver, let hold = pager.hold else { return }
        let frame = pagerFrame(s.photo)
        let g = m.rebased(on: hold.base)
        // The pager takes the last move; a release it cannot decide leaves it as it was.
        var moved = pager
        moved.drag(m, frame: frame)
        guard let decision = moved.decision(releasing: g, frame: frame, cancelled: cancelled) else { return }
        withPhoto { $0.withPager { pager, _ in
            pager.drag(m, frame: frame)
            pager.letGo(velocity: decision.velocity)
        } }
        switch decision.verdict {
        case .next: turnPage(by: 1, byHand: true)
        case .previous: turnPage(by: -1, byHand: true)
        default: settlePager()
        }
        notes.append(.released(ViewerNote.Release(
            photo: s.photo, gesture: .page, time: time, velocity: g.velocity, scaleVelocity: 0,
            rotationVelocity: 0, projected: decision.projectedOffset, decision: decision.verdict)))
    }

    /// Sends the pager's offset home (to 0) on the paging spring.
    private mutating func settlePager() {
        withPhoto { [feel] in $0.withPager { pager, _ in pager.settle(feel: feel) } }
    }

    /// Turns one page (`step` ±1): the neighbour becomes the current photo and the offset shifts by
    /// one slot in the same instant, so nothing on screen moves; then the spring brings it home.
    /// `velocity`: the offset's velocity from now (a flick handed over from a zoomed photo's edge).
    /// `byHand`: a hand let it go (a drag, a flick at a zoomed photo's edge): the page keeps the
    /// hand's pace; else (a key, a wheel swipe, the slideshow, an undo) the paging spring's own.
    mutating func turnPage(by step: Int, velocity: Double? = nil, byHand: Bool) {
        guard let from = session?.photo else { return }
        let to = from + step
        guard photos.indices.contains(to) else { settlePager(); return }
        let full = fullPose(to), outgoingFull = fullPose(from)
        withPhoto { [slotWidth, feel] in
            $0.turnPage(by: step, full: full, outgoingFull: outgoingFull, slot: slotWidth, feel: feel, velocity: velocity, byHand: byHand)
        }
        focus.index = to
        notes.append(.paged(from: from, to: to, time: time))
        // The grid is hidden behind the backdrop: scroll it now so closing lands on a visible cell.
        revealCell(to, progress: progress)
    }

    /// Left/Right keys and wheel swipes: turn a page from the presented photo or while paging
    /// settles, or from a zoomed photo that shows its edge that way (iOS Photos: the edge hands over
    /// to paging; the zoomed photo slides out and settles to its fit in its slot).
    mutating func page(by step: Int) {
        guard let s = session else { return }
        switch s.driver {
        case .flight:
            guard hasLanded(s), photos.indices.contains(s.photo + step) else { return }
            turnPage(by: step, byHand: false)
        case let .paging(pager):
            guard !pager.isHeld else { return }
            turnPage(by: step, byHand: false)
        case .zooming:
            guard zoomShowsEdge(toward: step), photos.indices.contains(s.photo + step) else { return }
            turnPage(by: step, byHand: false)
        default:
            return
        }
    }

    // MARK: - A zoomed photo's edge

    /// True when the zoomed photo shows its edge toward `step` (+1: its right edge, −1: its left)
    /// where it is heading: panning on that way shows nothing more. False while a gesture holds it
    /// or it returns to its fit.
    /// A zoom still short of the presented progress (reached from a closing photo) does not page:
    /// paging shows the backdrop whole.
    func zoomShowsEdge(toward step: Int) -> Bool {
        guard let s = session, case let .zooming(zoom) = s.driver, !zoom.returningToFit,
              s.progress(feel: feel) >= 1 - 1e-9 else { return false }
        let pose = s.transition.pose
        let x: Double, scale: Double
        switch zoom.drive {
        case .spring: (x, scale) = (pose.target.center.x, pose.target.scale)
        case let .coasting(cx, _): (x, scale) = (cx.value, pose.value.scale)
        case .gesture: return false
        }
        let bounds = ZoomInteraction.centerBounds(fit: fitSize(s.photo), scale: scale, window: windowSize).x
        let slack = 0.5
        return step > 0 ? x <= bounds.lowerBound + slack : x >= bounds.upperBound - slack
    }

    /// A pan on a zoomed photo let go: if it was dragged past the photo's edge and the paging
    /// decision on that overshoot (offset past the edge, the release velocity) says next or previous,
    /// the page turns, starting at the photo's own velocity (the hand's through the edge's rubber
    /// band: the band's slope), and true is returned. A pan inside the photo's
    /// bounds never pages, however fast.
    mutating func pageAtZoomEdge(released g: Manipulation, velocity: Double) -> Bool {
        guard let s = session, case .zooming = s.driver, s.progress(feel: feel) >= 1 - 1e-9 else { return false }
        let pose = s.transition.pose.value
        let bounds = ZoomInteraction.centerBounds(fit: fitSize(s.photo), scale: pose.scale, window: windowSize).x
        let past = pose.center.x < bounds.lowerBound ? pose.center.x - bounds.lowerBound
            : pose.center.x > bounds.upperBound ? pose.center.x - bounds.upperBound : 0
        guard abs(past) > 0.5 else { return false }
        let decision = Pager.decision(offset: past, velocity: velocity, width: windowSize.width,
                                      hasPrevious: hasPrevious(s.photo), hasNext: hasNext(s.photo), feel: feel)
        let step: Int
        switch decision.verdict {
        case .next: step = 1
        case .previous: step = -1
        default: return false
        }
        // The hand's speed decides; the strip starts with the photo's own, as the band passed it on.
        let raw = ZoomInteraction.unband(pose.center.x, bounds, dimension: windowSize.width, feel: feel)
        turnPage(by: step, velocity: decision.velocity * ZoomInteraction.bandSlope(raw, bounds, dimension: windowSize.width, feel: feel), byHand: true)
        notes.append(.released(ViewerNote.Release(
            photo: s.photo, gesture: GestureName(g.kind), time: time, velocity: g.velocity, scaleVelocity: g.scaleVelocity,
            rotationVelocity: g.rotationVelocity, projected: decision.projectedOffset, decision: decision.verdict)))
        return true
    }

    // MARK: - Time and the window

    /// The window resized from `oldSlot` (points) to the present slot: a page turn keeps its
    /// progress as a share of the slot.
    mutating func keepPagingShare(oldSlot: Double) {
        guard let photo = session?.photo, oldSlot > 0 else { return }
        let frame = pagerFrame(photo)
        withPhoto { [slotWidth] in $0.withPager { pager, _ in pager.rescale(by: slotWidth / oldSlot, frame: frame) } }
    }

    /// True while paging when window point `p` lies in the window: the strip is one surface, and a
    /// press anywhere on it (another photo of the strip, the gap between two) catches it as a
    /// press on the current photo does. After quick flicks the strip may show the photo before
    /// the page it heads for under the hand, or the gap.
    func stripCovers(_ p: Point) -> Bool {
        guard case .paging = session?.driver else { return false }
        return p.x >= 0 && p.x <= windowSize.width && p.y >= 0 && p.y <= windowSize.height
    }

    /// The settling pose photo `photo` has in the strip (paging, or its neighbours departing), if any.
    package func stripPose(of photo: Int) -> SpringAnimation<PhotoPose>? {
        if case let .paging(pager) = session?.driver, let pose = pager.leavingPose(of: photo) { return pose }
        return departing?.leaving.first { $0.photo == photo }?.pose
    }

    /// Moves the pager on; once home and still, the photo is simply presented again.
    mutating func advancePager(by dt: Double) {
        // The frames do not depend on the session: read from the viewer as it is before the lend.
        let frames = self
        withPhoto { $0.advancePager(by: dt, full: frames.fullPose) }
    }

    /// A horizontal wheel swipe on the presented photo: one page per swipe (`WheelPaging`).
    mutating func wheelPage(dx: Double, dy: Double) {
        if let step = wheelPaging.wheel(dx: dx, dy: dy, at: time, feel: feel) { page(by: step) }
    }
}
