import Geometry
import Drawing
import FeelModel

extension CurveHistory {
    /// Colours of the live curves.
    package enum Palette {
        package static let x = Color(0.35, 0.8, 1.0)
        package static let y = Color(1.0, 0.45, 0.85)
        package static let scale = Color(1.0, 0.8, 0.2)
        package static let rotation = Color(0.6, 1.0, 0.4)
        package static let backdrop = Color(0.85, 0.85, 0.9)
        package static let release = Color(0.3, 0.9, 0.45, 0.8)
        package static let interruption = Color(1.0, 0.35, 0.3, 0.8)
        package static let frame = Color(1, 1, 1, 0.18)
        package static let label = Color(0.8, 0.8, 0.85)
    }

    /// Space above a strip's label, points.
    static let labelInset = 2.0
    /// Height of a label line in ems of the text size (a little over a monospaced font's line).
    static let labelLineHeight = 1.2

    /// The curves drawn in `rect`: four strips (centre x and y, scale, rotation, backdrop) over the
    /// last `duration` seconds ending at the newest sample, release marks in green and
    /// interruptions in red. `textSize` is the label size in points.
    package func overlays(in rect: Rect, textSize: Double = 10) -> [Scene.Overlay] {
        let strips: [(String, [(KeyPath<Sample, Double?>, Color)], (Double, Double)?, Double, String)] = [
            ("centre", [(\.center?.x, Palette.x), (\.center?.y, Palette.y)], nil, 20, "pt"),
            ("scale", [(\.scale, Palette.scale)], nil, 0.1, "×"),
            ("rotation", [(\.rotation, Palette.rotation)], nil, 0.1, "rad"),
            ("backdrop", [(\.optionalBackdrop, Palette.backdrop)], (0, 1), 1, ""),
        ]
        let samples = self.samples
        guard let now = latestTime else { return [] }
        let t0 = now - duration
        let gap = 4.0
        let stripHeight = (rect.height - gap * Double(strips.count - 1)) / Double(strips.count)
        var out: [Scene.Overlay] = []
        for (i, strip) in strips.enumerated() {
            let box = Rect(x: rect.minX, y: rect.minY + Double(i) * (stripHeight + gap), width: rect.width, height: stripHeight)
            out.append(.rect(box, color: Palette.frame, filled: false))
            // The value range: fixed, or the data's with a minimum span so a still value is a flat line.
            let values = samples.flatMap { s in strip.1.compactMap { s[keyPath: $0.0] } }
            var (low, high) = strip.2 ?? (values.min() ?? 0, values.max() ?? 1)
            if high - low < strip.3 {
                let mid = (low + high) / 2
                low = mid - strip.3 / 2
                high = mid + strip.3 / 2
            }
            // A margin of 8 % keeps the extremes off the frame.
            let margin = (high - low) * 0.08
            low -= margin
            high += margin
            // The curves run below the label line, so a value at the top of its range never strikes
            // the label through.
            let labelBottom = box.minY + CurveHistory.labelInset + CurveHistory.labelLineHeight * textSize
            let plot = Rect(x: box.minX + 2, y: labelBottom, width: box.width - 4, height: max(1, box.maxY - 3 - labelBottom))
            func point(_ t: Double, _ v: Double) -> Point {
                Point(plot.minX + (t - t0) / duration * plot.width, plot.maxY - (v - low) / (high - low) * plot.height)
            }
            for mark in marks where mark.time >= t0 {
                let x = point(mark.time, low).x
                out.append(.line(from: Point(x, box.minY), to: Point(x, box.maxY),
                                 color: mark.kind == .release ? Palette.release : Palette.interruption))
            }
            for (path, color) in strip.1 {
                var run: [Point] = []
                for s in samples {
                    if let v = s[keyPath: path], v.isFinite {
                        run.append(point(s.time, v))
                    } else if !run.isEmpty {
                        out.append(.polyline(run, color: color))
                        run = []
                    }
                }
                if run.count == 1 { run.append(run[0] + Point(1, 0)) }
                if !run.isEmpty { out.append(.polyline(run, color: color)) }
            }
            let latest = samples.last.map { s in strip.1.compactMap { s[keyPath: $0.0] }.map(FeelNumber.short).joined(separator: ", ") } ?? ""
            let unit = strip.4.isEmpty ? "" : " " + strip.4
            out.append(.text("\(strip.0)  \(latest.isEmpty ? "–" : latest + unit)", at: Point(box.minX + 4, box.minY + CurveHistory.labelInset),
                             size: textSize, color: Palette.label))
        }
        return out
    }
}

extension CurveHistory.Sample {
    var optionalBackdrop: Double? { backdrop }
}

extension FeelNumber {
    /// A value with at most three decimals, for labels ("412.5", "0.962", "-0.1").
    static func short(_ value: Double) -> String {
        text((value * 1000).rounded() / 1000)
    }
}
