import Foundation
import Geometry
import LabUI
import Viewer

/// The figures of one release or interruption in a plotted log: the photo's velocity over the
/// frame before it and over the frame after the one it happened in, per component (so a hand-off
/// hitch shows as the difference), how far the motion then overshot its resting place, and when it
/// came to rest.
///
/// Velocities are backward differences of the log's frames (`PlotLog.computeVelocities`): the
/// mark's own frame mixes the gesture's last movement with the springs' first, so "before" is the
/// frame that ends just before the mark's frame and "after" the one that ends just after it.
public struct GestureFigures: Hashable, Sendable {
    /// The log's name.
    public var log: String
    /// 1-based, among the log's marks.
    public var number: Int
    public var kind: CurveMark.Kind
    /// Seconds.
    public var time: Double
    /// Centre velocity before and after, pt/s.
    public var centerVelocityBefore: Point?
    public var centerVelocityAfter: Point?
    /// Scale velocity before and after, per second.
    public var scaleVelocityBefore: Double?
    public var scaleVelocityAfter: Double?
    /// Angular velocity before and after, rad/s.
    public var angularVelocityBefore: Double?
    public var angularVelocityAfter: Double?
    /// How far the centre went past where it came to rest, along its travel, pt.
    public var overshootPoints: Double?
    /// How far the scale went past its resting scale, as a fraction of the travel in scale (0.05 = 5 %).
    public var scaleOvershootFraction: Double?
    /// Seconds from the mark until nothing moved any more (centre 0.1 pt, scale and rotation 1e-4
    /// per frame); nil when the next mark or the log's end came first.
    public var settleSeconds: Double?

    /// |after − before| of the centre velocity, pt/s: the hand-off's jump.
    public var centerHandOff: Double? {
        guard let a = centerVelocityAfter, let b = centerVelocityBefore else { return nil }
        return (a - b).length
    }

    /// The figures of every mark of `log`.
    public static func all(in log: PlotLog) -> [GestureFigures] {
        log.marks.indices.map { figures(of: $0, in: log) }
    }

    /// The figures of mark `index` (0-based) of `log`.
    public static func figures(of index: Int, in log: PlotLog) -> GestureFigures {
        let mark = log.marks[index]
        var f = GestureFigures(log: log.name, number: index + 1, kind: mark.kind, time: mark.time)
        let samples = log.samples
        guard let at = samples.firstIndex(where: { $0.time >= mark.time }) else { return f }
        if at >= 1 {
            let before = samples[at - 1]
            f.centerVelocityBefore = before.centerVelocity
            f.scaleVelocityBefore = before.scaleVelocity
            f.angularVelocityBefore = before.angularVelocity
        }
        if at + 1 < samples.count {
            let after = samples[at + 1]
            f.centerVelocityAfter = after.centerVelocity
            f.scaleVelocityAfter = after.scaleVelocity
            f.angularVelocityAfter = after.angularVelocity
        }
        // The motion after the mark, up to the next mark, ends at the first frame followed by three
        // still ones, or where the photo is back in the grid.
        let end = index + 1 < log.marks.count ? log.marks[index + 1].time : .infinity
        let path = Array(samples[at...].prefix { $0.time < end })
        guard let start = path.first, start.center != nil else { return f }
        var rest: Int?
        for k in path.indices {
            if path[k].center == nil { rest = k; break }
            if k + 3 < path.count, !(k..<(k + 3)).contains(where: { Self.moved(from: path[$0], to: path[$0 + 1]) }) { rest = k; break }
        }
        guard let rest else { return f }
        f.settleSeconds = path[rest].time - mark.time
        let tracked = path[...rest].filter { $0.photo == start.photo && $0.center != nil }
        guard let origin = samples[max(0, at - 1)].center, let final = tracked.last?.center else { return f }
        let travel = final - origin
        if travel.length >= 0.5 {
            let direction = travel / travel.length
            f.overshootPoints = tracked.map { max(0, ($0.center! - final).dot(direction)) }.max() ?? 0
        } else {
            f.overshootPoints = 0
        }
        if let s0 = samples[max(0, at - 1)].scale, let s1 = tracked.last?.scale, abs(s1 - s0) >= 1e-3 {
            let sign: Double = s1 > s0 ? 1 : -1
            f.scaleOvershootFraction = (tracked.compactMap(\.scale).map { max(0, ($0 - s1) * sign) }.max() ?? 0) / abs(s1 - s0)
        }
        return f
    }

    /// True when anything moved between two frames by more than the rest thresholds.
    static func moved(from a: PlotLog.Sample, to b: PlotLog.Sample) -> Bool {
        if (a.center == nil) != (b.center == nil) || a.photo != b.photo { return true }
        if let ca = a.center, let cb = b.center, (cb - ca).length > 0.1 { return true }
        if let sa = a.scale, let sb = b.scale, abs(sb - sa) > 1e-4 { return true }
        if let ra = a.rotation, let rb = b.rotation, abs(rb - ra) > 1e-4 { return true }
        return abs(b.backdrop - a.backdrop) > 1e-3
    }
}
