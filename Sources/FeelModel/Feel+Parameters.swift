import Motion

/// The parameter table: every stored number of `Feel`, in the feel file's order.
///
/// Ranges keep the behaviour meaningful, not merely finite: a spring needs a positive response and
/// damping ratio; a CSS timing curve needs its x control points in 0...1; a deceleration rate per
/// millisecond must lie strictly between 0 and 1 for the projection `v·r/(1−r)/1000` to converge.
/// Steps are what one Left/Right (coarse) or Shift+Left/Right (fine) press of the tuning panel adds.
extension Feel {
    public static let parameters: [FeelParameter] = springRows + curveRows + [
        // MARK: Dismissal
        FeelParameter("dragRadiusPoints", \.dragRadiusPoints, unit: "pt", range: .above(0, upTo: 2000),
                      coarse: 10, fine: 1, "drag distance that maps to the whole transition"),
        FeelParameter("dismissMinimumScale", \.dismissMinimumScale, unit: "×", range: .above(0, upTo: 1),
                      coarse: 0.05, fine: 0.01, "scale a downward drag shrinks toward"),
        FeelParameter("dismissShrinkDistanceFraction", \.dismissShrinkDistanceFraction, unit: "", range: .above(0, upTo: 4),
                      coarse: 0.05, fine: 0.01, "downward drag, in window heights, that reaches the minimum scale"),
        FeelParameter("dismissShrinkKneeFraction", \.dismissShrinkKneeFraction, unit: "", range: .closed(0, 4),
                      coarse: 0.05, fine: 0.01, "downward drag, in window heights, past which the shrink eases off (0: none)"),
        FeelParameter("dismissDeadZonePoints", \.dismissDeadZonePoints, unit: "pt", range: .closed(0, 200),
                      coarse: 2, fine: 0.5, "downward travel that neither moves nor shrinks the photo yet"),
        FeelParameter("dismissFallLagFraction", \.dismissFallLagFraction, unit: "", range: .closed(0, 10),
                      coarse: 0.05, fine: 0.01, "the grabbed point trails a downward drag by this × H × (travel/H)³"),
        FeelParameter("dismissReleaseProjectionSeconds", \.dismissReleaseProjectionSeconds, unit: "s", range: .closed(0, 2),
                      coarse: 0.02, fine: 0.005, "a pan's release looks this far ahead for its held scale (0: momentum rules)"),
        FeelParameter("dismissPanCommitScale", \.dismissPanCommitScale, unit: "×", range: .above(0, upTo: 1),
                      coarse: 0.01, fine: 0.005, "a pan closes when its held scale that far ahead is below this"),
        FeelParameter("dismissSidewaysGain", \.dismissSidewaysGain, unit: "×", range: .above(0, upTo: 4),
                      coarse: 0.05, fine: 0.01, "the held photo follows a sideways drag at this gain (1: exactly)"),
        FeelParameter("dismissSidewaysBandPoints", \.dismissSidewaysBandPoints, unit: "pt", range: .closed(0, 10000),
                      coarse: 10, fine: 1, "the sideways follow rubber-bands toward this (0: no band)"),
        FeelParameter("dismissPinchDeadZonePoints", \.dismissPinchDeadZonePoints, unit: "pt", range: .closed(0, 200),
                      coarse: 1, fine: 0.1, "a pinch holds until its fingers close by this, then scales by distance/(start − this)"),
        FeelParameter("cancelReversalSpeedPointsPerSecond", \.cancelReversalSpeedPointsPerSecond, unit: "pt/s",
                      range: .closed(0, 10000), coarse: 25, fine: 5, "release speed back toward the start that returns"),
        FeelParameter("dismissPinchCloseScale", \.dismissPinchCloseScale, unit: "×", range: .above(0, upTo: 1),
                      coarse: 0.05, fine: 0.01, "a pinch released with projected scale below this closes"),
        FeelParameter("dismissPinchDeliberateScale", \.dismissPinchDeliberateScale, unit: "×", range: .above(0, upTo: 1),
                      coarse: 0.05, fine: 0.01, "a pinch must itself shrink below this before it can close"),
        FeelParameter("dismissDirectionDegrees", \.dismissDirectionDegrees, unit: "°", range: .closed(0, 180),
                      coarse: 5, fine: 1, "a drag within this angle of straight down dismisses (180: any way)"),
        FeelParameter("dismissUpward", boolean: \.dismissUpward, "drags within the angle of straight up dismiss too"),
        FeelParameter("dismissCarrySeconds", \.dismissCarrySeconds, unit: "s", range: .closed(0, 2),
                      coarse: 0.02, fine: 0.005, "a thrown dismissal aims at its release point first, easing to the cell in this time"),
        FeelParameter("dismissRotationRadians", \.dismissRotationRadians, unit: "rad", range: .above(0, upTo: 100),
                      coarse: 0.05, fine: 0.01, "a rotation released with projected angle past this closes"),

        // MARK: Momentum
        FeelParameter("decelerationRatePerMillisecond", \.decelerationRatePerMillisecond, unit: "/ms", range: .open(0, 1),
                      coarse: 0.001, fine: 0.0001, "momentum kept per millisecond when projecting a release"),
        FeelParameter("rubberBandCoefficient", \.rubberBandCoefficient, unit: "", range: .above(0, upTo: 1),
                      coarse: 0.05, fine: 0.01, "resistance past a limit (UIScrollView 0.55)"),
        FeelParameter("momentumStopSpeedPointsPerSecond", \.momentumStopSpeedPointsPerSecond, unit: "pt/s",
                      range: .above(0, upTo: 1000), coarse: 5, fine: 1, "coasting stops below this speed"),
        FeelParameter("maximumFlingSpeedPointsPerSecond", \.maximumFlingSpeedPointsPerSecond, unit: "pt/s",
                      range: .above(0, upTo: 50000), coarse: 500, fine: 100, "release velocities are limited to this speed"),
        FeelParameter("maximumFlingScalePerSecond", \.maximumFlingScalePerSecond, unit: "/s",
                      range: .above(0, upTo: 10000), coarse: 10, fine: 1, "release scale velocities are limited to this"),
        FeelParameter("maximumFlingRadiansPerSecond", \.maximumFlingRadiansPerSecond, unit: "rad/s",
                      range: .above(0, upTo: 200), coarse: 1, fine: 0.5, "release angular velocities are limited to this"),

        // MARK: Velocity tracking
        FeelParameter("velocityWindowSeconds", \.velocityWindowSeconds, unit: "s", range: .above(0, upTo: 1),
                      coarse: 0.02, fine: 0.005, "the velocity fit looks this far back"),
        FeelParameter("velocitySampleLimit", integer: \.velocitySampleLimit, unit: "", range: .closed(2, 500),
                      coarse: 5, fine: 1, "at most this many samples in the velocity fit"),
        FeelParameter("velocityStopGapSeconds", \.velocityStopGapSeconds, unit: "s", range: .above(0, upTo: 1),
                      coarse: 0.01, fine: 0.005, "a pause this long before release means velocity 0"),
        FeelParameter("pointerPredictionSeconds", \.pointerPredictionSeconds, unit: "s", range: .closed(0, 0.1),
                      coarse: 0.005, fine: 0.001, "a held photo is drawn where the hand will be on screen, this far ahead at most (0: off)"),

        // MARK: Paging
        FeelParameter("pagingAxisLockPoints", \.pagingAxisLockPoints, unit: "pt", range: .closed(0, 200),
                      coarse: 2, fine: 0.5, "movement before a drag locks to paging or dismissal"),
        FeelParameter("pagingDistanceFraction", \.pagingDistanceFraction, unit: "", range: .above(0, upTo: 1),
                      coarse: 0.05, fine: 0.01, "projected offset, in window widths, that pages"),
        FeelParameter("pagingFlickSpeedPointsPerSecond", \.pagingFlickSpeedPointsPerSecond, unit: "pt/s",
                      range: .above(0, upTo: 20000), coarse: 50, fine: 10, "a flick faster than this pages"),
        FeelParameter("pagingGapPoints", \.pagingGapPoints, unit: "pt", range: .closed(0, 400),
                      coarse: 4, fine: 1, "gap between neighbouring photos while paging"),
        FeelParameter("pagingPeakSpeedRatio", \.pagingPeakSpeedRatio, unit: "×", range: .above(0, upTo: 20),
                      coarse: 0.25, fine: 0.05, "a turned page peaks at most this many times the release speed"),
        FeelParameter("pagingMinimumPeakPointsPerSecond", \.pagingMinimumPeakPointsPerSecond, unit: "pt/s",
                      range: .above(0, upTo: 50000), coarse: 250, fine: 50, "the peak speed a turned page may always reach (keys, wheel)"),
        FeelParameter("slideshowIntervalSeconds", \.slideshowIntervalSeconds, unit: "s", range: .closed(0.5, 3600),
                      coarse: 0.5, fine: 0.1, "the slideshow (F5) turns the page after a photo has rested this long"),

        // MARK: Clicks and wheel
        FeelParameter("clickSlopPoints", \.clickSlopPoints, unit: "pt", range: .closed(0, 100),
                      coarse: 1, fine: 0.5, "a press moving less than this is a click"),
        FeelParameter("doubleClickIntervalSeconds", \.doubleClickIntervalSeconds, unit: "s", range: .above(0, upTo: 2),
                      coarse: 0.05, fine: 0.01, "second click within this is a double click"),
        FeelParameter("doubleClickDistancePoints", \.doubleClickDistancePoints, unit: "pt", range: .closed(0, 200),
                      coarse: 5, fine: 1, "second click within this distance is a double click"),
        FeelParameter("wheelQuietSeconds", \.wheelQuietSeconds, unit: "s", range: .above(0, upTo: 2),
                      coarse: 0.05, fine: 0.01, "a wheel gesture ends after this quiet spell"),
        FeelParameter("wheelPinchLogScalePerUnit", \.wheelPinchLogScalePerUnit, unit: "", range: .above(0, upTo: 2),
                      coarse: 0.02, fine: 0.005, "Ctrl+wheel: log scale per wheel unit"),
        FeelParameter("wheelRotateRadiansPerUnit", \.wheelRotateRadiansPerUnit, unit: "rad", range: .above(0, upTo: 1.6),
                      coarse: 0.02, fine: 0.005, "Ctrl+Shift+wheel: rotation per wheel unit"),
        FeelParameter("wheelScrollPointsPerUnit", \.wheelScrollPointsPerUnit, unit: "pt", range: .above(0, upTo: 1000),
                      coarse: 10, fine: 1, "grid scroll per wheel unit"),
        FeelParameter("wheelPageUnits", \.wheelPageUnits, unit: "", range: .above(0, upTo: 20),
                      coarse: 0.25, fine: 0.05, "horizontal wheel travel (units) that turns one page"),

        // MARK: Two-finger gestures
        FeelParameter("minimumFingerSpanPoints", \.minimumFingerSpanPoints, unit: "pt", range: .closed(1, 400),
                      coarse: 2, fine: 0.5, "fingers closer than this neither scale nor rotate"),
        FeelParameter("pinchKindScaleThreshold", \.pinchKindScaleThreshold, unit: "", range: .closed(0, 1),
                      coarse: 0.01, fine: 0.005, "scale change from 1 that names a two-finger gesture a pinch"),
        FeelParameter("rotateKindThresholdRadians", \.rotateKindThresholdRadians, unit: "rad", range: .closed(0, 1.6),
                      coarse: 0.01, fine: 0.005, "rotation that names a two-finger gesture a rotate"),
        FeelParameter("pinchLockScaleFraction", \.pinchLockScaleFraction, unit: "", range: .closed(0, 1),
                      coarse: 0.01, fine: 0.005, "pinch on the presented photo: scale change before it zooms or dismisses"),
        FeelParameter("rotationLockRadians", \.rotationLockRadians, unit: "rad", range: .closed(0, 1.6),
                      coarse: 0.01, fine: 0.005, "rotation on the presented photo before it dismisses on its own"),

        // MARK: Zoom in the photo
        FeelParameter("maximumZoomScale", \.maximumZoomScale, unit: "×", range: .closed(1, 20),
                      coarse: 0.25, fine: 0.05, "largest zoom inside a photo"),
        FeelParameter("maximumUpscale", \.maximumUpscale, unit: "×", range: .closed(1, 100),
                      coarse: 0.25, fine: 0.05, "a small photo opens at most this many times its size on the screen (1: 100 %; or its cell's)"),
        FeelParameter("doubleClickZoomScale", \.doubleClickZoomScale, unit: "×", range: .closed(1, 20),
                      coarse: 0.25, fine: 0.05, "zoom a double click goes to (capped at the maximum)"),
        FeelParameter("keyboardZoomStep", \.keyboardZoomStep, unit: "×", range: .above(1, upTo: 4),
                      coarse: 0.05, fine: 0.01, "+ and − multiply the zoom by this"),
        FeelParameter("keyboardPanFraction", \.keyboardPanFraction, unit: "", range: .above(0, upTo: 1),
                      coarse: 0.05, fine: 0.01, "arrow keys pan a zoomed photo by this fraction of the window"),
        FeelParameter("zoomRubberBandScaleFactor", \.zoomRubberBandScaleFactor, unit: "×", range: .above(1, upTo: 16),
                      coarse: 0.25, fine: 0.05, "rubber band past the zoom limits: the band's dimension as a factor"),

        // MARK: Grid
        FeelParameter("gridCellTargetPoints", \.gridCellTargetPoints, unit: "pt", range: .closed(16, 2000),
                      coarse: 10, fine: 1, "cells aim at this side; columns follow the width"),
        FeelParameter("gridSpacingPoints", \.gridSpacingPoints, unit: "pt", range: .closed(0, 200),
                      coarse: 1, fine: 0.5, "gap between grid cells"),
        FeelParameter("coastingStopSpeedPointsPerSecond", \.coastingStopSpeedPointsPerSecond, unit: "pt/s",
                      range: .closed(0, 10000), coarse: 25, fine: 5, "a press stops a grid coasting faster than this (no open)"),

        // MARK: Motion preferences
        FeelParameter("reducedMotion", boolean: \.reducedMotion, "openings and closings cross-fade instead of flying"),
        FeelParameter("crossFadeSeconds", \.crossFadeSeconds, unit: "s", range: .above(0, upTo: 5),
                      coarse: 0.05, fine: 0.01, "duration of a full reduced-motion cross-fade"),
    ]

