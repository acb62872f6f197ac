/// What the jump detector reads from the viewer at one instant (after every event and every frame):
/// each drawn quantity with its bound, each photo quad's presence, and whether input wrote the
/// drawn quantities directly.
public struct MotionSample: Hashable, Sendable {
    /// A photo quad's presence: how much of it shows, so that one appearing or vanishing can be told
    /// from one entering or leaving the window, fading, or landing on (taking off from) its grid cell.
    public struct Presence: Hashable, Sendable {
        /// How far the quad reaches into the window, points: the distance it must travel to leave it
        /// (0 when it is outside).
        public var depth: Double
        public var alpha: Double
        /// How far it is from covering its own grid cell, points: centre distance plus size
        /// difference (the cell takes its place when it lands; ∞ where the cell stays drawn).
        public var cellDistance: Double
        /// Which flight of the photo this quad is (the viewer counts the photos it opens): a photo
        /// that landed and opened again between two samples is a new quad, its old one having vanished.
        public var flight: Int
        public init(depth: Double, alpha: Double, cellDistance: Double, flight: Int = 0) {
            self.depth = depth; self.alpha = alpha; self.cellDistance = cellDistance; self.flight = flight
        }
    }

    /// Seconds on the viewer's clock.
    public var time: Double
    public var quantities: [DrawnQuantity]
    /// The photo quads drawn, by photo.
    public var quads: [Int: Presence]
    /// True when the event just handled wrote the drawn quantities directly: a gesture holds the
    /// photo, or the window, a photo's size or the feel changed.
    public var movedByInput: Bool

    public init(time: Double, quantities: [DrawnQuantity], quads: [Int: Presence], movedByInput: Bool) {
        self.time = time; self.quantities = quantities; self.quads = quads; self.movedByInput = movedByInput
    }
}
