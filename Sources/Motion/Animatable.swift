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
    /// True when every component is finite.
    var isFinite: Bool { get }
}

extension Double: Animatable {
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
    @inlinable public func isWithin(_ tolerance: Double) -> Bool { abs(self) <= tolerance }
}

extension Point: Animatable {
    @inlinable public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
    @inlinable public func isWithin(_ tolerance: Point) -> Bool { abs(x) <= tolerance.x && abs(y) <= tolerance.y }
}

extension Size: Animatable {
    @inlinable public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }
    @inlinable public func isWithin(_ tolerance: Size) -> Bool {
        abs(width) <= tolerance.width && abs(height) <= tolerance.height
    }
    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }
}
