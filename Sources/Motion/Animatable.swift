import Geometry

/// A value a spring or a tween can carry: a vector space over `Double`, with a per-component
/// comparison used for rest detection.
///
/// Conformers: `Double`, `Point`, `Size` and `PhotoPose`.
public protocol Animatable: Equatable, Sendable {
    /// The origin: no displacement, no velocity.
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// True when every component's magnitude is at most the matching component of `tolerance`.
    func isWithin(_ tolerance: Self) -> Bool
    /// Every component's energy speed `√(v² + ω₀²x²)`, this value being the displacement `x` from
    /// a spring's target and `velocity` the rate `v` (units per second), `angularFrequency` the
    /// spring's `ω₀`. Along a damped spring's free motion it never rises
    /// (`d(v² + ω₀²x²)/dt = −4ζω₀v² ≤ 0`): the spring's rest check reads it (`SpringAnimation`).
    func energySpeed(velocity: Self, angularFrequency: Double) -> Self
    /// True when every component is finite.
    var isFinite: Bool { get }
}

extension Double: Animatable {
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
    @inlinable public func isWithin(_ tolerance: Double) -> Bool { abs(self) <= tolerance }
    @inlinable public func energySpeed(velocity: Double, angularFrequency w: Double) -> Double {
        (velocity * velocity + w * w * self * self).squareRoot()
    }
}

extension Point: Animatable {
    @inlinable public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
    @inlinable public func isWithin(_ tolerance: Point) -> Bool { abs(x) <= tolerance.x && abs(y) <= tolerance.y }
    @inlinable public func energySpeed(velocity v: Point, angularFrequency w: Double) -> Point {
        Point(x: x.energySpeed(velocity: v.x, angularFrequency: w), y: y.energySpeed(velocity: v.y, angularFrequency: w))
    }
}

extension Size: Animatable {
    @inlinable public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }
    @inlinable public func isWithin(_ tolerance: Size) -> Bool {
        abs(width) <= tolerance.width && abs(height) <= tolerance.height
    }
    @inlinable public func energySpeed(velocity v: Size, angularFrequency w: Double) -> Size {
        Size(width: width.energySpeed(velocity: v.width, angularFrequency: w),
             height: height.energySpeed(velocity: v.height, angularFrequency: w))
    }
    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }
}
