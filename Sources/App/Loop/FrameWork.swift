import Window
import Foundation

/// The live loop's own account of its drawn frames (issue 28): the work each took from reading its
/// input to the present call, by the viewer's phase, and how long the newest input it drew had
/// waited by then (from the window system's time of the input, on the session clock).
///
/// Printed at exit when `PHOTOZOOM_FRAME_WORK` is set (`scripts/bench latency` reads it), and shown
/// in the lab's decision overlay (`d`) so a designer sees when the machine, not the feel, is slow.
struct FrameWork {
    /// Seconds of work of each drawn frame, by phase name, in the order drawn.
    private var work: [String: [Double]] = [:]
    /// The last `recentCount` frames' work, any phase (the overlay's figures).
    private var recent: [Double] = []
    private static let recentCount = 120
    /// Seconds from the newest input drawn to its frame's present call, for the last frame that drew one.
    private(set) var lastInputLatency: Double?
    /// Seconds of each part of each drawn frame, by phase and part name, in the order drawn.
    private var parts: [String: [String: [Double]]] = [:]
    /// The parts' names in the order first given.
    private var partOrder: [String] = []
    /// Milliseconds of missed frames per second of motion (`HitchRatio`), from the presents.
    private(set) var hitchRatio = HitchRatio()

    /// A present returned at `time` (`HitchRatio.presented`).
    package mutating func presented(at time: Double, moving: Bool, period: Double) {
        hitchRatio.presented(at: time, moving: moving, period: period)
    }

    /// A frame drew nothing new (its picture was on screen): the interval to the next present is
    /// a pause, not a frame missed.
    package mutating func notPresented() {
        hitchRatio.paused()
    }

    /// A frame of phase `phase` drawn with `work` seconds from reading input to the present call;
    /// `inputLatency`: seconds from its newest input's time to the present call (nil: it drew none).
    /// `parts`: the frame's work split by part (name, seconds), told apart in `partSummary`.
    package mutating func add(phase: String, work seconds: Double, inputLatency: Double?, parts frameParts: [(String, Double)] = []) {
        work[phase, default: []].append(seconds)
        // Its whole wall time: the work, and the present until it returned (where SDL hands the
        // frame's drawing to the renderer, and llvmpipe compiles what it meets first).
        let wall = seconds + (frameParts.first { $0.0 == "present" }?.1 ?? 0)
        if wall > (slowest[phase]?.wall ?? -1) { slowest[phase] = (wall, frameParts) }
        for (name, value) in frameParts {
            if !partOrder.contains(name) { partOrder.append(name) }
            parts[phase, default: [:]][name, default: []].append(value)
        }
        recent.append(seconds)
        if recent.count > Self.recentCount { recent.removeFirst(recent.count - Self.recentCount) }
        if let inputLatency { lastInputLatency = inputLatency }
    }

    /// The frame of each phase with the longest wall time from its input read to its present's return, and its parts.
    private var slowest: [String: (wall: Double, parts: [(String, Double)])] = [:]

    /// One line a phase, phases by name: its slowest frame, from its input read to its present's
    /// return, and that frame's parts: "frame slowest opening: 247.6 ms (step 0.1, …, cpu 209.6 ms)".
    var slowestSummary: [String] {
        slowest.keys.sorted().map { phase in
            let frame = slowest[phase]!
            let parts = frame.parts.map { $0.0 + String(format: " %.1f", $0.1 * 1000) }.joined(separator: ", ")
            return "frame slowest \(phase): " + String(format: "%.1f ms", frame.wall * 1000) + (parts.isEmpty ? "" : " (\(parts) ms)")
        }
    }

    /// Scenes drawn off screen to warm the renderer (`WarmUpScenes`), and their wall and CPU seconds.
    private var warmUps: (scenes: Int, wall: Double, cpu: Double) = (0, 0, 0)

    /// A warm-up scene drawn between frames in `wall` seconds, `cpu` of them the loop thread's CPU.
    package mutating func addWarmUp(wall: Double, cpu: Double) {
        warmUps = (warmUps.scenes + 1, warmUps.wall + wall, warmUps.cpu + cpu)
    }

    /// "warm-up: 4 scenes between frames, 231.0 ms (CPU 212.4 ms)"; nil when none was drawn.
    var warmUpSummary: String? {
        guard warmUps.scenes > 0 else { return nil }
        return "warm-up: \(warmUps.scenes) scenes between frames, \(Self.ms(warmUps.wall)) (CPU \(Self.ms(warmUps.cpu)))"
    }

    /// The value below which a share `p` (0…1) of `values` lie (nearest rank); nil when empty.
    static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[Int((p * Double(sorted.count - 1)).rounded())]
    }

    private static func ms(_ seconds: Double?) -> String {
        seconds.map { String(format: "%.1f ms", $0 * 1000) } ?? "-"
    }

    /// One line a phase, phases by name: "frame work interacting: 212 frames, p50 1.9 ms, p99 4.2 ms".
    package var summary: [String] {
        work.keys.sorted().map { phase in
            let v = work[phase] ?? []
            return "frame work \(phase): \(v.count) frames, p50 \(Self.ms(Self.percentile(v, 0.5))), p99 \(Self.ms(Self.percentile(v, 0.99)))"
        }
    }

    /// "frame hitch ratio 3.2 ms/s (2 of 240 frames late, over 4.01 s of motion; good ≤ 5 ms/s)".
    var hitchSummary: String { "frame " + hitchRatio.description }

    /// One line a phase with parts, phases by name, parts in the order first given, each p50/p99:
    /// "frame parts opening: step 0.1/0.3 ms, prepare 0.2/9.0 ms".
    var partSummary: [String] {
        parts.keys.sorted().map { phase in
            let byPart = parts[phase] ?? [:]
            let told = partOrder.compactMap { name -> String? in
                guard let v = byPart[name] else { return nil }
                let p50 = (Self.percentile(v, 0.5) ?? 0) * 1000, p99 = (Self.percentile(v, 0.99) ?? 0) * 1000
                return "\(name) " + String(format: "%.1f/%.1f ms", p50, p99)
            }
            return "frame parts \(phase): " + told.joined(separator: ", ")
        }
    }

    /// The overlay's line: "frame work 1.9 ms (p99 4.2 ms) · last input 6.1 ms to present · hitches 0.0 ms/s".
    var overlayText: String {
        "frame work \(Self.ms(Self.percentile(recent, 0.5))) (p99 \(Self.ms(Self.percentile(recent, 0.99))))"
            + " · last input \(Self.ms(lastInputLatency)) to present · hitches " + String(format: "%.1f ms/s", hitchRatio.millisecondsPerSecond)
    }
}
