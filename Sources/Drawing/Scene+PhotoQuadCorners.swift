import Geometry

extension Scene.PhotoQuad {
    /// The window point of a point given in the quad's own unit square: `unitX` along the photo's
    /// width and `unitY` along its height, each −0.5…0.5, (0, 0) the centre; turned by `rotation`
    /// about `center`.
    package func point(unitX: Double, unitY: Double) -> Point {
        center + Point(unitX * size.width, unitY * size.height).rotated(by: rotation)
    }

    /// The quad's corners in window points, clockwise on screen: the photo's top-left, top-right,
    /// bottom-right, bottom-left.
    package var corners: [Point] {
        [point(unitX: -0.5, unitY: -0.5), point(unitX: 0.5, unitY: -0.5),
         point(unitX: 0.5, unitY: 0.5), point(unitX: -0.5, unitY: 0.5)]
    }
}
