import Geometry

/// How a manipulation holds the photo at one moment: the points whose motion moves it, the
/// fingers drawn for it, and the centre they turn about.
///
/// - plain drag or one finger: tracks the pointer or finger;
/// - Alt + drag: tracks the pointer and its mirror through a fixed pivot, which is the centre;
/// - Alt + Shift + drag: tracks only the pointer (the pair travels unchanged) but draws both;
/// - two fingers: tracks both, the centre is their centroid;
/// - a wheel gesture: tracks nothing, the centre is the pointer.
struct Grip: Hashable, Sendable {
    /// The points whose motion moves the photo (0, 1 or 2), window points.
    var tracked: [Point]
    /// The fingers to draw, window points.
    var drawn: [Point]
    /// A centre fixed by the gesture itself (the mirror pivot, the wheel's pointer), or nil for
    /// the centroid of `tracked`.
    var fixedCentre: Point?
    /// What makes this grip.
    var source: GestureSource

    init(tracked: [Point], drawn: [Point]? = nil, fixedCentre: Point? = nil, source: GestureSource) {
        self.tracked = tracked
        self.drawn = drawn ?? tracked
        self.fixedCentre = fixedCentre
        self.source = source
    }

    /// The centre the segment's motion is measured about.
    var centre: Point { fixedCentre ?? Self.centroid(tracked) }

    /// The centre to draw: the fixed centre, or the centroid of the drawn fingers.
    var drawnCentre: Point { fixedCentre ?? Self.centroid(drawn.isEmpty ? tracked : drawn) }

    /// The mean of `points` (the origin for none).
    static func centroid(_ points: [Point]) -> Point {
        guard !points.isEmpty else { return .zero }
        var sum = Point.zero
        for p in points { sum += p }
        return points.count == 1 ? points[0] : sum / Double(points.count)
    }
}
