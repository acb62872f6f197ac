import Geometry
import Motion

/// Every tunable number of PhotoZoom's behaviour, with units in the names: the feel file's content
/// and the trace header's `feel`.
public struct Feel: Hashable, Sendable {
    // MARK: Springs
    /// Flight from the grid cell to the full-screen frame.
    public var openSpring = Spring(responseSeconds: 0.45, dampingRatio: 0.85)
    /// Flight back to the cell (Esc, tap, committed dismissal): lands without bounce.
    public var closeSpring = Spring(responseSeconds: 0.35, dampingRatio: 1.0)
    /// Return to the full frame after a cancelled dismissal.
    public var cancelSpring = Spring(responseSeconds: 0.40, dampingRatio: 0.80)
    /// A committed dismissal's flight into the cell (a pan's, a rotation's); response 0 (the
    /// default): on `closeSpring`, as every flight back to the cell.
    public var landingSpring = Spring.unset
    /// A committed pinch's flight into the cell; response 0 (the default): on `landingSpring`.
    public var pinchLandingSpring = Spring.unset
    /// The held photo follows the hand through this spring during a dismissal, each quantity
    /// (centre, size, rotation) on it in closed form; response 0 (the default): exactly.
    public var followSpring = Spring.unset
    /// Paging between neighbours.
    public var pagingSpring = Spring(responseSeconds: 0.35, dampingRatio: 1.0)
    /// Zoom and pan settling inside the photo.
    public var zoomSpring = Spring(responseSeconds: 0.35, dampingRatio: 0.9)
    /// Grid scrolling toward its wheel target.
    public var scrollSpring = Spring(responseSeconds: 0.25, dampingRatio: 1.0)

    // MARK: Backdrop
    /// The backdrop's opacity against transition progress (Material Motion's ease-in-ease-out).
    public var backdropCurve = CubicBezier.easeInEaseOut

    // MARK: Dismissal
    /// Drag distance that maps to a full transition (Material Motion `MapDragRadius`).
    public var dragRadiusPoints = 150.0
    /// The scale a downward drag shrinks toward.
    public var dismissMinimumScale = 0.5
    /// The downward drag, as a fraction of the window height, that reaches the minimum scale.
    public var dismissShrinkDistanceFraction = 0.5
    /// The downward drag, as a fraction of the window height, past which the shrink eases toward the
    /// minimum scale as a rubber band instead of going on linearly (0: no knee, linear to the minimum).
    public var dismissShrinkKneeFraction = 0.0
    /// Downward travel within this neither moves nor shrinks the held photo, points (iOS's touch slop).
    public var dismissDeadZonePoints = 0.0
    /// Past the dead zone the grabbed point trails the pointer by this × H × (travel / H)³ (H the
    /// window height; 0: it stays under the pointer).
    public var dismissFallLagFraction = 0.0
    /// A pan's release looks this far ahead at its velocity and closes when the held scale there is
    /// below `dismissPanCommitScale`, seconds (iOS: 0.12); 0: the projected-momentum rules alone.
    public var dismissReleaseProjectionSeconds = 0.0
    /// The held scale a pan's projected release must go below to close (with a projection time).
    public var dismissPanCommitScale = 0.9
    /// The held photo follows the pointer sideways at this gain during a dismissal (1: exactly).
    public var dismissSidewaysGain = 1.0
    /// The sideways follow is rubber-banded toward this many points (0: no band).
    public var dismissSidewaysBandPoints = 0.0
    /// A pinch holds the photo still until its fingers' distance has closed by this many points,
    /// then scales it by `distance / (start distance − this)`, never above 1 (spreading does
    /// nothing), and a turn or a carry alone does nothing (iOS: 8.7); 0: the fingers' scale as it
    /// is, from the pinch lock on (`PinchFollow`).
    public var dismissPinchDeadZonePoints = 0.0
    /// Releasing back toward the start faster than this returns (Material Motion `ChangeDirection`).
    public var cancelReversalSpeedPointsPerSecond = 100.0
    /// A pinch released with its projected scale below this closes (between 1 and the minimum scale).
    public var dismissPinchCloseScale = 0.75
    /// A pinch closes only once it has shrunk the photo below this scale itself (a deliberate
    /// pinch): the projection of a small pinch's momentum alone never closes.
    public var dismissPinchDeliberateScale = 0.9
    /// A drag dismisses when its direction lies within this many degrees of straight down (iOS
    /// Photos 90: down and sideways-down; Material Motion's radial drag 180); see `DismissDirection`.
    public var dismissDirectionDegrees = 90.0
    /// Drags within `dismissDirectionDegrees` of straight up dismiss too (PhotoSwipe).
    public var dismissUpward = false
    /// A rotation released with its projected angle (angle plus the momentum projection of its
    /// angular velocity) past this either way closes, radians (45°).
    /// A thrown dismissal's flight aims first at the point of release and eases its aim over to the
    /// cell in this many seconds (a smoothstep), so the photo carries on with the velocity it was
    /// thrown with before curving into the cell (0: straight at the cell).
    public var dismissCarrySeconds = 0.3
    public var dismissRotationRadians = Double.pi / 4

