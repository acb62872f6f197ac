import Geometry
import Viewer

// MARK: - Paging, velocities and windows of a plotted log

extension PlotLog {
    /// The window width the log's photos were presented in, read from its frames: a photo at rest
    /// in the presented phase sits centred, so twice its most frequent centre x. Nil when no frame
    /// shows one.
    package var inferredWindowWidth: Double? {
        var counts: [Double: Int] = [:]
        for (i, s) in samples.enumerated() where i > 0 {
            guard !s.isPaging, let c = s.center, let p = samples[i - 1].center, s.photo == samples[i - 1].photo,
                  c == p, s.scale.map({ abs($0 - 1) < 1e-9 }) == true else { continue }
            counts[(c.x * 2).rounded(), default: 0] += 1
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    /// The log with centre x continuous across page turns: when the photo in view changes while
    /// paging, the new photo's slot lies `pitch` (window width + paging gap) to the side, so its x
    /// is moved by that much (times the pages turned) until the photo goes back to the grid. The
    /// curve then follows the strip of photos as the eye does, with no false jump of a page width.
    package func continuingAcrossPages(pitch: Double) -> PlotLog {
        var log = self
        var shift = 0.0
        for i in log.samples.indices {
            guard log.samples[i].center != nil else { shift = 0; continue }
            if i > 0, let before = samples[i - 1].photo, let now = samples[i].photo, before != now,
               samples[i].isPaging || samples[i - 1].isPaging {
                shift -= Double(now - before) * pitch
            }
            log.samples[i].center!.x += shift
        }
        log.computeVelocities()
        return log
    }

    /// Fills each sample's velocities from the frame before it (same photo, or a page turn while
    /// paging, whose centre `continuingAcrossPages` has made continuous).
    mutating func computeVelocities() {
        for i in samples.indices {
            samples[i].centerVelocity = nil
            samples[i].scaleVelocity = nil
            samples[i].angularVelocity = nil
            guard i > 0 else { continue }
            let a = samples[i - 1], b = samples[i]
            let dt = b.time - a.time
            guard dt > 0, a.photo != nil, b.photo != nil, a.photo == b.photo || (a.isPaging || b.isPaging) else { continue }
            if let ca = a.center, let cb = b.center { samples[i].centerVelocity = (cb - ca) / dt }
            if let sa = a.scale, let sb = b.scale { samples[i].scaleVelocity = (sb - sa) / dt }
            if let ra = a.rotation, let rb = b.rotation { samples[i].angularVelocity = (rb - ra) / dt }
        }
    }

    /// The log's samples and marks from `from` to `to` seconds.
    package func window(from: Double, to: Double) -> PlotLog {
        var log = self
        log.samples = samples.filter { $0.time >= from && $0.time <= to }
        log.marks = marks.filter { $0.time >= from && $0.time <= to }
        return log
    }

    /// Seconds shown before a gesture's mark (`--gesture N`).
    package static let gestureMarginBefore = 0.5
    /// Seconds shown after it.
    package static let gestureMarginAfter = 1.5

    /// The time span of the `n`th release or interruption (1-based) with its margins, or nil when
    /// the log has fewer.
    package func gestureSpan(_ n: Int) -> ClosedRange<Double>? {
        guard n >= 1, n <= marks.count else { return nil }
        let t = marks[n - 1].time
        return (t - Self.gestureMarginBefore)...(t + Self.gestureMarginAfter)
    }
}
