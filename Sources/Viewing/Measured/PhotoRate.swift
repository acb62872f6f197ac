import DrawnBounds
import Geometry
import Motion

/// How fast each drawn component of the moving photo changes: its centre (pt/s), its drawn size
/// (width and height after the gesture scale, pt/s) and its rotation (rad/s).
///
/// The summary sets the rate before an event beside the rate after it, component by component, so a
/// hand-off that keeps the centre's speed but stalls the size (a pinch undone by the size spring)
/// shows as the loss it is.
package struct PhotoRate: Hashable, Sendable {
    package var center: Point
    package var size: Size
    package var rotation: Double

    package init(center: Point, size: Size, rotation: Double) {
        self.center = center; self.size = size; self.rotation = rotation
    }

    package static let zero = PhotoRate(center: .zero, size: .zero, rotation: 0)

    /// The rate of the drawn quad for a pose and its velocity: the drawn size is `size·scale`, so
    /// its rate is `ṡize·scale + size·ṡcale`.
    package init(pose: PhotoPose, velocity v: PhotoPose) {
        center = v.center
        size = Size(v.size.width * pose.scale + pose.size.width * v.scale,
                    v.size.height * pose.scale + pose.size.height * v.scale)
        rotation = v.rotation
    }

    /// The rate between two snapshots' images `dt` seconds apart (finite differences).
    package init(from a: StateSnapshot.Image, to b: StateSnapshot.Image, seconds dt: Double) {
        center = (b.center - a.center) / dt
        size = Size((b.size.width - a.size.width) / dt, (b.size.height - a.size.height) / dt)
        rotation = (b.rotation - a.rotation) / dt
    }

    package var isFinite: Bool { center.isFinite && size.isFinite && rotation.isFinite }
}
