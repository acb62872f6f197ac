import Geometry

/// How one stretch of a gesture moves the plane: the fingers' centre goes from `from` to `to`,
/// and everything scales by `scale` and turns by `rotation` about it:
///
///     p ↦ to + ((p − from) · scale).rotated(by: rotation)
///
/// A wheel step is one of these with `from == to ==` the pointer.
struct SegmentMotion: Hashable, Sendable {
    /// The centre at the segment's start, window points.
    var from: Point
    /// The centre now, window points.
    var to: Point
    /// Scale since the segment's start (1 = unchanged).
    var scale: Double
    /// Rotation since the segment's start, radians, unwrapped, positive clockwise on screen.
    var rotation: Double

    /// No motion, about `centre`.
    static func identity(at centre: Point) -> SegmentMotion {
        SegmentMotion(from: centre, to: centre, scale: 1, rotation: 0)
    }

    /// Where `p` goes.
    func apply(_ p: Point) -> Point {
        to + ((p - from) * scale).rotated(by: rotation)
    }
}
