import Geometry
import Gestures
import Motion
import FeelModel

/// A photo out of the grid: the transition (which photo, its pose, where it heads) and the one
/// driver that moves it now.
package struct PhotoSession: Sendable {
    package var transition: PhotoTransition
    package var driver: PhotoDriver
    /// This session's number: the how-manyth photo opened in this viewer (the jump detector tells
    /// one flight of a photo from the next by it: the quads drawn for the session carry it).
    package let flight: Int

    /// What moves the photo out of the grid.
    package enum PhotoDriver: Sendable {
        /// The pose spring (or, with reduced motion, the cross-fade) toward the transition's destination.
        case flight(Flight)
        /// A flight a press took hold of (`catchMotion`): the photo stands where it was caught, its
        /// pose spring not advanced, keeping the velocity it had for what follows (the press let go
        /// with neither a click nor a drag: the flight goes on with it, `releaseCatch`; a click
        /// reverses it from there; a drag takes hold of the photo still). The flight's start is
        /// kept and runs on its own clock: a click's lead-in still ends at its instant, a thrown
        /// close's aim is still spent at its.
        case caught(Flight)
        /// The presented photo under a manipulation that has not yet shown its axis or pinch
        /// direction (the latest manipulation).
        case pending(Manipulation)
        /// A gesture holds the photo to dismiss it.
        case dismissing(DismissInteraction)
        /// Horizontal paging.
        case paging(Pager)
        /// Zoom inside the photo.
        case zooming(ZoomInteraction)

        /// The flight's extras, flying or caught; nil under the other drivers.
        package var anyFlight: Flight? {
            switch self {
            case let .flight(f), let .caught(f): f
            case .pending, .dismissing, .paging, .zooming: nil
            }
        }
    }

    /// A flight's extras.
    package struct Flight: Sendable {
        /// A manipulation still held that means nothing to the flight (Esc pre-empted it, or it
        /// began where nothing takes it): its end is awaited.
        package var ignored: Manipulation?
        /// How the flight started, while that still matters.
        package var start: Start = .plain

        /// How a flight started: one of its starts at a time (house style 13), so a click's lead-in
        /// and a throw's carry cannot both be written.
        package enum Start: Sendable {
            /// Nothing about its start matters (any more).
            case plain
            /// A closing started by a click at this point: a second click (a double-click) turns it
            /// into a zoom about it.
            case click(Point)
            /// A closing started by a click at `click` on the presented photo, still on its gentle
            /// start (`PhotoTransition.clickLeadIn`) until `ends` (the end of the double-click
            /// interval), when it hands over to the close spring and becomes `.click`.
            case leadIn(click: Point, ends: Double)
            /// A thrown dismissal's aim easing from the point of release to the cell (`ThrownCarry`),
            /// until spent.
            case carry(ThrownCarry)
        }

        package init(ignored: Manipulation? = nil, start: Start = .plain) {
            self.ignored = ignored
            self.start = start
        }

        /// The point clicked on the presented photo that started this closing, if one did.
        package var closingClick: Point? {
            switch start {
            case let .click(p), let .leadIn(p, _): p
            case .plain, .carry: nil
            }
        }

        /// When a click's gentle start hands over to the close spring, while it has not yet.
        package var leadInEnds: Double? {
            if case let .leadIn(_, ends) = start { return ends }
            return nil
        }

        /// A thrown dismissal's aim, while it is not yet spent.
        package var carry: ThrownCarry? {
            if case let .carry(c) = start { return c }
            return nil
        }
    }

    package init(transition: PhotoTransition, driver: PhotoDriver = .flight(Flight()), flight: Int) {
        self.transition = transition
        self.driver = driver
        self.flight = flight
    }

    package var photo: Int { transition.photo }

    /// True while a press holds the flying photo (`PhotoDriver.caught`).
    package var isCaught: Bool {
        if case .caught = driver { return true }
        return false
    }

    // MARK: - Derived state

    /// The phase as the state log names it.
    package var phase: Phase {
        switch driver {
        case .pending: .presented
        case .dismissing: .interacting
        case .paging: .paging
        case .zooming: .zoomed
        case .flight:
            transition.destination == .closed ? .closing : transition.isAtRest ? .presented : .opening
        // Caught on its way: never at rest (`catchMotion` takes only a moving flight).
        case .caught:
            transition.destination == .closed ? .closing : .opening
        }
    }

    /// The transition's progress: 0 in the grid, 1 fully presented.
    package func progress(feel: Feel) -> Double {
        switch driver {
        case let .dismissing(d): min(max(d.progress(feel: feel), 0), 1)
        // A manipulation waiting for its axis holds the photo where it was caught: presented, or
        // nearly (`Viewer.isNearlyPresented`), at the progress it had.
        case .pending: transition.flightProgress
        // A drag that pages a photo still settling onto its frame (taken within a few percent of
        // it) leaves the backdrop to finish with the photo's own flight.
        case .paging: transition.pose.isPaused || transition.destination != .open ? 1 : min(1, max(transition.flightProgress, 0))
        case let .zooming(zoom):
            switch zoom.drive {
            case .spring: transition.flightProgress
            // Reduced motion: the cross-fade runs on while the zoom coasts (`advanceZoom`).
            case .coasting: transition.fade?.value ?? min(max(zoom.heldProgress, 0), 1)
            case .gesture: min(max(zoom.heldProgress, 0), 1)
            }
        case .flight, .caught: transition.flightProgress
        }
    }

    /// True when nothing moves and no gesture holds the photo.
    package var isAtRest: Bool {
        switch driver {
        case let .flight(f): f.ignored == nil && transition.isAtRest && transition.destination == .open
        case .caught, .pending, .dismissing: false
        case let .paging(pager): pager.isAtRest
        case let .zooming(zoom):
            if case .spring = zoom.drive { !zoom.returningToFit && transition.pose.isAtRest } else { false }
        }
    }

    /// The paging offset now, points (0 unless paging).
    package var pagingOffset: Double {
        if case let .paging(pager) = driver { return pager.offset.value }
        return 0
    }

    /// The manipulation holding the photo now, as the recognizer reported it (fingers, source);
    /// nil when none does.
    package var heldManipulation: Manipulation? {
        switch driver {
        case let .flight(f), let .caught(f): f.ignored
        case let .pending(m): m
        case let .dismissing(d): d.latest
        case let .paging(pager): pager.hold?.latest
        case let .zooming(zoom): zoom.held
        }
    }

    /// True while a gesture moves the photo (not a pre-empted one the flight ignores).
    package var isHeldByGesture: Bool {
        switch driver {
        case .flight, .caught: false
        case .pending, .dismissing: true
        case let .paging(pager): pager.isHeld
        case let .zooming(zoom): zoom.held != nil
        }
    }

    /// The gesture holding the photo now, as the state log names it (nil: none, or one ignored).
    package var gestureName: GestureName? {
        switch driver {
        case let .dismissing(d): GestureName(d.gesture.kind)
        case let .paging(pager): pager.isHeld ? .page : nil
        case let .zooming(zoom): zoom.held.map { GestureName($0.kind) }
        case let .pending(m): GestureName(m.kind)
        case .flight, .caught: nil
        }
    }

    /// The velocity of the pose now (see `Viewer.photoVelocity`).
    package func poseVelocity(windowHeight: Double, feel: Feel) -> PhotoPose {
        switch driver {
        case let .dismissing(d):
            return d.drawnVelocity(windowHeight: windowHeight, feel: feel)
        case let .paging(pager):
            var v = transition.pose.velocity
            v.center.x += pager.hold.map { $0.latest.velocity.x } ?? pager.offset.velocity
            return v
        case let .zooming(zoom):
            switch zoom.drive {
            case let .coasting(x, y): return PhotoPose(center: Point(x.velocity, y.velocity), size: .zero, scale: 0, rotation: 0)
            case let .gesture(hold): return PhotoPose(center: hold.gesture.velocity, size: .zero, scale: hold.gesture.scaleVelocity, rotation: 0)
            case .spring: return transition.pose.velocity
            }
        case .caught:
            // Caught by a press: still (the spring keeps its velocity for what follows).
            return .zero
        case .flight, .pending:
            return transition.pose.velocity
        }
    }

    /// True when the photo is closing and within `points` of its resting place (pose distance,
    /// `PhotoTransition.distance`): it is landing, to the eye already there.
    package func isLanding(within points: Double) -> Bool {
        // Reduced motion's fade keeps the photo in place: it lands when it has faded out, progress
        // and drawn opacity both (the opacity may trail the progress: `CrossFade`).
        guard driver.anyFlight != nil, transition.destination == .closed,
              (transition.fade.map { max($0.value, $0.alpha) } ?? 0) <= 0.02 else {
            return false
        }
        return PhotoTransition.distance(transition.pose.value, transition.pose.target) <= points
    }

    /// Where the photo is drawn now: centre (paging offset included), displayed size, rotation.
    package var quad: (center: Point, size: Size, rotation: Double) {
        let pose = transition.pose.value
        return (pose.center + Point(pagingOffset, 0), pose.displayedSize, pose.rotation)
    }

    /// True when window point `p` lies on the photo as drawn (turned with it).
    package func covers(_ p: Point) -> Bool {
        let q = quad
        let local = (p - q.center).rotated(by: -q.rotation)
        return abs(local.x) <= abs(q.size.width) / 2 && abs(local.y) <= abs(q.size.height) / 2
    }

    // MARK: - Catch

    /// A press on the photo while it flies (opening, closing, returning, paging) stops it where it
    /// is at once, its velocity kept: a click then reverses it from there, a drag takes hold of it,
    /// and a press ending in neither lets it go on (`releaseCatch`). Reduced motion's fade is not
    /// caught. A flight becomes `.caught`; paging's offset spring pauses. Returns true when it
    /// caught something (or holds it caught already).
    package mutating func catchMotion() -> Bool {
        switch driver {
        case let .flight(f):
            guard transition.fade == nil, !transition.isAtRest else { return false }
            driver = .caught(f)
            return true
        case .caught:
            return true
        case .paging:
            return withPager { pager, _ in pager.catchOffset() } ?? false
        case .pending, .dismissing, .zooming:
            return false
        }
    }

    /// The press that caught the photo let go with neither a click nor a drag taking over: the
    /// motion goes on with the velocity it had. Returns true when something was caught.
    package mutating func releaseCatch() -> Bool {
        switch driver {
        case .flight:
            return false
        case let .caught(f):
            driver = .flight(f)
            return true
        case .paging:
            return withPager { pager, _ in pager.releaseCatch() } ?? false
        case .pending, .dismissing, .zooming:
            return false
        }
    }

    /// A manipulation on the presented (or nearly presented) photo that has not yet shown its
    /// axis or pinch direction (`PhotoDriver.pending`): the photo is held still where it is. Caught
    /// by the press first, the pose spring is paused under the hand as a held photo's is, its
    /// velocity kept (a gesture that then takes hold hands over from rest: `releaseDriverIntoPose`).
    package mutating func holdPending(_ m: Manipulation) {
        if isCaught { transition.pose.pause() }
        driver = .pending(m)
    }

    // MARK: - Changes

    /// Takes the photo out of paging, zoom coasting or a gesture, folding their offsets and
    /// velocities into the pose, so the next motion starts from exactly what is on screen. A
    /// gesture that held the photo is ignored from now on (its end is awaited).
    package mutating func releaseDriverIntoPose() {
        let held = heldManipulation
        switch driver {
        case let .paging(pager):
            var v = transition.pose.value
            v.center.x += pager.offset.value
            var vel = transition.pose.velocity
            vel.center.x += pager.offset.velocity
            if transition.pose.isPaused { transition.pose.resume() }
            transition.pose.jump(to: v, velocity: vel)
        case let .zooming(zoom):
            switch zoom.drive {
            case let .coasting(x, y):
                transition.pose.resume(velocity: PhotoPose(center: Point(x.velocity, y.velocity), size: .zero, scale: 0, rotation: 0))
            case .gesture:
                transition.pose.resume(velocity: PhotoPose.zero)
            case .spring:
                break
            }
        case let .dismissing(d):
            // Held exactly, it stops where it is; trailing the hand on a follow spring, it goes on
            // with the velocity it is drawn with.
            transition.pose.resume(velocity: d.follow?.velocity ?? PhotoPose.zero)
        case .pending:
            // The gesture held it still (a pending photo does not advance), so it hands over nothing
            // (the velocity kept at a catch is for a press let go without a gesture).
            transition.pose.resume(velocity: PhotoPose.zero)
        case .flight:
            break
        case .caught:
            // The catch is let go: the flight goes on with the velocity it had (the caller aims it).
            break
        }
        driver = .flight(Flight(ignored: held))
    }

    /// Turns one page (`step` ±1) to the neighbour, whose full frame is `full`: it becomes the
    /// current photo and the pager's offset shifts by one slot (`Pager.turn`), so nothing on screen
    /// moves. The photo that leaves keeps its pose in its slot if it had not reached its full frame
    /// (`outgoingFull`: still opening, returning from a pull, zoomed) and carries on to it there
    /// (`Pager.leaving`); the neighbour comes with the pose it has in the strip (its full frame, or
    /// its own settling pose when the page turns back to it). Whatever drove the photo (a zoom)
    /// lets go first. `velocity`: the offset's new velocity (a flick handed over), else it keeps its own.
    package mutating func turnPage(by step: Int, full: PhotoPose, outgoingFull: PhotoPose, slot: Double, feel: Feel,
                           velocity: Double? = nil, byHand: Bool) {
        var pager: Pager
        if case let .paging(p) = driver {
            pager = p
        } else {
            releaseDriverIntoPose()
            pager = Pager(feel: feel)
        }
        if let velocity { pager.offset.jump(to: pager.offset.value, velocity: velocity) }
        var outgoing = transition.pose
        if outgoing.isPaused { outgoing.resume() }
        outgoing.retarget(to: outgoingFull)
        let left = transition.photo
        transition.photo += step
        if let i = pager.leaving.firstIndex(where: { $0.photo == transition.photo }) {
            transition.pose = pager.leaving.remove(at: i).pose
            transition.pose.retarget(to: full)
        } else {
            transition.pose.retarget(to: full)
            transition.pose.jump(to: full)
        }
        if transition.pose.isPaused { transition.pose.resume() }
        if !(outgoing.isAtRest && outgoing.value == outgoingFull) {
            pager.leaving.append(Pager.Leaving(photo: left, pose: outgoing))
        }
        pager.turn(by: step, slot: slot, feel: feel, byHand: byHand)
        driver = .paging(pager)
    }

    /// The feel changed: the springs in use are swapped, value and velocity kept.
    package mutating func retune(to feel: Feel) {
        transition.pose.spring = transition.role.spring(in: feel)
        transition.fade?.durationSeconds = feel.crossFadeSeconds
        withPager { pager, _ in pager.offset.spring = feel.pagingSpring }
        // The follow spring takes the new one; unset, the held photo keeps its spring until let go
        // (dropping it would jump the photo onto the hand).
        if let spring = feel.heldFollowSpring { withDismissal { d, _ in d.follow?.spring = spring } }
        withZoom { zoom, _ in
            if case var .coasting(x, y) = zoom.drive {
                x.apply(feel: feel, spring: feel.zoomSpring)
                y.apply(feel: feel, spring: feel.zoomSpring)
                zoom.drive = .coasting(x: x, y: y)
            }
        }
    }
}

extension GestureName {
    /// The state log's name for a manipulation kind.
    package init(_ kind: ManipulationKind) {
        switch kind {
        case .pan: self = .pan
        case .pinch: self = .pinch
        case .rotate: self = .rotate
        case .pinchRotate: self = .pinchRotate
        }
    }
}
