import Geometry
import Gestures
import Motion
import FeelModel

// The drivers' doors: each lends its driver's state with the transition and writes the driver
// back (the pattern of `Viewer.withPhoto`, one level down), and the behaviour that touches only a
// session (its transition and its driver) lives here, not on `Viewer`.
extension PhotoSession {
    // MARK: - Doors

    /// Lends the pager (and the transition) while paging and writes it back; nil otherwise.
    @discardableResult
    package mutating func withPager<R>(_ body: (inout Pager, inout PhotoTransition) -> R) -> R? {
        guard case var .paging(pager) = driver else { return nil }
        defer { driver = .paging(pager) }
        return body(&pager, &transition)
    }

    /// Lends the zoom (and the transition) while zoomed and writes it back; nil otherwise.
    @discardableResult
    package mutating func withZoom<R>(_ body: (inout ZoomInteraction, inout PhotoTransition) -> R) -> R? {
        guard case var .zooming(zoom) = driver else { return nil }
        defer { driver = .zooming(zoom) }
        return body(&zoom, &transition)
    }

    /// Lends the dismissal holding the photo (and the transition) and writes it back; nil otherwise.
    @discardableResult
    package mutating func withDismissal<R>(_ body: (inout DismissInteraction, inout PhotoTransition) -> R) -> R? {
        guard case var .dismissing(d) = driver else { return nil }
        defer { driver = .dismissing(d) }
        return body(&d, &transition)
    }

    /// Lends the flight (and the transition), flying or caught, and writes it back as it was
    /// (flying or caught); nil when another driver moves the photo.
    @discardableResult
    package mutating func withFlight<R>(_ body: (inout Flight, inout PhotoTransition) -> R) -> R? {
        switch driver {
        case var .flight(f):
            defer { driver = .flight(f) }
            return body(&f, &transition)
        case var .caught(f):
            defer { driver = .caught(f) }
            return body(&f, &transition)
        case .pending, .dismissing, .paging, .zooming:
            return nil
        }
    }

    // MARK: - Manipulations the flight ignores, and pending ones

    /// A flight awaits the end of `m` (nil: it ended); other drivers are left as they are.
    package mutating func ignore(_ m: Manipulation?) {
        withFlight { f, _ in f.ignored = m }
    }

    /// A manipulation that never showed its axis let go: the photo, held still by it (a pending
    /// photo does not advance), goes on from rest.
    package mutating func letGoOfPending() {
        transition.pose.resume(velocity: PhotoPose.zero)
        driver = .flight(Flight())
    }

    // MARK: - Dismissal

    /// A gesture takes hold of the photo to dismiss it: springs paused, the pose written by the
    /// gesture from now on (`Viewer.grabForDismissal`). `progress`: the progress shown at the grab.
    package mutating func grabForDismissal(_ m: Manipulation, base: Manipulation?, from: Phase, progress p: Double,
                                   windowHeight: Double, feel: Feel) {
        releaseDriverIntoPose()
        transition.pose.pause()
        transition.pose.hold(at: transition.pose.value)
        // The fade's progress is the grab's; its opacity (which may trail it) stays as drawn.
        let shownAlpha = transition.fade?.alpha
        transition.fade?.set(p, alpha: shownAlpha)
        var d = DismissInteraction(grabPose: transition.pose.value, grabProgress: p, from: from, base: base, first: m,
                                   pinch: PinchFollow(feel: feel))
        d.startFollowing(from: transition.pose.value, spring: feel.heldFollowSpring, windowHeight: windowHeight, feel: feel)
        transition.pose.hold(at: d.drawnPose(windowHeight: windowHeight, feel: feel))
        driver = .dismissing(d)
    }

    /// The hand moved under a held dismissal: the pose follows it (`nil` in `m`: the window or the
    /// feel changed, the same hand is followed afresh).
    package mutating func followDismissal(_ m: Manipulation? = nil, windowHeight: Double, feel: Feel) {
        withDismissal { d, tr in
            if let m { d.update(m) }
            d.retargetFollow(windowHeight: windowHeight, feel: feel)
            tr.pose.hold(at: d.drawnPose(windowHeight: windowHeight, feel: feel))
        }
    }

