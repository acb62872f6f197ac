import Geometry
import Viewing
import Drawing
import FeelModel

// The lab drawn: the panel with its curves, the decision overlay, the badges and the message line.
extension FeelLab {
    /// The lab's overlays, drawn above the scene: the panel with its curves, the decision overlay
    /// (while a gesture holds the photo and it is on), the slow-motion badge and the message line.
    /// `text`: the shell's font metrics.
    /// `showsMessage` false leaves the message line to another place (the empty window's panel).
    package func overlays(feel: Feel, windowSize: Size, preview: DismissPreview?, text: TextMetrics, showsMessage: Bool = true) -> [Scene.Overlay] {
        var out = panel.overlays(feel: feel, baseline: baseline, windowSize: windowSize, curves: curves, text: text)
        let notices = noticeOverlays(preview: preview, windowSize: windowSize, text: text, showsMessage: showsMessage)
        if showsDecisions, let preview {
            // The decision overlay's labels keep clear of the panel and of the badges and message;
            // drawn above the panel for the window too narrow to keep its box clear of it.
            var keepClear = notices.compactMap { if case let .rect(r, _, true) = $0 { r } else { nil } }
            if panel.isVisible { keepClear.append(TuningPanel.layout(windowSize: windowSize).panel) }
            out += DecisionOverlay.overlays(for: preview, windowSize: windowSize, keepClear: keepClear, text: text)
        }
        return out + notices
    }

    /// The slow-motion and decisions badges and the message line, top left.
    func noticeOverlays(preview: DismissPreview?, windowSize: Size, text metrics: TextMetrics, showsMessage: Bool = true) -> [Scene.Overlay] {
        let advance = metrics.advance * 13
        var out: [Scene.Overlay] = []
        var badges: [String] = []
        if clock.rate != 1 { badges.append("\(FeelNumber.text(clock.rate))× time (s)") }
        if showsDecisions { badges.append(preview == nil ? "decisions on (d): hold the photo" : "decisions (d)") }
        var y = 8.0
        if !badges.isEmpty {
            let text = badges.joined(separator: "  ·  ")
            out.append(.rect(Rect(x: 8, y: y, width: Double(text.count) * advance + 16, height: 22),
                             color: Color(0, 0, 0, 0.6), filled: true))
            out.append(.text(text, at: Point(16, y + 4), size: 13, color: .overlay))
            y += 28
        }
        if let message, showsMessage {
            // The line stops short of the panel and wraps at spaces.
            let right = panel.isVisible ? TuningPanel.layout(windowSize: windowSize).panel.minX : windowSize.width
            let columns = max(20, Int((right - 32) / advance))
            for line in TextWrapping.wrapped(message.text, columns: columns) {
                out.append(.rect(Rect(x: 8, y: y, width: Double(line.count) * advance + 16, height: 20),
                                 color: message.isError ? Color(0.45, 0.05, 0.05, 0.9) : Color(0.05, 0.25, 0.1, 0.85),
                                 filled: true))
                out.append(.text(line, at: Point(16, y + 3), size: 13, color: .white))
                y += 20
            }
        }
        return out
    }
}