    /// Two rows per spring: response (s) and damping ratio.
    private static var springRows: [FeelParameter] {
        func rows(_ name: String, _ what: String, _ response: WritableKeyPath<Feel, Double> & Sendable,
                  _ damping: WritableKeyPath<Feel, Double> & Sendable, unsetMeans: String? = nil) -> [FeelParameter] {
            // A spring that may be left unset takes response 0 (`Spring.unset`), which says what it means.
            [FeelParameter(name + ".responseSeconds", response, unit: "s",
                           range: unsetMeans == nil ? .above(0, upTo: 10) : .closed(0, 10), coarse: 0.05, fine: 0.01,
                           "\(what): seconds per undamped oscillation" + (unsetMeans.map { " (0: \($0))" } ?? "")),
             FeelParameter(name + ".dampingRatio", damping, unit: "", range: .above(0, upTo: 10),
                           coarse: 0.05, fine: 0.01, "\(what): ζ (1 critical, below 1 bounces)")]
        }
        return rows("openSpring", "grid cell → full screen", \.openSpring.responseSeconds, \.openSpring.dampingRatio)
            + rows("closeSpring", "back to the cell", \.closeSpring.responseSeconds, \.closeSpring.dampingRatio)
            + rows("cancelSpring", "back to full screen after a cancelled dismissal",
                   \.cancelSpring.responseSeconds, \.cancelSpring.dampingRatio)
            + rows("landingSpring", "a committed dismissal into the cell", \.landingSpring.responseSeconds,
                   \.landingSpring.dampingRatio, unsetMeans: "on the close spring")
            + rows("pinchLandingSpring", "a committed pinch into the cell", \.pinchLandingSpring.responseSeconds,
                   \.pinchLandingSpring.dampingRatio, unsetMeans: "on the landing spring")
            + rows("followSpring", "the held photo after the hand", \.followSpring.responseSeconds,
                   \.followSpring.dampingRatio, unsetMeans: "exactly")
            + rows("pagingSpring", "paging between neighbours", \.pagingSpring.responseSeconds, \.pagingSpring.dampingRatio)
            + rows("zoomSpring", "zoom and pan settling inside the photo", \.zoomSpring.responseSeconds, \.zoomSpring.dampingRatio)
            + rows("scrollSpring", "grid scrolling", \.scrollSpring.responseSeconds, \.scrollSpring.dampingRatio)
    }

