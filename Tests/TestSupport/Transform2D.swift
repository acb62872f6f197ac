import Geometry

/// A 2-D affine transform, `p' = (a·x + c·y + tx, b·x + d·y + ty)`.
///
/// A test oracle (the app composes gestures with `SimilarityTransform`): translation, uniform scale
/// about a pivot and rotation about a pivot, composed independently of the code under test.
public struct Transform2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ v: Point) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: v.x, ty: v.y)
    }

    /// Uniform scale by `s` about `pivot`.
    public static func scale(_ s: Double, about pivot: Point = .zero) -> Transform2D {
        Transform2D(a: s, b: 0, c: 0, d: s, tx: pivot.x - s * pivot.x, ty: pivot.y - s * pivot.y)
    }

    /// Rotation by `radians` about `pivot` (positive turns +x toward +y: clockwise on screen).
    public static func rotation(_ radians: Double, about pivot: Point = .zero) -> Transform2D {
        let co = cosine(radians), si = sine(radians)
        return Transform2D(a: co, b: si, c: -si, d: co,
                           tx: pivot.x - co * pivot.x + si * pivot.y,
                           ty: pivot.y - si * pivot.x - co * pivot.y)
    }

    /// `self` then `next`: the transform that applies `self` first.
    public func then(_ next: Transform2D) -> Transform2D {
        Transform2D(a: next.a * a + next.c * b,
                    b: next.b * a + next.d * b,
                    c: next.a * c + next.c * d,
                    d: next.b * c + next.d * d,
                    tx: next.a * tx + next.c * ty + next.tx,
                    ty: next.b * tx + next.d * ty + next.ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The uniform scale factor (for transforms built from translation, uniform scale and rotation).
    public var uniformScale: Double { (a * a + b * b).squareRoot() }

    /// The rotation angle in radians (for transforms built from translation, uniform scale and rotation).
    public var rotationAngle: Double { arcTangent2(b, a) }
}
