import Geometry
import Gestures
import Motion
import FeelModel

// The flight: the pose spring (or reduced motion's cross-fade) toward the full frame or the cell,
// as a session moves it. The viewer reads the frames and the clock and lends the session
// (`Viewer.withPhoto`); what happens to the session's own state is here.
extension PhotoSession {
    /// Sends the photo home to `cell` from wherever it is, with the velocity it has (whatever held it
    /// lets go first; a gesture is ignored from then on), on the spring of `role` from the progress
    /// `p` shown. Reduced motion: it stays where it is and fades out from the opacity `alpha` drawn.
    /// `click`: the point of a click on the presented photo that closes it (a second click turns the
    /// closing into a zoom); a click's gentle start hands over to the close spring at the end of the
    /// double-click interval from `time`. Returns the cross-fade it closes with (reduced motion).
    package mutating func headHome(to cell: PhotoPose, role: PhotoTransition.SpringRole, progress p: Double, alpha: Double,
                           click: Point?, at time: Double, feel: Feel) -> CrossFade? {
        releaseDriverIntoPose()
        if transition.fade != nil {
            // Reduced motion: the photo stays where it is and fades out.
            transition.pose.jump(to: transition.pose.value, velocity: PhotoPose.zero)
            transition.fade?.set(p, alpha: alpha)
            transition.head(to: transition.pose.value, destination: .closed, role: role, feel: feel, progress: p)
        } else {
            transition.upright(feel: feel)
            transition.head(to: cell, destination: .closed, role: role, feel: feel, progress: p)
        }
        let leadIn = transition.role == .clickLeadIn
        if let click {
            withFlight { f, _ in
                f.start = leadIn ? .leadIn(click: click, ends: time + feel.doubleClickIntervalSeconds) : .click(click)
            }
        }
        return transition.fade
    }

    /// Keeps a flight aimed at the present frames (`full`, the photo's full frame; `cell`, its cell
    /// at the grid's scroll now, `time`): value and velocity carry on. Paging: the photo refits at
    /// once, as its neighbours do (they are drawn at their full frames), so a page turned now hands
    /// over a photo drawn where a neighbour is; a refresh that leaves the frame as it was (a feel
    /// change) leaves a pose still settling be.
    package mutating func refreshTarget(full: PhotoPose, cell: PhotoPose, at time: Double) {
        if case .paging = driver {
            guard full != transition.pose.target else { return }
            transition.pose.retarget(to: full)
            transition.pose.jump(to: full)
            return
        }
        withFlight { f, tr in
            if tr.fade != nil {
                // Reduced motion: a closing photo fades where it is; a presented one refits at once.
                guard tr.destination == .open else { return }
                tr.refit(to: full)
                return
            }
            var target = tr.destination == .open ? full : cell
            if let carry = f.carry {
                if carry.isSpent(at: time) {
                    f.start = .plain
                } else {
                    target.center = target.center + carry.aim(at: time)
                }
            }
            tr.follow(target)
        }
    }

    /// Moves a closing flight on from `start` to `end` (within the step from `stepStart` to `now`,
    /// over which the grid's scroll velocity went from `scrollVelocity.start` to `.end`; the cell is
    /// at `cellNow` at `now`). It chases a moving target in closed form
    /// (`SpringAnimation.advance(by:targetMovingTo:…)`): its cell rides the grid's scroll, and a
    /// thrown close aims at the point of release first (`ThrownCarry`, a cubic of time, followed
    /// exactly), so where the photo is at an instant does not depend on the frames drawn before it.
    package mutating func advanceClosingFlight(from start: Double, to end: Double, stepStart: Double, now: Double,
                                       cellNow: PhotoPose, scrollVelocity: (start: Double, end: Double)) {
        let caught = isCaught
        withFlight { f, tr in
            let dt = end - start
            // Where the cell is at the segment's ends: now exactly; between, on the line from where
            // the segment starts (the target less the aim) to now.
            let carry = f.carry
            let aimStart = carry.map { $0.aim(at: start) } ?? .zero
            var cellStart = tr.pose.target
            cellStart.center = cellStart.center - aimStart
            let share = now - start > 0 ? min(1, dt / (now - start)) : 1
            var cellEnd = cellNow
            if end < now {
                cellEnd = cellStart
                cellEnd.center = cellStart.center + (cellNow.center - cellStart.center) * share
            }
            func scrollRate(at t: Double) -> Double {
                let span = now - stepStart
                guard span > 0 else { return scrollVelocity.end }
                let u = min(max((t - stepStart) / span, 0), 1)
                return scrollVelocity.start + (scrollVelocity.end - scrollVelocity.start) * u
            }
            var target = cellEnd
            var velocityStart = PhotoPose.zero, velocityEnd = PhotoPose.zero
            // The cell moves against the scroll: y = row − offset.
            velocityStart.center = Point(0, -scrollRate(at: start))
            velocityEnd.center = Point(0, -scrollRate(at: end))
            if let carry {
                target.center = target.center + carry.aim(at: end)
                velocityStart.center = velocityStart.center + carry.velocity(at: start)
                velocityEnd.center = velocityEnd.center + (carry.isSpent(at: end) ? .zero : carry.velocity(at: end))
                if carry.isSpent(at: end) { f.start = .plain }
            }
            // Caught, it stands where the press took it (its aim and lead-in keep their clocks).
            if !caught { tr.advancePose(by: dt, targetMovingTo: target, velocity: velocityStart, endVelocity: velocityEnd) }
        }
    }

    /// Moves a flight that is not closing on a scrolling grid (opening, returning, closing with
    /// reduced motion's fade) on by `dt` seconds: the pose spring and the cross-fade. A caught
    /// flight stands still.
    package mutating func advanceFlight(by dt: Double) {
        guard case .flight = driver else { return }
        transition.advancePose(by: dt)
        transition.fade?.advance(by: dt)
    }

    /// The end of the double-click interval: a click's gentle start hands over to the close spring
    /// (value and velocity kept).
    /// A press that caught the photo still holds it: the spring changes, the flight stays caught
    /// under the hand (the end of the interval is not a release).
    package mutating func endLeadIn(feel: Feel) {
        if transition.role == .clickLeadIn, transition.destination == .closed {
            let p = progress(feel: feel)
            transition.head(to: transition.pose.target, destination: .closed, role: .close, feel: feel, progress: p)
        }
        withFlight { f, _ in
            if case let .leadIn(click, _) = f.start { f.start = .click(click) }
        }
    }
}
