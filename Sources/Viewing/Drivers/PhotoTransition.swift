import Geometry
import Motion
import FeelModel

/// The photo out of the grid: which photo, its pose riding a spring, where it is heading and how
/// far the transition has come.
///
/// The pose (`PhotoPose`: centre, unrotated size, gesture scale, rotation) is the quad drawn; its
/// visible crop is the photo's centred crop at the quad's own aspect ratio (`Photo.unitCrop`), so a
/// square cell opens into the whole photo in step with the size, with no distortion at any instant.
///
/// Progress (0 in the grid, 1 presented) is anchored rather than recomputed from scratch: when a
/// motion starts toward a target at progress `p₀` with the pose `d₀` away from that target, then
/// `progress = 1 − (1 − p₀)·min(1, d/d₀)` toward the full frame and `p₀·min(1, d/d₀)` toward the cell.
/// From a cell this is exactly the fraction of the way travelled; after a gesture or a reversal it
/// starts where the backdrop was, so the backdrop never jumps.
package struct PhotoTransition: Sendable {
    package enum Destination: Sendable, Equatable {
        /// Toward the full frame (or a zoomed pose in it).
        case open
        /// Toward the grid cell.
        case closed
    }

    /// Which of the feel's springs drives the pose now.
    package enum SpringRole: Sendable, Equatable {
        case open, close, cancel, zoom
        /// A committed dismissal's flight into the cell: a pinch's, or any other gesture's
        /// (`Feel.landingSpring(pinch:)`: the close spring unless the feel sets landing springs).
        case landing, pinchLanding
        /// A click's close while a second click could still come (see `clickLeadInSpring`).
        case clickLeadIn
        package func spring(in feel: Feel) -> Spring {
            switch self {
            case .open: feel.openSpring
            case .close: feel.closeSpring
            case .cancel: feel.cancelSpring
            case .zoom: feel.zoomSpring
            case .landing: feel.landingSpring(pinch: false)
            case .pinchLanding: feel.landingSpring(pinch: true)
            case .clickLeadIn: PhotoTransition.clickLeadInSpring(feel)
            }
        }
        /// The reduced-motion cross-fade's duration (a whole fade) on this role: the feel's
        /// `crossFadeSeconds`, but for a click's lead-in `T / s` for the double-click interval `T`
        /// and the share `s` the lead-in spring covers by `T` (`clickLeadInShare`): the fade has
        /// then covered the same ≈ 12 %, leaving photo and backdrop at ≈ 0.88 when a second click turns it.
        package func fadeSeconds(in feel: Feel) -> Double {
            guard self == .clickLeadIn else { return feel.crossFadeSeconds }
            return PhotoTransition.clickLeadInInterval(feel) / PhotoTransition.clickLeadInShare
        }
    }

    /// The spring a click's close starts on, for the double-click interval `T`: critically damped
    /// with `ω₀·T = 0.6`, so from rest it covers `1 − (1 + ω₀T)·e^{−ω₀T} ≈ 12 %` of the way by the
    /// time a second click could still come. The close starts at once but gently: a double-click
    /// turns it into a zoom from a photo still at ≥ 88 % of the way (size and backdrop well above
    /// 0.85), and a single click's close carries on, with the velocity it has, on the close spring.
    package static func clickLeadInSpring(_ feel: Feel) -> Spring {
        Spring(responseSeconds: 2 * Double.pi * clickLeadInInterval(feel) / clickLeadInOmegaT, dampingRatio: 1)
    }

    /// `ω₀·T` of the click's lead-in spring.
    package static let clickLeadInOmegaT = 0.6
    /// The share of the way the lead-in spring covers from rest by the double-click interval:
    /// `1 − (1 + ω₀T)·e^{−ω₀T}` = 0.1219.
    package static let clickLeadInShare = 1 - (1 + clickLeadInOmegaT) * exponential(-clickLeadInOmegaT)

    /// The double-click interval the lead-in is made for, seconds (at least 50 ms).
    package static func clickLeadInInterval(_ feel: Feel) -> Double {
        max(0.05, feel.doubleClickIntervalSeconds.isFinite ? feel.doubleClickIntervalSeconds : 0.3)
    }

    /// Where progress was anchored: see the type's documentation.
    package struct ProgressAnchor: Sendable, Equatable {
        package var progress: Double
        package var distance: Double
        package var towardOpen: Bool

        package func progress(atDistance d: Double) -> Double {
            let r = distance > 1e-9 ? min(1, d / distance) : 0
            let p = towardOpen ? 1 - (1 - progress) * r : progress * r
            return min(max(p, 0), 1)
        }
    }

    package var photo: Int
    package var pose: SpringAnimation<PhotoPose>
    package var destination: Destination
    package var role: SpringRole
    package var anchor: ProgressAnchor
    /// Reduced motion: progress and the photo's opacity come from this cross-fade.
    package var fade: CrossFade?

    package init(photo: Int, from start: PhotoPose, to target: PhotoPose, role: SpringRole, feel: Feel,
         fade: CrossFade?) {
        self.photo = photo
        self.pose = SpringAnimation(value: start, target: target, spring: role.spring(in: feel),
                                    restTolerance: PhotoPose.restTolerance,
                                    restVelocityTolerance: PhotoPose.restVelocityTolerance)
        self.destination = .open
        self.role = role
        self.anchor = ProgressAnchor(progress: 0, distance: PhotoTransition.distance(start, target), towardOpen: true)
        self.fade = fade
    }

    /// The transition's progress, 0 (grid) ... 1 (presented), while springs or the fade drive it.
    package var flightProgress: Double {
        if let fade { return fade.value }
        return anchor.progress(atDistance: PhotoTransition.distance(pose.value, pose.target))
    }

    /// True when the pose and the fade are both at rest.
    package var isAtRest: Bool { pose.isAtRest && !pose.isPaused && (fade?.isAtRest ?? true) }

    /// Sends the pose toward `target` from where it is, keeping its velocity, on `role`'s spring,
    /// anchoring progress at `progress`. With reduced motion the cross-fade heads the same way at
    /// `role`'s pace (`fadeSeconds`): a click's close fades in gently too.
    package mutating func head(to target: PhotoPose, destination newDestination: Destination, role newRole: SpringRole,
                       feel: Feel, progress: Double) {
        if pose.isPaused { pose.resume() }
        pose.retarget(to: target, spring: newRole.spring(in: feel))
        destination = newDestination
        role = newRole
        anchor = ProgressAnchor(progress: progress, distance: PhotoTransition.distance(pose.value, target),
                                towardOpen: newDestination == .open)
        fade?.retarget(to: newDestination == .open ? 1 : 0)
        fade?.durationSeconds = newRole.fadeSeconds(in: feel)
    }

    /// Moves the target without changing course (the cell scrolled, the window resized): progress
    /// is re-anchored where it stands so it stays continuous.
    package mutating func follow(_ target: PhotoPose) {
        guard target != pose.target, target.isFinite else { return }
        let p = flightProgress
        pose.retarget(to: target)
        anchor = ProgressAnchor(progress: p, distance: PhotoTransition.distance(pose.value, target),
                                towardOpen: destination == .open)
    }

    /// Carries the pose through a change of the frame of reference (a resize in the window's own
    /// terms): value and target through `position`, velocity through `rate` (the map's linear
    /// part), with progress kept where it stands.
    package mutating func remap(position: (PhotoPose) -> PhotoPose, rate: (PhotoPose) -> PhotoPose) {
        let p = flightProgress
        let paused = pose.isPaused
        pose.retarget(to: position(pose.target))
        pose.jump(to: position(pose.value), velocity: rate(pose.velocity))
        if paused { pose.pause() }
        anchor = ProgressAnchor(progress: p, distance: PhotoTransition.distance(pose.value, pose.target),
                                towardOpen: destination == .open)
    }

    /// A resize in the window's own terms: the pose's offset from the window's centre and its size
    /// (value, target and velocity) scaled by `ratio`, the photo's new fit over its old, about the
    /// old centre onto the new one; progress kept.
    package mutating func remap(aboutCentre oldCentre: Point, onto centre: Point, ratio r: Double) {
        remap(position: { p in
            var p = p
            p.center = centre + (p.center - oldCentre) * r
            p.size = Size(p.size.width * r, p.size.height * r)
            return p
        }, rate: { v in
            var v = v
            v.center = v.center * r
            v.size = Size(v.size.width * r, v.size.height * r)
            return v
        })
    }

    /// Reduced motion, a presented photo whose full frame changed: at rest it refits at once, else
    /// its fade-in follows the new frame.
    package mutating func refit(to full: PhotoPose) {
        if pose.isAtRest && !pose.isPaused {
            if full != pose.target { pose.retarget(to: full); pose.jump(to: full) }
        } else {
            follow(full)
        }
    }

    /// Turns the pose's rotation by whole turns (the same picture) so that a spring to 0 lands
    /// upright the way its momentum goes: the whole turn nearest to where the angular velocity
    /// would carry it (`Momentum.project` at the feel's deceleration rate). Without angular
    /// velocity that is the short way, into (−π, π].
    package mutating func upright(feel: Feel) {
        var v = pose.value
        let travel = Momentum.project(velocity: pose.velocity.rotation, decelerationRate: feel.decelerationRatePerMillisecond)
        let wrapped = travel == 0 ? wrapAngle(v.rotation) : wrapAngle(v.rotation + travel) - travel
        if wrapped != v.rotation {
            v.rotation = wrapped
            pose.jump(to: v, velocity: pose.velocity)
        }
    }

    /// Advances the pose spring, with floors under the size and the scale: zero, since a very thin
    /// photo on a bouncy spring, or a violent pinch thrown inward, would otherwise overshoot into a
    /// negative (mirrored) size; and, while closing, the cell's size for a photo shrinking into it,
    /// so a photo thrown small lands in its cell instead of shrinking past it and growing back, and
    /// for a side already smaller than the cell's, its own size (it only grows from there). A
    /// component that reaches its floor stops there (its velocity drops to zero) and the spring
    /// carries on from it.
    ///
    /// The closing floor is a rule of time, not of frames (`closingFloor`): a side stops at the
    /// instant it would shrink below the cell's size or below its own, wherever the frames fall, so
    /// the same release lands the same at every frame rate.
    package mutating func advancePose(by dt: Double) {
        advancePose(by: dt, targetMovingTo: pose.target, velocity: .zero, endVelocity: .zero)
    }

    /// `advancePose(by:)` with the target moving during the step, from where it is at `velocity`
    /// to `end` at `endVelocity` (`SpringAnimation.advance(by:targetMovingTo:velocity:endVelocity:)`).
    /// Progress stays anchored where the flight began: it follows the distance to the moving target.
    package mutating func advancePose(by dt: Double, targetMovingTo end: PhotoPose, velocity: PhotoPose, endVelocity: PhotoPose) {
        let closing = destination == .closed && dt > 0 && !pose.isPaused
        if closing { stopShrinkingBelowCell() }
        // Not closing, toward a target that stays put: a side (or the scale) springing down through zero stops at
        // the instant it reaches zero, and the spring carries on from there for the rest of the
        // step (a rule of time, as the closing floor is: stopped at the step's end instead, the
        // side stood at zero for a frame's length, so the photo's size and crop came out different
        // at 30 fps and at 240, property seeds 4257, 6003, 7046, 7205: up to 1.5 pt).
        if !closing, dt > 0, !pose.isPaused, end == pose.target, velocity == .zero, endVelocity == .zero,
           let t0 = PhotoTransition.firstZeroSide(pose, by: dt) {
            pose.advance(by: t0)
            var v = pose.value, rate = pose.velocity
            if v.size.width <= 0 { v.size.width = 0; rate.size.width = max(0, rate.size.width) }
            if v.size.height <= 0 { v.size.height = 0; rate.size.height = max(0, rate.size.height) }
            if v.scale <= 0 { v.scale = 0; rate.scale = max(0, rate.scale) }
            pose.jump(to: v, velocity: rate)
            return advancePose(by: dt - t0, targetMovingTo: end, velocity: velocity, endVelocity: endVelocity)
        }
        let start = pose
        pose.advance(by: dt, targetMovingTo: end, velocity: velocity, endVelocity: endVelocity)
        var v = pose.value, velocityNow = pose.velocity
        var floored = false
        if closing {
            // A side that came down onto the cell's size at some instant of the step stopped there.
            let target = pose.target
            let (w, h) = PhotoTransition.reachesCell(start, by: dt, cell: target.size)
            if w { v.size.width = target.size.width; velocityNow.size.width = 0; floored = true }
            if h { v.size.height = target.size.height; velocityNow.size.height = 0; floored = true }
        }
        // Not closing: no side below zero (checked at the step's end; a spring toward a positive
        // size turns back before zero unless thrown past it, and then stays below for longer than a frame).
        if v.size.width < 0 { v.size.width = 0; velocityNow.size.width = max(0, velocityNow.size.width); floored = true }
        if v.size.height < 0 { v.size.height = 0; velocityNow.size.height = max(0, velocityNow.size.height); floored = true }
        if v.scale < 0 { v.scale = 0; velocityNow.scale = max(0, velocityNow.scale); floored = true }
        if floored { pose.jump(to: v, velocity: velocityNow) }
    }

    /// Closing, a side at or below the cell's size that is shrinking stops at once: it only grows
    /// from there (the limit of the floor "its own size" as the frames get shorter).
    private mutating func stopShrinkingBelowCell() {
        let value = pose.value, target = pose.target
        var velocity = pose.velocity
        if value.size.width <= target.size.width, velocity.size.width < 0 { velocity.size.width = 0 }
        if value.size.height <= target.size.height, velocity.size.height < 0 { velocity.size.height = 0 }
        if velocity != pose.velocity { pose.jump(to: value, velocity: velocity) }
    }

    /// The longest stretch of time the closing floor looks between two instants of the spring's
    /// closed form, seconds: a side's dip below the cell's size lasts half a damped period (tens of
    /// milliseconds at the stiffest feel), so it is seen wherever the frames fall.
    package static let floorSampleSeconds = 0.001

    /// Whether each side of `start`'s pose, over the next `dt` seconds in closed form, comes down
    /// from above onto `cell` (its size target, which does not move during a step: a carry and the
    /// grid's scroll move the centre). Looked at every `floorSampleSeconds` and at the step's end.
    package static func reachesCell(_ start: SpringAnimation<PhotoPose>, by dt: Double, cell: Size) -> (Bool, Bool) {
        var above = (start.value.size.width > cell.width, start.value.size.height > cell.height)
        var reached = (false, false)
        let n = max(1, Int((dt / floorSampleSeconds).rounded(.up)))
        for k in 1...n {
            let s = k == n ? start.value(after: dt).size : start.value(after: dt * Double(k) / Double(n)).size
            if above.0, s.width < cell.width { reached.0 = true }
            if above.1, s.height < cell.height { reached.1 = true }
            if s.width > cell.width { above.0 = true }
            if s.height > cell.height { above.1 = true }
            if reached.0 && reached.1 { break }
        }
        return reached
    }

    /// The first instant in the next `dt` seconds of `start`'s closed form at which a side (or the
    /// scale) that is above zero comes down to zero (looked at every `floorSampleSeconds`, then
    /// bisected to a microsecond); nil when none does, or when it would be at the step's very start.
    package static func firstZeroSide(_ start: SpringAnimation<PhotoPose>, by dt: Double) -> Double? {
        let p0 = start.value, s0 = p0.size
        guard s0.width > 0 || s0.height > 0 || p0.scale > 0 else { return nil }
        func below(_ t: Double) -> Bool {
            let p = start.value(after: t), s = p.size
            return (s0.width > 0 && s.width < 0) || (s0.height > 0 && s.height < 0) || (p0.scale > 0 && p.scale < 0)
        }
        let n = max(1, Int((dt / floorSampleSeconds).rounded(.up)))
        var low = 0.0
        for k in 1...n {
            let t = k == n ? dt : dt * Double(k) / Double(n)
            if below(t) {
                var high = t
                while high - low > 1e-6 {
                    let mid = (low + high) / 2
                    if below(mid) { high = mid } else { low = mid }
                }
                return high > 1e-6 ? high : nil
            }
            low = t
        }
        return nil
    }

    /// Folds the gesture scale into the size: the drawn size `size·scale` becomes the size (scale
    /// 1) and its rate `ṡize·scale + size·ṡcale` the size's velocity, so a spring toward a pose of
    /// scale 1 (the cell, the full frame) moves the drawn size alone and keeps the velocity it had,
    /// instead of a size spring and a scale spring undoing each other (a pinch-in released to
    /// close: the size heading for the cell while the scale springs back up to 1).
    package mutating func foldScaleIntoSize() {
        let value = pose.value, v = pose.velocity
        guard value.scale != 1 || v.scale != 0 else { return }
        let drawn = value.displayedSize
        let rate = Size(v.size.width * value.scale + value.size.width * v.scale,
                        v.size.height * value.scale + value.size.height * v.scale)
        pose.jump(to: PhotoPose(center: value.center, size: drawn, scale: 1, rotation: value.rotation),
                  velocity: PhotoPose(center: v.center, size: rate, scale: 0, rotation: v.rotation))
    }

    /// The distance between two poses, points: centre, drawn width and height, and rotation
    /// weighted by 400 pt per radian (a corner of a large photo travels about that far).
    package static func distance(_ a: PhotoPose, _ b: PhotoPose) -> Double {
        let da = a.displayedSize, db = b.displayedSize
        let dx = a.center.x - b.center.x, dy = a.center.y - b.center.y
        let dw = da.width - db.width, dh = da.height - db.height
        let dr = (a.rotation - b.rotation) * 400
        let d = (dx * dx + dy * dy + dw * dw + dh * dh + dr * dr).squareRoot()
        return d.isFinite ? d : 0
    }
}
