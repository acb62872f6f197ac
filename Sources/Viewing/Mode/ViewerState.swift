import Geometry

/// The phases of the viewer, as the state log names them.
public enum Phase: String, Hashable, Sendable {
    case grid, opening, presented, interacting, closing, paging, zoomed
}

/// The gesture holding the viewer, as the state log names it.
public enum GestureName: String, Hashable, Sendable {
    case none, tap, pan, pinch, rotate
    case pinchRotate = "pinch+rotate"
    case page, scroll
}

/// One frame of what the user sees: a line of the state log.
public struct StateSnapshot: Hashable, Sendable {
    /// The moving photo: centre, unrotated size (points) and rotation (radians).
    public struct Image: Hashable, Sendable {
        public var center: Point
        public var size: Size
        public var rotation: Double
        package init(center: Point, size: Size, rotation: Double) {
            self.center = center; self.size = size; self.rotation = rotation
        }
    }

    public var frame: Int
    public var time: Double
    public var phase: Phase
    /// The photo in view (or last opened), nil in the grid with none open.
    public var photo: Int?
    public var image: Image?
    public var backdrop: Double
    public var progress: Double
    public var scroll: Double
    public var gesture: GestureName
    /// The photo drawn largest when it is not `photo` (nil otherwise): pages turn when a release
    /// decides, so after quick flicks the strip may still mostly show a photo before the page it
    /// heads for; the caption and the window title name this one.
    public var shown: Int?

    package init(frame: Int, time: Double, phase: Phase, photo: Int?, image: Image?, backdrop: Double,
                progress: Double, scroll: Double, gesture: GestureName, shown: Int? = nil) {
        self.frame = frame; self.time = time; self.phase = phase; self.photo = photo; self.image = image
        self.backdrop = backdrop; self.progress = progress; self.scroll = scroll; self.gesture = gesture
        self.shown = shown
    }
}
