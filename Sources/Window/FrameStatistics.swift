import Foundation

/// How a window's frames went (`play --frame-statistics`): how many per second, the work each
/// took apart from waiting for the display (the step: input, playing, re-running; and the
/// drawing), and the hitch ratio while it played (`HitchRatio`).
package struct FrameStatistics: CustomStringConvertible {
    private var steps: [Double] = []
    private var draws: [Double] = []
    private var first: Double?
    private var last = 0.0
    /// Milliseconds of missed frames per second of playing.
    private(set) var hitchRatio = HitchRatio()

    /// A present returned at `time`, `moving` while the trace plays (`HitchRatio.presented`).
    package mutating func presented(at time: Double, moving: Bool, period: Double) {
        hitchRatio.presented(at: time, moving: moving, period: period)
    }

    /// One frame that began at `time` (seconds) and spent `step` and `draw` seconds of work.
    package mutating func add(step: Double, draw: Double, at time: Double) {
        if first == nil { first = time }
        last = time
        steps.append(step)
        draws.append(draw)
    }

    /// "412 frames in 6.87 s: 60.0 per second; step median 0.21 ms (longest 3.10 ms), drawing
    /// median 9.80 ms (longest 14.2 ms); hitch ratio 0.0 ms/s (0 of 380 frames late, …)".
    package var description: String {
        let span = last - (first ?? last)
        let rate = span > 0 ? Double(steps.count - 1) / span : 0
        func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
        func median(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.sorted()[v.count / 2] }
        return "\(steps.count) frames in \(String(format: "%.2f", span)) s: \(String(format: "%.1f", rate)) per second; "
            + "step median \(ms(median(steps))) (longest \(ms(steps.max() ?? 0))), "
            + "drawing median \(ms(median(draws))) (longest \(ms(draws.max() ?? 0))); " + hitchRatio.description
    }

    /// The memberwise initializer, for the other modules of the package.
    package init() {
    }
}
