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
                noteIgnored(GestureName(m.kind).rawValue, .noPhotoOpen)
            }
            mode = .grid(grid)
        case let .photo(s):
            switch s.phase {
            case .presented:
                // Wait for the axis lock (paging or dismissal) or the pinch's direction (zoom or dismissal).
                withPhoto { $0.holdPending(m) }
                resolvePending(m)
            case .opening where isNearlyPresented(s), .zoomed where isNearlyPresented(s):
                // Nearly presented (opening, returning from a pull, a zoom landing on the fit): to
                // the hand it is presented, and the drag's direction decides, as on the presented
                // photo. Held where it was caught.
                withPhoto { $0.holdPending(m) }
                resolvePending(m)
            case .opening, .closing:
                // Caught in flight. A press that caught it held it still since the press: the hand's
                // whole travel counts from there, so the photo catches up with the recognizer's
                // slop and the point pressed is under the pointer from the first frame (rebased on
                // the recognized gesture, it trailed by the slop for the whole drag). Not caught by
                // a press (a touchpad's fingers): held exactly where it is.
                grabForDismissal(m, base: s.isCaught ? nil : m, from: s.phase)
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
                withPhoto { $0.driver = .flight(.init(ignored: m)) }
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
        case let .photo(s):
            switch s.driver {
            case .pending:
                withPhoto { $0.driver = .pending(m) }
                resolvePending(m)
            case .dismissing: updateDismissal(m)
            case .paging: updatePager(m)
            case .zooming: updateZoom(m)
            case .flight, .caught: withPhoto { $0.ignore(m) }
            }
        }
    }

    private mutating func endManipulation(_ m: Manipulation, cancelled: Bool) {
        switch mode {
        case var .grid(grid):
            if case .scrolling = grid.gesture {
                scroller.endDrag(translationY: m.translation.y, velocityY: cancelled ? 0 : m.velocity.y)
                // A sideways drag or swipe moved nothing: the grid says why.
                if abs(m.translation.x) > abs(m.translation.y) { noteIgnored(GestureName(m.kind).rawValue, .gridScrollsVertically) }
            }
            grid.gesture = .none
            mode = .grid(grid)
        case let .photo(s):
            switch s.driver {
            case .pending: withPhoto { $0.letGoOfPending() }
            case .dismissing: releaseDismissal(m, cancelled: cancelled)
            case .paging: releasePager(m, cancelled: cancelled)
            case .zooming: releaseZoom(m, cancelled: cancelled)
            case .flight, .caught: withPhoto { $0.ignore(nil) }
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
        guard let s = session else { return }
        let p = s.progress(feel: feel)
        // Taken from a page's flight: the neighbours on screen slide on out, as when paging is cut
        // short by a close (they must not vanish under the hand).
        if var leaving = departingNeighbours(of: s) {
            leaving.fade = s.transition.fade
            leaving.flight = flights
            departing = leaving
        }
        withPhoto { [feel, windowSize] in
            $0.grabForDismissal(m, base: base, from: from, progress: p, windowHeight: windowSize.height, feel: feel)
        }
        revealCell(s.photo, progress: progress)
        notes.append(.grabbed(photo: s.photo, gesture: GestureName(m.kind), from: from, time: time))
    }

    private mutating func updateDismissal(_ m: Manipulation) {
        withPhoto { [feel, windowSize] in $0.followDismissal(m, windowHeight: windowSize.height, feel: feel) }
    }

    /// A held dismissal with a follow spring: the drawn pose rides it toward the hand's for `dt`
    /// seconds (closed form; the hand's pose changes only at gesture updates).
    mutating func advanceFollow(by dt: Double) {
        withPhoto { [feel, windowSize] in $0.advanceFollow(by: dt, windowHeight: windowSize.height, feel: feel) }
    }

    /// Lets go: close or return decided on projected momentum, the gesture's velocities handed to
    /// the springs so the photo leaves at the speed the gesture had.
    private mutating func releaseDismissal(_ m: Manipulation, cancelled: Bool) {
        guard let photo = session?.photo else { return }
        let alpha = photoAlpha
        guard let release = withPhoto({ [feel, windowSize] in
            $0.letGoOfDismissal(m, cancelled: cancelled, alpha: alpha, windowHeight: windowSize.height, feel: feel)
        }) ?? nil else { return }
        if release.closes {
            revealCell(photo, progress: progress)
            let cell = cellPose(photo)
            withPhoto { [feel, time] in $0.throwHome(to: cell, release: release, at: time, feel: feel) }
        } else {
            let full = fullPose(photo)
            withPhoto { [feel] in $0.transition.head(to: full, destination: .open, role: .cancel, feel: feel, progress: release.progress) }
        }
        let g = release.gesture
        notes.append(.released(ViewerNote.Release(
            photo: photo, gesture: GestureName(g.kind), time: time, velocity: g.velocity, scaleVelocity: g.scaleVelocity,
            rotationVelocity: g.rotationVelocity, projected: release.projected, decision: release.closes ? .close : .return)))
    }
}