    // MARK: Momentum
    /// Deceleration rate per millisecond for projecting release momentum (UIScrollView normal).
    public var decelerationRatePerMillisecond = 0.998
    /// Rubber-band coefficient (UIScrollView).
    public var rubberBandCoefficient = 0.55
    /// Coasting (grid scroll, zoomed pan) stops once its speed falls below this, pt/s.
    public var momentumStopSpeedPointsPerSecond = 20.0
    /// Release velocities are limited to this speed before they are handed on, pt/s: a bound on a
    /// velocity tracker's freak figure (two samples a millisecond apart), not on hands. A hand's
    /// real flick reaches the springs whole up to at least 8,000 pt/s (Android's fling limit is
    /// 8,000 dp/s; iOS has none); it was 6,000, which cut an 8,000 pt/s flick to 75 % of its speed.
    public var maximumFlingSpeedPointsPerSecond = 20000.0
    /// Release scale velocities are limited to this before they are handed on, scale units per
    /// second: a sanity bound far above any hand's speed (a fast pinch flick is about 30/s), so the
    /// gesture's velocity is handed over as it is.
    public var maximumFlingScalePerSecond = 200.0
    /// Release angular velocities are limited to this before they are handed on, rad/s.
    public var maximumFlingRadiansPerSecond = 25.0

    // MARK: Velocity tracking
    public var velocityWindowSeconds = 0.1
    public var velocitySampleLimit = 20
    public var velocityStopGapSeconds = 0.04
    /// Pointer prediction (`PointerPredictor`): a photo held by the mouse is drawn where the hand
    /// will be when the frame reaches the screen, looking at most this far ahead, seconds
    /// (Chromium's cap, 25 ms); 0: where the pointer was. Only what is drawn moves: the gesture,
    /// the state log and a release's velocity are the same either way. It needs the live loop's
    /// `horizon` events (a trace recorded without them replays unpredicted).
    public var pointerPredictionSeconds = 0.025

    // MARK: Paging
    public var pagingAxisLockPoints = 10.0
    /// Fraction of the window width the projected offset must pass to page.
    public var pagingDistanceFraction = 0.5
    public var pagingFlickSpeedPointsPerSecond = 500.0
    /// Gap between neighbouring photos while paging.
    public var pagingGapPoints = 24.0
    /// After a page turns, the incoming photo's peak speed is at most this many times the release
    /// speed (never below `pagingMinimumPeakPointsPerSecond`): carried on by the finger, not
    /// sucked away (`Pager.turnSpring`).
    public var pagingPeakSpeedRatio = 2.0
    /// The peak speed a turned page may always reach, pt/s (keys, wheel swipes and slow releases);
    /// pages turned in quick succession may reach it once per slot still to go.
    /// The slideshow (F5) turns the page after the photo has rested this long, seconds.
    public var slideshowIntervalSeconds = 4.0
    public var pagingMinimumPeakPointsPerSecond = 3500.0

    // MARK: Clicks and wheel
    public var clickSlopPoints = 6.0
    public var doubleClickIntervalSeconds = 0.3
    public var doubleClickDistancePoints = 20.0
    /// A wheel gesture (Ctrl/Ctrl+Shift) ends after this quiet spell.
    public var wheelQuietSeconds = 0.15
    /// Ctrl + wheel: scale multiplies by `exp(unit · this)` per wheel unit.
    public var wheelPinchLogScalePerUnit = 0.1
    /// Ctrl + Shift + wheel: radians per wheel unit.
    public var wheelRotateRadiansPerUnit = 0.08
    /// Plain wheel: grid scroll distance per wheel unit.
    public var wheelScrollPointsPerUnit = 60.0
    /// Horizontal wheel travel (units) on the presented photo that turns one page.
    public var wheelPageUnits = 1.0

    // MARK: Two-finger gestures
    /// Two fingers (real or virtual) closer than this do not scale or rotate, points: their
    /// centroid still moves the photo (keeps a pointer near the mirror pivot from multiplying the
    /// scale a hundredfold).
    public var minimumFingerSpanPoints = 20.0
    /// A two-finger gesture is named a pinch once its scale has moved farther than this from 1
    /// (`|scale − 1|`, a fraction): the state log's `gesture` and the summary.
    public var pinchKindScaleThreshold = 0.05
    /// A two-finger gesture is named a rotate once its rotation has passed this, radians (5°).
    public var rotateKindThresholdRadians = 5 * Double.pi / 180
    /// On the presented photo, a pinch must change the scale by this fraction before it counts as
    /// zooming in (above 1) or dismissing (below 1).
    public var pinchLockScaleFraction = 0.02
    /// On the presented photo, a rotation must reach this before it counts as a dismissal on its
    /// own, radians.
    public var rotationLockRadians = 0.05

    // MARK: Zoom in the photo
    public var maximumZoomScale = 4.0
    /// A photo smaller than the window is shown at most this many times its own size on the screen
    /// (or at its grid cell's size, whichever is larger): 1 opens it at 100 %, as image viewers do,
    /// never blown up into a blur; a larger number fills more of the window.
    public var maximumUpscale = 1.0
    public var doubleClickZoomScale = 2.5
    public var keyboardZoomStep = 1.25
    /// Arrow keys pan a zoomed photo by this fraction of the window.
    public var keyboardPanFraction = 0.15
    /// Pinching past the maximum zoom (or below the fit) rubber-bands in log space with this factor
    /// as the band's dimension: at `c = 0.55` a pull of this factor shows about half of it.
    public var zoomRubberBandScaleFactor = 2.0

    // MARK: Grid
    /// Cells aim at this side length; the column count follows the window width.
    public var gridCellTargetPoints = 160.0
    public var gridSpacingPoints = 4.0
    /// A press on a grid coasting faster than this stops it, and its click does not open a cell,
    /// pt/s (as a tap stops a scrolling list on a phone).
    public var coastingStopSpeedPointsPerSecond = 100.0

    // MARK: Motion preferences
    /// Reduced motion (`--reduced-motion`): openings and closings cross-fade instead of flying.
    public var reducedMotion = false
    /// Duration of a full reduced-motion cross-fade, seconds.
    public var crossFadeSeconds = 0.25

    package init() {}

    public static let defaults = Feel()
}
