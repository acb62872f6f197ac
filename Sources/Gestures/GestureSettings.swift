/// The recognizers' tunable numbers (the viewer fills them from its feel parameters).
package struct GestureSettings: Hashable, Sendable {
    /// A press (or finger) that moves no farther than this from where it went down is a tap; one
    /// that moves farther begins a manipulation, points.
    package var clickSlopPoints = 6.0
    /// The longest wait from a tap's release to the next press for the two to make a double tap, seconds.
    package var doubleTapIntervalSeconds = 0.3
    /// The farthest apart two taps' presses may be to make a double tap, points.
    package var doubleTapDistancePoints = 20.0
    /// A wheel gesture (Ctrl or Ctrl + Shift) ends after this long without a wheel step, seconds.
    package var wheelQuietSeconds = 0.15
    /// Ctrl + wheel: the scale multiplies by `exp(dy · this)` per step of `dy` wheel units.
    package var wheelPinchLogScalePerUnit = 0.1
    /// Ctrl + Shift + wheel: radians turned per wheel unit (positive `dy` turns clockwise on screen).
    package var wheelRotateRadiansPerUnit = 0.08
    /// The velocity trackers fit the samples of this last stretch of time, seconds.
    package var velocityWindowSeconds = 0.1
    /// The velocity trackers keep at most this many samples.
    package var velocitySampleLimit = 20
    /// A velocity is zero when the last sample is at least this old at release, seconds.
    package var velocityStopGapSeconds = 0.04
    /// Two fingers (real or virtual) closer than this do not scale or rotate, points: their
    /// centroid still moves the photo, and scale and rotation resume, measured afresh, once they
    /// are this far apart again. Keeps a pointer near the mirror pivot from multiplying the scale
    /// a hundredfold and crossing fingers from flipping the rotation.
    package var minimumFingerSpanPoints = 20.0
    /// A two-finger manipulation is reported as pinching once its scale has been farther than this
    /// from 1 (`|scale − 1| > this`).
    package var pinchKindScaleThreshold = 0.05
    /// A two-finger manipulation is reported as rotating once its rotation has been larger than
    /// this, radians (5°).
    package var rotateKindThresholdRadians = 5 * Double.pi / 180
    package init() {}
}
