import CSDL2
import Foundation
import Geometry
import LabUI
import Viewing
import PhotoFiles
import Rendering
import Diagnostics

/// Draws state logs as curves against time into a PNG: eight panels (centre x, centre y, scale,
/// rotation, backdrop, then the velocity strips: centre speed, scale velocity, angular velocity)
/// sharing a time axis, a colour and legend entry per log, and each log's release (solid) and
/// interruption (dashed) instants as vertical lines in a paler shade of its colour; under them,
/// optionally, a table of the gestures' figures. Drawn with SDL's software renderer on an ARGB8888
/// surface; text with SDL2_ttf and DejaVu.
package enum PlotRenderer {
    /// One panel: a quantity, its unit, and how to read it from a sample.
    package struct Panel: Sendable {
        package var title: String
        package var unit: String
        /// A fixed value range, or nil to fit the data.
        package var fixedRange: ClosedRange<Double>?
        /// The smallest span the axis shows, so a still value draws as a flat line, not noise.
        package var minimumSpan: Double
        package var value: @Sendable (PlotLog.Sample) -> Double?
    }

    package static let panels: [Panel] = [
        Panel(title: "centre x", unit: "pt", fixedRange: nil, minimumSpan: 10) { $0.center?.x },
        Panel(title: "centre y", unit: "pt", fixedRange: nil, minimumSpan: 10) { $0.center?.y },
        Panel(title: "scale", unit: "width / presented width", fixedRange: nil, minimumSpan: 0.1) { $0.scale },
        Panel(title: "rotation", unit: "rad", fixedRange: nil, minimumSpan: 0.1) { $0.rotation },
        Panel(title: "backdrop", unit: "opacity 0–1", fixedRange: -0.04...1.04, minimumSpan: 1) { $0.backdrop },
        Panel(title: "centre speed", unit: "pt/s", fixedRange: nil, minimumSpan: 50) { $0.centerSpeed },
        Panel(title: "scale velocity", unit: "1/s", fixedRange: nil, minimumSpan: 0.2) { $0.scaleVelocity },
        Panel(title: "angular velocity", unit: "rad/s", fixedRange: nil, minimumSpan: 0.2) { $0.angularVelocity },
    ]

    /// Colours of the logs, in order (Tableau 10); they repeat after ten logs.
    package static let palette: [(r: UInt8, g: UInt8, b: UInt8)] = [
        (31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189),
        (140, 86, 75), (227, 119, 194), (127, 127, 127), (188, 189, 34), (23, 190, 207),
    ]

    package static func color(ofLog index: Int) -> (r: UInt8, g: UInt8, b: UInt8) { palette[index % palette.count] }

    /// Where things go in a `width`×`height` pixel image.
    package struct Layout: Sendable {
        /// The plotting area of each panel (inside its axes), pixels.
        package var panels: [Rect]
        package var legendTop: Double
        package var textSize: Int
        /// Where the figures table starts, pixels from the top.
        package var tableTop: Double
    }

    /// The height of one table line, pixels.
    static func tableLineHeight(textSize: Int) -> Double { Double(textSize) * 1.35 }

    package static func layout(width: Int, height: Int, tableRows: Int = 0) -> Layout {
        let textSize = max(10, min(16, height / 80))
        let left = Double(textSize) * 6, right = 20.0
        let top = Double(textSize) * 5.8
        let table = tableRows > 0 ? tableLineHeight(textSize: textSize) * Double(tableRows + 2) + Double(textSize) : 0
        let bottom = Double(textSize) * 3.6 + table
        let gap = Double(textSize) * 2.2
        let n = Double(panels.count)
        let panelHeight = max(10, (Double(height) - top - bottom - gap * (n - 1)) / n)
        let rects = panels.indices.map { i in
            Rect(x: left, y: top + Double(i) * (panelHeight + gap), width: max(10, Double(width) - left - right), height: panelHeight)
        }
        return Layout(panels: rects, legendTop: Double(textSize) * 2, textSize: textSize,
                      tableTop: Double(height) - table + Double(textSize) * 0.5)
    }

    /// The most table rows drawn under a plot; `--data` writes them all.
    package static let tableRowLimit = 12

    /// Renders `logs` into a new ARGB8888 surface of `width`×`height` pixels (the caller frees it),
    /// over `time` (nil: all of it), with `figures` tabulated under the plot.
    package static func render(_ logs: [PlotLog], width: Int, height: Int, time: ClosedRange<Double>? = nil,
                              figures: [GestureFigures] = []) throws(CommandLineError) -> UnsafeMutablePointer<SDL_Surface> {
        guard width >= 200, height >= 200 else { throw CommandLineError.badInput("plot size \(width)×\(height) is too small (at least 200×200)") }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw CommandLineError("cannot make a \(width)×\(height) surface: \(String(cString: SDL_GetError()))")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw CommandLineError("cannot make a software renderer: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyRenderer(renderer) }
        let text = TextRenderer()
        // The table measured at the plot's text size, shrunk or wrapped into bands to fit the width.
        let plain = layout(width: width, height: height)
        let shown = min(figures.count, tableRowLimit), more = figures.count > tableRowLimit ? 1 : 0
        let fit = FiguresTableFit.choose(header: FiguresTable.header, rows: Array(FiguresTable.rows(figures).prefix(tableRowLimit)),
                                         size: plain.textSize - 1, available: Double(width) - 20 - plain.panels[0].minX) {
            Double(text.measure($0, pixelSize: $1).width)
        }
        // Lines: each band's header and rows, and the "… more" line; `layout` adds a header's worth.
        let rows = figures.isEmpty ? 0 : fit.bands.count * (shown + 1) + more - 1
        Canvas(renderer: renderer, text: text, logs: logs, layout: layout(width: width, height: height, tableRows: rows),
                width: Double(width), height: Double(height), time: time, figures: figures, tableFit: fit).draw()
        SDL_RenderPresent(renderer)
        return surface
    }

    /// Renders `logs` and writes the PNG to `path`.
    package static func save(_ logs: [PlotLog], to path: String, width: Int, height: Int, time: ClosedRange<Double>? = nil,
                            figures: [GestureFigures] = []) throws(CommandLineError) {
        let surface = try render(logs, width: width, height: height, time: time, figures: figures)
        defer { SDL_FreeSurface(surface) }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw CommandLineError("\(path): cannot write the plot: \(String(cString: SDL_GetError()))")
        }
    }

    /// Tick values for an axis over `range`: multiples of 1, 2 or 5 × 10ⁿ, about `count` of them.
    package static func ticks(_ range: ClosedRange<Double>, count: Int = 5) -> (values: [Double], step: Double) {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return ([range.lowerBound], 1) }
        let raw = span / Double(max(1, count))
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var values: [Double] = []
        var v = (range.lowerBound / step).rounded(.up) * step
        while v <= range.upperBound + step * 1e-9, values.count < 100 {
            values.append(abs(v) < step * 1e-9 ? 0 : v)
            v += step
        }
        return (values, step)
    }

    /// A tick label with as many decimals as the step needs.
    package static func tickLabel(_ value: Double, step: Double) -> String {
        let places = max(0, Int(-floor(log10(step) + 1e-9)))
        return String(format: "%.\(places)f", value)
    }

    // MARK: - Drawing

    private struct Canvas {
        let renderer: OpaquePointer
        let text: TextRenderer
        let logs: [PlotLog]
        let layout: Layout
        let width: Double
        let height: Double
        let time: ClosedRange<Double>?
        let figures: [GestureFigures]
        let tableFit: FiguresTableFit

        var textSize: Int { layout.textSize }

        func draw() {
            set(255, 255, 255)
            SDL_RenderClear(renderer)
            let times = logs.flatMap { $0.samples.map(\.time) }
            var t0 = time?.lowerBound ?? times.min() ?? 0, t1 = time?.upperBound ?? times.max() ?? 1
            if t1 - t0 < 1e-6 { t0 -= 0.5; t1 += 0.5 }
            let timeTicks = PlotRenderer.ticks(t0...t1, count: 8)

            drawTitleAndLegend()
            for (i, panel) in PlotRenderer.panels.enumerated() {
                drawPanel(panel, in: layout.panels[i], time: t0...t1, timeTicks: timeTicks, isLast: i == PlotRenderer.panels.count - 1)
            }
            if !figures.isEmpty { drawTable() }
        }

        /// The figures, one row per gesture and log, in columns, in the bands `tableFit` chose.
        func drawTable() {
            let size = tableFit.pixelSize
            let lineHeight = PlotRenderer.tableLineHeight(textSize: textSize)
            let rows = FiguresTable.rows(figures)
            let shown = Array(rows.prefix(PlotRenderer.tableRowLimit))
            let widths = tableFit.widths
            let left = layout.panels[0].minX
            var y = layout.tableTop
            set(90, 90, 96)
            line(left, y - 3, width - 20, y - 3)
            func drawRow(_ cells: [String], band: [Int], color: (UInt8, UInt8, UInt8)) {
                var x = left
                for i in band {
                    let cell = i < cells.count ? cells[i] : ""
                    // Numbers right-aligned in their column, names left-aligned.
                    let w = Double(text.measure(cell, pixelSize: size).width)
                    let cx = i < 2 ? x : x + widths[i] - w
                    label(cell, x: cx, y: y, size: size, color: color)
                    x += widths[i] + tableFit.gap
                }
                y += lineHeight
            }
            for band in tableFit.bands {
                drawRow(FiguresTable.header, band: band, color: (30, 30, 30))
                for (row, f) in zip(shown, figures) {
                    let c = PlotRenderer.color(ofLog: logs.firstIndex { $0.name == f.log } ?? 0)
                    set(c.r, c.g, c.b)
                    var swatch = SDL_FRect(x: Float(left - 14), y: Float(y + Double(size) * 0.35), w: 9, h: 9)
                    SDL_RenderFillRectF(renderer, &swatch)
                    drawRow(row, band: band, color: (40, 40, 40))
                }
            }
            if rows.count > shown.count {
                label("… \(rows.count - shown.count) more (all of them: --data FILE)", x: left, y: y, size: size, color: (90, 90, 90))
            }
        }

        func drawTitleAndLegend() {
            let title = "photozoom plot: " + logs.map(\.name).joined(separator: ", ")
            label(title, x: layout.panels[0].minX, y: Double(textSize) * 0.4, size: textSize + 2, color: (20, 20, 20))
            var x = layout.panels[0].minX
            let y = layout.legendTop + Double(textSize) * 0.2
            for (i, log) in logs.enumerated() {
                let c = PlotRenderer.color(ofLog: i)
                set(c.r, c.g, c.b)
                var swatch = SDL_FRect(x: Float(x), y: Float(y + Double(textSize) * 0.45), w: 22, h: 4)
                SDL_RenderFillRectF(renderer, &swatch)
                x += 28
                label(log.name, x: x, y: y, size: textSize, color: (30, 30, 30))
                x += Double(text.measure(log.name, pixelSize: textSize).width) + 22
            }
            // What the vertical lines mean.
            x += 10
            set(120, 120, 120)
            line(x, y, x, y + Double(textSize) * 1.2)
            label("release", x: x + 6, y: y, size: textSize, color: (90, 90, 90))
            x += Double(text.measure("release", pixelSize: textSize).width) + 22
            dashedVertical(x: x, from: y, to: y + Double(textSize) * 1.2)
            label("interruption", x: x + 6, y: y, size: textSize, color: (90, 90, 90))
        }

        func drawPanel(_ panel: Panel, in rect: Rect, time: ClosedRange<Double>, timeTicks: (values: [Double], step: Double), isLast: Bool) {
            // Value range over every log, in the time shown.
            var low = Double.infinity, high = -Double.infinity
            for log in logs {
                for s in log.samples where time.contains(s.time) {
                    if let v = panel.value(s), v.isFinite { low = min(low, v); high = max(high, v) }
                }
            }
            var range: ClosedRange<Double>
            if let fixed = panel.fixedRange {
                range = fixed
            } else if low <= high {
                let pad = (high - low) * 0.06
                range = (low - pad)...(high + pad)
                if range.upperBound - range.lowerBound < panel.minimumSpan {
                    let mid = (low + high) / 2
                    range = (mid - panel.minimumSpan / 2)...(mid + panel.minimumSpan / 2)
                }
            } else {
                range = 0...1
            }
            let valueTicks = PlotRenderer.ticks(range, count: 4)
            func px(_ t: Double) -> Double { rect.minX + (t - time.lowerBound) / (time.upperBound - time.lowerBound) * rect.width }
            func py(_ v: Double) -> Double { rect.maxY - (v - range.lowerBound) / (range.upperBound - range.lowerBound) * rect.height }

            // Grid and ticks.
            set(232, 232, 236)
            for t in timeTicks.values { line(px(t), rect.minY, px(t), rect.maxY) }
            for v in valueTicks.values { line(rect.minX, py(v), rect.maxX, py(v)) }
            for v in valueTicks.values {
                let s = PlotRenderer.tickLabel(v, step: valueTicks.step)
                let w = Double(text.measure(s, pixelSize: textSize - 1).width)
                label(s, x: rect.minX - 6 - w, y: py(v) - Double(textSize) * 0.6, size: textSize - 1, color: (70, 70, 70))
                set(60, 60, 60)
                line(rect.minX - 4, py(v), rect.minX, py(v))
            }
            for t in timeTicks.values {
                set(60, 60, 60)
                line(px(t), rect.maxY, px(t), rect.maxY + 4)
                if isLast {
                    let s = PlotRenderer.tickLabel(t, step: timeTicks.step)
                    let w = Double(text.measure(s, pixelSize: textSize - 1).width)
                    label(s, x: px(t) - w / 2, y: rect.maxY + 6, size: textSize - 1, color: (70, 70, 70))
                }
            }
            if isLast {
                let s = "viewer time (s)"
                let w = Double(text.measure(s, pixelSize: textSize).width)
                label(s, x: rect.center.x - w / 2, y: rect.maxY + Double(textSize) * 1.9, size: textSize, color: (30, 30, 30))
            }

            var clip = SDL_Rect(x: Int32(rect.minX), y: Int32(rect.minY), w: Int32(rect.width.rounded(.up)) + 1, h: Int32(rect.height.rounded(.up)) + 1)
            SDL_RenderSetClipRect(renderer, &clip)
            // Marks under the curves, in a paler shade of the log's colour.
            for (i, log) in logs.enumerated() {
                let c = PlotRenderer.color(ofLog: i)
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
                SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 110)
                for mark in log.marks {
                    let x = px(mark.time)
                    if mark.kind == .release {
                        line(x, rect.minY, x, rect.maxY)
                    } else {
                        dashedVertical(x: x, from: rect.minY, to: rect.maxY, keepColor: true)
                    }
                }
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            }
            // Curves, two pixels thick, broken where the value is missing (no photo out).
            for (i, log) in logs.enumerated() {
                let c = PlotRenderer.color(ofLog: i)
                set(c.r, c.g, c.b)
                var run: [SDL_FPoint] = []
                func flush() {
                    if run.count == 1 { run.append(SDL_FPoint(x: run[0].x + 1, y: run[0].y)) }
                    if run.count > 1 {
                        SDL_RenderDrawLinesF(renderer, run, Int32(run.count))
                        let below = run.map { SDL_FPoint(x: $0.x, y: $0.y + 1) }
                        SDL_RenderDrawLinesF(renderer, below, Int32(below.count))
                    }
                    run.removeAll()
                }
                for s in log.samples {
                    if let v = panel.value(s), v.isFinite {
                        run.append(SDL_FPoint(x: Float(px(s.time)), y: Float(py(v))))
                    } else {
                        flush()
                    }
                }
                flush()
            }
            SDL_RenderSetClipRect(renderer, nil)

            // Frame and title.
            set(90, 90, 96)
            var frame = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
            SDL_RenderDrawRectF(renderer, &frame)
            label("\(panel.title) (\(panel.unit))", x: rect.minX, y: rect.minY - Double(textSize) * 1.5, size: textSize,
                  color: (30, 30, 30))
        }

        func set(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(renderer, r, g, b, 255)
        }

        func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            SDL_RenderDrawLineF(renderer, Float(x0), Float(y0), Float(x1), Float(y1))
        }

        func dashedVertical(x: Double, from y0: Double, to y1: Double, keepColor: Bool = false) {
            if !keepColor { set(120, 120, 120) }
            var y = y0
            while y < y1 {
                line(x, y, x, min(y1, y + 4))
                y += 8
            }
        }

        func label(_ s: String, x: Double, y: Double, size: Int, color: (UInt8, UInt8, UInt8)) {
            text.draw(s, x: x, y: y, pixelSize: size, color: SDL_Color(r: color.0, g: color.1, b: color.2, a: 255), renderer: renderer)
        }
    }
}
