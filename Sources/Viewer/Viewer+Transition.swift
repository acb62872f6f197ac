import Geometry
import Gestures
import Motion

// The photo transition: opening from a cell, closing to it, reversing either at any instant, taps,
// and moving the photo forward in time.
extension Viewer {
    // MARK: - Open and close

    /// Flies photo `index` from its cell to the full frame (with reduced motion: fades it in there).
    mutating func open(_ index: Int, trigger: String) {
        guard photos.indices.contains(index), transition == nil else { return }
        let full = fullPose(index)
        if feel.reducedMotion {
            transition = PhotoTransition(photo: index, from: full, to: full, role: .open, feel: feel,
                                         fade: CrossFade(value: 0, target: 1, durationSeconds: feel.crossFadeSeconds))
        } else {
            transition = PhotoTransition(photo: index, from: cellPose(index), to: full, role: .open, feel: feel,
                                         fade: nil)
        }
        control = .flight
        tapDismissal = nil
        lastPhoto = index
        focus.index = index
        notes.append(.opened(photo: index, trigger: trigger, time: time))
    }

    /// Sends the photo back to its cell from wherever it is, with the velocity it has (Esc, a click,
    /// a key). Whatever held it (paging, zoom, a gesture) lets go first.
    mutating func close(trigger: String) {
        guard transition != nil else { return }
        let before = phase
        if before == .closing { return }
        // The progress shown now (paging, a held gesture and a zoom keep their own): closing starts there.
        let p = progress
        releaseControlIntoPose()
        if owner == .photo { owner = .ignored }
        tapDismissal = nil
        revealCell()
        guard var tr = transition else { return }
        if tr.fade != nil {
            // Reduced motion: the photo stays where it is and fades out.
            tr.pose.jump(to: tr.pose.value, velocity: PhotoPose.zero)
            tr.fade?.set(p)
            tr.head(to: tr.pose.value, destination: .closed, role: .close, feel: feel, progress: p)
        } else {
            uprightPose(&tr)
            tr.head(to: cellPose(tr.photo), destination: .closed, role: .close, feel: feel, progress: p)
        }
        transition = tr
        control = .flight
        if before == .opening { notes.append(.interrupted(photo: tr.photo, from: .opening, to: .closing, time: time)) }
        notes.append(.closing(photo: tr.photo, trigger: trigger, time: time))
    }

    /// Sends a closing photo back to the full frame from where it is, with its velocity.
    mutating func reopen() {
        guard var tr = transition, phase == .closing else { return }
        let p = progress
        uprightPose(&tr)
        tr.head(to: fullPose(tr.photo), destination: .open, role: .open, feel: feel, progress: p)
        transition = tr
        control = .flight
        tapDismissal = nil
        notes.append(.interrupted(photo: tr.photo, from: .closing, to: .opening, time: time))
        notes.append(.opened(photo: tr.photo, trigger: "reopen", time: time))
    }

    /// Wraps the pose's rotation into (−π, π] (the same picture) so a spring to 0 takes the short
    /// way; returns the pose for convenience.
    @discardableResult
    func uprightPose(_ tr: inout PhotoTransition) -> PhotoPose {
        var v = tr.pose.value
        let wrapped = wrapAngle(v.rotation)
        if wrapped != v.rotation {
            v.rotation = wrapped
            tr.pose.jump(to: v, velocity: tr.pose.velocity)
        }
        return v
    }

    /// Scrolls the grid so the transition's cell is on screen: at once while the backdrop hides the
    /// grid, on the scroll spring (the flight following the cell) while the grid shows.
    mutating func revealCell() {
        guard let tr = transition else { return }
        let target = layout.scrollRevealing(tr.photo, from: scroller.destination)
        scroller.reveal(target, animated: progress < 0.999)
    }