    /// A held dismissal with a follow spring: the drawn pose rides it toward the hand's for `dt`
    /// seconds (closed form; the hand's pose changes only at gesture updates).
    package mutating func advanceFollow(by dt: Double, windowHeight: Double, feel: Feel) {
        withDismissal { d, tr in
            guard d.follow != nil else { return }
            d.follow?.advance(by: dt)
            tr.pose.hold(at: d.drawnPose(windowHeight: windowHeight, feel: feel))
        }
    }

    /// What letting go of a dismissal decided (`letGoOfDismissal`).
    package struct DismissalRelease {
        /// Close (else return to the full frame).
        package var closes: Bool
        /// The progress at the release: the flight home or back starts there.
        package var progress: Double
        /// The velocity handed to the springs (limited to the fling speeds).
        package var velocity: PhotoPose
        /// Reduced motion: the photo fades where it is instead of flying.
        package var reduced: Bool
        /// The gesture as it ended, measured from the grab.
        package var gesture: Manipulation
        /// The figure the decision went by (`ViewerNote.Release.projected`).
        package var projected: Double
    }

    /// Lets go of the dismissal holding the photo: close or return decided on projected momentum,
    /// the springs taking over the photo as drawn with the velocities the gesture had (a follow
    /// spring's, not the hand's); the flight home or back is aimed by the caller
    /// (`throwHome`, or a head to the full frame). `alpha`: the opacity drawn now. Nil when no
    /// dismissal held the photo.
    package mutating func letGoOfDismissal(_ m: Manipulation, cancelled: Bool, alpha: Double, windowHeight: Double,
                                   feel: Feel) -> DismissalRelease? {
        guard case var .dismissing(d) = driver else { return nil }
        d.update(m)
        if cancelled {
            d.gesture.velocity = .zero
            d.gesture.scaleVelocity = 0
            d.gesture.rotationVelocity = 0
        }
        let decision = d.decision(feel: feel, cancelled: cancelled, windowHeight: windowHeight)
        let closes = decision.closes
        let p = d.progress(feel: feel)
        // The springs take over the photo as drawn: with a follow spring, its pose and velocity
        // (not the hand's, which it trails); the decision above went by the hand.
        d.retargetFollow(windowHeight: windowHeight, feel: feel)
        transition.pose.hold(at: d.drawnPose(windowHeight: windowHeight, feel: feel))
        var v = d.drawnVelocity(windowHeight: windowHeight, feel: feel)
        let speed = v.center.length
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        if speed > maxSpeed, speed > 0 { v.center = v.center * (maxSpeed / speed) }
        let maxScaleSpeed = feel.maximumFlingScalePerSecond
        let maxRotationSpeed = feel.maximumFlingRadiansPerSecond
        v.scale = min(max(v.scale, -maxScaleSpeed), maxScaleSpeed)
        v.rotation = min(max(v.rotation, -maxRotationSpeed), maxRotationSpeed)
        let reduced = transition.fade != nil
        transition.pose.resume(velocity: reduced && closes ? PhotoPose.zero : v)
        transition.foldScaleIntoSize()
        transition.upright(feel: feel)
        transition.fade?.set(p, alpha: alpha)
        driver = .flight(Flight())
        return DismissalRelease(closes: closes, progress: p, velocity: v, reduced: reduced, gesture: d.gesture,
                                projected: decision.projected)
    }

    /// A dismissal let go to close (`release`): the photo flies to `cell` from where it was let go
    /// at `time`. Reduced motion: no flight, it fades out where it is. Else thrown: the flight aims
    /// at the point of release first and eases over to the cell (`ThrownCarry`).
    package mutating func throwHome(to cell: PhotoPose, release r: DismissalRelease, at time: Double, feel: Feel) {
        var target = r.reduced ? transition.pose.value : cell
        if !r.reduced, feel.dismissCarrySeconds > 0, r.velocity.center.length > 0 {
            let carry = ThrownCarry(offset: transition.pose.value.center - target.center, start: time,
                                    seconds: feel.dismissCarrySeconds)
            target.center = target.center + carry.aim(at: time)
            driver = .flight(Flight(start: .carry(carry)))
        }
        let pinched = r.gesture.kind == .pinch || r.gesture.kind == .pinchRotate
        transition.head(to: target, destination: .closed, role: pinched ? .pinchLanding : .landing, feel: feel,
                        progress: r.progress)
    }

