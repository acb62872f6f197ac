import Geometry
import Viewing

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

    /// Seconds of motion each velocity is read over: one frame at 60 Hz.
    static let velocityWindowSeconds = 1.0 / 60

    /// Fills each sample's velocities from the motion over the `velocityWindowSeconds` that end at
    /// it: the least-squares slope through the samples from the last one at or before that long ago
    /// up to it (same photo, or a page turn while paging, whose centre `continuingAcrossPages` has
    /// made continuous), so the fit always spans at least the window. Frames 1/60 s apart read
    /// exactly their difference, steady motion its speed at any frame rate; frames 0.2–0.5 ms apart
    /// (Xvfb without vsync), where one input's step over a backward difference would read tens of
    /// thousands of pt/s, read the hand's speed, and so does a step the photo takes at once (a
    /// drag's pick-up, the slop taken in one frame 0.6 ms after one at rest): it is read over the
    /// window, not over the frames bunched after it.
    mutating func computeVelocities() {
        func continues(_ a: Sample, _ b: Sample) -> Bool {
            b.time > a.time && a.photo != nil && b.photo != nil && (a.photo == b.photo || a.isPaging || b.isPaging)
        }
        for i in samples.indices {
            samples[i].centerVelocity = nil
            samples[i].scaleVelocity = nil
            samples[i].angularVelocity = nil
            guard i > 0, continues(samples[i - 1], samples[i]) else { continue }
            // The window: back from i while the motion continues, down to the last sample at or
            // before `velocityWindowSeconds` ago, so the fit spans at least that much time
            // however the frames bunch up near i.
            var first = i - 1
            while first > 0, continues(samples[first - 1], samples[first]),
                  samples[i].time - samples[first].time < Self.velocityWindowSeconds - 1e-9 { first -= 1 }
            let window = samples[first...i]
            func slope(_ value: (Sample) -> Double?) -> Double? {
                let points = window.compactMap { s in value(s).map { (s.time, $0) } }
                guard points.count >= 2 else { return nil }
                let n = Double(points.count)
                let mt = points.reduce(0) { $0 + $1.0 } / n, mv = points.reduce(0) { $0 + $1.1 } / n
                let stt = points.reduce(0) { $0 + ($1.0 - mt) * ($1.0 - mt) }
                guard stt > 0 else { return nil }
                return points.reduce(0) { $0 + ($1.0 - mt) * ($1.1 - mv) } / stt
            }
            if let vx = slope({ $0.center?.x }), let vy = slope({ $0.center?.y }) { samples[i].centerVelocity = Point(vx, vy) }
            samples[i].scaleVelocity = slope { $0.scale }
            samples[i].angularVelocity = slope { $0.rotation }
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
