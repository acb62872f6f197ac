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
            if let held = heldManipulation { endManipulation(held, cancelled: true) }
            beginManipulation(m)
        case .changed:
            guard heldManipulation != nil else { return }
            updateManipulation(m)
        case .ended, .cancelled:
            guard heldManipulation != nil else { return }
            endManipulation(m, cancelled: m.phase == .cancelled)
        }
    }

    private mutating func beginManipulation(_ m: Manipulation) {
        switch mode {
        case var .grid(grid):
            // The grid: a drag scrolls it; pinches and rotations mean nothing here.
            if m.kind == .pan {
                grid.gesture = .scrolling(m)
                scroller.beginDrag()
                scroller.drag(translationY: m.translation.y)
            } else {
                grid.gesture = .ignored(m)
            }
            mode = .grid(grid)
        case var .photo(s):
            switch s.phase {
            case .presented:
                // Wait for the axis lock (paging or dismissal) or the pinch's direction (zoom or dismissal).
                s.driver = .pending(m)
                mode = .photo(s)
                resolvePending(m)
            case .opening where isNearlyPresented(s), .zoomed where isNearlyPresented(s):
                // Nearly presented (opening, returning from a pull, a zoom landing on the fit): to
                // the hand it is presented, and the drag's direction decides, as on the presented
                // photo. Held where it was caught.
                s.driver = .pending(m)
                mode = .photo(s)
                resolvePending(m)
            case .opening, .closing:
                // Caught in flight: held exactly where it is.
                grabForDismissal(m, base: m, from: s.phase)
            case .zoomed:
                grabZoom(m)
            case .paging:
                // The page settling (a key, a wheel swipe, a released drag): a horizontal drag
                // takes hold of the page; anything else takes hold of the photo where it is, to
                // dismiss it.
                if m.kind == .pan, abs(m.translation.x) >= abs(m.translation.y) {
                    grabPager(m)
                } else {
                    grabForDismissal(m, base: m, from: .paging)
                }
            case .interacting, .grid:
                s.driver = .flight(.init(ignored: m))
                mode = .photo(s)
            }
        }
    }

    private mutating func updateManipulation(_ m: Manipulation) {
        switch mode {
        case var .grid(grid):
            switch grid.gesture {
            case .scrolling:
                grid.gesture = .scrolling(m)
                mode = .grid(grid)
                scroller.drag(translationY: m.translation.y)
            case .ignored:
                grid.gesture = .ignored(m)
                mode = .grid(grid)
            case .none, .stoppedCoasting:
                break
            }
        case var .photo(s):
            switch s.driver {
            case .pending:
                s.driver = .pending(m)
                mode = .photo(s)
                resolvePending(m)
            case .dismissing: updateDismissal(m)
            case .paging: updatePager(m)
            case .zooming: updateZoom(m)
            case var .flight(f):
                f.ignored = m
                s.driver = .flight(f)
                mode = .photo(s)
            }
        }
    }

    private mutating func endManipulation(_ m: Manipulation, cancelled: Bool) {
        switch mode {
        case var .grid(grid):
            if case .scrolling = grid.gesture {
                scroller.endDrag(translationY: m.translation.y, velocityY: cancelled ? 0 : m.velocity.y)
            }
            grid.gesture = .none
            mode = .grid(grid)
        case var .photo(s):
            switch s.driver {
            case .pending:
                // The gesture held it still (a pending photo does not advance): it goes on from rest.
                s.transition.pose.resume(velocity: PhotoPose.zero)
                s.driver = .flight(.init())
                mode = .photo(s)
            case .dismissing: releaseDismissal(m, cancelled: cancelled)
            case .paging: releasePager(m, cancelled: cancelled)
            case .zooming: releaseZoom(m, cancelled: cancelled)
            case var .flight(f):
                f.ignored = nil
                s.driver = .flight(f)
                mode = .photo(s)
            }
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
        let pinch = PinchFollow(feel: feel)
        if m.scale > 1 + feel.pinchLockScaleFraction {
            beginZoomGesture(m)
        } else if pinch.gain(for: m) != nil {
            // A pinch dead zone (iOS): nothing until the fingers have closed past it; a turn or a
            // carry alone does nothing.
            if pinch.hasClosed(m) { grabForDismissal(m, base: nil, from: .presented) }
        } else if m.scale < 1 - feel.pinchLockScaleFraction || abs(m.rotation) > feel.rotationLockRadians || moved {
            grabForDismissal(m, base: nil, from: .presented)
        }
    }

    // MARK: - Dismissal

    /// A gesture takes hold of the photo: springs paused, the pose written by the gesture from now on.
    /// `base` is the sample to measure from (the photo was moving: it stops exactly where it is), or
    /// nil (it was at rest: it catches up with the pointer's travel since the press).
    mutating func grabForDismissal(_ m: Manipulation, base: Manipulation?, from: Phase) {
        guard case var .photo(s) = mode else { return }
        let p = s.progress(feel: feel)
        // Taken from a page's flight: the neighbours on screen slide on out, as when paging is cut
        // short by a close (they must not vanish under the hand).
        if var leaving = departingNeighbours(of: s) {
            leaving.fade = s.transition.fade
            leaving.flight = flights
            departing = leaving
        }
        s.releaseDriverIntoPose()
        s.transition.pose.pause()
        s.transition.pose.hold(at: s.transition.pose.value)
        // The fade's progress is the grab's; its opacity (which may trail it) stays as drawn.
        let shownAlpha = s.transition.fade?.alpha
        s.transition.fade?.set(p, alpha: shownAlpha)
        var d = DismissInteraction(grabPose: s.transition.pose.value, grabProgress: p, from: from, base: base, first: m,
                                   pinch: PinchFollow(feel: feel))
        d.startFollowing(from: s.transition.pose.value, spring: feel.heldFollowSpring, windowHeight: windowSize.height, feel: feel)
        s.transition.pose.hold(at: d.drawnPose(windowHeight: windowSize.height, feel: feel))
        s.driver = .dismissing(d)
        mode = .photo(s)
        revealCell(s.photo, progress: progress)
        notes.append(.grabbed(photo: s.photo, gesture: GestureName(m.kind), from: from, time: time))
    }

    private mutating func updateDismissal(_ m: Manipulation) {
        guard case var .photo(s) = mode, case var .dismissing(d) = s.driver else { return }
        d.update(m)
        d.retargetFollow(windowHeight: windowSize.height, feel: feel)
        s.transition.pose.hold(at: d.drawnPose(windowHeight: windowSize.height, feel: feel))
        s.driver = .dismissing(d)
        mode = .photo(s)
    }

    /// A held dismissal with a follow spring: the drawn pose rides it toward the hand's for `dt`
    /// seconds (closed form; the hand's pose changes only at gesture updates).
    mutating func advanceFollow(by dt: Double) {
        guard case var .photo(s) = mode, case var .dismissing(d) = s.driver, d.follow != nil else { return }
        d.follow?.advance(by: dt)
        s.transition.pose.hold(at: d.drawnPose(windowHeight: windowSize.height, feel: feel))
        s.driver = .dismissing(d)
        mode = .photo(s)
    }

    /// Lets go: close or return decided on projected momentum, the gesture's velocities handed to
    /// the springs so the photo leaves at the speed the gesture had.
    private mutating func releaseDismissal(_ m: Manipulation, cancelled: Bool) {
        guard case var .photo(s) = mode, case var .dismissing(d) = s.driver else { return }
        d.update(m)
        if cancelled {
            d.gesture.velocity = .zero
            d.gesture.scaleVelocity = 0
            d.gesture.rotationVelocity = 0
        }
        let decision = d.decision(feel: feel, cancelled: cancelled, windowHeight: windowSize.height)
        let closes = decision.closes
        let p = d.progress(feel: feel)
        var tr = s.transition
        // The springs take over the photo as drawn: with a follow spring, its pose and velocity
        // (not the hand's, which it trails); the decision above went by the hand.
        d.retargetFollow(windowHeight: windowSize.height, feel: feel)
        tr.pose.hold(at: d.drawnPose(windowHeight: windowSize.height, feel: feel))
        var v = d.drawnVelocity(windowHeight: windowSize.height, feel: feel)
        let speed = v.center.length
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        if speed > maxSpeed, speed > 0 { v.center = v.center * (maxSpeed / speed) }
        let maxScaleSpeed = feel.maximumFlingScalePerSecond
        let maxRotationSpeed = feel.maximumFlingRadiansPerSecond
        v.scale = min(max(v.scale, -maxScaleSpeed), maxScaleSpeed)
        v.rotation = min(max(v.rotation, -maxRotationSpeed), maxRotationSpeed)
        let reduced = tr.fade != nil
        let alpha = photoAlpha
        tr.pose.resume(velocity: reduced && closes ? PhotoPose.zero : v)
        tr.foldScaleIntoSize()
        tr.upright(feel: feel)
        tr.fade?.set(p, alpha: alpha)
        s.transition = tr
        s.driver = .flight(.init())
        if closes {
            revealCell(s.photo, progress: s.progress(feel: feel))
            // Reduced motion: no flight, the photo fades out where it was let go. Else thrown: the
            // flight aims at the point of release first and eases over to the cell (`ThrownCarry`).
            var target = reduced ? s.transition.pose.value : cellPose(s.photo)
            if !reduced, feel.dismissCarrySeconds > 0, v.center.length > 0 {
                let carry = ThrownCarry(offset: s.transition.pose.value.center - target.center, start: time,
                                        seconds: feel.dismissCarrySeconds)
                target.center = target.center + carry.aim(at: time)
                var f = PhotoSession.Flight()
                f.carry = carry
                s.driver = .flight(f)
            }
            let pinched = d.gesture.kind == .pinch || d.gesture.kind == .pinchRotate
            s.transition.head(to: target, destination: .closed, role: pinched ? .pinchLanding : .landing, feel: feel,
                              progress: p)
        } else {
            s.transition.head(to: fullPose(s.photo), destination: .open, role: .cancel, feel: feel, progress: p)
        }
        mode = .photo(s)
        let g = d.gesture
        notes.append(.released(ViewerNote.Release(
            photo: s.photo, gesture: GestureName(g.kind), time: time, velocity: g.velocity, scaleVelocity: g.scaleVelocity,
            rotationVelocity: g.rotationVelocity, projected: decision.projected, decision: closes ? .close : .return)))
    }
}
