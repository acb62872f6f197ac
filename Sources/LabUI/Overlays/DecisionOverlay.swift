import Geometry
import Drawing
import FeelModel
import Viewing

/// The decision overlay: what the viewer would decide if the gesture holding the photo let go now,
/// and why.
///
/// Drawn from `Viewer.dismissPreview`: the pivot's start point and (dismissing) the drag radius around it, the
/// drag so far, the release velocity as an arrow (the distance it would cover in `arrowSeconds`),
/// the projected landing point momentum would carry the pivot to, the fingers (virtual ones for a
/// mouse-made pinch) joined through their pivot, and a box with the verdict, the rule that decided
/// it and every figure the release rule uses: for a pan the offset, speed and projected distance
/// against the drag radius and the speed back toward the start against the reversal speed; for a
/// pinch the scale, its velocity and the projected scale against the close scale; for a rotation
/// the angle and its velocity; for paging the offset, velocity and projected offset against the
/// page distance and the flick speed. The line of the rule that decided is drawn in the verdict's
/// colour.
///
/// Labels and the box are placed by `LabelPlacer`: none covers another, all stay inside the window,
/// clear of `keepClear` (the tuning panel, the badges). Marks sit on a dark halo so they read on
/// any photo. Text is measured with the shell's `TextMetrics`.
package enum DecisionOverlay {
    /// The velocity arrow shows the travel of this many seconds at the release velocity.
    package static let arrowSeconds = 0.1
    /// Behind every label and the verdict box.
    package static let backing = Color(0, 0, 0, 0.62)
    /// Under marks and lines: the dark halo that lets a light mark read on a light photo.
    package static let halo = Color(0, 0, 0, 0.6)
    /// The size of the box's figure lines and of the labels: 0.85 of the header's, in whole points
    /// (the text is rasterised at whole pixel sizes).
    static func smallSize(_ textSize: Double) -> Double { (textSize * 0.85).rounded() }

    /// The overlay for `preview` in a window of `windowSize` points, keeping clear of `keepClear`.
    /// `text`: the shell's font metrics.
    package static func overlays(for preview: DismissPreview, windowSize: Size, keepClear: [Rect] = [],
                                textSize: Double = 13, text metrics: TextMetrics) -> [Scene.Overlay] {
        let verdictColor = color(of: preview.verdict)
        let guide = Color(1, 1, 1, 0.75)
        let small = smallSize(textSize)
        var marks: [Scene.Overlay] = []
        var placer = LabelPlacer(windowSize: windowSize, keepClear: keepClear)

        // Start and drag radius: progress reaches 0 when the pivot is a radius away (a dismissal's
        // rule only: paging decides on the page distance, shown in the box).
        if !preview.isPaging {
            marks.append(.ring(center: preview.travel.start, radius: preview.limits.dragRadiusPoints, color: Color(1, 1, 1, 0.35)))
        }
        marks += haloLine(from: preview.travel.start, to: preview.travel.current, color: guide)
        marks.append(.dot(center: preview.travel.start, radius: 6, color: halo))
        marks.append(.dot(center: preview.travel.start, radius: 4, color: guide))
        placer.mark(preview.travel.start, radius: 7)

        // Momentum: dashed path to the landing point.
        marks += dashed(from: preview.travel.current, to: preview.travel.projected, color: verdictColor)
        marks.append(.dot(center: preview.travel.projected, radius: 11, color: halo))
        marks.append(.ring(center: preview.travel.projected, radius: 9, color: verdictColor))
        marks.append(.dot(center: preview.travel.projected, radius: 3, color: verdictColor))
        placer.mark(preview.travel.projected, radius: 11)

        // Velocity arrow from the current point.
        let tip = preview.travel.current + preview.travel.velocity * arrowSeconds
        marks += arrow(from: preview.travel.current, to: tip, color: .overlay)
        placer.mark(preview.travel.current, radius: 6)

        // Fingers joined through the pivot, each on a dark halo.
        marks += fingers(preview.fingers, pivot: preview.pivot)
        for finger in preview.fingers { placer.mark(finger, radius: 14) }
        if let pivot = preview.pivot { placer.mark(pivot, radius: 11) }

        // The verdict box first, beside the moving point; then the labels around it.
        let lines = boxLines(for: preview)
        let box = boxSize(lines, textSize: textSize, text: metrics)
        var texts: [Scene.Overlay] = []
        let boxRect = placer.place(box, near: preview.travel.current, gap: 14, order: .box)
        texts.append(.rect(boxRect, color: backing, filled: true))
        var y = boxRect.minY + boxPadding.y
        for line in lines {
            let size = line.isHeader ? textSize : small
            texts.append(.text(line.text, at: Point(boxRect.minX + boxPadding.x, y), size: size,
                               color: line.isHeader || line.decides ? verdictColor : .white))
            y += size * lineSpacing
        }

        func label(_ text: String, near anchor: Point, gap: Double, color: Color) {
            let rect = placer.place(labelSize(text, size: small, text: metrics), near: anchor, gap: gap)
            texts += labelOverlays(text, in: rect, size: small, color: color)
        }
        label("projected", near: preview.travel.projected, gap: 12, color: verdictColor)
        label("start", near: preview.travel.start, gap: 8, color: guide)
        if let pivot = preview.pivot { label("pivot", near: pivot, gap: 12, color: .overlay) }
        if !preview.isPaging, let anchor = radiusLabelAnchor(preview, windowSize: windowSize) {
            label("drag radius \(FeelNumber.fixed(preview.limits.dragRadiusPoints, places: 0)) pt", near: anchor, gap: 4,
                  color: Color(1, 1, 1, 0.8))
        }
        return marks + texts
    }

    static func color(of verdict: DismissPreview.Verdict) -> Color {
        switch verdict {
        case .close: .verdictClose
        case .return, .stay, .zoom: .verdictReturn
        case .next, .previous: .focus
        }
    }

    // MARK: - The verdict box

    /// One line of the verdict box: the header, or a figure line (`decides`: the rule that decided).
    struct BoxLine: Hashable, Sendable {
        var text: String
        var isHeader = false
        var decides = false
    }

    /// Inner padding of the verdict box, points.
    static let boxPadding = Point(7, 5)
    /// Line pitch, em.
    static let lineSpacing = 1.3

    /// The verdict box's lines: the verdict, the rule that decided it, then the figures of every
    /// rule the release applies (the deciding one marked).
    static func boxLines(for p: DismissPreview) -> [BoxLine] {
        func pt(_ v: Double) -> String { FeelNumber.fixed(v, places: 0) }
        func x2(_ v: Double) -> String { FeelNumber.fixed(v, places: 2) }
        let verdict = p.verdict.rawValue
        var lines = [BoxLine(text: "release now → \(verdict)", isHeader: true)]
        if let reason = p.reason { lines.append(BoxLine(text: "\(reason.text) → \(verdict)", decides: true)) }
        if p.isPaging {
            lines.append(BoxLine(text: "page   \(pt(p.travel.offset.x)) pt  \(pt(p.travel.velocity.x)) pt/s → \(pt(p.travel.projectedOffset.x)) pt"
                                    + "  page > ±\(pt(p.limits.pageDistancePoints))", decides: isPageDistance(p.reason)))
            lines.append(BoxLine(text: "flick  \(pt(abs(p.travel.velocity.x))) pt/s  page > \(pt(p.limits.flickSpeedPointsPerSecond)) pt/s",
                                 decides: isFlick(p.reason)))
            return lines
        }
        let pinching = [.pinch, .pinchRotate].contains(p.gesture) || p.scale.value != 1
        let rotating = [.rotate, .pinchRotate].contains(p.gesture) || p.rotation.value != 0
        if pinching {
            lines.append(BoxLine(text: "pinch  \(x2(p.scale.value))×  \(x2(p.scale.velocity))/s → \(x2(p.scale.projected))×"
                                    + "  close < \(x2(p.scale.threshold))×", decides: isScale(p.reason)))
        }
        if rotating {
            func degrees(_ radians: Double) -> String { FeelNumber.fixed(radians * 180 / Double.pi, places: 0) }
            lines.append(BoxLine(text: "rotate \(degrees(p.rotation.value))°  \(degrees(p.rotation.velocity))°/s → \(degrees(p.rotation.projected))°"
                                    + "  close > ±\(degrees(p.rotation.threshold))°", decides: isRotation(p.reason)))
        }
        lines.append(BoxLine(text: "pan    \(pt(p.travel.offset.length)) pt  \(pt(p.travel.velocity.length)) pt/s → \(pt(p.travel.projectedOffset.length)) pt"
                                + "  close > \(pt(p.limits.dragRadiusPoints))", decides: isRadius(p.reason)))
        let back = p.backSpeed < 0 ? "none (\(pt(-p.backSpeed)) pt/s away)" : "\(pt(p.backSpeed)) pt/s toward start"
        lines.append(BoxLine(text: "back   \(back)  return > \(pt(p.limits.reversalSpeedPointsPerSecond))",
                             decides: isMovingBack(p.reason)))
        return lines
    }

    static func isPageDistance(_ r: DecisionReason?) -> Bool {
        switch r { case .projectedPastPageDistance?, .shortOfPaging?, .handWentOtherWay?: true; default: false }
    }
    static func isFlick(_ r: DecisionReason?) -> Bool { if case .flick? = r { true } else { false } }
    static func isScale(_ r: DecisionReason?) -> Bool { if case .projectedScaleBelow? = r { true } else { false } }
    static func isRadius(_ r: DecisionReason?) -> Bool {
        switch r { case .projectedPastRadius?, .shortOfClosing?, .awayFromDismissal?: true; default: false }
    }
    static func isMovingBack(_ r: DecisionReason?) -> Bool { if case .movingBack? = r { true } else { false } }
    static func isRotation(_ r: DecisionReason?) -> Bool { if case .projectedRotationPast? = r { true } else { false } }

    /// The box that holds `lines`, points.
    static func boxSize(_ lines: [BoxLine], textSize: Double, text metrics: TextMetrics) -> Size {
        // Each line takes `lineSpacing` em; the last only its glyphs' line height.
        var width = 0.0, height = 0.0, last = 0.0
        for line in lines {
            let size = line.isHeader ? textSize : smallSize(textSize)
            width = max(width, metrics.width(of: line.text, size: size))
            height += size * lineSpacing
            last = size
        }
        return Size(width + 2 * boxPadding.x, height + 2 * boxPadding.y - last * (lineSpacing - metrics.lineHeight))
    }

    // MARK: - Labels

    /// The backing of a one-line label of `text` at `size` points.
    static func labelSize(_ text: String, size: Double, text metrics: TextMetrics) -> Size {
        Size(metrics.width(of: text, size: size) + 6, size * 1.25 + 4)
    }

    /// Text on a dark backing so it reads over any photo.
    static func labelOverlays(_ text: String, in rect: Rect, size: Double, color: Color) -> [Scene.Overlay] {
        [.rect(rect, color: backing, filled: true), .text(text, at: rect.origin + Point(3, 2), size: size, color: color)]
    }

    /// Where the drag radius label goes: the first point of the ring, from its upper left round the
    /// compass, that is in the window (20 pt in); nil when none is (the ring is out of sight).
    static func radiusLabelAnchor(_ p: DismissPreview, windowSize: Size) -> Point? {
        let r = p.limits.dragRadiusPoints
        guard r.isFinite, r > 0, p.travel.start.isFinite else { return nil }
        let inner = Rect(x: 20, y: 20, width: windowSize.width - 40, height: windowSize.height - 40)
        let d = 0.7071 * r
        let around = [Point(-d, -d), Point(d, -d), Point(-d, d), Point(d, d),
                      Point(0, -r), Point(0, r), Point(-r, 0), Point(r, 0)]
        return around.map { p.travel.start + $0 }.first { inner.contains($0) }
    }

    // MARK: - Marks

    /// A line one point wide on a dark halo three points wide.
    static func haloLine(from a: Point, to b: Point, color: Color) -> [Scene.Overlay] {
        let d = b - a
        guard d.length > 0.5 else { return [] }
        let n = Point(-d.y, d.x) / d.length
        return [.line(from: a + n, to: b + n, color: halo), .line(from: a - n, to: b - n, color: halo),
                .line(from: a, to: b, color: color)]
    }

    /// The fingers (rings on dark discs) joined through the pivot, and the pivot: a yellow ring and a
    /// white cross on a dark disc.
    static func fingers(_ fingers: [Point], pivot: Point?) -> [Scene.Overlay] {
        let light = Color(1, 1, 1, 0.95)
        var out: [Scene.Overlay] = []
        let through = fingers.count == 2 ? [fingers[0]] + (pivot.map { [$0] } ?? []) + [fingers[1]] : []
        for (a, b) in zip(through, through.dropFirst()) { out += haloLine(from: a, to: b, color: light) }
        for finger in fingers {
            out.append(.dot(center: finger, radius: 14, color: halo))
            out.append(.ring(center: finger, radius: 11, color: light))
            out.append(.ring(center: finger, radius: 10, color: light))
            out.append(.dot(center: finger, radius: 3.5, color: light))
        }
        if let pivot {
            out.append(.dot(center: pivot, radius: 11, color: Color(0, 0, 0, 0.75)))
            out.append(.ring(center: pivot, radius: 8, color: .overlay))
            out.append(.ring(center: pivot, radius: 7, color: .overlay))
            out.append(.line(from: pivot + Point(-5, 0), to: pivot + Point(5, 0), color: light))
            out.append(.line(from: pivot + Point(0, -5), to: pivot + Point(0, 5), color: light))
        }
        return out
    }

    /// An arrow on a dark halo: a shaft and two barbs of 10 pt at ±25°; a dot for a zero-length arrow.
    static func arrow(from a: Point, to b: Point, color: Color) -> [Scene.Overlay] {
        let d = b - a
        guard d.length > 0.5 else { return [.dot(center: a, radius: 3.5, color: halo), .dot(center: a, radius: 2, color: color)] }
        let back = d * (-1 / d.length) * min(10, d.length / 2)
        return haloLine(from: a, to: b, color: color)
            + haloLine(from: b, to: b + back.rotated(by: 0.436), color: color)
            + haloLine(from: b, to: b + back.rotated(by: -0.436), color: color)
    }

    /// A dashed line: 6 pt dashes, 5 pt gaps.
    static func dashed(from a: Point, to b: Point, color: Color) -> [Scene.Overlay] {
        let length = a.distance(to: b)
        guard length > 0.5, length.isFinite else { return [] }
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
