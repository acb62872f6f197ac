import Geometry
import Viewing
import Drawing

// The viewer's chrome that is text: the caption on the open photo and the help overlay, laid out
// with the host's font metrics (the chrome's state and keys are the viewer's: `Viewer+Chrome`).
extension Viewer {
    /// The help overlay's lines: every control, from the table the README's is made from.
    static let helpLines = ControlsTable.helpLines

    /// The caption and, while it is shown, the help, in drawing order.
    package func chromeTextOverlays(text metrics: TextMetrics) -> [Scene.Overlay] {
        captionOverlays(text: metrics) + (showsHelp ? helpOverlays(text: metrics) : [])
    }

    /// The caption at the bottom of the open photo's window (`captionOverlays(_:alpha:windowSize:text:)`).
    func captionOverlays(text metrics: TextMetrics) -> [Scene.Overlay] {
        guard let text = caption, phase != .closing, !chrome.showsHelp else { return [] }
        let alpha = chrome.captionPinned ? 1 : ViewerChrome.fade(since: chrome.captionWokenAt, hold: ViewerChrome.captionHoldSeconds, now: time)
        guard alpha > 0 else { return [] }
        return Self.captionOverlays(text, alpha: alpha, windowSize: windowSize, text: metrics)
    }

    /// The caption `text` at `alpha`: one line in the UI font on a dark rounded box that fits it,
    /// its width measured per character (`TextMetrics.labelWidth`), 12 pt of padding each side.
    package static func captionOverlays(_ text: String, alpha: Double, windowSize: Size, text metrics: TextMetrics) -> [Scene.Overlay] {
        let size = 14.0
        let width = min(windowSize.width - 16, metrics.labelWidth(of: text, size: size) + 24)
        let band = Rect(x: (windowSize.width - width) / 2, y: windowSize.height - 40, width: width, height: 26)
        return [.roundedRect(band, radius: Scene.boxRadius, color: Color(0, 0, 0, 0.55 * alpha)),
                .label(text, at: Point(band.minX + 12, band.minY + 4), size: size, color: Color(1, 1, 1, 0.92 * alpha))]
    }

    /// The help overlay: every control on a dark panel in the middle of the window.
    func helpOverlays(text metrics: TextMetrics) -> [Scene.Overlay] {
        let size = min(15, max(9, (windowSize.height - 60) / Double(Self.helpLines.count) / 1.45))
        let lineHeight = size * 1.45
        let longest = Self.helpLines.map(\.count).max() ?? 0
        let width = min(windowSize.width - 16, metrics.width(of: String(repeating: " ", count: longest), size: size) + 48)
        let height = Double(Self.helpLines.count) * lineHeight + 36
        let panel = Rect(x: (windowSize.width - width) / 2, y: max(8, (windowSize.height - height) / 2), width: width, height: height)
        var out: [Scene.Overlay] = [.rect(Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height), color: Color(0, 0, 0, 0.35), filled: true),
                                    .roundedRect(panel, radius: Scene.boxRadius, color: Color(0.08, 0.08, 0.1, 0.92))]
        for (i, line) in Self.helpLines.enumerated() where !line.isEmpty {
            out.append(.text(line, at: Point(panel.minX + 24, panel.minY + 18 + Double(i) * lineHeight), size: size,
                             color: i == 0 ? .focus : Color(0.92, 0.92, 0.92)))
        }
        return out
    }
}
