import Geometry

// Initialisers that take per-property rest thresholds (`RestThreshold`) instead of raw tolerances.

extension SpringAnimation where Value == Double {
    /// A scalar animation whose rest threshold suits its unit (`RestThreshold.points`, `.scale`,
    /// `.radians`, `.opacity`).
    package init(value: Double, target: Double? = nil, velocity: Double = 0, spring: Spring,
                threshold: RestThreshold) {
        self.init(value: value, target: target, velocity: velocity, spring: spring,
                  restTolerance: threshold.displacement, restVelocityTolerance: threshold.speed)
    }
}

extension SpringAnimation where Value == Point {
    /// A point animation with the same threshold on both axes (`RestThreshold.points` by default).
    package init(value: Point, target: Point? = nil, velocity: Point = .zero, spring: Spring,
                threshold: RestThreshold = .points) {
        self.init(value: value, target: target, velocity: velocity, spring: spring,
                  restTolerance: Point(threshold.displacement, threshold.displacement),
                  restVelocityTolerance: Point(threshold.speed, threshold.speed))
    }
}

extension SpringAnimation where Value == Size {
    /// A size animation with the same threshold on both sides (`RestThreshold.points` by default).
    package init(value: Size, target: Size? = nil, velocity: Size = .zero, spring: Spring,
                threshold: RestThreshold = .points) {
        self.init(value: value, target: target, velocity: velocity, spring: spring,
                  restTolerance: Size(threshold.displacement, threshold.displacement),
                  restVelocityTolerance: Size(threshold.speed, threshold.speed))
    }
}

extension SpringAnimation where Value == PhotoPose {
    /// The photo's composite animation with its per-property thresholds
    /// (`PhotoPose.restTolerance`, `PhotoPose.restVelocityTolerance`).
    package init(value: PhotoPose, target: PhotoPose? = nil, velocity: PhotoPose = .zero, spring: Spring) {
        self.init(value: value, target: target, velocity: velocity, spring: spring,
                  restTolerance: PhotoPose.restTolerance, restVelocityTolerance: PhotoPose.restVelocityTolerance)
    }
}
