import Gestures
import FeelModel
import Geometry

/// How a two-finger dismissal's fingers scale the held photo: as they are (every preset but `ios`),
/// or not at all until the fingers' distance has closed by a dead zone and from there 1:1 with the
/// distance over the start distance less the dead zone, never above 1:
///
///     S' = min(1, d / (d₀ − z))        d the fingers' distance, d₀ at the start, z the dead zone
///
/// which is 1 at `d = d₀ − z` (no jump where it starts) and spreading past the start does nothing.
/// The recognizer's scale is `d / d₀`, so `S' = min(1, S·d₀ / (d₀ − z))` with `d₀ = d / S`.
///
/// Before the fingers have closed past the dead zone the viewer does not take hold of the photo at
/// all (`hasClosed`; `Viewer.resolvePending`): a turn or a carry alone does nothing.
///
/// iOS (swift_transitions' parity plan, stage 6): the card holds its size until the fingers'
/// distance has changed by 8.7 pt, then reads `distance / (start − 8.7)` to 0.003: 0.925 at 0.9 of
/// the start, 0.824 at 0.8, 0.618 at 0.6, 0.412 at 0.4; never past 1.0.
package struct PinchFollow: Hashable, Sendable {
    package var deadZonePoints: Double

    package init(feel: Feel) {
        deadZonePoints = feel.dismissPinchDeadZonePoints
    }

    /// The fingers' scale is the photo's.
    package var isIdentity: Bool { !(deadZonePoints > 0) }

    /// The fingers' distance now and at the start, points; nil without two fingers apart (a mouse
    /// drag, a wheel gesture).
    package static func distances(of m: Manipulation) -> (now: Double, start: Double)? {
        guard m.fingers.count == 2, m.scale > 0 else { return nil }
        let now = (m.fingers[0] - m.fingers[1]).length
        guard now > 0, now.isFinite else { return nil }
        return (now, now / m.scale)
    }

    /// `d₀ / (d₀ − z)`, the factor on the recognizer's scale, for `m`; nil where the mapping does not
    /// apply (identity, no two fingers, fingers that started within the dead zone of each other).
    package func gain(for m: Manipulation) -> Double? {
        guard !isIdentity, let d = PinchFollow.distances(of: m), d.start > deadZonePoints else { return nil }
        return d.start / (d.start - deadZonePoints)
    }

    /// True when `m`'s fingers have closed past the dead zone (always, where the mapping does not apply).
    package func hasClosed(_ m: Manipulation) -> Bool {
        gain(for: m).map { m.scale * $0 < 1 } ?? true
    }

    /// `m` with its scale and scale velocity the held ones (`Ṡ' = Ṡ·d₀/(d₀ − z)` below 1, 0 at 1),
    /// by `gain` (`gain(for:)` of a sample with both fingers down: once one lifts, the gesture goes
    /// on with the gain its fingers had); `m` as it is for a nil gain.
    package static func mapped(_ m: Manipulation, gain: Double?) -> Manipulation {
        guard let k = gain else { return m }
        var held = m
        let s = m.scale * k
        held.scale = min(1, s)
        held.scaleVelocity = s < 1 ? m.scaleVelocity * k : 0
        return held
    }
}
