/// A point or a displacement in window points (origin top-left, y grows downward).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    public static let zero = Point(x: 0, y: 0)

    /// Euclidean length, treating the point as a vector from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Angle of the vector in radians, measured from +x toward +y (clockwise on screen).
    public var angle: Double { arcTangent2(y, x) }

    package func distance(to other: Point) -> Double { (self - other).length }

    /// True when both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
    public static func += (a: inout Point, b: Point) { a = a + b }
    public static func -= (a: inout Point, b: Point) { a = a - b }

    /// Dot product.
    package func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// This vector rotated by `radians` (positive turns +x toward +y, clockwise on screen).
    package func rotated(by radians: Double) -> Point {
        let c = cosine(radians), s = sine(radians)
        return Point(x: x * c - y * s, y: x * s + y * c)
    }

    /// Linear interpolation: `self` at 0, `other` at 1.
    package func interpolated(to other: Point, fraction: Double) -> Point {
        self + (other - self) * fraction
    }
}
