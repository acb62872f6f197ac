import Geometry

/// The moving photo's composite: centre and unrotated size in points, a gesture scale and a
/// rotation in radians. All ride one spring; each has its own rest threshold.
public struct PhotoPose: Animatable, Hashable, CustomStringConvertible {
    /// Centre in window points.
    public var center: Point
    /// Unrotated, unscaled size in points.
    public var size: Size
    /// The gesture's scale factor (1 = the size as laid out).
    public var scale: Double
    /// Rotation in radians, positive turning +x toward +y (clockwise on screen).
    public var rotation: Double

    @inlinable
    public init(center: Point, size: Size, scale: Double = 1, rotation: Double = 0) {
        self.center = center
        self.size = size
        self.scale = scale
        self.rotation = rotation
    }

    /// All components 0 (the vector-space origin; not a drawable pose, whose scale is 1).
    @inlinable
    public static var zero: PhotoPose {
        PhotoPose(center: Point(x: 0, y: 0), size: Size(width: 0, height: 0), scale: 0, rotation: 0)
    }

    /// Component-wise equality (written out so that it inlines into the animation's rest check).
    @inlinable
    public static func == (a: PhotoPose, b: PhotoPose) -> Bool {
        a.center.x == b.center.x && a.center.y == b.center.y && a.size.width == b.size.width
            && a.size.height == b.size.height && a.scale == b.scale && a.rotation == b.rotation
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(center.x); hasher.combine(center.y)
        hasher.combine(size.width); hasher.combine(size.height)
        hasher.combine(scale); hasher.combine(rotation)
    }

    /// Displacement thresholds at rest, per property: `RestThreshold.points` for centre and size,
    /// `.scale` for the scale, `.radians` for the rotation.
    public static let restTolerance = PhotoPose(
        center: Point(RestThreshold.points.displacement, RestThreshold.points.displacement),
        size: Size(RestThreshold.points.displacement, RestThreshold.points.displacement),
        scale: RestThreshold.scale.displacement, rotation: RestThreshold.radians.displacement)
    /// Speed thresholds at rest (per second), per property, from the same `RestThreshold`s.
    public static let restVelocityTolerance = PhotoPose(
        center: Point(RestThreshold.points.speed, RestThreshold.points.speed),
        size: Size(RestThreshold.points.speed, RestThreshold.points.speed),
        scale: RestThreshold.scale.speed, rotation: RestThreshold.radians.speed)

    @inlinable
    public static func + (a: PhotoPose, b: PhotoPose) -> PhotoPose {
        PhotoPose(center: Point(x: a.center.x + b.center.x, y: a.center.y + b.center.y),
                  size: Size(width: a.size.width + b.size.width, height: a.size.height + b.size.height),
                  scale: a.scale + b.scale, rotation: a.rotation + b.rotation)
    }
    @inlinable
    public static func - (a: PhotoPose, b: PhotoPose) -> PhotoPose {
        PhotoPose(center: Point(x: a.center.x - b.center.x, y: a.center.y - b.center.y),
                  size: Size(width: a.size.width - b.size.width, height: a.size.height - b.size.height),
                  scale: a.scale - b.scale, rotation: a.rotation - b.rotation)
    }
    @inlinable
    public func scaled(by f: Double) -> PhotoPose {
        PhotoPose(center: Point(x: center.x * f, y: center.y * f),
                  size: Size(width: size.width * f, height: size.height * f),
                  scale: scale * f, rotation: rotation * f)
    }
    @inlinable
    public func isWithin(_ t: PhotoPose) -> Bool {
        abs(center.x) <= t.center.x && abs(center.y) <= t.center.y
            && abs(size.width) <= t.size.width && abs(size.height) <= t.size.height
            && abs(scale) <= t.scale && abs(rotation) <= t.rotation
    }
    @inlinable
    public func energySpeed(velocity v: PhotoPose, angularFrequency w: Double) -> PhotoPose {
        PhotoPose(center: center.energySpeed(velocity: v.center, angularFrequency: w),
                  size: size.energySpeed(velocity: v.size, angularFrequency: w),
                  scale: scale.energySpeed(velocity: v.scale, angularFrequency: w),
                  rotation: rotation.energySpeed(velocity: v.rotation, angularFrequency: w))
    }
    @inlinable
    public var isFinite: Bool {
        center.x.isFinite && center.y.isFinite && size.width.isFinite && size.height.isFinite
            && scale.isFinite && rotation.isFinite
    }

    /// The size actually drawn: the unrotated size times the gesture scale.
    public var displayedSize: Size { size * scale }

    public var description: String { "pose(c: \(center), s: \(size), ×\(scale), \(rotation) rad)" }
}
