import Geometry
import Gestures
import Motion
import FeelModel

/// A gesture holding the photo to dismiss it (Material Motion's Photo transition, iOS Photos' drag
/// to close): the springs are paused and the gesture writes the pose.
///
/// With the manipulation measured from the grab (`m`), pivot `P₀` at the grab, the pose at the grab
/// (centre `c₀`, scale `s₀`, rotation `θ₀`) and a downward-drag shrink `f`:
///
///     centre   = P + R(θ)·(S·f)·(c₀ − P₀)       P = P₀ + translation, S = pinch scale, θ = rotation
///     scale    = s₀·S·f
///     rotation = θ₀ + θ
///     f        = 1 − (1 − minimumScale)·clamp(Δy / (shrinkFraction·H), 0, 1)   (DismissShrink; with a
///                dead zone and a knee it waits, then eases toward the minimum past the knee)
///
/// so the point under the pivot stays under it (travel up, which cannot dismiss by default, is
/// rubber-banded: `DismissDirection.shown`). Progress is the progress at the grab times
/// `1 − a`, where the dismissal amount `a = 1 − (1 − drag)(1 − pinch)` combines the drag distance
/// through the drag radius, `drag = min(1, counted / radius)` (the translation as it counts by
/// direction, `DismissDirection`), and the pinch below 1,
/// `pinch = clamp((1 − S) / (1 − minimumScale), 0, 1)`.
///
/// Two fingers under a pinch dead zone (`PinchFollow`, the `ios` preset) that take hold together
/// hold it 1:1 instead: `S` is the fingers' held scale, no drag shrink, band or lag, and a release
/// goes by that scale alone. A second finger landing on a held pan joins the pan (`update`).
/// With a follow spring (`Feel.followSpring`) the pose above is the target of a spring whose value
/// is drawn (`follow`); unset, it is drawn as it is.
package struct DismissInteraction: Sendable {
    /// The pose when the gesture took hold.
    package var grabPose: PhotoPose
    /// The transition's progress when the gesture took hold.
    package var grabProgress: Double
    /// The phase the gesture interrupted.
    package var from: Phase
    /// The manipulation it is measured from: nil for its own start (the photo was at rest and
    /// catches up with the pointer), or the sample at the grab (the photo was moving and stops).
    package var base: Manipulation?
    /// The latest manipulation, measured from the grab.
    package var gesture: Manipulation
    /// The latest manipulation as the recognizer reported it (measured from its own start).
    package private(set) var latest: Manipulation
    /// The farthest the pivot has been from the grab along the gesture's path, points: the way the
    /// gesture was going, against which a release moving back is measured.
    package private(set) var farthest: Point
    /// How the fingers scale the photo (`PinchFollow`): `gesture` holds the held scale, the fingers'.
    package let pinch: PinchFollow
    /// `PinchFollow.gain` of the last sample with two fingers down (nil: none yet, or no mapping):
    /// kept when a finger lifts, so the held scale goes on from where the fingers left it.
    package private(set) var pinchGain: Double?
    /// With a follow spring (`Feel.followSpring`): the drawn pose, riding the spring toward the
    /// pose the hand holds (`pose(windowHeight:feel:)`), which changes only when the gesture does,
    /// so the drawn pose is the spring's closed form between two gesture updates whatever the frame
    /// rate. Nil: the photo is drawn where the hand holds it.
    package var follow: SpringAnimation<PhotoPose>?

    package init(grabPose: PhotoPose, grabProgress: Double, from: Phase, base: Manipulation?, first: Manipulation,
         pinch: PinchFollow) {
        self.grabPose = grabPose
        self.grabProgress = grabProgress
        self.from = from
        self.base = base
        self.pinch = pinch
        self.pinchGain = pinch.gain(for: first)
        self.gesture = first
        self.latest = first
        self.farthest = .zero
        update(first)
    }

    /// True for two fingers under a pinch dead zone (`PinchFollow`, iOS's pinch): they hold the
    /// photo 1:1 and release by their scale alone.
    package var isFingersPinch: Bool { pinchGain != nil }

    /// A gesture that took hold with one finger stays a pan when a second lands (`pinchGain` is
    /// only ever set by the fingers the hold began with): the recognizer re-grips where the hand
    /// stands, so the pan's pose goes on from exactly where it was, its fingers' spread and turn
    /// scaling and turning the photo about them, and its release is a pan's. Switching to the
    /// fingers' 1:1 hold there dropped the drag's shrink at once (the photo grew back 82 pt as the
    /// fingers closed, its centre ran at 833 pt/s behind a 500 pt/s hand, the release returned).
    package mutating func update(_ m: Manipulation) {
        latest = m
        if pinchGain != nil, let k = pinch.gain(for: m) { pinchGain = k }
        let held = PinchFollow.mapped(m, gain: pinchGain)
        gesture = held.rebased(on: base.map { PinchFollow.mapped($0, gain: pinchGain == nil ? nil : pinch.gain(for: $0) ?? pinchGain) })
        if gesture.translation.isFinite, gesture.translation.length > farthest.length { farthest = gesture.translation }
    }

    // MARK: - Follow spring

    /// Starts the follow spring (none when `spring` is nil) at `drawn`, the pose on screen at the
    /// grab, at rest, toward the pose the hand holds.
    package mutating func startFollowing(from drawn: PhotoPose, spring: Spring?, windowHeight: Double, feel: Feel) {
        guard let spring else { follow = nil; return }
        follow = SpringAnimation(value: drawn, target: pose(windowHeight: windowHeight, feel: feel), spring: spring,
                                 restTolerance: PhotoPose.restTolerance, restVelocityTolerance: PhotoPose.restVelocityTolerance)
    }

    /// The follow spring heads for the pose the hand holds now (after an update, a resize, a retune).
    package mutating func retargetFollow(windowHeight: Double, feel: Feel) {
        let hand = pose(windowHeight: windowHeight, feel: feel)
        follow?.retarget(to: hand, spring: feel.heldFollowSpring)
    }

    /// The pose drawn now: the follow spring's, else the hand's.
    package func drawnPose(windowHeight: Double, feel: Feel) -> PhotoPose {
        follow?.value ?? pose(windowHeight: windowHeight, feel: feel)
    }

    /// The drawn pose's velocity: the follow spring's, else the hand's (`poseVelocity`).
    package func drawnVelocity(windowHeight: Double, feel: Feel) -> PhotoPose {
        follow?.velocity ?? poseVelocity(windowHeight: windowHeight, feel: feel)
    }

    // MARK: - Pose

    /// The shrink factor `f` for a downward travel `dy` (points) in a window `height` points tall.
    package static func shrink(dy: Double, height: Double, feel: Feel) -> Double {
        DismissShrink(feel: feel).factor(dy: dy, height: height)
    }

    /// The pose the gesture holds the photo at now (travel that cannot dismiss rubber-banded:
    /// `DismissDirection.shown`).
    package func pose(windowHeight: Double, feel: Feel) -> PhotoPose {
        let m = gesture
        if isFingersPinch {
            // The fingers' distance scales it, their angle turns it and their focal point carries
            // it, 1:1 (no drag shrink, no band, no lag: those are a pan's).
            let arm = ((grabPose.center - m.startPivot) * m.scale).rotated(by: m.rotation)
            return PhotoPose(center: m.pivot + arm, size: grabPose.size, scale: grabPose.scale * m.scale,
                             rotation: grabPose.rotation + m.rotation)
        }
        let f = DismissInteraction.shrink(dy: m.translation.y, height: windowHeight, feel: feel)
        let arm = ((grabPose.center - m.startPivot) * (m.scale * f)).rotated(by: m.rotation)
        var shown = DismissDirection(feel: feel).shown(m.translation, windowHeight: windowHeight)
        let sideways = SidewaysFollow(feel: feel)
        if !sideways.isIdentity { shown.x = sideways.offset(m.translation.x) }
        let downward = DownwardFollow(feel: feel)
        if !downward.isIdentity, m.translation.y > 0 { shown.y = downward.offset(m.translation.y, height: windowHeight) }
        return PhotoPose(center: m.startPivot + shown + arm, size: grabPose.size, scale: grabPose.scale * m.scale * f,
                         rotation: grabPose.rotation + m.rotation)
    }

    /// The pose's velocity now by the chain rule (pt/s, scale/s, rad/s):
    /// `ċ = V' + θ̇·S·f·w⊥ + (Ṡ·f + S·ḟ)·w` with `w = R(θ)·(c₀ − P₀)`, `ṡ = s₀·(Ṡ·f + S·ḟ)`, and
    /// `V'` the pivot's velocity with its vertical part times the rubber band's slope where banded.
    package func poseVelocity(windowHeight: Double, feel: Feel) -> PhotoPose {
        let m = gesture
        if isFingersPinch {
            // `ċ = V + θ̇·S·w⊥ + Ṡ·w`, `ṡ = s₀·Ṡ`, with `w = R(θ)·(c₀ − P₀)`.
            let w = (grabPose.center - m.startPivot).rotated(by: m.rotation)
            let center = m.velocity + Point(-w.y, w.x) * (m.rotationVelocity * m.scale) + w * m.scaleVelocity
            return PhotoPose(center: center, size: .zero, scale: grabPose.scale * m.scaleVelocity, rotation: m.rotationVelocity)
        }
        let dy = m.translation.y
        let shrink = DismissShrink(feel: feel)
        let f = shrink.factor(dy: dy, height: windowHeight)
        // The size's growth the hand passes on: at the release instant, or as the hand's recent
        // path moved it, whichever is less. A hand jittering across the point where the shrink
        // begins moved the size by almost nothing, though the slope just past that point is
        // steep (property seed 165: 215 pt/s of size handed for a drawn 12); within one linear
        // stretch the two agree.
        let fDot = shrink.slope(dy: dy, height: windowHeight) * m.velocity.y
        let fDotPath = shrink.pathSlope(dy: dy, velocity: m.velocity.y, seconds: feel.velocityWindowSeconds, height: windowHeight) * m.velocity.y
        let w = (grabPose.center - m.startPivot).rotated(by: m.rotation)
        let perpendicular = Point(-w.y, w.x)
        let growthNow = m.scaleVelocity * f + m.scale * fDot, growthPath = m.scaleVelocity * f + m.scale * fDotPath
        let growth = abs(growthPath) < abs(growthNow) ? growthPath : growthNow
        let slope = pivotSlope(windowHeight: windowHeight, feel: feel)
        let pivotVelocity = Point(m.velocity.x * slope.x, m.velocity.y * slope.y)
        let center = pivotVelocity + perpendicular * (m.rotationVelocity * m.scale * f) + w * growth
        return PhotoPose(center: center, size: .zero, scale: grabPose.scale * growth, rotation: m.rotationVelocity)
    }

    /// How the grabbed point follows the hand now, axis by axis: `d shown / d translation`
    /// (`pose(windowHeight:feel:)`'s `shown`): 1 where it follows, the rubber band's slope where
    /// travel that cannot dismiss is banded, the sideways and downward follows' slopes where the
    /// feel sets them (the grabbed point stays under the pivot through the shrink, turn and pinch).
    package func pivotSlope(windowHeight: Double, feel: Feel) -> Point {
        let m = gesture
        var slope = Point(1, DismissDirection(feel: feel).shownSlope(m.translation, windowHeight: windowHeight))
        let sideways = SidewaysFollow(feel: feel)
        if !sideways.isIdentity { slope.x = sideways.slope(m.translation.x) }
        let downward = DownwardFollow(feel: feel)
        if !downward.isIdentity, m.translation.y > 0 { slope.y = downward.slope(m.translation.y, height: windowHeight) }
        return slope
    }

    /// The dismissal amount `a` for a translation and a pinch scale (see the type's documentation);
    /// the drag counts by `DismissDirection.countedDistance`.
    package static func amount(translation: Point, scale: Double, direction: DismissDirection, feel: Feel) -> Double {
        let counted = direction.countedDistance(translation)
        let drag = feel.dragRadiusPoints > 0 ? min(1, counted / feel.dragRadiusPoints) : 1
        let pinchRange = max(0.05, 1 - feel.dismissMinimumScale)
        let pinch = min(max((1 - scale) / pinchRange, 0), 1)
        let a = 1 - (1 - drag) * (1 - pinch)
        return a.isFinite ? a : 0
    }

    /// The transition's progress now.
    package func progress(feel: Feel) -> Double {
        let direction = DismissDirection(feel: feel)
        return grabProgress * (1 - DismissInteraction.amount(translation: gesture.translation, scale: gesture.scale,
                                                              direction: direction, feel: feel))
    }

    /// With reduced motion the held photo fades with progress but never below this share of the
    /// opacity it had when caught: what the hand holds stays visible (it fades out after the release).
    package static let reducedMotionMinimumOpacityShare = 0.5

    /// The held photo's opacity with reduced motion: `a₀·(m + (1 − m)·p/p₀)`, from the opacity `a₀`
    /// and progress `p₀` at the grab, `m` the minimum share: continuous at the grab, at least `m·a₀`.
    package func heldOpacity(grabOpacity a0: Double, feel: Feel) -> Double {
        let m = DismissInteraction.reducedMotionMinimumOpacityShare
        // Caught at progress 0 (faded out, its opacity still trailing): nothing to fall from, the
        // opacity it was caught at holds.
        let share = grabProgress > 0 ? min(max(progress(feel: feel) / grabProgress, 0), 1) : 1
        return min(max(a0 * (m + (1 - m) * share), 0), 1)
    }

    // MARK: - Decision

    /// What a release now would do, the rule that decided it, and the figures it decided on.
    package struct Decision: Sendable, Equatable {
        package var closes: Bool
        /// The rule that decided, with the figures it compared (what the decision overlay shows).
        package var reason: DecisionReason
        /// Offset plus the momentum projection of the velocity, pt (from the grab).
        package var projectedOffset: Point
        /// The projected offset's distance as it counts toward dismissal (`DismissDirection`), pt.
        package var countedDistance: Double
        /// Pinch scale carried on by its momentum in log scale: `S·exp(project(Ṡ/S))`.
        package var projectedScale: Double
        /// Rotation plus the projection of its angular velocity, radians.
        package var projectedRotation: Double
        /// The release's speed back along the gesture's path toward the start, pt/s (0 until the
        /// path has left the click slop, negative when moving on away).
        package var backSpeed: Double
        /// True when the release moved back toward the start faster than the reversal speed.
        package var reversed: Bool
        /// The figure summaries print: the projected scale for a pure pinch, else the projected distance.
        package var projected: Double
    }

    /// Close against return on projected momentum. Close when the projected offset, counted by
    /// direction (`DismissDirection`: up returns by default), passes the drag radius; or a
    /// deliberate pinch (below `dismissPinchDeliberateScale`) projects below
    /// `dismissPinchCloseScale` in log scale; or the projected rotation passes
    /// `dismissRotationRadians` either way. But a release moving back along the gesture's path
    /// (toward its farthest point's opposite) faster than `cancelReversalSpeedPointsPerSecond`
    /// returns, whatever the offset at that instant; a cancelled gesture returns. The one place the
    /// dismissal's release is decided: the release and the decision overlay both ask it.
    ///
    /// A pan under a projection rule (`dismissReleaseProjectionSeconds` above 0, iOS's): closes when
    /// the held scale its downward travel would give that far ahead, at the release velocity, is below
    /// `dismissPanCommitScale`, whatever way it moves (a pull back up still closes if it stays short
    /// of the boundary); pinches and rotations keep the rules above. `windowHeight` (points) is what
    /// the held scale is measured on; 0 leaves the projection rule out.
    package func decision(feel: Feel, cancelled: Bool = false, windowHeight: Double = 0) -> Decision {
        let m = gesture
        let rate = feel.decelerationRatePerMillisecond
        let offset = m.translation
        let projectedOffset = offset + Point(Momentum.project(velocity: m.velocity.x, decelerationRate: rate),
                                             Momentum.project(velocity: m.velocity.y, decelerationRate: rate))
        let logVelocity = m.scale > 0 ? m.scaleVelocity / m.scale : 0
        let projectedScale = m.scale * exponential(Momentum.project(velocity: logVelocity, decelerationRate: rate))
        let projectedRotation = m.rotation + Momentum.project(velocity: m.rotationVelocity, decelerationRate: rate)
        // The way the gesture has been going: a deliberate path (past the click slop) has a
        // direction to move back along.
        let reach = farthest.length
        let backSpeed = reach > feel.clickSlopPoints ? -m.velocity.dot(farthest / reach) : 0
        let reversed = backSpeed > feel.cancelReversalSpeedPointsPerSecond
        let direction = DismissDirection(feel: feel)
        let projectedDistance = projectedOffset.length
        let counted = direction.countedDistance(projectedOffset)
        let far = counted > feel.dragRadiusPoints
        let pinched = m.scale < feel.dismissPinchDeliberateScale && projectedScale < feel.dismissPinchCloseScale
        let pinching = m.kind == .pinch || m.kind == .pinchRotate
        let rotating = m.kind == .rotate || m.kind == .pinchRotate || m.rotation != 0
        let turned = abs(projectedRotation) > feel.dismissRotationRadians
        let reason: DecisionReason
        if cancelled {
            reason = .cancelled
        } else if reversed {
            reason = .movingBack(speed: backSpeed, limit: feel.cancelReversalSpeedPointsPerSecond)
        } else if pinched && (pinching || !far) {
            reason = .projectedScaleBelow(projectedScale: projectedScale, threshold: feel.dismissPinchCloseScale)
        } else if turned && !far {
            reason = .projectedRotationPast(projectedRotation: projectedRotation, threshold: feel.dismissRotationRadians)
        } else if far {
            reason = .projectedPastRadius(projectedDistance: counted, radius: feel.dragRadiusPoints)
        } else if projectedDistance > feel.dragRadiusPoints {
            reason = .awayFromDismissal(projectedDistance: projectedDistance, counted: counted,
                                        radius: feel.dragRadiusPoints, halfAngleDegrees: feel.dismissDirectionDegrees,
                                        upward: feel.dismissUpward)
        } else {
            reason = .shortOfClosing(projectedDistance: counted, radius: feel.dragRadiusPoints,
                                     projectedScale: pinching || m.scale != 1 ? projectedScale : nil,
                                     threshold: feel.dismissPinchCloseScale,
                                     projectedRotation: rotating ? projectedRotation : nil,
                                     rotationThreshold: feel.dismissRotationRadians)
        }
        let projected = m.kind == .pinch ? projectedScale : counted
        if isFingersPinch {
            // By where the fingers hold the scale, no projection (iOS: 0.515 at rest returns, 0.494
            // lands; fingers at 0.458 with the photo still at 0.630 land).
            let closes = !cancelled && m.scale < feel.dismissPinchCloseScale
            return Decision(closes: closes,
                            reason: cancelled ? .cancelled : .fingersScale(scale: m.scale, threshold: feel.dismissPinchCloseScale),
                            projectedOffset: offset, countedDistance: counted, projectedScale: m.scale,
                            projectedRotation: m.rotation, backSpeed: backSpeed, reversed: false, projected: m.scale)
        }
        if !cancelled, m.kind == .pan, feel.dismissReleaseProjectionSeconds > 0, windowHeight > 0 {
            let seconds = feel.dismissReleaseProjectionSeconds
            let ahead = DismissShrink(feel: feel).factor(dy: m.translation.y + m.velocity.y * seconds, height: windowHeight)
            let closes = ahead < feel.dismissPanCommitScale
            return Decision(closes: closes,
                            reason: .heldScaleProjected(projectedScale: ahead, threshold: feel.dismissPanCommitScale, seconds: seconds),
                            projectedOffset: offset + m.velocity * seconds, countedDistance: counted, projectedScale: ahead,
                            projectedRotation: projectedRotation, backSpeed: backSpeed, reversed: false, projected: ahead)
        }
        return Decision(closes: !cancelled && !reversed && (far || pinched || turned), reason: reason,
                        projectedOffset: projectedOffset, countedDistance: counted, projectedScale: projectedScale,
                        projectedRotation: projectedRotation, backSpeed: backSpeed, reversed: reversed,
                        projected: projected)
    }
}
