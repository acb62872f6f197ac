import Geometry
import Gestures
import Motion

// Zoom inside the presented photo: pinches, pans with momentum, keys, wheel and double-click.
extension Viewer {
    /// A pinch out on the presented photo starts zooming (the photo catches up with the pinch).
    mutating func beginZoomGesture(_ m: Manipulation) {
        guard case var .photo(s) = mode else { return }
        var zoom = ZoomInteraction()
        zoom.heldProgress = s.progress(feel: feel)
        s.driver = .zooming(zoom)
        // Caught on its frame or still flying onto it: whatever it lacks of its frame is slack.
        startZoomHold(&s, m, base: nil, slack: nil)
        mode = .photo(s)
        notes.append(.grabbed(photo: s.photo, gesture: GestureName(m.kind), from: .presented, time: time))
    }

    /// A pan or pinch on a zoomed photo: held where it is if it was moving, else it follows the
    /// pointer from the press.
    mutating func grabZoom(_ m: Manipulation) {
        guard case var .photo(s) = mode, case let .zooming(zoom) = s.driver else { return }
        let moving: Bool
        switch zoom.drive {
        case .coasting: moving = true
        case .spring: moving = !s.transition.pose.isAtRest
        case .gesture: moving = false
        }
        startZoomHold(&s, m, base: moving ? m : nil, slack: .zero)
        mode = .photo(s)
        notes.append(.grabbed(photo: s.photo, gesture: GestureName(m.kind), from: .zoomed, time: time))
    }

    /// Holds the photo by `m` from where it is drawn. `slack` is how far outside its bounds it may
    /// stand with no band (`ZoomInteraction.Hold.slack`); nil takes all of its present excess.
    private func startZoomHold(_ s: inout PhotoSession, _ m: Manipulation, base: Manipulation?, slack: Point?) {
        let p = s.progress(feel: feel)
        guard case var .zooming(zoom) = s.driver else { return }
        zoom.heldProgress = p
        var tr = s.transition
        if case let .coasting(x, y) = zoom.drive {
            tr.pose.hold(at: PhotoPose(center: Point(x.value, y.value), size: tr.pose.value.size, scale: tr.pose.value.scale))
        }
        tr.pose.pause()
        tr.pose.hold(at: tr.pose.value)
        let grab = tr.pose.value
        let fit = fitSize(tr.photo)
        let rawScale = ZoomInteraction.unbandedScale(grab.scale, feel: feel)
        let b = ZoomInteraction.centerBounds(fit: fit, scale: grab.scale, window: windowSize)
        let e = slack ?? Point(grab.center.x - min(max(grab.center.x, b.x.lowerBound), b.x.upperBound),
                               grab.center.y - min(max(grab.center.y, b.y.lowerBound), b.y.upperBound))
        let rawCenter = Point(ZoomInteraction.unband(grab.center.x - e.x, b.x, dimension: windowSize.width, feel: feel) + e.x,
                              ZoomInteraction.unband(grab.center.y - e.y, b.y, dimension: windowSize.height, feel: feel) + e.y)
        let rawGrab = PhotoPose(center: rawCenter, size: grab.size, scale: rawScale, rotation: 0)
        let hold = ZoomInteraction.Hold(base: base, grab: grab, rawGrab: rawGrab, latest: m, slack: e)
        zoom.drive = .gesture(hold)
        zoom.returningToFit = false
        tr.pose.hold(at: zoomGesturePose(hold, photo: tr.photo))
        s.transition = tr
        s.driver = .zooming(zoom)
    }

    /// The pose a zoom gesture holds now: scale banded past `1...maximum`, the photo point under the
    /// pivot kept under it, the centre banded past its bounds.
    private func zoomGesturePose(_ hold: ZoomInteraction.Hold, photo: Int) -> PhotoPose {
        let grab = hold.grab, rawGrab = hold.rawGrab, g = hold.gesture
        let fit = fitSize(photo)
        let s = ZoomInteraction.bandedScale(rawGrab.scale * g.scale, feel: feel)
        let ratio = grab.scale > 0 ? s / grab.scale : 1
        let raw = g.pivot + (rawGrab.center - g.startPivot) * ratio
        let b = ZoomInteraction.centerBounds(fit: fit, scale: s, window: windowSize)
        let e = hold.slack(atRatio: ratio)
        let c = Point(ZoomInteraction.band(raw.x - e.x, b.x, dimension: windowSize.width, feel: feel) + e.x,
                      ZoomInteraction.band(raw.y - e.y, b.y, dimension: windowSize.height, feel: feel) + e.y)
        // Size and rotation stay as caught (a zoom caught while it turns from a closing keeps them;
        // the release's spring brings them to the fit and upright).
        return PhotoPose(center: c, size: grab.size, scale: s, rotation: grab.rotation)
    }

