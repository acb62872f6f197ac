import Foundation

/// A one-line progress bar on standard error for long work (drawing frames, encoding video), shown
/// only when standard error is a terminal and redrawn at most ten times a second.
final class ProgressBar {
    let label: String
    /// The amount of work, when known.
    var total: Int?
    let isShown: Bool
    private var done = 0
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0

    init(label: String, total: Int?, isShown: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.total = total
        self.isShown = isShown
    }

    /// Counts one more piece of work done.
    func advance(by n: Int = 1) {
        done += n
        guard isShown else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if now - lastDrawn >= 100_000_000 {
            lastDrawn = now
            FileHandle.standardError.write(Data(("\r" + line(elapsed: Double(now - start) / 1e9) + "\u{1B}[K").utf8))
        }
    }

    /// Draws the final state and ends the line.
    func finish() {
        guard isShown else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        FileHandle.standardError.write(Data(("\r" + line(elapsed: elapsed) + "\u{1B}[K\n").utf8))
    }

    /// `frames [██████░░░░░░░░░░░░░░]  45/150  21.3/s  5 s left`.
    func line(elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var text = label
        if let total, total > 0 {
            let width = 24
            let filled = min(width, done * width / total)
            text += " [" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "]"
            text += " \(done)/\(total)"
        } else {
            text += " \(done)"
        }
        text += String(format: "  %.1f/s", rate)
        if let total, rate > 0, done < total { text += String(format: "  %.0f s left", Double(total - done) / rate) }
        return text
    }
}