    // MARK: - Paging

    /// Moves the pager on (its offset, and the photos settling in their slots onto `full`); the
    /// current photo keeps its full frame `full(photo)`. Once home and still the photo is simply
    /// presented again.
    package mutating func advancePager(by dt: Double, full: (Int) -> PhotoPose) {
        guard case var .paging(pager) = driver else { return }
        pager.advanceOffset(by: dt)
        pager.advanceLeaving(by: dt, full: full)
        // The current photo keeps its full frame (a resize, its real size arriving).
        transition.pose.retarget(to: full(photo))
        transition.advancePose(by: dt)
        driver = pager.isAtRest ? .flight(Flight()) : .paging(pager)
    }

    /// The photo list changed (`renumbered[old]`: the old photo's index now, nil when it left):
    /// photos settling in the strip follow their photos; one removed is simply not drawn.
    package mutating func renumberStrip(_ renumbered: [Int?]) {
        withPager { pager, _ in
            pager.leaving = pager.leaving.compactMap { l in renumbered[l.photo].map { Pager.Leaving(photo: $0, pose: l.pose) } }
        }
    }

    // MARK: - Zoom

    /// A pinch out on the presented photo starts zooming (the photo catches up with the pinch).
    package mutating func beginZoom(_ m: Manipulation, fit: Size, window: Size, feel: Feel) {
        var zoom = ZoomInteraction()
        zoom.heldProgress = progress(feel: feel)
        driver = .zooming(zoom)
        // Caught on its frame or still flying onto it: whatever it lacks of its frame is slack.
        holdZoom(m, base: nil, slack: nil, fit: fit, window: window, feel: feel)
    }

    /// A gesture takes hold of the zoomed photo, measured from `base` (nil: its own start); the
    /// photo is held where it is drawn (a coasting centre included), with `slack` outside its bounds
    /// that no band pulls (`ZoomInteraction.Hold.slack`; nil: all of its present excess).
    /// `keepsScaleRunning`: a zoom spring still changing the scale carries on to its target under
    /// the hand (`ZoomInteraction.Hold.runningScale`) instead of stopping where it was caught.
    package mutating func holdZoom(_ m: Manipulation, base: Manipulation?, slack: Point?, fit: Size, window: Size, feel: Feel,
                                   keepsScaleRunning: Bool = false) {
        let p = progress(feel: feel)
        withZoom { zoom, tr in
            zoom.heldProgress = p
            var running: SpringAnimation<Double>?
            if keepsScaleRunning, case .spring = zoom.drive, !tr.pose.isPaused {
                let value = tr.pose.value.scale, target = tr.pose.target.scale, velocity = tr.pose.velocity.scale
                if value != target || velocity != 0 {
                    running = SpringAnimation(value: value, target: target, velocity: velocity, spring: tr.pose.spring,
                                              restTolerance: PhotoPose.restTolerance.scale,
                                              restVelocityTolerance: PhotoPose.restVelocityTolerance.scale)
                }
            }
            if case let .coasting(x, y) = zoom.drive {
                tr.pose.hold(at: PhotoPose(center: Point(x.value, y.value), size: tr.pose.value.size, scale: tr.pose.value.scale))
            }
            tr.pose.pause()
            tr.pose.hold(at: tr.pose.value)
            var hold = ZoomInteraction.Hold(grabbing: tr.pose.value, base: base, latest: m, fit: fit, window: window, feel: feel,
                                            slack: slack)
            hold.runningScale = running
            zoom.drive = .gesture(hold)
            zoom.returningToFit = false
            tr.pose.hold(at: hold.pose(fit: fit, window: window, feel: feel))
        }
    }

    /// The zoom gesture moved: the photo follows it.
    package mutating func updateZoom(_ m: Manipulation, fit: Size, window: Size, feel: Feel) {
        withZoom { zoom, tr in
            guard case var .gesture(hold) = zoom.drive else { return }
            hold.latest = m
            zoom.drive = .gesture(hold)
            tr.pose.hold(at: hold.pose(fit: fit, window: window, feel: feel))
        }
    }

