import Geometry

/// A value a spring can carry: a vector space over `Double`, with a per-component comparison used
/// for rest detection.
public protocol Animatable: Equatable, Sendable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(by factor: Double) -> Self
    /// True when every component's magnitude is at most the matching component of `tolerance`.
    func isWithin(_ tolerance: Self) -> Bool
    /// True when every component is finite.
    var isFinite: Bool { get }
}

extension Double: Animatable {
    public func scaled(by factor: Double) -> Double { self * factor }
    public func isWithin(_ tolerance: Double) -> Bool { abs(self) <= tolerance }
}

extension Point: Animatable {
    public func scaled(by factor: Double) -> Point { self * factor }
    public func isWithin(_ tolerance: Point) -> Bool { abs(x) <= tolerance.x && abs(y) <= tolerance.y }
}

extension Size: Animatable {
    public func scaled(by factor: Double) -> Size { self * factor }
    public func isWithin(_ tolerance: Size) -> Bool {
        abs(width) <= tolerance.width && abs(height) <= tolerance.height
    }
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

/// The moving photo's composite: centre and unrotated size in points, a gesture scale and a
/// rotation in radians. Each rides the same spring; each has its own rest threshold.
public struct PhotoPose: Animatable, Hashable, CustomStringConvertible {
    public var center: Point
    public var size: Size
    public var scale: Double
    public var rotation: Double

    public init(center: Point, size: Size, scale: Double = 1, rotation: Double = 0) {
        self.center = center
        self.size = size
        self.scale = scale
        self.rotation = rotation
    }

    public static let zero = PhotoPose(center: .zero, size: .zero, scale: 0, rotation: 0)

    /// Rest thresholds: half a point for centre and size, 0.001 for scale, 0.001 rad.
    public static let restTolerance = PhotoPose(center: Point(0.5, 0.5), size: Size(0.5, 0.5),
                                                scale: 0.001, rotation: 0.001)
    /// Velocity thresholds at rest: 5 pt/s, 0.01 scale/s, 0.01 rad/s.
    public static let restVelocityTolerance = PhotoPose(center: Point(5, 5), size: Size(5, 5),
                                                        scale: 0.01, rotation: 0.01)

    public static func + (a: PhotoPose, b: PhotoPose) -> PhotoPose {
        PhotoPose(center: a.center + b.center, size: a.size + b.size, scale: a.scale + b.scale,
                  rotation: a.rotation + b.rotation)
    }
    public static func - (a: PhotoPose, b: PhotoPose) -> PhotoPose {
        PhotoPose(center: a.center - b.center, size: a.size - b.size, scale: a.scale - b.scale,
                  rotation: a.rotation - b.rotation)
    }
    public func scaled(by f: Double) -> PhotoPose {
        PhotoPose(center: center * f, size: size * f, scale: scale * f, rotation: rotation * f)
    }
    public func isWithin(_ t: PhotoPose) -> Bool {
        center.isWithin(t.center) && size.isWithin(t.size) && abs(scale) <= t.scale && abs(rotation) <= t.rotation
    }
    public var isFinite: Bool { center.isFinite && size.isFinite && scale.isFinite && rotation.isFinite }

    /// The size actually drawn: the unrotated size times the gesture scale.
    public var displayedSize: Size { size * scale }

    public var description: String { "pose(c: \(center), s: \(size), ×\(scale), \(rotation) rad)" }
}
