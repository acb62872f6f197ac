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
            var keepClear = notices.compactMap { if case let .roundedRect(r, _, _) = $0 { r } else { nil } }
            if panel.isVisible { keepClear.append(TuningPanel.layout(windowSize: windowSize).panel) }
            out += DecisionOverlay.overlays(for: preview, windowSize: windowSize, keepClear: keepClear, text: text)
        }
        return out + notices
    }

    /// The slow-motion and decisions badges and the message line, top left: the UI font on rounded
    /// boxes that fit their text (`TextMetrics.labelWidth`), 8 pt of padding each side; the message
    /// wraps at spaces short of the panel, its lines in one box.
    func noticeOverlays(preview: DismissPreview?, windowSize: Size, text metrics: TextMetrics, showsMessage: Bool = true) -> [Scene.Overlay] {
        let size = 13.0
        var out: [Scene.Overlay] = []
        var badges: [String] = []
        if clock.rate != 1 { badges.append("\(FeelNumber.text(clock.rate))× time (s)") }
        if showsDecisions { badges.append(preview == nil ? "decisions on (d): hold the photo" : "decisions (d)") }
        var y = 8.0
        if !badges.isEmpty {
            let text = badges.joined(separator: "  ·  ")
            out.append(.roundedRect(Rect(x: 8, y: y, width: metrics.labelWidth(of: text, size: size) + 16, height: 22),
                                    radius: Scene.boxRadius, color: Color(0, 0, 0, 0.6)))
            out.append(.label(text, at: Point(16, y + 4), size: size, color: .overlay))
            y += 28
        }
        if let message, showsMessage {
            let right = panel.isVisible ? TuningPanel.layout(windowSize: windowSize).panel.minX : windowSize.width
            let lines = TextWrapping.wrapped(message.text, width: max(160, right - 32)) { metrics.labelWidth(of: $0, size: size) }
            let width = lines.map { metrics.labelWidth(of: $0, size: size) }.max() ?? 0
            let lineStep = 18.0
            out.append(.roundedRect(Rect(x: 8, y: y, width: width + 16, height: Double(lines.count) * lineStep + 6),
                                    radius: Scene.boxRadius,
                                    color: message.isError ? Color(0.45, 0.05, 0.05, 0.9) : Color(0.05, 0.25, 0.1, 0.85)))
            for (i, line) in lines.enumerated() {
                out.append(.label(line, at: Point(16, y + 3 + Double(i) * lineStep), size: size, color: .white))
            }
        }
        return out
    }
}
