import DrawnBounds
import Geometry
import Motion
import Drawing

// The jump detector's view of the viewer: every drawn quantity with the bound its motion sets on
// how fast it can change (see `DrawnQuantity`, `JumpDetector`, docs/continuity.md).
extension Viewer {
    /// What the jump detector reads now: the backdrop and every photo quad's centre, drawn size,
    /// rotation, crop and opacity, each with its speed limit, and whether input wrote them directly.
    package var motionSample: MotionSample {
        var quantities: [DrawnQuantity] = []
        var quads: [Int: MotionSample.Presence] = [:]
        let progressBound = progressSpeedBound
        let backdropSlope = feelInUse.backdropSlope
        // With no photo left, the backdrop fades out with the last picture (`HandOverFade.backdrop`).
        let leavingBackdrop = handOverFade.map { $0.backdrop > 0 ? $0.backdrop * $0.fadeRatePerSecond : 0 } ?? 0
        quantities.append(DrawnQuantity(kind: .backdrop, photo: nil, value: [backdrop],
                                        speedLimit: backdropSlope * progressBound.limit + leavingBackdrop, decayRate: progressBound.decay,
                                        tolerance: backdropSlope * progressBound.tolerance + RestThreshold.opacity.displacement))
        let tr = transition
        let pose = tr.map { movingPoseBounds($0) }
        // The landing photo as drawn (it gives way to a quad of itself drawn out of the grid): once.
        let shownLanding = drawnLanding
        let landingPose = shownLanding.map { poseBounds($0.transition.pose, photo: $0.photo) }
        let pager = pagerBounds
        let fadeBound = tr?.fade != nil ? progressBound : SpeedBound.still
        let window = Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height)
        // Pictures left behind by photos still listed but pushed out of the window (numbered as
        // those photos are now), while the photos themselves are not drawn.
        let listedGhosts: Set<Int> = handOverFade.map { f in
            let kept = f.ghosts.map(\.quad.photo).filter { $0 >= 0 }
            guard !kept.isEmpty else { return [] }
            let shown = Set(listedPhotoQuads().map { $0.photo })
            return Set(kept.filter { !shown.contains($0) })
        } ?? []
        for q in photoQuads() {
            if q.photo < 0 || listedGhosts.contains(q.photo), let fade = handOverFade,
               let g = fade.ghosts.first(where: { $0.quad.photo == q.photo }) {
                // A photo that left (or was pushed out of the window): its picture stays still,
                // fading out (`HandOverFade`).
                quads[q.photo] = MotionSample.Presence(depth: Viewer.depth(of: q, in: window), alpha: q.alpha, cellDistance: .infinity,
                                                       flight: g.flight, fit: fitSize(of: g.photo, in: windowSize))
                let still = SpeedBound.still
                for (kind, value) in [(DrawnQuantity.Kind.center, [q.center.x, q.center.y]), (.size, [q.size.width, q.size.height]),
                                      (.rotation, [q.rotation]), (.crop, [q.crop.minX, q.crop.minY, q.crop.width, q.crop.height])] {
                    quantities.append(DrawnQuantity(kind: kind, photo: q.photo, value: value, speedLimit: still.limit,
                                                    decayRate: still.decay, tolerance: still.tolerance))
                }
                quantities.append(DrawnQuantity(kind: .alpha, photo: q.photo, value: [q.alpha],
                                                speedLimit: g.alpha * fade.fadeRatePerSecond, decayRate: 0, tolerance: 0))
                continue
            }
            let isDeparting = departing?.photos.contains { $0.index == q.photo } == true && q.photo != tr?.photo
            let isMoving = q.photo == tr?.photo
            let isLanding = !isMoving && q.photo == shownLanding?.photo
            // A paging neighbour still settling onto its full frame in its slot (`Pager.leaving`).
            let settling = isMoving || isLanding ? nil : stripPose(of: q.photo).map { poseBounds($0, photo: q.photo) }
            let flight = isMoving ? pose : isLanding ? landingPose : settling
            let running = isMoving ? runningZoomBounds : (center: SpeedBound.still, size: SpeedBound.still)
            let centre = isMoving ? pose!.center.plus(pager).plus(coastBound).plus(carryBound).plus(running.center)
                : isDeparting ? departingBound.plus(settling?.center ?? .still)
                : isLanding ? landingPose!.center : pager.plus(settling?.center ?? .still)
            let depth = Viewer.depth(of: q, in: window)
            let cell = layout.cellRect(q.photo, scroll: scroller.offset)
            // With reduced motion the cell stays drawn: the quad only fades.
            let cellDistance = isLanding || tr?.fade == nil ? (q.center - cell.center).length
                + (Point(q.size.width, q.size.height) - Point(cell.width, cell.height)).length : .infinity
            quads[q.photo] = MotionSample.Presence(depth: depth, alpha: q.alpha, cellDistance: cellDistance,
                                                   flight: isLanding ? shownLanding?.flight ?? 0 : isDeparting ? departing?.flight ?? 0 : flights,
                                                   fit: fitSize(q.photo))
            let size = (flight?.size ?? .still).plus(running.size)
            let rotation = flight?.rotation ?? .still
            let crop = flight?.crop ?? .still
            func add(_ kind: DrawnQuantity.Kind, _ value: [Double], _ b: SpeedBound) {
                quantities.append(DrawnQuantity(kind: kind, photo: q.photo, value: value, speedLimit: b.limit,
                                                decayRate: b.decay, tolerance: b.tolerance))
            }
            add(.center, [q.center.x, q.center.y], centre)
            add(.size, [q.size.width, q.size.height], size)
            add(.rotation, [q.rotation], rotation)
            add(.crop, [q.crop.minX, q.crop.minY, q.crop.width, q.crop.height], crop)
            var alphaBound = isDeparting ? departingFadeBound : isLanding ? .still : fadeBound
            // Taking the place of a photo that left: fading in (`HandOverFade`).
            if let fade = handOverFade, fade.arrivalAlpha(q.photo) < 1 {
                alphaBound = alphaBound.plus(SpeedBound(limit: fade.fadeRatePerSecond, decay: 0, tolerance: 0))
            }
            add(.alpha, [q.alpha], alphaBound)
        }
        var rates: [DrawnQuantity.Kind: [Double]] = [:]
        // What the event just handled noted: a gesture that time alone ended inside its step (a
        // wheel's quiet spell), judged at its own instant with the rates the springs had then, and
        // a change of the frame of reference (the last of each).
        let (releasedByTime, referenceChange) = Self.jumpFacts(in: eventNotes)
        let actedByTime = eventNotes.lazy.compactMap { note -> Double? in
            if case let .actedByTime(t) = note { t } else { nil }
        }.first
        let released = releasedByTime.map { PhotoRate(pose: $0.pose, velocity: $0.velocity) }
        if let r = released ?? photoRate, r.isFinite {
            rates[.center] = [r.center.x, r.center.y]
            rates[.size] = [r.size.width, r.size.height]
            rates[.rotation] = [r.rotation]
            // Paging with the photo's own pose still settling (it ran through the hold): what a
            // release hands over is the strip's velocity; the pose's spring was running already.
            if released == nil, case let .paging(pager) = session?.driver, let tr, !tr.pose.isPaused, !tr.pose.isAtRest {
                rates[.center] = [pager.offset.velocity, 0]
                rates[.size] = [0, 0]
                rates[.rotation] = [0]
            }
        }
        let change: MotionSample.Change
        switch referenceChange {
        case nil: change = .none
        case let .resized(from, to): change = .resized(from: from, to: to)
        case let .photoList(renumbered): change = .photoList(renumbered: renumbered)
        case let .photoSize(index): change = .photoSize(index: index)
        case let .photoTurned(index, quarterTurns): change = .photoTurned(index: index, quarterTurns: quarterTurns)
        }
        let held = session?.isHeldByGesture == true
        let grip = held ? gripReading : nil
        return MotionSample(time: time, quantities: quantities, quads: quads,
                            isHeld: held, movingPhoto: tr?.photo, rates: rates,
                            stopGapSeconds: feel.velocityStopGapSeconds, change: change,
                            grabReach: held ? grabReach : [:], releaseTime: releasedByTime?.time, timedActionTime: actedByTime,
                            pagingOffset: session?.pagingOffset ?? 0,
                            fadeRatePerSecond: feel.crossFadeSeconds > 0 ? 1 / feel.crossFadeSeconds : .infinity,
                            grip: grip)
    }

    /// What the jump detector needs of an event's notes (`eventNotes`, in the order made): the last
    /// release by time alone inside its step (its instant, the springs' pose and velocity there)
    /// and the last change of the frame of reference; nil where it noted none.
    static func jumpFacts(in notes: [ViewerNote])
        -> (release: (time: Double, pose: PhotoPose, velocity: PhotoPose)?, change: ViewerNote.ReferenceChange?) {
        var release: (time: Double, pose: PhotoPose, velocity: PhotoPose)?
        var change: ViewerNote.ReferenceChange?
        for note in notes {
            switch note {
            case let .releasedByTime(time, pose, velocity): release = (time, pose, velocity)
            case let .referenceChanged(c, _): change = c
            default: break
            }
        }
        return (release, change)
    }

    /// How far quad `q`'s bounding box (rotated) reaches into `window`.
    static func depth(of q: Scene.PhotoQuad, in window: Rect) -> Double {
        let c = abs(cosine(q.rotation)), s = abs(sine(q.rotation))
        let half = Size((q.size.width * c + q.size.height * s) / 2, (q.size.width * s + q.size.height * c) / 2)
        return max(0, min(q.center.x + half.width, window.width - (q.center.x - half.width),
                          q.center.y + half.height, window.height - (q.center.y - half.height),
                          2 * half.width, 2 * half.height))
    }

    /// How far a grab may move each drawn quantity at once: the held gesture's own translation, scale
    /// change and turn, carried to the centre (about the pivot), the drawn size, the rotation and the
    /// backdrop (through the drag radius and the curve's slope). See `MotionSample.grabReach`.
    var grabReach: [DrawnQuantity.Kind: Double] {
        guard let m = heldManipulation, let tr = transition else { return [:] }
        let pose = tr.pose.value
        let travel = m.translation.length
        let change = abs(m.scale - 1) + abs(m.rotation)
        // The photo turns and scales about where the gesture began: its arm from there now, over
        // the scale it has taken (at least 0.05), reaches back to the arm it had at the grab.
        let backdropSlope = feelInUse.backdropSlope
        let arm = (pose.center - m.startPivot).length / max(abs(m.scale), 0.05) + travel
        let drawn = pose.displayedSize
        // The larger of the size now and at the grab (now over the gesture's scale).
        let diagonal = (drawn.width * drawn.width + drawn.height * drawn.height).squareRoot() * max(1, 1 / max(abs(m.scale), 0.05))
        // A dismissal shrinks with the drag: by at most (1 − minimum scale) over the shrink distance.
        let shrink = travel / max(feel.dismissShrinkDistanceFraction * windowSize.height, 1)
        // Progress falls with the drag over the drag radius and with a pinch over its range.
        let progress = travel / max(feel.dragRadiusPoints, 1) + change / max(0.05, 1 - feel.dismissMinimumScale)
        // A zoom's pan band holds the centre off the one that keeps the photo point under the
        // pivot, toward its bounds at the scale drawn: a photo narrower than the window zoomed
        // about a point off its centre line (property seed 5978: 0.77 pt sideways in a 26.3 pt
        // catch-up, read as 0.035 pt past the reach).
        let pull = gripReading?.bandPull ?? 0
        let reach: [DrawnQuantity.Kind: Double] = [
            .center: travel + arm * (change + shrink) + pull,
            .size: diagonal * (change + shrink),
            .rotation: abs(m.rotation),
            .backdrop: backdropSlope * progress,
            .crop: 1,
            // With reduced motion the held photo's opacity follows the progress.
            .alpha: progress,
        ]
        return reach.mapValues { $0.isFinite ? $0 : .infinity }
    }

    /// The fastest a quantity can change (unit/s), how fast that limit can fall (1/s), and the step
    /// its motion may take at once (a snap at rest).
    struct SpeedBound {
        var limit: Double
        var decay: Double
        var tolerance: Double

        static let still = SpeedBound(limit: 0, decay: 0, tolerance: 0)

        /// The bound of a sum: limits and tolerances add, the faster decay holds.
        func plus(_ other: SpeedBound) -> SpeedBound {
            SpeedBound(limit: limit + other.limit, decay: max(decay, other.decay), tolerance: tolerance + other.tolerance)
        }
    }

    /// The moving photo's drawn quantities under its pose spring.
    struct PoseBounds {
        var center: SpeedBound
        var size: SpeedBound
        var rotation: SpeedBound
        var crop: SpeedBound
        /// The rate of the weighted pose distance `PhotoTransition.distance` (pt/s).
        var distance: SpeedBound

        /// Nothing moves but input (a paused or caught pose).
        static let still = PoseBounds(center: .still, size: .still, rotation: .still, crop: .still, distance: .still)

        /// Each bound the larger of the two (limits and tolerances; the faster decay).
        func larger(_ o: PoseBounds) -> PoseBounds {
            func m(_ a: SpeedBound, _ b: SpeedBound) -> SpeedBound {
                SpeedBound(limit: max(a.limit, b.limit), decay: max(a.decay, b.decay), tolerance: max(a.tolerance, b.tolerance))
            }
            return PoseBounds(center: m(center, o.center), size: m(size, o.size), rotation: m(rotation, o.rotation),
                              crop: m(crop, o.crop), distance: m(distance, o.distance))
        }
    }

    /// Bounds for the moving photo's pose. A click's gentle start hands over to the close spring at
    /// the end of the double-click interval, which may fall inside the next interval: the stiffer
    /// spring bounds it too.
    func movingPoseBounds(_ tr: PhotoTransition) -> PoseBounds {
        // Caught by a press: only input moves it (its spring is not advanced).
        if session?.isCaught == true { return .still }
        let own = poseBounds(tr.pose, photo: tr.photo)
        guard case let .flight(f) = session?.driver, f.leadInEnds != nil else { return own }
        var close = tr.pose
        close.retarget(to: tr.pose.target, spring: feel.closeSpring)
        return own.larger(poseBounds(close, photo: tr.photo))
    }

    /// The energy speed `√(v² + ω₀²x²)` of a spring-driven vector: displacement and velocity components.
    static func energySpeed(_ x: [Double], _ v: [Double], omega: Double) -> Double {
        var sum = 0.0
        for (d, u) in zip(x, v) { sum += u * u + omega * omega * d * d }
        return sum.squareRoot()
    }

    /// Bounds for the pose spring's drawn quantities (zero while paused: then only input moves it).
    func poseBounds(_ anim: SpringAnimation<PhotoPose>, photo: Int) -> PoseBounds {
        let rest = PhotoPose.restTolerance
        let value = anim.value
        let snapCentre = (rest.center.x * rest.center.x + rest.center.y * rest.center.y).squareRoot()
        let snapSize = (rest.size.width * rest.size.width + rest.size.height * rest.size.height).squareRoot() * abs(value.scale)
            + value.size.width.magnitude * rest.scale + value.size.height.magnitude * rest.scale
        guard !anim.isPaused else { return .still }
        let (w, z) = anim.spring.honouredConstants
        let x = value - anim.target, v = anim.velocity
        let eC = Viewer.energySpeed([x.center.x, x.center.y], [v.center.x, v.center.y], omega: w)
        let eW = Viewer.energySpeed([x.size.width], [v.size.width], omega: w)
        let eH = Viewer.energySpeed([x.size.height], [v.size.height], omega: w)
        let eS = Viewer.energySpeed([x.scale], [v.scale], omega: w)
        let eR = Viewer.energySpeed([x.rotation], [v.rotation], omega: w)
        // Over the motion each component stays within its energy radius of the target: |x| ≤ e/ω₀.
        let t = anim.target
        let scaleMax = abs(t.scale) + eS / w
        let widthMax = abs(t.size.width) + eW / w, heightMax = abs(t.size.height) + eH / w
        // d(size·scale)/dt = ṡize·scale + size·ṡcale, component by component.
        let drawnW = eW * scaleMax + widthMax * eS, drawnH = eH * scaleMax + heightMax * eS
        let drawn = (drawnW * drawnW + drawnH * drawnH).squareRoot()
        // The crop follows the quad's aspect a = w/h: ȧ ≤ (ẇ·h + w·ḣ)/h²; the centred crop's rect
        // moves at √(1.25)·|ṙ| with r = a/A (or A/a, whose rate is A·ȧ/a²).
        let heightMin = abs(t.size.height) - eH / w, widthMin = abs(t.size.width) - eW / w
        let aspect = photos[photo].layoutSize.aspectRatio
        var crop = SpeedBound(limit: .infinity, decay: 4 * z * w, tolerance: .infinity)
        if heightMin > 1e-6, widthMin > 1e-6 {
            let aspectMin = widthMin / heightMax
            let factor = 1.25.squareRoot() * max(1 / aspect, aspect / (aspectMin * aspectMin)) / (heightMin * heightMin)
            crop.limit = factor * (eW * heightMax + widthMax * eH)
            // The snap at rest moves width and height by at most their rest tolerance.
            crop.tolerance = factor * (rest.size.width * heightMax + widthMax * rest.size.height) + 1e-9
        }
        let distance = (eC * eC + drawn * drawn + 400 * 400 * eR * eR).squareRoot()
        return PoseBounds(center: SpeedBound(limit: eC, decay: 2 * z * w, tolerance: snapCentre),
                          size: SpeedBound(limit: drawn, decay: 4 * z * w, tolerance: snapSize),
                          rotation: SpeedBound(limit: eR, decay: 2 * z * w, tolerance: rest.rotation),
                          crop: crop,
                          distance: SpeedBound(limit: distance, decay: 4 * z * w,
                                               tolerance: (snapCentre * snapCentre + snapSize * snapSize + 400 * 400 * rest.rotation * rest.rotation).squareRoot()))
    }

    /// The departing neighbours' offset spring.
    var departingBound: SpeedBound {
        guard let d = departing else { return .still }
        let (w, z) = d.offset.spring.honouredConstants
        return SpeedBound(limit: Viewer.energySpeed([d.offset.value - d.offset.target], [d.offset.velocity], omega: w),
                          decay: 2 * z * w, tolerance: d.offset.restTolerance)
    }

    /// The departing neighbours' opacity: their cross-fade's rate (reduced motion), else still.
    var departingFadeBound: SpeedBound {
        guard let fade = departing?.fade else { return .still }
        return SpeedBound(limit: fade.durationSeconds > 0 ? 1 / fade.durationSeconds : .infinity, decay: 0, tolerance: 0)
    }

    /// A thrown dismissal's aim easing to the cell (`ThrownCarry`): the speed its target moves at.
    var carryBound: SpeedBound {
        guard let carry = session?.driver.anyFlight?.carry else { return .still }
        return SpeedBound(limit: carry.speedBound(from: time), decay: 0, tolerance: 0)
    }

    /// A zoomed photo coasting after a pan: its centre's axes' bounds.
    var coastBound: SpeedBound {
        guard case let .zooming(zoom) = session?.driver, case let .coasting(x, y) = zoom.drive else { return .still }
        return x.speedBound.plus(y.speedBound)
    }

    /// A key's zoom running on under a pan's hold (`ZoomInteraction.Hold.runningScale`): the speeds
    /// it moves the drawn size (`size·ṡ`) and centre at, `ṡ` bounded by its spring's energy speed.
    /// The centre grows about the pointer (`|c − P|·ṡ/s`) and, where the pan's band holds it, the
    /// bounds widening with the scale let the band go (at most `size·ṡ/2`, the bounds' own speed).
    var runningZoomBounds: (center: SpeedBound, size: SpeedBound) {
        guard let s = session, case let .zooming(zoom) = s.driver, case let .gesture(hold) = zoom.drive,
              let run = hold.runningScale, !run.isAtRest, run.value > 0 else { return (.still, .still) }
        let (w, z) = run.spring.honouredConstants
        let rate = Viewer.energySpeed([run.value - run.target], [run.velocity], omega: w)
        let pose = s.transition.pose.value
        let arm = (pose.center - hold.gesture.pivot).length / run.value
        let extent = (pose.size.width * pose.size.width + pose.size.height * pose.size.height).squareRoot()
        return (SpeedBound(limit: (arm + extent / 2) * rate, decay: 2 * z * w, tolerance: (arm + extent / 2) * run.restTolerance),
                SpeedBound(limit: extent * rate, decay: 2 * z * w, tolerance: extent * run.restTolerance))
    }

    /// The paging offset's bound (zero unless the pager's spring runs).
    var pagerBounds: SpeedBound {
        // Held or caught, only input moves it.
        guard case let .paging(pager) = session?.driver, case .free = pager.grip else { return .still }
        let (w, z) = pager.offset.spring.honouredConstants
        let e = Viewer.energySpeed([pager.offset.value - pager.offset.target], [pager.offset.velocity], omega: w)
        return SpeedBound(limit: e, decay: 2 * z * w, tolerance: pager.offset.restTolerance)
    }

    /// The bound on the progress (and, with reduced motion, the photo's opacity): the cross-fade's
    /// rate; or, for a flight, the anchored progress's rate `k·ḋ` with `k = (1 − p₀)/d₀` toward the
    /// frame (`p₀/d₀` toward the cell) and `ḋ` the pose distance's rate plus its target's (the cell
    /// rides the grid's scroll); zero where the progress is held or fixed.
    var progressSpeedBound: SpeedBound {
        guard let s = session else { return .still }
        let tr = s.transition
        switch s.driver {
        case .dismissing, .pending:
            return .still
        case .paging:
            // The photo's own flight may still finish the progress (`PhotoSession.progress`).
            guard !tr.pose.isPaused, tr.destination == .open, !tr.pose.isAtRest else { return .still }
        case let .zooming(zoom):
            switch zoom.drive {
            case .spring: break
            // Reduced motion: the cross-fade runs on while the zoom coasts.
            case .coasting: guard tr.fade != nil else { return .still }
            case .gesture: return .still
            }
        case .flight, .caught:
            break
        }
        if let fade = tr.fade {
            // A click's lead-in hands over to the close's pace at the end of the double-click
            // interval, which may fall inside the next interval: the faster pace bounds it.
            var seconds = fade.durationSeconds
            if s.driver.anyFlight?.leadInEnds != nil { seconds = min(seconds, feel.crossFadeSeconds) }
            return SpeedBound(limit: seconds > 0 ? 1 / seconds : .infinity, decay: 0, tolerance: 0)
        }
        let a = tr.anchor
        guard a.distance > 1e-9 else { return .still }
        let k = (a.towardOpen ? 1 - a.progress : a.progress) / a.distance
        var d = movingPoseBounds(tr).distance
        if tr.destination == .closed { d = d.plus(scroller.speedBound).plus(carryBound) }
        return SpeedBound(limit: k * d.limit, decay: d.decay, tolerance: k * d.tolerance)
    }
}

extension GridScroller {
    /// The scroll offset's bound: a spring's energy speed, a coast's speed (it only slows; at a
    /// bound the spring takes over with that speed), nothing at rest or held.
    var speedBound: Viewer.SpeedBound { axis.speedBound }
}

extension ScrollAxis {
    var speedBound: Viewer.SpeedBound {
        switch drive {
        case .rest, .held:
            return .still
        case .coasting:
            let (w, z) = spring.honouredConstants
            return Viewer.SpeedBound(limit: abs(velocity), decay: 2 * z * w, tolerance: restTolerance)
        case .spring:
            let (w, z) = spring.honouredConstants
            return Viewer.SpeedBound(limit: Viewer.energySpeed([value - target], [velocity], omega: w), decay: 2 * z * w,
                                     tolerance: restTolerance)
        }
    }
}
