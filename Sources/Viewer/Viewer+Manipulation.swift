import Geometry
import Gestures
import Motion

// Manipulations (pan, pinch, rotate): who takes them, and dismissal by gesture.
extension Viewer {
    mutating func handleManipulation(_ m: Manipulation) {
        switch m.phase {
        case .began:
            // A new manipulation while one is held (the recognizers never do this; a replayed or
            // hand-written trace might): the old one is cancelled where it stood.
            if owner != .none { endManipulation(heldManipulation ?? m, cancelled: true) }
            heldManipulation = m
            beginManipulation(m)
        case .changed:
            guard owner != .none else { return }
            heldManipulation = m
            updateManipulation(m)
        case .ended, .cancelled:
            guard owner != .none else { return }
            endManipulation(m, cancelled: m.phase == .cancelled)
        }
    }

    private mutating func beginManipulation(_ m: Manipulation) {
        swallowNextTap = false
        tapDismissal = nil
        guard transition != nil else {
            // The grid: a drag scrolls it; pinches and rotations mean nothing here.
            if m.kind == .pan {
                owner = .grid
                scroller.beginDrag()
                scroller.drag(translationY: m.translation.y)
            } else {
                owner = .ignored
            }
            return
        }
        owner = .photo
        switch phase {
        case .presented:
            // Wait for the axis lock (paging or dismissal) or the pinch's direction (zoom or dismissal).
            control = .pending
            resolvePending(m)
        case .opening, .closing:
            // Caught in flight: held exactly where it is.
            grabForDismissal(m, base: m, from: phase)
        case .zoomed:
            grabZoom(m)
        case .paging:
            grabPager(m)
        case .interacting, .grid:
            owner = .ignored
        }
    }

    private mutating func updateManipulation(_ m: Manipulation) {
        switch owner {
        case .grid:
            scroller.drag(translationY: m.translation.y)
        case .photo:
            switch control {
            case .pending: resolvePending(m)
            case .dismissal: updateDismissal(m)
            case .paging: updatePager(m)
            case .zoom: updateZoom(m)
            case .flight: owner = .ignored
            }
        case .none, .ignored:
            break
        }
    }

    private mutating func endManipulation(_ m: Manipulation, cancelled: Bool) {
        let who = owner
        owner = .none
        heldManipulation = nil
        switch who {
        case .grid:
            scroller.endDrag(translationY: m.translation.y, velocityY: cancelled ? 0 : m.velocity.y)
        case .photo:
            switch control {
            case .pending: control = .flight
            case .dismissal: releaseDismissal(m, cancelled: cancelled)
            case .paging: releasePager(m, cancelled: cancelled)
            case .zoom: releaseZoom(m, cancelled: cancelled)
            case .flight: break
            }
        case .none, .ignored:
            break
        }
    }

    /// On the presented photo, decides what a manipulation means once it shows it: a pan past the
    /// axis lock pages when mostly horizontal and dismisses otherwise; a pinch out zooms, a pinch in
    /// or a rotation dismisses. The photo, at rest until then, catches up with the pointer.
    private mutating func resolvePending(_ m: Manipulation) {
        let lock = feel.pagingAxisLockPoints
        let moved = m.translation.length >= lock
        if m.kind == .pan {
            guard moved else { return }
            if abs(m.translation.x) > abs(m.translation.y) {
                beginPaging(m)
            } else {
                grabForDismissal(m, base: nil, from: .presented)
            }
            return
        }
        if m.scale > 1 + feel.pinchLockScaleFraction {
            beginZoomGesture(m)
        } else if m.scale < 1 - feel.pinchLockScaleFraction || abs(m.rotation) > feel.rotationLockRadians || moved {
            grabForDismissal(m, base: nil, from: .presented)
        }
    }

    // MARK: - Dismissal

    /// A gesture takes hold of the photo: springs paused, the pose written by the gesture from now on.
    /// `base` is the sample to measure from (the photo was moving: it stops exactly where it is), or
    /// nil (it was at rest: it catches up with the pointer's travel since the press).
    mutating func grabForDismissal(_ m: Manipulation, base: Manipulation?, from: Phase) {
        let p = progress
        releaseControlIntoPose()
        guard var tr = transition else { return }
        tr.pose.pause()
        tr.pose.hold(at: tr.pose.value)
        tr.fade?.set(p)
        let d = DismissInteraction(grabPose: tr.pose.value, grabProgress: p, from: from, base: base, first: m)
        tr.pose.hold(at: d.pose(windowHeight: windowSize.height, feel: feel))
        transition = tr
        control = .dismissal(d)
        owner = .photo
        revealCell()
        notes.append(.grabbed(photo: tr.photo, gesture: m.kind.rawValue, from: from, time: time))
    }

    private mutating func updateDismissal(_ m: Manipulation) {
        guard case var .dismissal(d) = control, var tr = transition else { return }
        d.update(m)
        tr.pose.hold(at: d.pose(windowHeight: windowSize.height, feel: feel))
        transition = tr
        control = .dismissal(d)
    }

    /// Lets go: close or return decided on projected momentum, the gesture's velocities handed to
    /// the springs so the photo leaves at the speed the gesture had.
    private mutating func releaseDismissal(_ m: Manipulation, cancelled: Bool) {
        guard case var .dismissal(d) = control, var tr = transition else { return }
        d.update(m)
        if cancelled {
            d.gesture.velocity = .zero
            d.gesture.scaleVelocity = 0
            d.gesture.rotationVelocity = 0
        }
        let decision = d.decision(feel: feel, cancelled: cancelled)
        let closes = decision.closes
        let p = d.progress(feel: feel)
        tr.pose.hold(at: d.pose(windowHeight: windowSize.height, feel: feel))
        var v = d.poseVelocity(windowHeight: windowSize.height, feel: feel)
        let speed = v.center.length
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        if speed > maxSpeed, speed > 0 { v.center = v.center * (maxSpeed / speed) }
        let maxScaleSpeed = feel.maximumFlingScalePerSecond
        let maxRotationSpeed = feel.maximumFlingRadiansPerSecond
        v.scale = min(max(v.scale, -maxScaleSpeed), maxScaleSpeed)
        v.rotation = min(max(v.rotation, -maxRotationSpeed), maxRotationSpeed)
        let reduced = tr.fade != nil
        tr.pose.resume(velocity: reduced && closes ? PhotoPose.zero : v)
        uprightPose(&tr)
        tr.fade?.set(p)
        transition = tr
        control = .flight
        if closes {
            revealCell()
            guard var tr = transition else { return }
            // Reduced motion: no flight, the photo fades out where it was let go.
            tr.head(to: reduced ? tr.pose.value : cellPose(tr.photo), destination: .closed, role: .close, feel: feel, progress: p)
            transition = tr
        } else {
            tr.head(to: fullPose(tr.photo), destination: .open, role: .cancel, feel: feel, progress: p)
            transition = tr
        }
        let g = d.gesture
        notes.append(.released(ViewerNote.Release(
            photo: tr.photo, gesture: g.kind.rawValue, time: time, velocity: g.velocity, scaleVelocity: g.scaleVelocity,
            rotationVelocity: g.rotationVelocity, projected: decision.projected, decision: closes ? "close" : "return")))
    }
}
