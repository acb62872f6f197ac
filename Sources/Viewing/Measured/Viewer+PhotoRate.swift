import DrawnBounds

extension Viewer {
    /// How fast the moving photo's drawn centre, size and rotation change now (`photoVelocity` with
    /// the gesture scale folded into the size); nil in the grid.
    package var photoRate: PhotoRate? {
        guard let tr = transition, let v = photoVelocity else { return nil }
        return PhotoRate(pose: tr.pose.value, velocity: v)
    }
}
