import Geometry
import Gestures
import Motion

// Zoom inside the presented photo: pinches, pans with momentum, keys, wheel and double-click.
extension Viewer {
    /// A pinch out on the presented photo starts zooming (the photo catches up with the pinch).
    mutating func beginZoomGesture(_ m: Manipulation) {
        guard let photo = session?.photo else { return }
        let fit = fitSize(photo)
        withPhoto { [feel, windowSize] in $0.beginZoom(m, fit: fit, window: windowSize, feel: feel) }
        notes.append(.grabbed(photo: photo, gesture: GestureName(m.kind), from: .presented, time: time))
    }

    /// A pan or pinch on a zoomed photo: held where it is if it was moving, else it follows the
    /// pointer from the press.
    mutating func grabZoom(_ m: Manipulation) {
        guard let s = session, case let .zooming(zoom) = s.driver else { return }
        let moving: Bool
        switch zoom.drive {
        case .coasting: moving = true
        case .spring: moving = !s.transition.pose.isAtRest
        case .gesture: moving = false
        }
        let fit = fitSize(s.photo)
        // A pan lets a key's or a double-click's zoom run on to its target under the hand; a pinch
        // takes the scale (docs/phases.md, "zoomed").
        withPhoto { [feel, windowSize] in
            $0.holdZoom(m, base: moving ? m : nil, slack: .zero, fit: fit, window: windowSize, feel: feel, keepsScaleRunning: m.kind == .pan)
        }
        notes.append(.grabbed(photo: s.photo, gesture: GestureName(m.kind), from: .zoomed, time: time))
    }

    mutating func updateZoom(_ m: Manipulation) {
        guard let photo = session?.photo else { return }
        let fit = fitSize(photo)
        withPhoto { [feel, windowSize] in $0.updateZoom(m, fit: fit, window: windowSize, feel: feel) }
    }

    /// Lets go: a pan coasts on its momentum within the bounds; a pinch (or a pan of a photo caught
    /// while still turning into its zoom) settles on the zoom spring at its scale limited to
    /// `1...maximum` (at 1: back to the presented photo), with its velocities.
    mutating func releaseZoom(_ m: Manipulation, cancelled: Bool) {
        updateZoom(m)
        guard let s = session, case let .zooming(zoom) = s.driver, case let .gesture(hold) = zoom.drive else { return }
        let g = hold.gesture
        let pose = s.transition.pose.value
        let fit = fitSize(s.photo)
        let maxSpeed = feel.maximumFlingSpeedPointsPerSecond
        var velocity = cancelled ? .zero : g.velocity
        if velocity.length > maxSpeed { velocity = velocity * (maxSpeed / velocity.length) }
        let scaleChanged = abs(g.scale - 1) > 1e-9
        let settled = pose.size == fit && pose.rotation == 0
        // Dragged past the photo's edge and let go onward: the edge hands over to paging; not while
        // a key's zoom runs on under the hand (the edge it shows is not where the zoom is going).
        let zoomRuns = hold.runningScale.map { !$0.isAtRest } ?? false
        if g.kind == .pan && !scaleChanged && settled && !cancelled && !zoomRuns
            && pageAtZoomEdge(released: g, velocity: velocity.x) { return }
        let full = fullPose(s.photo)
        let decision = withPhoto { [feel, windowSize] in
            $0.releaseZoom(hold, cancelled: cancelled, velocity: velocity, fit: fit, full: full, window: windowSize, feel: feel)
        } ?? nil
        guard let decision else { return }
        notes.append(.released(ViewerNote.Release(
            photo: s.photo, gesture: GestureName(g.kind), time: time, velocity: g.velocity, scaleVelocity: g.scaleVelocity,
            rotationVelocity: g.rotationVelocity, projected: pose.scale, decision: decision)))
    }