    mutating func updateZoom(_ m: Manipulation) {
        guard case var .photo(s) = mode, case var .zooming(zoom) = s.driver, case var .gesture(hold) = zoom.drive else { return }
        hold.latest = m
        zoom.drive = .gesture(hold)
        s.transition.pose.hold(at: zoomGesturePose(hold, photo: s.photo))
        s.driver = .zooming(zoom)
        mode = .photo(s)
    }

    /// Lets go: a pan coasts on its momentum within the bounds; a pinch (or a pan of a photo caught
    /// while still turning into its zoom) settles on the zoom spring at its scale limited to
    /// `1...maximum` (at 1: back to the presented photo), with its velocities.
    mutating func releaseZoom(_ m: Manipulation, cancelled: Bool) {
        updateZoom(m)
        guard case var .photo(s) = mode, case var .zooming(zoom) = s.driver, case let .gesture(hold) = zoom.drive else { return }
        let g = hold.gesture
        var tr = s.transition
        let pose = tr.pose.value
        let fit = fitSize(tr.photo)
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        var velocity = cancelled ? .zero : g.velocity
        if velocity.length > maxSpeed { velocity = velocity * (maxSpeed / velocity.length) }
        let decision: ReleaseVerdict
        let scaleChanged = abs(g.scale - 1) > 1e-9
        let settled = pose.size == fit && pose.rotation == 0
        // Dragged past the photo's edge and let go onward: the edge hands over to paging.
        if g.kind == .pan && !scaleChanged && settled && !cancelled && pageAtZoomEdge(released: g, velocity: velocity.x) { return }
        if g.kind == .pan && !scaleChanged && settled {
            let b = ZoomInteraction.centerBounds(fit: fit, scale: pose.scale, window: windowSize)
            var x = ScrollAxis(value: pose.center.x, lower: b.x.lowerBound, upper: b.x.upperBound, dimension: windowSize.width,
                               feel: feel, spring: feel.zoomSpring, restTolerance: 0.25, restVelocityTolerance: 2)
            var y = ScrollAxis(value: pose.center.y, lower: b.y.lowerBound, upper: b.y.upperBound, dimension: windowSize.height,
                               feel: feel, spring: feel.zoomSpring, restTolerance: 0.25, restVelocityTolerance: 2)
            x.release(velocity: velocity.x * x.bandSlope(atRaw: x.unbanded(pose.center.x)))
            y.release(velocity: velocity.y * y.bandSlope(atRaw: y.unbanded(pose.center.y)))
            zoom.drive = .coasting(x: x, y: y)
            decision = .zoom
        } else {
            // The velocities the hand passes on through the mapping it held the photo by (the
            // zoom's view of `zoomGesturePose`): the scale's log rate through the log-space band's
            // slope; the unbanded centre's rate (the pivot's, plus its arm growing with the scale),
            // through each axis's band slope. Past a limit the band passes on only its share.
            var v = PhotoPose(center: .zero, size: .zero, scale: 0, rotation: 0)
            var logRate = 0.0
            if !cancelled, g.scale > 0 {
                let rawScale = hold.rawGrab.scale * g.scale
                logRate = ZoomInteraction.scaleBandSlope(atRaw: rawScale, feel: feel) * g.scaleVelocity / g.scale
                let ratio = hold.grab.scale > 0 ? pose.scale / hold.grab.scale : 1
                let raw = g.pivot + (hold.rawGrab.center - g.startPivot) * ratio
                let rawRate = velocity + (raw - g.pivot) * logRate
                let b = ZoomInteraction.centerBounds(fit: fit, scale: pose.scale, window: windowSize)
                let e = hold.slack(atRatio: ratio)
                v.center = Point(rawRate.x * ZoomInteraction.bandSlope(raw.x - e.x, b.x, dimension: windowSize.width, feel: feel),
                                 rawRate.y * ZoomInteraction.bandSlope(raw.y - e.y, b.y, dimension: windowSize.height, feel: feel))
                v.scale = min(max(pose.scale * logRate, -feel.maximumFlingScalePerSecond), feel.maximumFlingScalePerSecond)
                logRate = pose.scale > 0 ? v.scale / pose.scale : 0
            }
            // It comes to rest where its momentum carries it (projected at the feel's deceleration,
            // in log scale, the pivot with it), limited to `1...maximum`: a pinch let go mid-range
            // coasts on and settles, never aimed back at where it was let go.
            let rate = feel.decelerationRatePerMillisecond
            let projected = pose.scale * exponential(Momentum.project(velocity: logRate, decelerationRate: rate))
            let scale = min(max(projected, 1), max(1, feel.maximumZoomScale))
            let toFit = scale <= 1 + 1e-3
            let pivot = g.pivot + Point(Momentum.project(velocity: velocity.x, decelerationRate: rate),
                                        Momentum.project(velocity: velocity.y, decelerationRate: rate))
            var coasted = pose
            coasted.center = pose.center + (pivot - g.pivot)
            let target = toFit ? fullPose(tr.photo)
                : ZoomInteraction.zoomed(coasted, to: scale, about: pivot, fit: fit, window: windowSize)
            let p = s.progress(feel: feel)
            tr.pose.resume(velocity: v)
            tr.head(to: target, destination: .open, role: .zoom, feel: feel, progress: p)
            zoom.drive = .spring
            zoom.returningToFit = toFit
            decision = toFit ? .return : .zoom
        }
        s.transition = tr
        s.driver = .zooming(zoom)
        mode = .photo(s)
        notes.append(.released(ViewerNote.Release(
            photo: tr.photo, gesture: GestureName(g.kind), time: time, velocity: g.velocity, scaleVelocity: g.scaleVelocity,
            rotationVelocity: g.rotationVelocity, projected: pose.scale, decision: decision)))
    }