    /// Lets go of the zoom gesture `hold` (with `velocity`, the hand's limited to the fling speed):
    /// a pan coasts on its momentum within the bounds; a pinch (or a pan of a photo caught while
    /// still turning into its zoom) keeps the scale the fingers left, limited to `1...maximum` (at
    /// 1: back to `full`), its centre coasting on the hand's travel. Returns the verdict (nil: no
    /// zoom gesture held the photo).
    package mutating func releaseZoom(_ hold: ZoomInteraction.Hold, cancelled: Bool, velocity: Point, fit: Size, full: PhotoPose,
                              window: Size, feel: Feel) -> ReleaseVerdict? {
        let p = progress(feel: feel)
        return withZoom { zoom, tr in
            let g = hold.gesture
            let pose = tr.pose.value
            let scaleChanged = abs(g.scale - 1) > 1e-9
            let settled = pose.size == fit && pose.rotation == 0
            if let run = hold.runningScale, !run.isAtRest {
                return Self.releaseRunningZoom(hold, run: run, cancelled: cancelled, velocity: velocity, fit: fit, full: full,
                                          window: window, feel: feel, zoom: &zoom, transition: &tr, progress: p)
            }
            if g.kind == .pan && !scaleChanged && settled {
                let b = ZoomInteraction.centerBounds(fit: fit, scale: pose.scale, window: window)
                var x = ScrollAxis(value: pose.center.x, lower: b.x.lowerBound, upper: b.x.upperBound, dimension: window.width,
                                   feel: feel, spring: feel.zoomSpring, restTolerance: 0.25, restVelocityTolerance: 2)
                var y = ScrollAxis(value: pose.center.y, lower: b.y.lowerBound, upper: b.y.upperBound, dimension: window.height,
                                   feel: feel, spring: feel.zoomSpring, restTolerance: 0.25, restVelocityTolerance: 2)
                x.release(velocity: velocity.x * x.bandSlope(atRaw: x.unbanded(pose.center.x)))
                y.release(velocity: velocity.y * y.bandSlope(atRaw: y.unbanded(pose.center.y)))
                zoom.drive = .coasting(x: x, y: y)
                return .zoom
            }
            // The zoom-release model (docs/phases.md): the scale stops with the fingers, the pan may
            // coast. As UIScrollView zooms (iOS Photos): a scale let go within `1...maximum` stays
            // where the fingers left it, one let go past a limit returns to it on the zoom spring
            // (the log-space band's own return, from rest: a scale never runs on past the hand);
            // the centre keeps the hand's travel (the pivot's velocity, through each axis's band
            // slope) and coasts on it, projected at the feel's deceleration.
            var v = PhotoPose(center: .zero, size: .zero, scale: 0, rotation: 0)
            if !cancelled, g.scale > 0 { v.center = hold.handedVelocity(velocity, pose: pose, fit: fit, window: window, feel: feel) }
            return Self.headReleasedZoom(to: pose.scale, velocity: v, pivotVelocity: v.center, pivot: g.pivot, full: full, fit: fit,
                                         window: window, feel: feel, zoom: &zoom, transition: &tr, progress: p)
        }
    }

    /// The zoom spring takes a released zoom from where it is drawn with velocity `v` to `scale`
    /// (limited to `1...maximum`; at 1: `full`) about the pivot carried on by `pivotVelocity`,
    /// projected at the feel's deceleration.
    private static func headReleasedZoom(to scale: Double, velocity v: PhotoPose, pivotVelocity: Point, pivot start: Point,
                                         full: PhotoPose, fit: Size, window: Size, feel: Feel, zoom: inout ZoomInteraction,
                                         transition tr: inout PhotoTransition, progress p: Double) -> ReleaseVerdict {
        let pose = tr.pose.value
        let rate = feel.decelerationRatePerMillisecond
        let scale = min(max(scale, 1), max(1, feel.maximumZoomScale))
        let toFit = scale <= 1 + 1e-3
        let pivot = start + Point(Momentum.project(velocity: pivotVelocity.x, decelerationRate: rate),
                                  Momentum.project(velocity: pivotVelocity.y, decelerationRate: rate))
        var coasted = pose
        coasted.center = pose.center + (pivot - start)
        let target = toFit ? full : ZoomInteraction.zoomed(coasted, to: scale, about: pivot, fit: fit, window: window)
        tr.pose.resume(velocity: v)
        tr.head(to: target, destination: .open, role: .zoom, feel: feel, progress: p)
        zoom.drive = .spring
        zoom.returningToFit = toFit
        return toFit ? .return : .zoom
    }

