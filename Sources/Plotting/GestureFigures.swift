import Foundation
import Geometry
import LabUI
import Viewing

/// The figures of one release or interruption in a plotted log, as `MotionFigures` defines them
/// (the one definition the summary and `compare` use too): the photo's velocity before the mark
/// (over its last 50 ms) and the instant after the event, per component, and the centre's
/// hand-off, their difference (the summary's and `compare`'s "hand-off"), how far the motion then overshot its resting place (pt and share of
/// the travel), and when it came to rest.
///
/// A mark's time is the event's own instant where the state log gives it (`"event"` on the first
/// frame after a release or interruption), so settle time, overshoot and the velocity the instant
/// after are the summary's; a log written before the field counts from the mark's frame, up to a
/// frame late (and then its velocity after is the frames' at that frame, not at the release).
package struct GestureFigures: Hashable, Sendable {
    /// The log's name.
    package var log: String
    /// 1-based, among the log's marks.
    package var number: Int
    package var kind: CurveMark.Kind
    /// Seconds.
    package var time: Double
    /// Centre velocity before and after, pt/s.
    package var centerVelocityBefore: Point?
    package var centerVelocityAfter: Point?
    /// Scale velocity before and after, per second.
    package var scaleVelocityBefore: Double?
    package var scaleVelocityAfter: Double?
    /// Angular velocity before and after, rad/s.
    package var angularVelocityBefore: Double?
    package var angularVelocityAfter: Double?
    /// How far the centre went past where it came to rest, along its travel, pt.
    package var overshootPoints: Double?
    /// The centre's travel from the frame before the mark's frame to rest, pt.
    package var travelPoints: Double?
    /// `overshootPoints` as a share of `travelPoints` (0.02 = 2 %); nil for a travel under 0.5 pt.
    package var overshootFraction: Double?
    /// How far the scale went past its resting scale, as a fraction of the travel in scale (0.05 = 5 %).
    package var scaleOvershootFraction: Double?
    /// Seconds from the mark to the first frame with 90 % of the travel covered (`MotionFigures`).
    package var responseSeconds: Double?
    /// Seconds from the mark until every drawn quantity stays within its rest tolerance of where it
    /// comes to rest (`MotionFigures`); nil when the next mark or the log's end came first.
    package var settleSeconds: Double?

    /// The centre's hand-off, |velocity after − velocity before|, pt/s (`MotionFigures.handOff`).
    package var centerHandOff: Double?

    /// The figures of every mark of `log`.
    package static func all(in log: PlotLog) -> [GestureFigures] {
        log.marks.indices.map { figures(of: $0, in: log) }
    }

    /// The figures of mark `index` (0-based) of `log`.
    package static func figures(of index: Int, in log: PlotLog) -> GestureFigures {
        let mark = log.marks[index]
        var f = GestureFigures(log: log.name, number: index + 1, kind: mark.kind, time: mark.time)
        let samples = log.samples
        guard let at = samples.firstIndex(where: { $0.time >= mark.time }) else { return f }
        // The motion after the mark, up to the next mark.
        let end = index + 1 < log.marks.count ? log.marks[index + 1].time : .infinity
        let after = samples[at...].prefix { $0.time < end }.map(\.frame)
        // The frames before it: those of the last `beforeWindowSeconds`, and at least two.
        var first = at
        while first > 0, at - first < 2 || samples[first - 1].time >= mark.time - MotionFigures.beforeWindowSeconds { first -= 1 }
        let figures = MotionFigures.measure(event: mark.time, before: samples[first..<at].map(\.frame), after: after)
        // Scale is the drawn width over the photo's reference width (`PlotLog.sharingScale`).
        func reference(_ s: PlotLog.Sample) -> Double? {
            guard let w = s.width, let scale = s.scale, scale > 0 else { return nil }
            return w / scale
        }
        if let v = figures.velocityBefore {
            f.centerVelocityBefore = v.center
            f.angularVelocityBefore = v.rotation
            f.scaleVelocityBefore = reference(samples[at - 1]).map { v.size.width / $0 }
        }
        if let v = figures.velocityAfter {
            f.centerVelocityAfter = v.center
            f.angularVelocityAfter = v.rotation
            f.scaleVelocityAfter = reference(samples[at]).map { v.size.width / $0 }
        }
        f.centerHandOff = figures.centerHandOffPointsPerSecond
        f.settleSeconds = figures.settleSeconds
        f.responseSeconds = figures.responseSeconds
        f.overshootPoints = figures.overshootPoints
        f.travelPoints = figures.travelPoints
        f.overshootFraction = figures.overshootFraction
        f.scaleOvershootFraction = figures.sizeOvershootFraction
        return f
    }
}
