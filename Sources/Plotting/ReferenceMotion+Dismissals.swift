import Foundation
import LabUI
import Motion
import Viewing
import FeelFiles
import Diagnostics

/// A recorded dismissal session read for `fit --gesture`: each hold's frames, release and outcome.
extension ReferenceMotion {
    /// One frame of a reference as the dismissal reader needs it.
    struct HeldFrame {
        var time: Double
        /// The photo's centre height and width, points (nil: no photo shown).
        var y: Double?
        var width: Double?
        /// True while the hand holds the photo.
        var held: Bool
        /// The frame's own word on closing (a state log's phase), nil for a CSV.
        var closing: Bool?
        /// The release instant this frame is the first after (a state log's `event`).
        var release: Double?
    }

    /// The CSV columns a dismissal reference needs besides the time.
    package static let dismissalColumns = ["y", "w", "held"]

    /// Reads the holds of the dismissal session at `path`: a state log (holds are its runs of
    /// `interacting` frames; the phase after says closed or returned) or a CSV with the columns
    /// `t`, `y` (the photo's centre, pt), `w` (its width, pt) and `held` (1 while the hand holds it;
    /// a release closed when the photo comes to rest after it smaller than 90 % of its width at
    /// the grab).
    package static func dismissals(path: String, windowHeight: Double, warn: (String) -> Void = { _ in }) throws(CommandLineError) -> DismissalRecording {
        let text = try FeelFile.contents(path: path)
        var frames: [HeldFrame]
        if isStateLog(path: path, text: text) {
            let log = try PlotLog.parse(text, name: (path as NSString).lastPathComponent, file: path, warn: warn)
            let releases = log.marks.filter { $0.kind == .release }.map(\.time)
            frames = log.samples.map { s in
                HeldFrame(time: s.time, y: s.center?.y, width: s.width, held: s.phase == .interacting,
                          closing: s.phase == .closing, release: nil)
            }
            // Each release mark belongs to the first frame at or after it.
            for r in releases {
                if let i = frames.firstIndex(where: { $0.time >= r - 1e-9 && !$0.held }) { frames[i].release = r }
            }
        } else {
            let table = try csv(text, file: path, names: dismissalColumns)
            frames = table.times.indices.map { i in
                HeldFrame(time: table.times[i], y: table.quantities[0].values[i], width: table.quantities[1].values[i],
                          held: table.quantities[2].values[i] != 0, closing: nil, release: nil)
            }
        }
        let recording = dismissals(in: frames, windowHeight: windowHeight)
        guard !recording.holds.isEmpty else {
            throw CommandLineError.badInput("\(path): no hold of the photo ended in a release (a state log's interacting frames, a CSV's held column)")
        }
        return recording
    }

    /// The holds in `frames`: each run of held frames after a frame showing the photo (the grab's
    /// reference) and before one that does not hold it (the release).
    static func dismissals(in frames: [HeldFrame], windowHeight: Double) -> DismissalRecording {
        var holds: [DismissalRecording.Hold] = []
        var i = 0
        while i < frames.count {
            guard frames[i].held else { i += 1; continue }
            var end = i
            while end + 1 < frames.count, frames[end + 1].held { end += 1 }
            defer { i = end + 1 }
            guard i > 0, let y0 = frames[i - 1].y, let w0 = frames[i - 1].width, w0 > 0, end + 1 < frames.count else { continue }
            let run = frames[i...end].filter { $0.y != nil && $0.width != nil }
            let after = frames[end + 1]
            let closes: Bool
            if let closing = after.closing {
                closes = closing
            } else {
                // Where the flight after the release first comes to rest (the width still within
                // 0.5 pt from one frame to the next), else the frame before the next hold: smaller
                // than 90 % of the grab's width.
                let next = frames[(end + 1)...].firstIndex { $0.held } ?? frames.count
                let rest = ((end + 2)..<max(end + 2, next)).first { k in
                    guard let a = frames[k - 1].width, let b = frames[k].width else { return false }
                    return abs(b - a) < 0.5
                } ?? next - 1
                closes = (frames[rest].width ?? 0) < 0.9 * w0
            }
            holds.append(DismissalRecording.Hold(times: run.map(\.time), travel: run.map { $0.y! - y0 },
                                                 scale: run.map { $0.width! / w0 },
                                                 releaseTime: after.release ?? after.time, closes: closes))
        }
        return DismissalRecording(holds: holds, windowHeight: windowHeight)
    }
}
