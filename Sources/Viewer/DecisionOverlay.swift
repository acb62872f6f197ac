import Geometry

/// The decision overlay: what the viewer would decide if the gesture holding the photo let go now.
///
/// Drawn from `Viewer.dismissPreview`: the pivot's start point and the drag radius around it, the
/// drag so far, the release velocity as an arrow (the distance it would cover in `arrowSeconds`),
/// the projected landing point momentum would carry the pivot to, the verdict in words, and the
/// fingers (virtual ones for a mouse-made pinch) with the pivot between them.
public enum DecisionOverlay {
    /// The velocity arrow shows the travel of this many seconds at the release velocity.
    public static let arrowSeconds = 0.1

    public static func overlays(for preview: DismissPreview, textSize: Double = 13) -> [Scene.Overlay] {
        let verdictColor: Color = switch preview.verdict {
        case .close: .verdictClose
        case .return, .stay: .verdictReturn
        case .next, .previous: .focus
        }
        let guide = Color(1, 1, 1, 0.55)
        var out: [Scene.Overlay] = []

        // Start and drag radius: progress reaches 1 when the pivot is a radius away.
        out.append(.ring(center: preview.start, radius: preview.dragRadiusPoints, color: Color(1, 1, 1, 0.35)))
        out.append(.dot(center: preview.start, radius: 4, color: guide))
        out += label("start", at: preview.start + Point(7, -18), size: textSize * 0.85, color: guide)
        out += label("drag radius \(FeelNumber.short(preview.dragRadiusPoints)) pt",
                     at: preview.start + Point(-preview.dragRadiusPoints * 0.7071 + 4, -preview.dragRadiusPoints * 0.7071 - 16),
                     size: textSize * 0.85, color: Color(1, 1, 1, 0.7))
        out.append(.line(from: preview.start, to: preview.current, color: guide))

        // Momentum: dashed path to the landing point.
        out += dashed(from: preview.current, to: preview.projected, color: verdictColor)
        out.append(.ring(center: preview.projected, radius: 9, color: verdictColor))
        out.append(.dot(center: preview.projected, radius: 3, color: verdictColor))
        out += label("projected", at: preview.projected + Point(12, -8), size: textSize * 0.85, color: verdictColor)

        // Velocity arrow.
        let tip = preview.current + preview.velocity * arrowSeconds
        out += arrow(from: preview.current, to: tip, color: .overlay)

        // Fingers and pivot.
        for finger in preview.fingers {
            out.append(.ring(center: finger, radius: 14, color: Color(1, 1, 1, 0.8)))
            out.append(.dot(center: finger, radius: 4, color: Color(1, 1, 1, 0.9)))
        }
        if let pivot = preview.pivot {
            out.append(.line(from: pivot + Point(-8, 0), to: pivot + Point(8, 0), color: .overlay))
            out.append(.line(from: pivot + Point(0, -8), to: pivot + Point(0, 8), color: .overlay))
            out.append(.ring(center: pivot, radius: 5, color: .overlay))
        }

        // Verdict and its figures, beside the current point.
        let speed = preview.velocity.length
        let offset = preview.projected.distance(to: preview.start)
        let label = Point(preview.current.x + 18, preview.current.y + 14)
        out.append(.rect(Rect(x: label.x - 6, y: label.y - 4, width: 250, height: textSize * 3.3 + 8),
                         color: Color(0, 0, 0, 0.6), filled: true))
        out.append(.text("release now → \(preview.verdict.rawValue)", at: label, size: textSize, color: verdictColor))
        out.append(.text("v \(FeelNumber.short(speed.rounded())) pt/s (\(FeelNumber.short(preview.velocity.x.rounded())), \(FeelNumber.short(preview.velocity.y.rounded())))",
                         at: label + Point(0, textSize * 1.15), size: textSize * 0.85, color: .white))
        out.append(.text("projected \(FeelNumber.short(offset.rounded())) pt from start",
                         at: label + Point(0, textSize * 2.2), size: textSize * 0.85, color: .white))
        return out
    }

    /// Text on a dark backing so it reads over any photo (DejaVu Sans Mono: 0.602 em per character).
    static func label(_ text: String, at p: Point, size: Double, color: Color) -> [Scene.Overlay] {
        [.rect(Rect(x: p.x - 3, y: p.y - 2, width: Double(text.count) * 0.602 * size + 6, height: size * 1.25 + 4),
               color: Color(0, 0, 0, 0.55), filled: true),
         .text(text, at: p, size: size, color: color)]
    }

    /// An arrow: a shaft and two barbs of 10 pt at ±25°; nothing for a zero-length arrow.
    static func arrow(from a: Point, to b: Point, color: Color) -> [Scene.Overlay] {
        let d = b - a
        guard d.length > 0.5 else { return [.dot(center: a, radius: 2, color: color)] }
        let back = d * (-1 / d.length) * min(10, d.length / 2)
        return [.line(from: a, to: b, color: color),
                .line(from: b, to: b + back.rotated(by: 0.436), color: color),
                .line(from: b, to: b + back.rotated(by: -0.436), color: color)]
    }

    /// A dashed line: 6 pt dashes, 5 pt gaps.
    static func dashed(from a: Point, to b: Point, color: Color) -> [Scene.Overlay] {
        let length = a.distance(to: b)
        guard length > 0.5 else { return [] }
        let unit = (b - a) / length
        var out: [Scene.Overlay] = []
        var s = 0.0
        while s < length, out.count < 400 {
            out.append(.line(from: a + unit * s, to: a + unit * min(length, s + 6), color: color))
            s += 11
        }
        return out
    }
}
