import Geometry
import Viewing
import Drawing

// The window with no photo listed (a folder with none, a path that is missing, every photo moved
// to the trash): a panel in its middle saying so, what happened (the message line's text) and
// the way out.
extension LabViewer {
    /// The panel's title.
    static let emptyWindowTitle = "No photos to show"
    /// What the user can do about it, without a terminal.
    static let emptyWindowWayOut = "Press Ctrl+O to choose a folder, or drop photos or a folder on this window."

    /// True when no photo is listed: the window shows the empty window's panel.
    package var showsEmptyWindow: Bool { viewer.photos.isEmpty }

    /// The empty window's lines: the title, the message line's text when there is one (what
    /// happened), and the way out.
    package var emptyWindowLines: [String] {
        guard showsEmptyWindow else { return [] }
        return [Self.emptyWindowTitle] + [feelLab.message?.text].compactMap { $0 } + [Self.emptyWindowWayOut]
    }

    /// The panel in the middle of the window: its lines wrapped to the window, the title larger,
    /// an error's text in the error colour of the message line.
    func emptyWindowOverlays(text metrics: TextMetrics) -> [Scene.Overlay] {
        let lines = emptyWindowLines
        guard !lines.isEmpty else { return [] }
        let window = viewer.windowSize
        let titleSize = 20.0, size = 14.0
        // 24 pt of padding each side, 16 pt of margin to the window's edges.
        let lineWidth = max(160, min(window.width - 32, 720) - 48)
        var rows: [(text: String, size: Double, color: Color)] = [(lines[0], titleSize, .white)]
        for (i, line) in lines.dropFirst().enumerated() {
            let isProblem = i == 0 && lines.count == 3
            let color = isProblem && feelLab.message?.isError == true ? Color(1, 0.62, 0.55) : Color(0.85, 0.85, 0.88)
            rows += TextWrapping.wrapped(line, width: lineWidth) { metrics.labelWidth(of: $0, size: size) }.map { ($0, size, color) }
        }
        let heights = rows.map { $0.size * 1.5 }
        let width = min(window.width - 32, rows.map { metrics.labelWidth(of: $0.text, size: $0.size) }.max()! + 48)
        let height = heights.reduce(0, +) + 40
        let panel = Rect(x: (window.width - width) / 2, y: max(8, (window.height - height) / 2), width: width, height: height)
        var out: [Scene.Overlay] = [.roundedRect(panel, radius: 2 * Scene.boxRadius, color: Color(0.17, 0.17, 0.19))]
        var y = panel.minY + 20
        for (row, height) in zip(rows, heights) {
            let x = panel.minX + (panel.width - metrics.labelWidth(of: row.text, size: row.size)) / 2
            out.append(.label(row.text, at: Point(x, y), size: row.size, color: row.color))
            y += height
        }
        return out
    }
}
