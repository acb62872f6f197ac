import Geometry

/// A similarity transform of the plane (uniform scale, rotation, translation), written about a
/// reference point exactly as `Manipulation.map` writes it:
///
///     p ↦ image + ((p − reference) · scale).rotated(by: rotation)
///
/// `image` is where `reference` goes. A manipulation's cumulative transform is one of these with
/// `reference = startPivot`, so `translation = image − reference`.
struct SimilarityTransform: Hashable, Sendable {
    /// The point the transform is written about, window points.
    var reference: Point
    /// Where `reference` is carried, window points.
    var image: Point
    /// Uniform scale (1 = unchanged).
    var scale: Double
    /// Rotation, radians, unwrapped, positive clockwise on screen.
    var rotation: Double

    /// The smallest and largest cumulative scale a manipulation reaches; a segment or wheel step
    /// that would go beyond is limited to them (only absurd input gets here: 10⁻⁴ is a photo
    /// shrunk to a dot, 10⁴ one pixel filling the window).
    static let scaleLimits = 1e-4...1e4

    /// The transform that leaves every point where it is.
    static func identity(at reference: Point) -> SimilarityTransform {
        SimilarityTransform(reference: reference, image: reference, scale: 1, rotation: 0)
    }

    /// Where `p` goes.
    func apply(_ p: Point) -> Point {
        image + ((p - reference) * scale).rotated(by: rotation)
    }

    /// The same transform written about another reference point.
    func rereferenced(to newReference: Point) -> SimilarityTransform {
        SimilarityTransform(reference: newReference, image: apply(newReference), scale: scale, rotation: rotation)
    }

    /// This transform, then `motion`: `motion(self(p))`. The scale of `motion` is limited so that
    /// the result stays within `scaleLimits`.
    func followed(by motion: SegmentMotion) -> SimilarityTransform {
        var step = motion
        let combined = scale * motion.scale
        if combined < Self.scaleLimits.lowerBound { step.scale = Self.scaleLimits.lowerBound / scale }
        if combined > Self.scaleLimits.upperBound { step.scale = Self.scaleLimits.upperBound / scale }
        return SimilarityTransform(reference: reference, image: step.apply(image),
                                   scale: scale * step.scale, rotation: rotation + step.rotation)
    }

    /// True when every number is finite (and the scale positive).
    var isFinite: Bool {
        reference.isFinite && image.isFinite && scale.isFinite && scale > 0 && rotation.isFinite
    }
}
