import Motion

// A scroll axis on the feel's momentum and rubber-band numbers (`ScrollAxis` is Motion's physics).
extension ScrollAxis {
    /// An axis at rest at `value` within `lower...upper`, with the feel's rubber band, deceleration,
    /// stop speed and fling limit, on `spring`.
    package init(value: Double, lower: Double, upper: Double, dimension: Double, feel: Feel, spring: Spring,
         restTolerance: Double, restVelocityTolerance: Double) {
        self.init(value: value, lower: lower, upper: upper, dimension: dimension,
                  rubberBandCoefficient: feel.rubberBandCoefficient,
                  decelerationRatePerMillisecond: feel.decelerationRatePerMillisecond,
                  stopSpeed: feel.momentumStopSpeedPointsPerSecond, maximumSpeed: feel.maximumFlingSpeedPointsPerSecond,
                  spring: spring, restTolerance: restTolerance, restVelocityTolerance: restVelocityTolerance)
    }

    /// Takes the feel's momentum and rubber-band numbers and a new spring; motion in flight keeps going.
    package mutating func apply(feel: Feel, spring newSpring: Spring) {
        rubberBandCoefficient = feel.rubberBandCoefficient
        decelerationRatePerMillisecond = feel.decelerationRatePerMillisecond
        stopSpeed = feel.momentumStopSpeedPointsPerSecond
        maximumSpeed = feel.maximumFlingSpeedPointsPerSecond
        spring = newSpring
    }
}
