import Geometry
import Gestures
import Motion
import Events

// The photo transition: opening from a cell, closing to it, reversing either at any instant, taps,
// and moving the photo forward in time.
extension Viewer {
    // MARK: - Open and close

    /// Flies photo `index` from its cell to the full frame (with reduced motion: fades it in there).
    /// A drag scrolling the grid lets go where it stands; the rest of it is ignored.
    mutating func open(_ index: Int, trigger: ViewerNote.Trigger) {
        guard photos.indices.contains(index), case let .grid(grid) = mode else { return }
        if landing?.photo == index { landing = nil }
        let full = fullPose(index)
        let transition: PhotoTransition
        if feel.reducedMotion {
            transition = PhotoTransition(photo: index, from: full, to: full, role: .open, feel: feel,
                                         fade: CrossFade(value: 0, target: 1, durationSeconds: feel.crossFadeSeconds))
        } else {
            transition = PhotoTransition(photo: index, from: cellPose(index), to: full, role: .open, feel: feel,
                                         fade: nil)
        }
        if case let .scrolling(m) = grid.gesture {
            scroller.endDrag(translationY: m.translation.y, velocityY: 0)
        }
        mode = .photo(PhotoSession(transition: transition, driver: .flight(.init(ignored: grid.gesture.held)),
                                   flight: grid.flights + 1))
        focus.index = index
        notes.append(.opened(photo: index, trigger: trigger, time: time))
    }

    /// Starts the session on photo `index` (`photozoom photo.jpg`): the grid scrolls to its cell at
    /// once and the photo flies from there as a click would open it (trigger `start`).
    package mutating func present(_ index: Int) {
        guard photos.indices.contains(index), transition == nil else { return }
        scroller.reveal(layout.scrollRevealing(index, from: scroller.destination), animated: false)
        open(index, trigger: .start)
    }

    /// Sends the photo back to its cell from wherever it is, with the velocity it has (Esc, a click,
    /// a key). Whatever held it (paging, zoom, a gesture) lets go first; a gesture is ignored from
    /// then on. `click` is the point of a click on the presented photo that closes it (a second
    /// click turns the closing into a zoom).
    mutating func close(trigger: ViewerNote.Trigger, click: Point? = nil) {
        guard let s = session else { return }
        let before = s.phase
        if before == .closing { return }
        // The progress shown now (paging, a held gesture and a zoom keep their own): closing starts there.
        let p = s.progress(feel: feel)
        let alpha = photoAlpha
        let leaving = departingNeighbours(of: s)
        revealCell(s.photo, progress: p)
        // A click on the presented photo closes gently until a second click can no longer come
        // (the spring, or with reduced motion the fade, starts slowly: `SpringRole.clickLeadIn`).
        let role: PhotoTransition.SpringRole = click != nil && before == .presented ? .clickLeadIn : .close
        let cell = cellPose(s.photo)
        guard let fade = withPhoto({ [feel, time] in
            $0.headHome(to: cell, role: role, progress: p, alpha: alpha, click: click, at: time, feel: feel)
        }) else { return }
        if var d = leaving {
            d.fade = fade
            d.flight = flights
            departing = d
        }
        if before == .opening { notes.append(.interrupted(photo: s.photo, from: .opening, to: .closing, time: time)) }
        notes.append(.closing(photo: s.photo, trigger: trigger, time: time))
    }

    /// The paging neighbours on screen when paging is cut short, sliding on out on the pager's
    /// spring (nil when not paging or none shows).
    func departingNeighbours(of s: PhotoSession) -> DepartingNeighbours? {
        guard case let .paging(pager) = s.driver else { return nil }
        let shown = pagingNeighbours(of: s.photo, offset: pager.offset.value)
        guard !shown.isEmpty, !pager.offset.isAtRest || pager.offset.value != 0 else { return nil }
        var offset = pager.offset
        if offset.isPaused { offset.resume() }
        offset.retarget(to: 0)
        var d = DepartingNeighbours(photos: shown.map { (index: $0.0, shift: $0.1) }, offset: offset)
        d.leaving = pager.leaving
        return d
    }

    /// Sends a closing photo back to the full frame from where it is, with its velocity.
    mutating func reopen() {
        guard let s = session, s.phase == .closing, let f = s.driver.anyFlight else { return }
        let p = s.progress(feel: feel)
        let full = fullPose(s.photo)
        withPhoto { [feel] s in
            s.transition.upright(feel: feel)
            s.transition.head(to: full, destination: .open, role: .open, feel: feel, progress: p)
            s.driver = .flight(.init(ignored: f.ignored))
        }
        notes.append(.interrupted(photo: s.photo, from: .closing, to: .opening, time: time))
        notes.append(.opened(photo: s.photo, trigger: .reopen, time: time))
    }

    /// Scrolls the grid so photo `index`'s cell is on screen: at once while the backdrop hides the
    /// grid (`progress` near 1), on the scroll spring (the flight following the cell) while the grid shows.
    mutating func revealCell(_ index: Int, progress: Double) {
        let target = layout.scrollRevealing(index, from: scroller.destination)
        scroller.reveal(target, animated: progress < 0.999)
    }

    /// Keeps a flight aimed at the present frames: the cell moves as the grid scrolls or reflows, the
    /// full frame as the window resizes or a photo's real size arrives. Value and velocity carry on.
    mutating func refreshFlightTarget() {
        guard let photo = session?.photo else { return }
        let full = fullPose(photo), cell = cellPose(photo)
        withPhoto { [time] in $0.refreshTarget(full: full, cell: cell, at: time) }
    }

    // MARK: - Press and taps

