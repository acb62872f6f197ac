import Geometry
import Viewing
import Drawing
import FeelModel

// The tuning panel drawn: where its parts go in a window and the overlays that show it.
extension TuningPanel {
    // MARK: - Layout

    /// Where the panel's parts go in a window, points.
    package struct Layout: Hashable, Sendable {
        package var panel: Rect
        /// Top-left of the first header line.
        package var header: Point
        package var rowHeight: Double
        /// Top of the first parameter row.
        package var listTop: Double
        package var visibleRows: Int
        /// Top of the selected parameter's detail lines.
        package var detailTop: Double
        /// The live curves, or nil when the window is too short for them.
        package var curves: Rect?
        package var textSize: Double
    }

    package static let textSize = 12.0
    /// The title, the keys' hint, and where the values came from (`source`).
    static let headerLines = 3
    static let detailLines = 3

    /// The panel hugs the right edge: 480 pt wide (less in a narrow window), full height; the
    /// curves (200 pt) go at the bottom when the window is at least 560 pt tall.
    package static func layout(windowSize: Size) -> Layout {
        let width = min(480, max(240, windowSize.width * 0.5))
        let panel = Rect(x: windowSize.width - width, y: 0, width: width, height: windowSize.height)
        let pad = 8.0, line = textSize * 1.35
        let header = Point(panel.minX + pad, pad)
        let listTop = header.y + Double(headerLines) * line + 6
        let curvesHeight = windowSize.height >= 560 ? 200.0 : 0
        let detailHeight = Double(detailLines) * line + 6
        let listBottom = panel.maxY - pad - curvesHeight - (curvesHeight > 0 ? pad : 0) - detailHeight
        let rowHeight = textSize * 1.4
        let visibleRows = max(1, Int((listBottom - listTop) / rowHeight))
        let detailTop = listTop + Double(visibleRows) * rowHeight + 6
        let curves = curvesHeight > 0
            ? Rect(x: panel.minX + pad, y: panel.maxY - pad - curvesHeight, width: width - 2 * pad, height: curvesHeight)
            : nil
        return Layout(panel: panel, header: header, rowHeight: rowHeight, listTop: listTop, visibleRows: visibleRows,
                      detailTop: detailTop, curves: curves, textSize: textSize)
    }

    /// The first row shown: the list scrolls so the selection stays in view, a few rows from the edge.
    package func firstVisibleRow(visibleRows: Int) -> Int {
        let count = Feel.parameters.count
        guard count > visibleRows else { return 0 }
        return min(max(0, selection - visibleRows / 2), count - visibleRows)
    }

    // MARK: - Drawing

    package static let background = Color(0.04, 0.04, 0.06, 0.9)
    package static let selectionColor = Color(0.25, 0.6, 1.0, 0.38)
    package static let textColor = Color(0.86, 0.86, 0.9)
    package static let dimColor = Color(0.6, 0.6, 0.66)
    /// Rows whose value differs from the feel file (unsaved).
    package static let unsavedColor = Color(1.0, 0.78, 0.25)

