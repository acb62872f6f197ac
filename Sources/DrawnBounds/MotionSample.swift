import Geometry

/// What the jump detector reads from the viewer at one instant (after every event and every frame):
/// each drawn quantity with its bound, each photo quad's presence, and whether input wrote the
/// drawn quantities directly.
package struct MotionSample: Hashable, Sendable {
    /// A photo quad's presence: how much of it shows, so that one appearing or vanishing can be told
    /// from one entering or leaving the window, fading, or landing on (taking off from) its grid cell.
    package struct Presence: Hashable, Sendable {
        /// How far the quad reaches into the window, points: the distance it must travel to leave it
        /// (0 when it is outside).
        package var depth: Double
        package var alpha: Double
        /// How far it is from covering its own grid cell, points: centre distance plus size
        /// difference (the cell takes its place when it lands; ∞ where the cell stays drawn).
        package var cellDistance: Double
        /// Which flight of the photo this quad is (the viewer counts the photos it opens): a photo
        /// that landed and opened again between two samples is a new quad, its old one having vanished.
        package var flight: Int
        /// The photo's aspect-fit size in the window, points (sizes compare as shares of it across a
        /// resize).
        package var fit: Size
        package init(depth: Double, alpha: Double, cellDistance: Double, flight: Int = 0, fit: Size = Size(1, 1)) {
            self.depth = depth; self.alpha = alpha; self.cellDistance = cellDistance; self.flight = flight
            self.fit = fit
        }
    }

    /// Seconds on the viewer's clock.
    package var time: Double
    package var quantities: [DrawnQuantity]
    /// The photo quads drawn, by photo.
    package var quads: [Int: Presence]
    /// True while a gesture holds the photo or the paging strip (its drawn quantities are the
    /// hand's, through the gesture's mapping).
    package var isHeld: Bool
    /// The moving photo (the one a gesture holds or let go of), whose drawn rates hand-offs are
    /// judged by; nil in the grid.
    package var movingPhoto: Int?
    /// The moving photo's drawn rates now (centre pt/s, drawn size pt/s, rotation rad/s), keyed by
    /// quantity kind: what its motion does this instant.
    package var rates: [DrawnQuantity.Kind: [Double]]
    /// The seconds of stillness after which a hand counts as stopped (the velocity trackers' stop
    /// gap): a release after that hands over nothing.
    package var stopGapSeconds: Double
    /// What the event just handled changed besides motion, for the check to see through it.
    package var change: Change
    /// While a gesture holds the photo: how far its grab may have moved each kind of quantity at
    /// once, from the gesture's own figures (a recognizer reports a pan after its slop and a pinch
    /// after its threshold, and the photo catches up with the hand by that much), in the
    /// quantity's unit. A grab that moves more is a jump.
    package var grabReach: [DrawnQuantity.Kind: Double]
    /// When a gesture that time alone ends (a wheel's quiet spell) let go inside the step that led
    /// to this sample: the instant of the release; `rates` are then the springs' at that instant.
    package var releaseTime: Double?
    /// When time alone started a motion inside the step that led to this sample (a key that
    /// waited for its photo, the slideshow's page): from then on the quads may move, come and go
    /// at the pace of the motion drawn in this sample.
    package var timedActionTime: Double?
    /// The paging strip's offset in the moving photo's centre, points (0 unless paging): across a
    /// resize it keeps its share of the slot (the window's width), the photo's own pose its share of
    /// the fit.
    package var pagingOffset: Double
    /// The reduced-motion cross-fade's rate, opacity per second (1 / `crossFadeSeconds`): what a
    /// release inside the step can have faded since (`releaseTime`).
    package var fadeRatePerSecond: Double

    /// While a gesture holds the photo or the strip: the hand and what it holds, coordinate by
    /// coordinate (`Viewer.gripReading`): between two samples of the same hold the drawn side must
    /// follow the hand through the mapping's slopes ("Held means under the finger",
    /// docs/continuity.md). Nil when nothing holds, or the holder reports nothing.
    package var grip: GripReading?

    /// A change of the frame of reference between the previous sample and this one.
    package enum Change: Hashable, Sendable {
        case none
        /// The window changed size: quantities compare in the window's own terms (centres as a
        /// share of the window, sizes as a share of the photo's fit).
        case resized(from: Size, to: Size)
        /// Photos left or joined the list: `renumbered[old]` is the old photo's index now (nil: it
        /// left).
        case photoList(renumbered: [Int?])
        /// Photo `index`'s pixel size became known: its picture takes its real shape at once (its
        /// drawn size, crop and presence are not compared; its centre is).
        case photoSize(index: Int)
        /// Photo `index` turned by `quarterTurns` × 90° clockwise (Ctrl+R): its new picture, drawn
        /// turned back, is the old one; its size, rotation and crop compare in the new picture's terms.
        case photoTurned(index: Int, quarterTurns: Int)
    }

    package init(time: Double, quantities: [DrawnQuantity], quads: [Int: Presence],
                isHeld: Bool = false, movingPhoto: Int? = nil, rates: [DrawnQuantity.Kind: [Double]] = [:],
                stopGapSeconds: Double = 0.04, change: Change = .none, grabReach: [DrawnQuantity.Kind: Double] = [:],
                releaseTime: Double? = nil, timedActionTime: Double? = nil, pagingOffset: Double = 0, fadeRatePerSecond: Double = 0, grip: GripReading? = nil) {
        self.time = time; self.quantities = quantities; self.quads = quads
        self.isHeld = isHeld; self.movingPhoto = movingPhoto; self.rates = rates; self.stopGapSeconds = stopGapSeconds
        self.change = change
        self.grabReach = grabReach
        self.releaseTime = releaseTime
        self.timedActionTime = timedActionTime
        self.pagingOffset = pagingOffset
        self.fadeRatePerSecond = fadeRatePerSecond
        self.grip = grip
    }
}
