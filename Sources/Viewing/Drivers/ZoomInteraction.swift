import Geometry
import Gestures
import Motion
import FeelModel

/// Zoom inside the presented photo: the pose's scale goes past 1 (the fit), a drag pans within the
/// photo's bounds with rubber-banding and momentum, a pinch zooms about its pivot, keys zoom about
/// the window's centre; zooming back to the fit returns to the presented photo.
///
/// Bounds: at scale `z` the photo is `z·fit` large; along an axis where that exceeds the window,
/// the centre may move so that no gap shows (`[W − w/2, w/2]`), else it stays centred. The scale is
/// rubber-banded in log space past `1...maximumZoomScale` (at most a factor of 2 beyond).
package struct ZoomInteraction: Sendable {
    package enum Drive: Sendable {
        /// The pose spring settles toward its target.
        case spring
        /// A gesture holds the pose.
        case gesture(Hold)
        /// After a pan: each axis of the centre coasts.
        case coasting(x: ScrollAxis, y: ScrollAxis)
    }

    /// A gesture holding the zoomed photo.
    package struct Hold: Sendable {
        /// The manipulation it is measured from (nil: its own start).
        package var base: Manipulation?
        /// The pose at the grab, and the same with centre and scale unbanded.
        package var grab: PhotoPose
        package var rawGrab: PhotoPose
        /// The latest manipulation as the recognizer reported it.
        package var latest: Manipulation
        /// How far the photo stood outside its bounds at the grab by no hand's doing (caught still
        /// flying onto its frame), at the grab's scale. The zoom carries it about the pivot like
        /// the photo itself and the bounds move by it: it is not a band's stretch, which a growing
        /// scale would let go (the photo sliding 27 pt from under the pointer: property seed 2833).
        /// Zero for a zoomed photo, whose band the hand made.
        package var slack: Point = .zero
        /// A key's or a double-click's zoom still running when a pan took hold (docs/phases.md,
        /// "zoomed"): its scale rides on toward its target on the zoom spring while the hand moves
        /// the photo, about the pointer, so the point grabbed stays under it. Nil: the hand holds
        /// the scale it caught (a pinch, or a zoom at rest).
        package var runningScale: SpringAnimation<Double>?

        /// The slack at the scale drawn, `ratio` times the grab's.
        package func slack(atRatio ratio: Double) -> Point { slack * ratio }
        /// The latest manipulation measured from `base`.
        package var gesture: Manipulation { latest.rebased(on: base) }
    }

    package var drive: Drive = .spring
    /// The pose spring heads for the fit: the zoom ends when it lands.
    package var returningToFit = false
    /// The progress (and so the backdrop) while a gesture holds the photo or it coasts: where it was
    /// when the gesture took hold. Zooming in is not leaving: a pinch that grows the photo or moves
    /// it around keeps the backdrop as it was (1 on the presented photo).
    package var heldProgress = 1.0

    /// The manipulation holding the zoomed photo, if any (as the recognizer reported it).
    package var held: Manipulation? {
        if case let .gesture(hold) = drive { return hold.latest }
        return nil
    }

    /// Log-space rubber-band extent for the scale: the log of the feel's band factor.
    package static func scaleBandLogExtent(_ feel: Feel) -> Double {
        logarithm(max(1.000001, feel.zoomRubberBandScaleFactor))
    }

    // MARK: - Geometry

    /// The centre's bounds for a photo of fit size `fit` at scale `scale` in `window`.
    package static func centerBounds(fit: Size, scale: Double, window: Size) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        func range(_ extent: Double, _ viewport: Double) -> ClosedRange<Double> {
            extent <= viewport ? (viewport / 2)...(viewport / 2) : (viewport - extent / 2)...(extent / 2)
        }
        return (range(fit.width * scale, window.width), range(fit.height * scale, window.height))
    }

    /// `scale` limited to `1...maximum`, banded in log space past it.
    package static func bandedScale(_ raw: Double, feel: Feel) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let upper = logarithm(max(1, feel.maximumZoomScale))
        let l = RubberBand.clamp(logarithm(raw), lower: 0, upper: upper, dimension: scaleBandLogExtent(feel),
                                 coefficient: feel.rubberBandCoefficient)
        return exponential(l)
    }

    /// The inverse of `bandedScale`.
    package static func unbandedScale(_ shown: Double, feel: Feel) -> Double {
        guard shown > 0, shown.isFinite else { return 1 }
        let upper = logarithm(max(1, feel.maximumZoomScale))
        return exponential(RubberBand.unclamp(logarithm(shown), lower: 0, upper: upper, dimension: scaleBandLogExtent(feel),
                                              coefficient: feel.rubberBandCoefficient))
    }

    /// The slope of `bandedScale` in log space at the unbanded scale `raw`: `d ln(shown)/d ln(raw)`,
    /// 1 within `1...maximum`, falling past it (the band passes on only this share of the hand's rate).
    package static func scaleBandSlope(atRaw raw: Double, feel: Feel) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let upper = logarithm(max(1, feel.maximumZoomScale)), l = logarithm(raw)
        return bandSlope(l, 0...upper, dimension: scaleBandLogExtent(feel), feel: feel)
    }

    /// The slope of `band` at the unbanded `value`: 1 within `range`, falling past it.
    package static func bandSlope(_ value: Double, _ range: ClosedRange<Double>, dimension: Double, feel: Feel) -> Double {
        let over = value > range.upperBound ? value - range.upperBound : value < range.lowerBound ? range.lowerBound - value : 0
        guard over > 0, dimension > 0 else { return 1 }
        return RubberBand.slope(over, dimension: dimension, coefficient: feel.rubberBandCoefficient)
    }

    /// `value` banded past `range` within `dimension`.
    package static func band(_ value: Double, _ range: ClosedRange<Double>, dimension: Double, feel: Feel) -> Double {
        RubberBand.clamp(value, lower: range.lowerBound, upper: range.upperBound, dimension: dimension,
                         coefficient: feel.rubberBandCoefficient)
    }

    /// The inverse of `band`.
    package static func unband(_ shown: Double, _ range: ClosedRange<Double>, dimension: Double, feel: Feel) -> Double {
        RubberBand.unclamp(shown, lower: range.lowerBound, upper: range.upperBound, dimension: dimension,
                           coefficient: feel.rubberBandCoefficient)
    }

    /// The pose at scale `scale` with `center` clamped into the bounds (the resting place of a zoom).
    package static func clampedPose(center: Point, scale: Double, fit: Size, window: Size) -> PhotoPose {
        let b = centerBounds(fit: fit, scale: scale, window: window)
        let c = Point(min(max(center.x, b.x.lowerBound), b.x.upperBound), min(max(center.y, b.y.lowerBound), b.y.upperBound))
        return PhotoPose(center: c, size: fit, scale: scale, rotation: 0)
    }

    /// The resting pose of zooming the present view to `scale` while the window point `anchor`
    /// keeps showing the same point of the photo: `c' = a + (c − a)·(z' / z)`, then clamped.
    package static func zoomed(_ pose: PhotoPose, to scale: Double, about anchor: Point, fit: Size, window: Size) -> PhotoPose {
        let ratio = pose.scale > 0 ? scale / pose.scale : 1
        let c = anchor + (pose.center - anchor) * ratio
        return clampedPose(center: c, scale: scale, fit: fit, window: window)
    }
}

