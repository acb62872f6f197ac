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
        let size = 14.0, advance = metrics.characterAdvance(size: size)
        /// `text` cut to `width` points, an ellipsis in place of what does not fit.
        func fitted(_ text: String, _ width: Double) -> String {
            let columns = max(1, Int(width / advance))
            return text.count <= columns ? text : "…" + text.suffix(columns - 1)
        }
        var out: [Scene.Overlay] = [
            .rect(Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height), color: Color(0, 0, 0, 0.45), filled: true),
            .rect(panel, color: Color(0.17, 0.17, 0.19), filled: true),
            .text(Self.title, at: Point(panel.minX + 16, panel.minY + 12), size: 18, color: .white),
            .text(fitted("from " + shown(folder), panel.width - 32), at: Point(panel.minX + 16, panel.minY + 38), size: 12,
                  color: Color(0.7, 0.7, 0.74)),
        ]
        let labelWidth = 9 * advance
        let first = firstVisibleRow(windowSize: windowSize)
        for i in 0..<min(layout.visibleRows, choices.count - first) {
            let index = first + i, row = layout.row(i)
            let (label, name) = rowText(choices[index])
            if index == selected { out.append(.rect(row, color: Color(0.24, 0.42, 0.78), filled: true)) }
            let y = row.minY + (row.height - size * 1.2) / 2
            out.append(.text(label, at: Point(row.minX + 8, y), size: size, color: Color(0.7, 0.7, 0.74)))
            out.append(.text(fitted(name, row.width - 16 - labelWidth), at: Point(row.minX + 8 + labelWidth, y), size: size, color: .white))
        }
        if choices.isEmpty {
            out.append(.text("no folder here", at: Point(panel.minX + 24, layout.rowsTop + 6), size: size, color: Color(0.7, 0.7, 0.74)))
        }
        out.append(.text(fitted(Self.keysLine, panel.width - 32), at: Point(panel.minX + 16, panel.maxY - 28), size: 12,
                         color: Color(0.7, 0.7, 0.74)))
        return out
    }
}
