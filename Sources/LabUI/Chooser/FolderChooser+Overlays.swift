import Drawing
import Events
import Geometry

// The chooser drawn by the window's own renderer: a panel in the middle, its title and the folder
// it looks from, a row per folder (the chosen one lit), the keys at the bottom.
extension FolderChooser {
    /// The panel's title.
    static let title = "Open a folder"

    /// The overlays of the chooser over a window of `windowSize`, text measured with `metrics`.
    func overlays(windowSize: Size, text metrics: TextMetrics) -> [Scene.Overlay] {
        let layout = Self.layout(rows: choices.count, windowSize: windowSize)
        let panel = layout.panel
        let size = 14.0
        /// `text` at `size` cut to `width` points (measured in the UI font), an ellipsis in place of
        /// the start that does not fit: a path's end names the folder.
        func fitted(_ text: String, _ width: Double, size: Double = size) -> String {
            guard metrics.labelWidth(of: text, size: size) > width else { return text }
            var kept = text.count - 1
            while kept > 0 && metrics.labelWidth(of: "…" + text.suffix(kept), size: size) > width { kept -= 1 }
            return "…" + text.suffix(kept)
        }
        var out: [Scene.Overlay] = [
            .rect(Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height), color: Color(0, 0, 0, 0.45), filled: true),
            .roundedRect(panel, radius: Scene.boxRadius, color: Color(0.17, 0.17, 0.19)),
            .label(Self.title, at: Point(panel.minX + 16, panel.minY + 12), size: 18, color: .white),
            .label(fitted("from " + shown(folder), panel.width - 32, size: 12), at: Point(panel.minX + 16, panel.minY + 38), size: 12,
                  color: Color(0.7, 0.7, 0.74)),
        ]
        let labelWidth = ["Home", "Pictures", "Recent", "Up"].map { metrics.labelWidth(of: $0, size: size) }.max()! + 16
        let first = firstVisibleRow(windowSize: windowSize)
        for i in 0..<min(layout.visibleRows, choices.count - first) {
            let index = first + i, row = layout.row(i)
            let (label, name) = rowText(choices[index])
            if index == selected { out.append(.rect(row, color: Color(0.24, 0.42, 0.78), filled: true)) }
            let y = row.minY + (row.height - size * 1.2) / 2
            out.append(.label(label, at: Point(row.minX + 8, y), size: size, color: Color(0.7, 0.7, 0.74)))
            out.append(.label(fitted(name, row.width - 16 - labelWidth), at: Point(row.minX + 8 + labelWidth, y), size: size, color: .white))
        }
        if choices.isEmpty {
            out.append(.label("no folder here", at: Point(panel.minX + 24, layout.rowsTop + 6), size: size, color: Color(0.7, 0.7, 0.74)))
        }
        out.append(.label(fitted(Self.keysLine, panel.width - 32, size: 12), at: Point(panel.minX + 16, panel.maxY - 28), size: 12,
                         color: Color(0.7, 0.7, 0.74)))
        return out
    }
}