extension ZoomInteraction.Hold {
    /// A gesture taking hold of the zoomed photo drawn at `grab` (its photo's fit `fit` in
    /// `window`): the grab with its centre and scale unbanded, measured from `base`. `slack` is how
    /// far outside its bounds it may stand with no band (`slack`); nil takes all of its present excess
    /// (a photo caught still flying onto its frame).
    package init(grabbing grab: PhotoPose, base: Manipulation?, latest: Manipulation, fit: Size, window: Size, feel: Feel,
                 slack: Point?) {
        let rawScale = ZoomInteraction.unbandedScale(grab.scale, feel: feel)
        let b = ZoomInteraction.centerBounds(fit: fit, scale: grab.scale, window: window)
        let e = slack ?? Point(grab.center.x - min(max(grab.center.x, b.x.lowerBound), b.x.upperBound),
                               grab.center.y - min(max(grab.center.y, b.y.lowerBound), b.y.upperBound))
        let rawCenter = Point(ZoomInteraction.unband(grab.center.x - e.x, b.x, dimension: window.width, feel: feel) + e.x,
                              ZoomInteraction.unband(grab.center.y - e.y, b.y, dimension: window.height, feel: feel) + e.y)
        self.init(base: base, grab: grab, rawGrab: PhotoPose(center: rawCenter, size: grab.size, scale: rawScale, rotation: 0),
                  latest: latest, slack: e)
    }

    /// The scale the hold takes before its band: the grab's (or a running zoom's, `runningScale`)
    /// times the gesture's.
    package func rawScale(feel: Feel) -> Double {
        (runningScale.map { ZoomInteraction.unbandedScale($0.value, feel: feel) } ?? rawGrab.scale) * gesture.scale
    }

    /// The hand's `velocity` as the centre of `pose` (drawn by this hold) takes it: each axis
    /// through its band's slope where the centre stands past its bounds.
    package func handedVelocity(_ velocity: Point, pose: PhotoPose, fit: Size, window: Size, feel: Feel) -> Point {
        let g = gesture
        let ratio = grab.scale > 0 ? pose.scale / grab.scale : 1
        let raw = g.pivot + (rawGrab.center - g.startPivot) * ratio
        let b = ZoomInteraction.centerBounds(fit: fit, scale: pose.scale, window: window)
        let e = slack(atRatio: ratio)
        return Point(velocity.x * ZoomInteraction.bandSlope(raw.x - e.x, b.x, dimension: window.width, feel: feel),
                     velocity.y * ZoomInteraction.bandSlope(raw.y - e.y, b.y, dimension: window.height, feel: feel))
    }

    /// The pose the gesture holds now: scale banded past `1...maximum`, the photo point under the
    /// pivot kept under it, the centre banded past its bounds (fit `fit` in `window`).
    package func pose(fit: Size, window: Size, feel: Feel) -> PhotoPose {
        let g = gesture
        let s = ZoomInteraction.bandedScale(rawScale(feel: feel), feel: feel)
        let ratio = grab.scale > 0 ? s / grab.scale : 1
        let raw = g.pivot + (rawGrab.center - g.startPivot) * ratio
        let b = ZoomInteraction.centerBounds(fit: fit, scale: s, window: window)
        let e = slack(atRatio: ratio)
        let c = Point(ZoomInteraction.band(raw.x - e.x, b.x, dimension: window.width, feel: feel) + e.x,
                      ZoomInteraction.band(raw.y - e.y, b.y, dimension: window.height, feel: feel) + e.y)
        // Size and rotation stay as caught (a zoom caught while it turns from a closing keeps them;
        // the release's spring brings them to the fit and upright).
        return PhotoPose(center: c, size: grab.size, scale: s, rotation: grab.rotation)
    }
}

extension ZoomInteraction {
    /// Every stored property, as the memberwise initializer takes them (for Viewer's module).
    package init(drive: Drive = .spring) {
        self.drive = drive
    }
}