    /// Takes the photo out of paging, zoom coasting or a gesture, folding their offsets and
    /// velocities into the pose, so the next motion starts from exactly what is on screen.
    mutating func releaseControlIntoPose() {
        guard var tr = transition else { return }
        switch control {
        case let .paging(pager):
            // The neighbours on screen slide on out while the current photo goes its way.
            let slot = slotWidth
            let shown = [(tr.photo - 1, -slot), (tr.photo + 1, slot)].filter { photos.indices.contains($0.0) }
            if !shown.isEmpty, !pager.offset.isAtRest || pager.offset.value != 0 {
                var offset = pager.offset
                if offset.isPaused { offset.resume() }
                offset.retarget(to: 0)
                departing = DepartingNeighbours(photos: shown.map { (index: $0.0, shift: $0.1) }, offset: offset)
            }
            var v = tr.pose.value
            v.center.x += pager.offset.value
            var vel = tr.pose.velocity
            vel.center.x += pager.offset.velocity
            if tr.pose.isPaused { tr.pose.resume() }
            tr.pose.jump(to: v, velocity: vel)
        case let .zoom(zoom):
            switch zoom.drive {
            case let .coasting(x, y):
                tr.pose.resume(velocity: PhotoPose(center: Point(x.velocity, y.velocity), size: .zero, scale: 0, rotation: 0))
            case .gesture:
                tr.pose.resume(velocity: PhotoPose.zero)
            case .spring:
                break
            }
        case .dismissal:
            tr.pose.resume(velocity: PhotoPose.zero)
        case .flight, .pending:
            break
        }
        transition = tr
        control = .flight
    }

    /// Keeps a flight aimed at the present frames: the cell moves as the grid scrolls or reflows, the
    /// full frame as the window resizes or a photo's real size arrives. Value and velocity carry on.
    mutating func refreshFlightTarget() {
        guard var tr = transition, case .flight = control else { return }
        if tr.fade != nil {
            // Reduced motion: a closing photo fades where it is; a presented one refits at once.
            guard tr.destination == .open else { return }
            let full = fullPose(tr.photo)
            if tr.pose.isAtRest && !tr.pose.isPaused {
                if full != tr.pose.target { tr.pose.retarget(to: full); tr.pose.jump(to: full) }
            } else {
                tr.follow(full)
            }
            transition = tr
            return
        }
        tr.follow(tr.destination == .open ? fullPose(tr.photo) : cellPose(tr.photo))
        transition = tr
    }

    // MARK: - Taps

    mutating func handleTap(at location: Point, count: Int, button: PointerButton, time t: Double) {
        guard button == .left else { return }
        gestureSinceFrame = .tap
        if swallowNextTap {
            swallowNextTap = false
            return
        }
        let isDouble = count >= 2
        guard let tr = transition else {
            if let i = layout.cellIndex(at: location, scroll: scroller.offset) {
                focus.isVisible = false
                open(i, trigger: "click")
            }
            return
        }
        switch phase {
        case .grid, .interacting:
            return
        case .opening:
            // The second click of a double-click that opened the photo does not send it back.
            if isDouble { return }
            close(trigger: "click")
        case .presented:
            close(trigger: "click")
            tapDismissal = (tr.photo, location, t)
        case .closing:
            // A double tap's first tap came within the interval before it (the recognizer's rule);
            // `tapDismissal` lives only while the closing that tap started is under way.
            if isDouble, let d = tapDismissal, d.photo == tr.photo {
                tapDismissal = nil
                zoomAfterDoubleClick(at: d.location)
            } else {
                reopen()
            }
        case .zoomed:
            if isDouble { zoom(toScale: 1, about: location) }
        case .paging:
            if case let .paging(pager) = control, !pager.isHeld {
                close(trigger: "click")
                tapDismissal = (tr.photo, location, t)
            }
        }
    }

    // MARK: - Time

    /// A closing photo that has come to rest on its cell (or faded out) leaves: the grid shows the
    /// cell again.
    mutating func landIfArrived() {
        guard let tr = transition, case .flight = control, tr.destination == .closed, tr.isAtRest else { return }
        transition = nil
        tapDismissal = nil
        focus.index = tr.photo
        lastPhoto = tr.photo
    }

    /// Moves the photo forward by `dt` seconds under whatever controls it.
    mutating func advancePhoto(by dt: Double) {
        guard transition != nil else { return }
        switch control {
        case .flight:
            refreshFlightTarget()
            guard var tr = transition else { return }
            tr.advancePose(by: dt)
            tr.fade?.advance(by: dt)
            transition = tr
            landIfArrived()
        case .pending, .dismissal:
            return
        case .paging:
            advancePager(by: dt)
        case .zoom:
            advanceZoom(by: dt)
        }
    }
}