    /// Moves the zoom on: coasting axes write the centre; a spring that has brought the photo back
    /// to its fit ends the zoom.
    mutating func advanceZoom(by dt: Double) {
        guard let photo = session?.photo else { return }
        let fit = fitSize(photo)
        withPhoto { [feel, windowSize] in $0.advanceZoom(by: dt, fit: fit, window: windowSize, feel: feel) }
    }

    /// The window resized while zoomed: the same scale, the centre kept in the new bounds. A photo
    /// held by a zoom gesture is held afresh in the new window (`regrabZoom`).
    mutating func resizeZoom(oldFit: Size, oldWindow: Size) {
        guard let s = session, case let .zooming(zoom) = s.driver else { return }
        if case let .gesture(hold) = zoom.drive { return regrabZoom(hold, oldFit: oldFit, oldWindow: oldWindow) }
        guard let base = zoomBase else { return }
        let returning = zoom.returningToFit
        let p = s.progress(feel: feel)
        let fit = fitSize(s.photo)
        let centre = Point(windowSize.width / 2, windowSize.height / 2)
        let oldCentre = Point(oldWindow.width / 2, oldWindow.height / 2)
        let ratio = oldFit.width > 0 ? fit.width / oldFit.width : 1
        let target = returning ? fullPose(s.photo)
            : ZoomInteraction.clampedPose(center: centre + (base.center - centre) * ratio, scale: base.scale, fit: fit, window: windowSize)
        withPhoto { [feel] s in
            s.releaseDriverIntoPose()
            // Where it is now keeps its place relative to the window's centre and its size relative
            // to the fit (what is drawn moves with the window, as a held zoom's does); the spring
            // goes on from there.
            s.transition.remap(aboutCentre: oldCentre, onto: centre, ratio: ratio)
            s.transition.head(to: target, destination: .open, role: .zoom, feel: feel, progress: p)
            var next = ZoomInteraction()
            next.returningToFit = returning
            s.driver = .zooming(next)
        }
    }

    /// The window resized while a zoom gesture holds the photo: it keeps its place relative to the
    /// window's centre and its size relative to the fit, and the gesture goes on from there, measured
    /// from its present state against the new window's bounds. The resize moves the photo (an input
    /// does); the release then starts from exactly what is drawn, instead of re-reading the whole
    /// gesture against bounds it was not made in.
    private mutating func regrabZoom(_ hold: ZoomInteraction.Hold, oldFit: Size, oldWindow: Size) {
        guard let s = session else { return }
        let pose = s.transition.pose.value
        let fit = fitSize(s.photo)
        let ratio = oldFit.width > 0 ? fit.width / oldFit.width : 1
        let oldCentre = Point(oldWindow.width / 2, oldWindow.height / 2), centre = Point(windowSize.width / 2, windowSize.height / 2)
        let held = PhotoPose(center: centre + (pose.center - oldCentre) * ratio, size: pose.size * ratio,
                             scale: pose.scale, rotation: pose.rotation)
        withPhoto { [feel, windowSize] s in
            s.transition.pose.hold(at: held)
            s.holdZoom(hold.latest, base: hold.latest, slack: hold.slack(atRatio: hold.grab.scale > 0 ? pose.scale / hold.grab.scale : 1) * ratio,
                       fit: fit, window: windowSize, feel: feel)
        }
    }

    /// Photo `photo`'s real size arrived while a zoom gesture holds it: the gesture goes on from what
    /// is drawn (its centre where it is), measured against the new fit's bounds, so its release does
    /// not re-read the whole gesture against bounds it was not made in.
    mutating func regrabZoomInPlace(photo: Int) {
        guard let s = session, s.photo == photo, case let .zooming(zoom) = s.driver, case let .gesture(hold) = zoom.drive else { return }
        let fit = fitSize(photo)
        let scale = s.transition.pose.value.scale
        let slack = hold.slack(atRatio: hold.grab.scale > 0 ? scale / hold.grab.scale : 1)
        withPhoto { [feel, windowSize] in $0.holdZoom(hold.latest, base: hold.latest, slack: slack, fit: fit, window: windowSize, feel: feel) }
    }

