import Geometry
import Motion
import FeelModel

/// Which ways a drag dismisses the photo (feel: `dismissDirectionDegrees`, `dismissUpward`).
///
/// A drag counts toward dismissal by its distance when its direction lies within the half angle of
/// straight down (or of straight up too, with `dismissUpward`); past that angle `α` by `δ` it
/// counts `|t|·cos δ`, down to nothing at right angles, so the count is continuous in the drag.
/// iOS Photos (the default, 90°): down and sideways-down dismiss, up returns. PhotoSwipe: 90° either
/// way vertically. Material Motion's radial drag: 180°.
///
/// Travel straight toward a vertical direction that cannot dismiss (up, by default) is
/// rubber-banded, as UIScrollView bands a pull past its edge: the photo follows with growing
/// resistance.
package struct DismissDirection: Sendable, Equatable {
    /// Half angle about straight down (and up, with `upward`) within which a drag counts in full, radians.
    package var halfAngle: Double
    package var upward: Bool
    package var rubberBandCoefficient: Double

    package init(feel: Feel) {
        halfAngle = min(max(feel.dismissDirectionDegrees, 0), 180) * Double.pi / 180
        upward = feel.dismissUpward
        rubberBandCoefficient = feel.rubberBandCoefficient
    }

    /// The distance a translation `t` counts toward dismissal, points.
    package func countedDistance(_ t: Point) -> Double {
        let length = t.length
        guard length > 0, length.isFinite else { return 0 }
        var angle = abs(arcTangent2(t.x, t.y))
        if upward { angle = min(angle, Double.pi - angle) }
        guard angle > halfAngle else { return length }
        return length * max(0, cosine(angle - halfAngle))
    }

    /// True when travel straight up cannot dismiss, so upward travel is rubber-banded.
    package var bandsUpward: Bool { !upward && halfAngle <= Double.pi / 2 }

    /// The translation the photo shows for the gesture's translation `t` in a window
    /// `windowHeight` points tall.
    package func shown(_ t: Point, windowHeight: Double) -> Point {
        guard bandsUpward, t.y < 0 else { return t }
        return Point(t.x, RubberBand.band(t.y, dimension: max(1, windowHeight), coefficient: rubberBandCoefficient))
    }

    /// `d shown.y / d t.y` at the translation `t` (1 where nothing is banded).
    package func shownSlope(_ t: Point, windowHeight: Double) -> Double {
        guard bandsUpward, t.y < 0 else { return 1 }
        let c = rubberBandCoefficient, d = max(1, windowHeight)
        let q = abs(t.y) * c / d + 1
        return c / (q * q)
    }
}