    /// A press: on a flung grid (coasting, or bouncing back from past an end) it stops the scroll,
    /// and its click opens nothing; on the photo while it flies it catches it
    /// (`PhotoSession.catchMotion`).
    mutating func pressed(at p: Point, button: PointerButton?) {
        switch mode {
        case var .grid(grid):
            let stops = scroller.isFlung
            if stops { scroller.stop() }
            switch grid.gesture {
            case .none, .stoppedCoasting: grid.gesture = stops ? .stoppedCoasting : .none
            case .scrolling, .ignored: break
            }
            mode = .grid(grid)
        case let .photo(s):
            guard button == .left, s.covers(p) || stripCovers(p) else { return }
            withPhoto { _ = $0.catchMotion() }
        }
    }

    mutating func handleTap(at location: Point, count: Int, button: PointerButton, time t: Double) {
        guard button == .left else { return }
        lastFrame.gestureSince = .tap
        let isDouble = count >= 2
        let s: PhotoSession
        switch mode {
        case var .grid(grid):
            if case .stoppedCoasting = grid.gesture {
                grid.gesture = .none
                mode = .grid(grid)
                return
            }
            if let i = layout.cellIndex(at: location, scroll: scroller.offset) {
                focus.isVisible = false
                open(i, trigger: .click)
            }
            return
        case let .photo(session):
            s = session
        }
        switch s.phase {
        case .grid, .interacting:
            return
        case .opening:
            // The second click of a double-click that opened the photo does not send it back.
            if isDouble { return }
            close(trigger: .click)
        case .presented:
            close(trigger: .click, click: location)
        case .closing:
            // A double tap's first tap came within the interval before it (the recognizer's rule);
            // the click lives only while the closing that tap started is under way.
            if isDouble, let first = s.driver.anyFlight?.closingClick {
                zoomAfterDoubleClick(at: first)
            } else if !s.covers(location), s.isLanding(within: feel.clickSlopPoints),
                      let i = layout.cellIndex(at: location, scroll: scroller.offset), i != s.photo {
                // A click aimed at another cell while this photo lands (within the click slop of
                // its cell): it finishes landing under the clicked photo, which opens at once.
                if s.transition.fade == nil { landing = Landing(transition: s.transition, flight: s.flight) }
                mode = .grid(GridMode(lastPhoto: s.photo, flights: s.flight))
                focus.index = s.photo
                focus.isVisible = false
                open(i, trigger: .click)
            } else {
                reopen()
            }
        case .zoomed:
            if isDouble { zoom(toScale: 1, about: location) } else { noteIgnored("click", .zoomedClick) }
        case .paging:
            if case let .paging(pager) = s.driver, !pager.isHeld {
                close(trigger: .click, click: location)
            }
        }
    }

    // MARK: - Time

    /// A closing photo that has come to rest on its cell (or faded out) leaves: the grid shows the
    /// cell again (a gesture the flight ignored is still awaited there).
    mutating func landIfArrived() {
        guard case let .photo(s) = mode, case let .flight(f) = s.driver, s.transition.destination == .closed,
              f.carry == nil, s.transition.isAtRest else { return }
        mode = .grid(GridMode(lastPhoto: s.photo, gesture: f.ignored.map { .ignored($0) } ?? .none, flights: s.flight))
        focus.index = s.photo
    }

    /// Moves a flight on from `start` to `end` (within the step from `stepStart` to `time`, over
    /// which the grid's scroll velocity went from `scrollVelocity.start` to `.end`): the pose
    /// spring, and the cross-fade (`PhotoSession.advanceFlight`); a closing photo that has come to
    /// rest lands.
    private mutating func advanceFlight(from start: Double, to end: Double, stepStart: Double,
                                        scrollVelocity: (start: Double, end: Double)) {
        guard let s = session else { return }
        if s.transition.fade == nil, s.transition.destination == .closed, s.driver.anyFlight != nil {
            let cellNow = cellPose(s.photo)
            withPhoto { [time] in
                $0.advanceClosingFlight(from: start, to: end, stepStart: stepStart, now: time, cellNow: cellNow,
                                        scrollVelocity: scrollVelocity)
            }
        } else {
            refreshFlightTarget()
            withPhoto { $0.advanceFlight(by: end - start) }
        }
        landIfArrived()
    }

    /// Moves the photo forward by `dt` seconds (the step that ends at `time`) under whatever drives
    /// it; `scrollVelocity` is the grid's scroll velocity at the step's start and end.
    mutating func advancePhoto(by dt: Double, scrollVelocity: (start: Double, end: Double)) {
        guard let s = session else { return }
        let stepStart = time - dt
        switch s.driver {
        case let .flight(f), let .caught(f):
            // The flight runs in segments cut where something changes at its own instant: a click's
            // gentle start hands over to the close spring at the end of the double-click interval
            // (value and velocity kept), and a thrown close's aim reaches the cell.
            var cursor = stepStart
            var leadInEnds = f.leadInEnds
            while cursor < time {
                guard let flight = session?.driver.anyFlight else { return }
                var next = time
                if let e = leadInEnds, e > cursor, e < next { next = e }
                if let c = flight.carry, c.end > cursor, c.end < next { next = c.end }
                advanceFlight(from: cursor, to: next, stepStart: stepStart, scrollVelocity: scrollVelocity)
                cursor = next
                if let e = leadInEnds, e <= cursor {
                    leadInEnds = nil
                    withPhoto { [feel] in $0.endLeadIn(feel: feel) }
                }
            }
        case .pending:
            return
        case .dismissing:
            advanceFollow(by: dt)
        case .paging:
            advancePager(by: dt)
        case .zooming:
            advanceZoom(by: dt)
        }
    }
}
