import Foundation

/// A drag's move times as the app recorded them (session seconds) against the X server's
/// (seconds), gap by gap: whether the app keeps the server's times.
///
/// The app puts each server time on its session clock with an offset it estimates from the
/// fastest delivery seen (`ServerTimeMapper`): the recorded gaps are the server's, to its 1 ms
/// grain. When a delivery faster than any before comes in the middle of a drag (a loaded machine
/// delivers the first events late), the estimate falls, and the moves after it, mapped before the
/// last time handed out, are held at that time (times never go backwards) until they pass it:
/// zero gaps that the server did not see, and `app − server` falls (one run under load had 4
/// of 59 such gaps and one gap 33.5 ms off). That is the estimate closing in; the app's own clock
/// shows otherwise: a poll stamps a batch of moves with one time and the next batch's first move
/// with a time a frame later, so `app − server` rises at every batch (and a drag read in one
/// batch has every gap at zero). So:
/// - `app − server` rises (by more than 0.5 ms) at most once per started second of the drag: the
///   estimate may rise towards a drifting clock once a second, by at most 1 ms for each second
///   of its window. A rise into a move recorded at the time of the frame just before it is not
///   counted: the move happened before that frame but was read after it (on an idle machine that
///   reads each move within a millisecond, 2 to 8 of a paced drag's 59), and a trace never puts
///   an input before a frame already drawn, so a replay draws the same frames;
/// - the gaps the app keeps (above zero) are the server's: median error at most 1.5 ms;
/// - at least half the gaps are kept.
struct GapComparison {
    /// A rise of `app − server` above this many seconds is counted.
    static let counted = 0.0005
    /// The largest median error of the gaps kept, seconds.
    static let allowedMedianError = 0.0015

    /// `app − server` for each move, seconds.
    let offsets: [Double]
    /// Gaps the app holds at zero where the server's was 1 ms or more.
    let heldBack: Int
    /// Indices of the moves recorded at the time of the frame just before them.
    let heldAtFrame: Set<Int>
    /// |app gap − server gap| for the other gaps, sorted.
    let errors: [Double]
    /// The server's median gap, seconds.
    let serverMedianGap: Double

    init(app: [Double], server: [Double], heldAtFrame: Set<Int> = []) {
        offsets = zip(app, server).map { $0 - $1 }
        self.heldAtFrame = heldAtFrame
        let pairs = zip(zip(app, app.dropFirst()).map { $1 - $0 }, zip(server, server.dropFirst()).map { $1 - $0 })
        heldBack = pairs.filter { $0.0 < 1e-6 && $0.1 >= 0.001 - 1e-9 }.count
        errors = pairs.filter { !($0.0 < 1e-6 && $0.1 >= 0.001 - 1e-9) }.map { abs($0.0 - $0.1) }.sorted()
        span = (server.last ?? 0) - (server.first ?? 0)
        let serverGaps = pairs.map(\.1).sorted()
        serverMedianGap = serverGaps.isEmpty ? 0 : serverGaps[serverGaps.count / 2]
    }

    /// The rises of `app − server` from one move to the next above `counted`, seconds.
    /// Rises into a move held at the frame before it are not among them.
    var rises: [Double] {
        offsets.indices.dropFirst().filter { !heldAtFrame.contains($0) }.map { offsets[$0] - offsets[$0 - 1] }.filter { $0 > Self.counted }
    }

    /// The rises allowed: one per started second of the drag (the estimate's drift step).
    var allowedRises: Int { 1 + Int(span.rounded(.down)) }

    /// The drag's length on the server, seconds.
    let span: Double

    /// The median error of the gaps not held back, seconds (nil when there are none).
    var medianError: Double? { errors.isEmpty ? nil : errors[errors.count / 2] }

    /// One line of figures.
    var report: String {
        let risen = rises.map { String(format: "%.3f", $0 * 1000) }.joined(separator: ", ")
        return "\(offsets.count - 1) gaps; app − server rises \(rises.count) times (\(risen) ms); \(heldBack) held back at zero by the offset estimate; "
            + "\(heldAtFrame.count) held at the frame before them; "
            + String(format: "the others: median error %.3f ms, worst %.3f ms; server median gap %.2f ms",
                     (medianError ?? 0) * 1000, (errors.last ?? 0) * 1000, serverMedianGap * 1000)
    }

    /// What is wrong, one line each (none when the app kept the server's times).
    var faults: [String] {
        var faults: [String] = []
        if rises.count > allowedRises {
            faults.append("app − server rose \(rises.count) times (at most \(allowedRises) for the drag's \(span) s): moves stamped with the app's own clock, not the server's")
        }
        if let medianError, medianError > Self.allowedMedianError {
            faults.append(String(format: "the recorded gaps are not the server's: median error %.3f ms", medianError * 1000))
        }
        if errors.count < offsets.count / 2 {
            faults.append("fewer than half the gaps (\(errors.count) of \(offsets.count - 1)) are kept: the rest held at zero")
        }
        return faults
    }
}
