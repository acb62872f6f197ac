import Geometry

/// The context a recognizer needs from the viewer when a gesture begins.
package struct GestureContext: Hashable, Sendable {
    /// The pivot for mirrored virtual fingers: the centre of the photo under the pointer, or of the window.
    package var mirrorPivot: Point
    package init(mirrorPivot: Point) { self.mirrorPivot = mirrorPivot }
}