    /// The backdrop's timing curve: CSS `cubic-bezier(x1, y1, x2, y2)`; x in 0...1 keeps it a
    /// function of progress, y may overshoot a little (the opacity is clamped when drawn).
    private static var curveRows: [FeelParameter] {
        func row(_ name: String, _ path: WritableKeyPath<Feel, Double> & Sendable, isX: Bool) -> FeelParameter {
            FeelParameter("backdropCurve." + name, path, unit: "", range: isX ? .closed(0, 1) : .closed(-1, 2),
                          coarse: 0.05, fine: 0.01, "backdrop opacity curve: control point \(name)")
        }
        return [row("x1", \.backdropCurve.x1, isX: true), row("y1", \.backdropCurve.y1, isX: false),
                row("x2", \.backdropCurve.x2, isX: true), row("y2", \.backdropCurve.y2, isX: false)]
    }

    /// The row for `key`, or nil.
    public static func parameter(_ key: String) -> FeelParameter? {
        parameterIndex[key].map { parameters[$0] }
    }

    package static let parameterIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: parameters.enumerated().map { ($0.element.key, $0.offset) })

    /// The value of parameter `key`, or nil when there is no such parameter.
    public func value(of key: String) -> Double? {
        Feel.parameter(key)?.value(in: self)
    }
}