    /// Moves the zoom on: coasting axes write the centre; a spring that has brought the photo back
    /// to its fit ends the zoom.
    mutating func advanceZoom(by dt: Double) {
        guard case var .photo(s) = mode, case var .zooming(zoom) = s.driver else { return }
        switch zoom.drive {
        case .gesture:
            return
        case var .coasting(x, y):
            x.advance(by: dt)
            y.advance(by: dt)
            var pose = s.transition.pose.value
            pose.center = Point(x.value, y.value)
            s.transition.pose.hold(at: pose)
            if x.isAtRest && y.isAtRest {
                s.transition.pose.resume()
                s.transition.head(to: pose, destination: .open, role: .zoom, feel: feel, progress: zoom.heldProgress)
                zoom.drive = .spring
            } else {
                zoom.drive = .coasting(x: x, y: y)
            }
            s.driver = .zooming(zoom)
        case .spring:
            s.transition.advancePose(by: dt)
            s.driver = zoom.returningToFit && s.transition.pose.isAtRest ? .flight(.init()) : .zooming(zoom)
        }
        mode = .photo(s)
    }

    /// The window resized while zoomed: the same scale, the centre kept in the new bounds. A photo
    /// held by a zoom gesture is held afresh in the new window (`regrabZoom`).
    mutating func resizeZoom(oldFit: Size, oldWindow: Size) {
        if case let .photo(s) = mode, case let .zooming(zoom) = s.driver, case let .gesture(hold) = zoom.drive {
            return regrabZoom(hold, oldFit: oldFit, oldWindow: oldWindow)
        }
        guard case var .photo(s) = mode, case let .zooming(zoom) = s.driver, let base = zoomBase else { return }
        let returning = zoom.returningToFit
        let p = s.progress(feel: feel)
        s.releaseDriverIntoPose()
        let fit = fitSize(s.photo)
        let centre = Point(windowSize.width / 2, windowSize.height / 2)
        let ratio = oldFit.width > 0 ? fit.width / oldFit.width : 1
        let target = returning ? fullPose(s.photo)
            : ZoomInteraction.clampedPose(center: centre + (base.center - centre) * ratio, scale: base.scale, fit: fit, window: windowSize)
        // Where it is now keeps its place relative to the window's centre and its size relative to
        // the fit (what is drawn moves with the window, as a held zoom's does); the spring goes on
        // from there.
        s.transition.remap(aboutCentre: Point(oldWindow.width / 2, oldWindow.height / 2), onto: centre, ratio: ratio)
        s.transition.head(to: target, destination: .open, role: .zoom, feel: feel, progress: p)
        var next = ZoomInteraction()
        next.returningToFit = returning
        s.driver = .zooming(next)
        mode = .photo(s)
    }

    /// The window resized while a zoom gesture holds the photo: it keeps its place relative to the
    /// window's centre and its size relative to the fit, and the gesture goes on from there, measured
    /// from its present state against the new window's bounds. The resize moves the photo (an input
    /// does); the release then starts from exactly what is drawn, instead of re-reading the whole
    /// gesture against bounds it was not made in.
    private mutating func regrabZoom(_ hold: ZoomInteraction.Hold, oldFit: Size, oldWindow: Size) {
        guard case var .photo(s) = mode else { return }
        let pose = s.transition.pose.value
        let fit = fitSize(s.photo)
        let ratio = oldFit.width > 0 ? fit.width / oldFit.width : 1
        let oldCentre = Point(oldWindow.width / 2, oldWindow.height / 2), centre = Point(windowSize.width / 2, windowSize.height / 2)
        s.transition.pose.hold(at: PhotoPose(center: centre + (pose.center - oldCentre) * ratio, size: pose.size * ratio,
                                             scale: pose.scale, rotation: pose.rotation))
        startZoomHold(&s, hold.latest, base: hold.latest, slack: hold.slack(atRatio: hold.grab.scale > 0 ? pose.scale / hold.grab.scale : 1) * ratio)
        mode = .photo(s)
    }