    /// The panel as overlays (nothing while hidden). `curves` adds the live curves at the bottom.
    package func overlays(feel: Feel, baseline: Feel, windowSize: Size, curves: CurveHistory? = nil,
                         text metrics: TextMetrics) -> [Scene.Overlay] {
        guard isVisible else { return [] }
        let l = Self.layout(windowSize: windowSize)
        let size = l.textSize, line = size * 1.35
        var out: [Scene.Overlay] = [.rect(l.panel, color: Self.background, filled: true)]

        let unsaved = feel.differences(from: baseline)
        let first = firstVisibleRow(visibleRows: l.visibleRows)
        let last = min(Feel.parameters.count, first + l.visibleRows)
        let status = unsaved.isEmpty ? "saved" : "\(unsaved.count) unsaved"
        out.append(.text("FEEL  \(status)  ·  rows \(first + 1)–\(last) of \(Feel.parameters.count)",
                         at: l.header, size: size, color: unsaved.isEmpty ? Self.textColor : Self.unsavedColor))
        out.append(.text("↑↓ select · ←→ step (Shift fine) · m spring form · Bksp reset · Ctrl+S save · Tab hide",
                         at: l.header + Point(0, line), size: size * 0.82, color: Self.dimColor))
        if let source {
            let columns = Int((l.panel.width - 16) / metrics.characterAdvance(size: size * 0.82))
            // A long path keeps its end (the file's name): "values from …/photozoom/feel.json".
            let text = "values from " + source
            let shown = text.count > columns ? "values from …" + String(source.suffix(max(1, columns - 13))) : text
            out.append(.text(shown, at: l.header + Point(0, 2 * line),
                             size: size * 0.82, color: Self.dimColor))
        }

        let columns = Int((l.panel.width - 16) / metrics.characterAdvance(size: Self.textSize))
        let keyWidth = max(10, columns - 2 - Self.valueColumns - 1 - Self.unitColumns)
        for row in first..<last {
            let p = Feel.parameters[row]
            let y = l.listTop + Double(row - first) * l.rowHeight
            if row == selection {
                out.append(.rect(Rect(x: l.panel.minX + 4, y: y - 1, width: l.panel.width - 8, height: l.rowHeight),
                                 color: Self.selectionColor, filled: true))
            }
            let value = p.value(in: feel)
            let isUnsaved = value != p.value(in: baseline)
            let isDefault = value == p.value(in: .defaults)
            let marker = isUnsaved ? "●" : isDefault ? " " : "◦"
            let text: String
            if let shown = toolFormRow(p, feel: feel) ?? springFormRow(p, feel: feel) {
                let number = Self.leftPadded(Self.fitted(shown.value, Self.valueColumns), Self.valueColumns)
                text = marker + " " + Self.padded(shown.key, keyWidth) + number + (shown.unit.isEmpty ? "" : " " + shown.unit)
            } else {
                text = marker + " " + Self.padded(p.key, keyWidth) + Self.valueColumn(p, value)
            }
            out.append(.text(text, at: Point(l.header.x, y + 1), size: size,
                             color: isUnsaved ? Self.unsavedColor : Self.textColor))
        }
        // Scroll bar.
        if Feel.parameters.count > l.visibleRows {
            let track = Rect(x: l.panel.maxX - 4, y: l.listTop, width: 2, height: Double(l.visibleRows) * l.rowHeight)
            let fraction = Double(l.visibleRows) / Double(Feel.parameters.count)
            let offset = Double(first) / Double(Feel.parameters.count)
            out.append(.rect(Rect(x: track.minX, y: track.minY + offset * track.height, width: 2,
                                  height: fraction * track.height), color: Self.dimColor, filled: true))
        }

        // The selected parameter in full.
        let p = selectedParameter
        var detail = [
            "\(p.key): file \(p.formatted(p.value(in: baseline))), default \(p.formatted(p.value(in: .defaults)))",
            "\(p.range) · step \(FeelNumber.text(p.coarseStep)), fine \(FeelNumber.text(p.fineStep))",
            p.summary,
        ]
        // A spring row: the spring in every form, in place of the range line (the form's own steps apply).
        if let row = Self.springRow(p, feel: feel) {
            detail[1] = toolForm.flatMap { Self.toolFormLine(row.spring, as: $0) } ?? Self.springFormsLine(row.spring)
        }
        for (i, text) in detail.enumerated() {
            out.append(.text(Self.truncated(text, columns + 4), at: Point(l.header.x, l.detailTop + Double(i) * line),
                             size: size * 0.9, color: i == 0 ? Self.textColor : Self.dimColor))
        }
        if let rect = l.curves, let curves {
            out += curves.overlays(in: rect, textSize: size * 0.85)
        }
        // A spring row selected: its step response beside the panel.
        out += springPreview(feel: feel, layout: l, rowTop: l.listTop + Double(selection - first) * l.rowHeight,
                             windowSize: windowSize)
        return out
    }

    /// Characters for a row's number (right-aligned) and for its unit (left-aligned after a space).
    static let valueColumns = 9
    static let unitColumns = 5

    /// A row's value and unit in two columns, so that numbers end and units start at the same
    /// place in every row whatever the key's length: "      150 pt", "     0.45 s", "      1.5 ×",
    /// "       on". (The row is one monospaced string; nothing trails the unit.)
    static func valueColumn(_ p: FeelParameter, _ value: Double) -> String {
        let number = p.isBoolean ? (value >= 0.5 ? "on" : "off") : fitted(value, valueColumns)
        let shown = leftPadded(number, valueColumns)
        return p.isBoolean || p.unit.isEmpty ? shown : shown + " " + p.unit
    }

    /// `value` as the feel file writes it when that fits in `width` characters, else rounded to
    /// as many decimals as fit, at most six, trailing zeros dropped (0.08726646259971647 →
    /// "0.087266", 0.1000000001 → "0.1"); only the column rounds: the value and the file keep every digit.
    static func fitted(_ value: Double, _ width: Int) -> String {
        let exact = FeelNumber.text(value)
        guard exact.count > width, value.isFinite else { return exact }
        for places in stride(from: min(width - 2, 6), through: 0, by: -1) {
            let rounded = FeelNumber.trimmed(value, places: places)
            if rounded.count <= width { return rounded }
        }
        return exact
    }

    static func padded(_ s: String, _ width: Int) -> String {
        s.count >= width ? String(s.prefix(width - 1)) + "…" : s + String(repeating: " ", count: width - s.count)
    }

    static func leftPadded(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    static func truncated(_ s: String, _ width: Int) -> String {
        s.count > width ? String(s.prefix(max(1, width - 1))) + "…" : s
    }
}