    // MARK: - Keys, wheel, double-click

    /// The pose a new zoom step starts from: where the zoom spring is heading, or the photo at rest.
    var zoomBase: PhotoPose? {
        guard let s = session else { return nil }
        let tr = s.transition
        switch s.driver {
        // Landed (within `landedProgressShare` of the open frame): from that frame.
        case .flight: return s.phase == .presented ? tr.pose.value : hasLanded(s) ? tr.pose.target : nil
        case let .zooming(zoom):
            switch zoom.drive {
            case .spring: return tr.pose.target
            case let .coasting(x, y): return PhotoPose(center: Point(x.value, y.value), size: tr.pose.value.size, scale: tr.pose.value.scale)
            case .gesture: return nil
            }
        default: return nil
        }
    }

    /// Zooms to `scale` (limited to `1...maximum`) keeping the photo point at `anchor` in place, on
    /// the zoom spring from wherever the photo is; scale 1 returns to the presented photo.
    mutating func zoom(toScale scale: Double, about anchor: Point) {
        guard let base = zoomBase, let s = session else { return }
        let scale = min(max(scale, 1), max(1, feel.maximumZoomScale))
        let toFit = scale <= 1 + 1e-6
        if toFit && s.phase == .presented { return }
        let fit = fitSize(s.photo)
        var reference = base
        reference.size = fit
        let target = toFit ? fullPose(s.photo) : ZoomInteraction.zoomed(reference, to: scale, about: anchor, fit: fit, window: windowSize)
        let shown = s.progress(feel: feel)
        withPhoto { [feel] in $0.headZoom(to: target, returningToFit: toFit, progress: shown, feel: feel) }
    }

    /// `+` / `−`: multiplies the scale by the feel's keyboard step about the window's centre.
    mutating func zoomByKey(_ factor: Double) {
        guard let base = zoomBase else { return }
        zoom(toScale: base.scale * factor, about: Point(windowSize.width / 2, windowSize.height / 2))
    }

    /// Arrow keys and the wheel (`input`, as the table names it) pan a zoomed photo by `delta`
    /// points (the photo moves by it), within bounds; a pan the bounds leave nothing of is noted
    /// unless `quiet` (the tail of a wheel burst already noted).
    mutating func zoomPan(by delta: Point, input: String, quiet: Bool = false) {
        guard let s = session, case .zooming = s.driver, var base = zoomBase else { return }
        let from = base.center
        base.center = base.center + delta
        let target = ZoomInteraction.clampedPose(center: base.center, scale: base.scale, fit: fitSize(s.photo), window: windowSize)
        if target.center.distance(to: from) < 1e-9 {
            if !quiet { noteIgnored(input, .atZoomEdge) }
            return
        }
        // From the progress shown: a zoom reached from a closing photo (a double-click) or from one
        // still opening (a pinch) may be short of 1, and the backdrop must not jump to it.
        let shown = s.progress(feel: feel)
        withPhoto { [feel] in $0.headZoom(to: target, returningToFit: false, progress: shown, feel: feel) }
    }

    /// The second click of a double-click on the presented photo: the dismissal its first click
    /// started turns, from where the photo is and with its velocity, into a zoom about the point
    /// clicked (measured on the full frame, where the first click landed).
    mutating func zoomAfterDoubleClick(at location: Point) {
        guard let s = session else { return }
        let p = s.progress(feel: feel)
        let fit = fitSize(s.photo)
        let target = ZoomInteraction.zoomed(fullPose(s.photo), to: min(feel.doubleClickZoomScale, max(1, feel.maximumZoomScale)),
                                            about: location, fit: fit, window: windowSize)
        withPhoto { [feel] s in
            s.transition.upright(feel: feel)
            s.headZoom(to: target, returningToFit: target.scale <= 1 + 1e-6, progress: p, feel: feel)
        }
        notes.append(.interrupted(photo: s.photo, from: .closing, to: .zoomed, time: time))
    }
}