    /// Lets go of a pan that held a zoom still running (`ZoomInteraction.Hold.runningScale`): the
    /// zoom spring takes the photo on from where it is drawn, with the scale's velocity and the
    /// centre's (the hand's, plus the growth about the pointer: `ċ = V + (c − P)·ṡ/s`), to the
    /// scale the zoom was heading for about the pointer carried on by the hand's momentum.
    private static func releaseRunningZoom(_ hold: ZoomInteraction.Hold, run: SpringAnimation<Double>, cancelled: Bool,
                                           velocity: Point, fit: Size, full: PhotoPose, window: Size, feel: Feel,
                                           zoom: inout ZoomInteraction, transition tr: inout PhotoTransition,
                                           progress p: Double) -> ReleaseVerdict {
        let g = hold.gesture
        let pose = tr.pose.value
        let hand = cancelled ? Point.zero : hold.handedVelocity(velocity, pose: pose, fit: fit, window: window, feel: feel)
        let growth = pose.scale > 0 ? run.velocity / pose.scale : 0
        var v = PhotoPose(center: hand + (pose.center - g.pivot) * growth, size: .zero, scale: run.velocity, rotation: 0)
        if !v.isFinite { v = PhotoPose(center: .zero, size: .zero, scale: 0, rotation: 0) }
        return headReleasedZoom(to: run.target, velocity: v, pivotVelocity: hand, pivot: g.pivot, full: full, fit: fit,
                                window: window, feel: feel, zoom: &zoom, transition: &tr, progress: p)
    }

    /// Moves the zoom on: coasting axes write the centre; a spring that has brought the photo back
    /// to its fit ends the zoom; a zoom running under a pan's hold rides on (`Hold.runningScale`).
    package mutating func advanceZoom(by dt: Double, fit: Size, window: Size, feel: Feel) {
        guard case var .zooming(zoom) = driver else { return }
        switch zoom.drive {
        case var .gesture(hold):
            guard var run = hold.runningScale, !run.isAtRest else { return }
            run.advance(by: dt)
            hold.runningScale = run
            zoom.drive = .gesture(hold)
            transition.pose.hold(at: hold.pose(fit: fit, window: window, feel: feel))
            driver = .zooming(zoom)
        case var .coasting(x, y):
            x.advance(by: dt)
            y.advance(by: dt)
            // The cross-fade (reduced motion) runs on while the zoom coasts, as under its spring:
            // held until the coast's rest check, it ran again from a frame's instant (property
            // seed 6840: backdrop 0.086 apart between 30 and 240 fps).
            transition.fade?.advance(by: dt)
            var pose = transition.pose.value
            pose.center = Point(x.value, y.value)
            transition.pose.hold(at: pose)
            if x.isAtRest && y.isAtRest {
                transition.pose.resume()
                transition.head(to: pose, destination: .open, role: .zoom, feel: feel, progress: zoom.heldProgress)
                zoom.drive = .spring
            } else {
                zoom.drive = .coasting(x: x, y: y)
            }
            driver = .zooming(zoom)
        case .spring:
            // The cross-fade (reduced motion) runs on under the zoom spring, as under a flight: it
            // is the backdrop here (`progress`), and a fade held until the spring's rest check
            // handed over to a flight would resume at a frame's instant, not at the spring's
            // (property seed 1365: a double tap's return to the fit, backdrop 0.029 apart between
            // 60 and 144 fps).
            transition.advancePose(by: dt)
            transition.fade?.advance(by: dt)
            driver = zoom.returningToFit && transition.pose.isAtRest ? .flight(Flight()) : .zooming(zoom)
        }
    }

    /// Sends the photo on the zoom spring to `target` from wherever it is (whatever held it lets
    /// go first), the backdrop from `progress`; `returningToFit` ends the zoom when it lands.
    package mutating func headZoom(to target: PhotoPose, returningToFit: Bool, progress shown: Double, feel: Feel) {
        releaseDriverIntoPose()
        transition.head(to: target, destination: .open, role: .zoom, feel: feel, progress: shown)
        var zoom = ZoomInteraction()
        zoom.returningToFit = returningToFit
        driver = .zooming(zoom)
    }
}