    /// Photo `photo`'s real size arrived while a zoom gesture holds it: the gesture goes on from what
    /// is drawn (its centre where it is), measured against the new fit's bounds, so its release does
    /// not re-read the whole gesture against bounds it was not made in.
    mutating func regrabZoomInPlace(photo: Int) {
        guard case var .photo(s) = mode, s.photo == photo, case let .zooming(zoom) = s.driver, case let .gesture(hold) = zoom.drive else { return }
        let pose = s.transition.pose.value
        startZoomHold(&s, hold.latest, base: hold.latest, slack: hold.slack(atRatio: hold.grab.scale > 0 ? pose.scale / hold.grab.scale : 1))
        mode = .photo(s)
    }

    // MARK: - Keys, wheel, double-click

    /// The pose a new zoom step starts from: where the zoom spring is heading, or the photo at rest.
    private var zoomBase: PhotoPose? {
        guard let s = session else { return nil }
        let tr = s.transition
        switch s.driver {
        case .flight: return s.phase == .presented ? tr.pose.value : nil
        case let .zooming(zoom):
            switch zoom.drive {
            case .spring: return tr.pose.target
            case let .coasting(x, y): return PhotoPose(center: Point(x.value, y.value), size: tr.pose.value.size, scale: tr.pose.value.scale)
            case .gesture: return nil
            }
        default: return nil
        }
    }

    /// Sends the photo on the zoom spring to `target` from wherever it is (whatever held it lets
    /// go first); `returningToFit` ends the zoom when it lands.
    private mutating func headZoom(_ s: inout PhotoSession, to target: PhotoPose, returningToFit: Bool, progress p: Double? = nil) {
        let shown = p ?? s.progress(feel: feel)
        s.releaseDriverIntoPose()
        s.transition.head(to: target, destination: .open, role: .zoom, feel: feel, progress: shown)
        var zoom = ZoomInteraction()
        zoom.returningToFit = returningToFit
        s.driver = .zooming(zoom)
    }

    /// Zooms to `scale` (limited to `1...maximum`) keeping the photo point at `anchor` in place, on
    /// the zoom spring from wherever the photo is; scale 1 returns to the presented photo.
    mutating func zoom(toScale scale: Double, about anchor: Point) {
        guard let base = zoomBase, case var .photo(s) = mode else { return }
        let scale = min(max(scale, 1), max(1, feel.maximumZoomScale))
        let toFit = scale <= 1 + 1e-6
        if toFit && s.phase == .presented { return }
        let fit = fitSize(s.photo)
        var reference = base
        reference.size = fit
        let target = toFit ? fullPose(s.photo) : ZoomInteraction.zoomed(reference, to: scale, about: anchor, fit: fit, window: windowSize)
        headZoom(&s, to: target, returningToFit: toFit)
        mode = .photo(s)
    }

    /// `+` / `−`: multiplies the scale by the feel's keyboard step about the window's centre.
    mutating func zoomByKey(_ factor: Double) {
        guard let base = zoomBase else { return }
        zoom(toScale: base.scale * factor, about: Point(windowSize.width / 2, windowSize.height / 2))
    }

    /// Arrow keys and the wheel pan a zoomed photo by `delta` points (the photo moves by it), within bounds.
    mutating func zoomPan(by delta: Point) {
        guard case var .photo(s) = mode, case .zooming = s.driver, var base = zoomBase else { return }
        base.center = base.center + delta
        let target = ZoomInteraction.clampedPose(center: base.center, scale: base.scale, fit: fitSize(s.photo), window: windowSize)
        // From the progress shown: a zoom reached from a closing photo (a double-click) or from one
        // still opening (a pinch) may be short of 1, and the backdrop must not jump to it.
        headZoom(&s, to: target, returningToFit: false)
        mode = .photo(s)
    }

    /// The second click of a double-click on the presented photo: the dismissal its first click
    /// started turns, from where the photo is and with its velocity, into a zoom about the point
    /// clicked (measured on the full frame, where the first click landed).
    mutating func zoomAfterDoubleClick(at location: Point) {
        guard case var .photo(s) = mode else { return }
        let p = s.progress(feel: feel)
        s.transition.upright(feel: feel)
        let fit = fitSize(s.photo)
        let target = ZoomInteraction.zoomed(fullPose(s.photo), to: min(feel.doubleClickZoomScale, max(1, feel.maximumZoomScale)),
                                            about: location, fit: fit, window: windowSize)
        headZoom(&s, to: target, returningToFit: target.scale <= 1 + 1e-6, progress: p)
        mode = .photo(s)
        notes.append(.interrupted(photo: s.photo, from: .closing, to: .zoomed, time: time))
    }
}
