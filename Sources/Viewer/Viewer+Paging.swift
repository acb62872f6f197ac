import Geometry
import Gestures
import Motion

// Paging between neighbouring photos: drags, keys and horizontal wheel swipes.
extension Viewer {
    var slotWidth: Double { Pager.slot(windowWidth: windowSize.width, feel: feel) }

    func hasPrevious(_ index: Int) -> Bool { index > 0 }
    func hasNext(_ index: Int) -> Bool { index + 1 < photos.count }

    /// A horizontal drag on the presented photo starts paging (the photo catches up with the pointer).
    mutating func beginPaging(_ m: Manipulation) {
        guard let tr = transition else { return }
        var pager = Pager(feel: feel)
        pager.dragStartRaw = 0
        pager.base = nil
        control = .paging(pager)
        notes.append(.grabbed(photo: tr.photo, gesture: GestureName.page.rawValue, from: .presented, time: time))
        updatePager(m)
    }

    /// A drag catches the pager while it settles: held where it is.
    mutating func grabPager(_ m: Manipulation) {
        guard case var .paging(pager) = control, let tr = transition else { return }
        let shown = pager.offset.value
        let banded = shown > 0 && !hasPrevious(tr.photo) || shown < 0 && !hasNext(tr.photo)
        pager.dragStartRaw = banded
            ? RubberBand.unband(shown, dimension: windowSize.width, coefficient: feel.rubberBandCoefficient) : shown
        pager.base = m
        pager.gesture = m.rebased(on: m)
        pager.offset.pause()
        pager.offset.hold(at: shown)
        control = .paging(pager)
        notes.append(.grabbed(photo: tr.photo, gesture: GestureName.page.rawValue, from: .paging, time: time))
    }

    mutating func updatePager(_ m: Manipulation) {
        guard case var .paging(pager) = control, let start = pager.dragStartRaw, let tr = transition else { return }
        let g = m.rebased(on: pager.base)
        pager.gesture = g
        // One page per drag: the neighbour can be pulled as far as the middle, not past it.
        let raw = min(max(start + g.translation.x, -slotWidth), slotWidth)
        let shown = Pager.banded(raw, hasPrevious: hasPrevious(tr.photo), hasNext: hasNext(tr.photo),
                                 width: windowSize.width, feel: feel)
        if !pager.offset.isPaused { pager.offset.pause() }
        pager.offset.hold(at: shown)
        control = .paging(pager)
    }

    /// What releasing the paging drag `g` (measured from `pager.base`) would do now: the release
    /// velocity (zero when cancelled or held past the middle, rubber-banded past the first and last
    /// photo, capped) and the decision on it. The one place a paging release is decided: the
    /// release and the decision overlay both ask it.
    func pagingDecision(_ pager: Pager, gesture g: Manipulation, photo: Int, cancelled: Bool) -> Pager.Decision? {
        guard let start = pager.dragStartRaw else { return nil }
        let raw = min(max(start + g.translation.x, -slotWidth), slotWidth)
        let banded = raw > 0 && !hasPrevious(photo) || raw < 0 && !hasNext(photo)
        // Held at the middle (the drag went past it) the photos were not moving.
        var v = cancelled || abs(start + g.translation.x) > slotWidth ? 0 : g.velocity.x
        if banded { v *= RubberBand.slope(raw, dimension: max(1, windowSize.width), coefficient: feel.rubberBandCoefficient) }
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        v = min(max(v, -maxSpeed), maxSpeed)
        return Pager.decision(offset: pager.offset.value, velocity: v, width: windowSize.width,
                              hasPrevious: hasPrevious(photo), hasNext: hasNext(photo), feel: feel, cancelled: cancelled)
    }

    /// Lets go: next, previous or stay, decided on the projected offset or a flick; the paging
    /// spring carries the release velocity.
    mutating func releasePager(_ m: Manipulation, cancelled: Bool) {
        updatePager(m)
        guard case var .paging(pager) = control, let tr = transition else { return }
        let g = m.rebased(on: pager.base)
        guard let decision = pagingDecision(pager, gesture: g, photo: tr.photo, cancelled: cancelled) else { return }
        pager.dragStartRaw = nil
        pager.base = nil
        pager.gesture = nil
        pager.offset.resume(velocity: decision.velocity)
        control = .paging(pager)
        let from = tr.photo
        switch decision.verdict {
        case .next: turnPage(by: 1)
        case .previous: turnPage(by: -1)
        default: settlePager()
        }
        notes.append(.released(ViewerNote.Release(
            photo: from, gesture: GestureName.page.rawValue, time: time, velocity: g.velocity, scaleVelocity: 0,
            rotationVelocity: 0, projected: decision.projectedOffset, decision: decision.verdict.rawValue)))
    }

    /// Sends the pager's offset home (to 0) on the paging spring.
    private mutating func settlePager() {
        guard case var .paging(pager) = control else { return }
        pager.offset.retarget(to: 0, spring: feel.pagingSpring)
        control = .paging(pager)
    }

    /// Turns one page (`step` ±1): the neighbour becomes the current photo and the offset shifts by
    /// one slot in the same instant, so nothing on screen moves; then the spring brings it home.
    mutating func turnPage(by step: Int) {
        guard var tr = transition else { return }
        let to = tr.photo + step
        guard photos.indices.contains(to) else { settlePager(); return }
        var pager: Pager
        if case let .paging(p) = control { pager = p } else { pager = Pager(feel: feel) }
        let from = tr.photo
        tr.photo = to
        let full = fullPose(to)
        tr.pose.retarget(to: full)
        tr.pose.jump(to: full)
        transition = tr
        pager.offset.jump(to: pager.offset.value + Double(step) * slotWidth, velocity: pager.offset.velocity)
        control = .paging(pager)
        settlePager()
        focus.index = to
        lastPhoto = to
        notes.append(.paged(from: from, to: to, time: time))
        // The grid is hidden behind the backdrop: scroll it now so closing lands on a visible cell.
        revealCell()
    }

    /// Left/Right keys and wheel swipes: turn a page from the presented photo or while paging settles.
    mutating func page(by step: Int) {
        guard let tr = transition else { return }
        switch control {
        case .flight:
            guard phase == .presented, photos.indices.contains(tr.photo + step) else { return }
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
        guard case var .paging(pager) = control else { return }
        pager.offset.advance(by: dt)
        if var tr = transition {
            // The current photo keeps its full frame (a resize, its real size arriving).
            tr.pose.retarget(to: fullPose(tr.photo))
            tr.advancePose(by: dt)
            transition = tr
        }
        if pager.isAtRest && owner != .photo {
            control = .flight
        } else {
            control = .paging(pager)
        }
    }

    /// A horizontal wheel swipe on the presented photo: one page per swipe (a burst of wheel events
    /// ends after the feel's quiet spell).
    mutating func wheelPage(dx: Double, dy: Double) {
        if time - wheelPaging.lastTime > feel.wheelQuietSeconds {
            wheelPaging = WheelPaging()
        }
        wheelPaging.lastTime = time
        guard !wheelPaging.spent, abs(dx) > abs(dy) else { return }
        wheelPaging.accumulated += dx
        if abs(wheelPaging.accumulated) >= feel.wheelPageUnits {
            wheelPaging.spent = true
            page(by: wheelPaging.accumulated > 0 ? 1 : -1)
        }
    }
}
