import Geometry
import Motion
import Viewing
import Drawing
import FeelModel

// The selected spring's step response, drawn beside the tuning panel.
extension TuningPanel {
    /// The spring whose response or damping ratio row is selected, or nil.
    package var selectedSpringRole: FeelExport.SpringRole? {
        let group = selectedParameter.key.split(separator: ".").first.map(String.init) ?? ""
        return FeelExport.allSpringRoles.first { $0.key == group }
    }

    /// The preview's size, points.
    package static let springPreviewSize = Size(250, 150)

    /// Where the preview goes: left of the panel, level with the selected row (kept in the window).
    package static func springPreviewRect(layout l: Layout, rowTop: Double, windowSize: Size) -> Rect {
        let size = springPreviewSize
        let x = max(0, l.panel.minX - size.width - 8)
        let y = min(max(0, rowTop - 8), max(0, windowSize.height - size.height))
        return Rect(x: x, y: y, width: min(size.width, l.panel.minX), height: size.height)
    }

    /// The travel of the preview's step, points.
    package static let previewTravelPoints = 400.0
    /// The preview's frame interval, seconds (60 Hz).
    package static let previewFrameSeconds = 1.0 / 60

    /// The figures of the selected spring's step as a recorded release's are computed
    /// (`MotionFigures`, the one definition of docs/feel-lab.md): a `previewTravelPoints` step
    /// from rest drawn at 60 Hz, snapped onto its target when the viewer's springs snap
    /// (`RestThreshold.points`: within 0.1 pt and slower than 2 pt/s).
    ///
    /// Where a recorded release differs, and why: a release hands the springs the hand's velocity
    /// (the step starts at rest); a flight moves centre, size, rotation and backdrop on their own
    /// springs and settles when the last of them does (the step is one spring); its travel is the
    /// gesture's (the 0.1 pt tolerance is a smaller share of a longer travel, so a longer travel
    /// settles later); its frames come when the window draws them, and the summary counts from the
    /// event's instant (the step's event is on a frame).
    package static func springPreviewFigures(_ spring: Spring) -> MotionFigures {
        let travel = previewTravelPoints, dt = previewFrameSeconds, response = SpringStepResponse(spring: spring)
        func frame(_ t: Double, _ y: Double) -> MotionFigures.Frame {
            MotionFigures.Frame(time: t, photo: 0, image: StateSnapshot.Image(center: Point(0, y), size: Size(100, 100), rotation: 0),
                                backdrop: 1)
        }
        let before = [frame(-2 * dt, 0), frame(-dt, 0)]
        var after: [MotionFigures.Frame] = []
        var k = 1, rested = false
        // Ten responses at most (a spring that slow settles later than the preview can show).
        while !rested, Double(k) * dt <= 10 * max(spring.responseSeconds, dt) {
            let t = Double(k) * dt
            let x = travel * (response.progress(at: t) - 1), v = travel * response.progressVelocity(at: t)
            rested = abs(x) <= RestThreshold.points.displacement && abs(v) <= RestThreshold.points.speed
            after.append(frame(t, rested ? travel : travel + x))
            k += 1
        }
        return MotionFigures.measure(event: 0, before: before, after: after, endsAtRest: rested)
    }

    /// The selected spring's step response: a released step from 0 to 1 against time, the target
    /// line, the moment it settles, its overshoot in percent (`springPreviewFigures`: a 400 pt step
    /// from rest at 60 Hz, measured as a recorded release is), and its stiffness and damping at
    /// mass 1. Empty when no spring row is selected. Drawn anew from `feel` every frame, so it
    /// follows each step of the numbers.
    package func springPreview(feel: Feel, layout l: Layout, rowTop: Double, windowSize: Size) -> [Scene.Overlay] {
        guard isVisible, let role = selectedSpringRole, l.panel.minX >= 160 else { return [] }
        let spring = feel[keyPath: role.path]
        guard spring.isValid else { return [] }
        let box = Self.springPreviewRect(layout: l, rowTop: rowTop, windowSize: windowSize)
        let response = SpringStepResponse(spring: spring)
        let figures = Self.springPreviewFigures(spring)
        let settle = figures.settleSeconds ?? response.settleSeconds, overshoot = figures.overshootFraction ?? 0
        let size = Self.textSize * 0.85, line = size * 1.3
        var out: [Scene.Overlay] = [.rect(box, color: Self.background, filled: true),
                                    .rect(box, color: CurveHistory.Palette.frame, filled: false)]
        out.append(.text("\(role.key): \(FeelNumber.text(Self.previewTravelPoints)) pt step from rest",
                         at: Point(box.minX + 6, box.minY + 4), size: size, color: Self.textColor))
        out.append(.text("overshoot \(FeelNumber.fixed(overshoot * 100, places: 1)) %  ·  settles \(FeelNumber.fixed(settle, places: 3)) s"
                         + (figures.settleSeconds == nil ? "+" : ""),
                         at: Point(box.minX + 6, box.minY + 4 + line), size: size, color: Self.unsavedColor))
        out.append(.text("k \(FeelNumber.fixed(spring.stiffness(), places: 2)) N/m · c \(FeelNumber.fixed(spring.damping(), places: 2)) N·s/m",
                         at: Point(box.minX + 6, box.maxY - 4 - line), size: size, color: Self.dimColor))

        // The curve over 1.25 × the settle time (at least one response), progress −0.05 to past the peak.
        let plot = Rect(x: box.minX + 6, y: box.minY + 8 + 2 * line, width: box.width - 12,
                        height: max(10, box.height - 14 - 3 * line))
        let duration = max(settle * 1.25, spring.responseSeconds)
        let low = -0.05, high = max(1.1, 1 + overshoot + 0.05)
        func point(_ t: Double, _ v: Double) -> Point {
            Point(plot.minX + t / duration * plot.width, plot.maxY - (v - low) / (high - low) * plot.height)
        }
        out.append(.line(from: point(0, 1), to: point(duration, 1), color: CurveHistory.Palette.frame))
        out.append(.line(from: point(0, 0), to: point(duration, 0), color: CurveHistory.Palette.frame))
        let settleX = point(settle, 0).x
        out.append(.line(from: Point(settleX, plot.minY), to: Point(settleX, plot.maxY), color: CurveHistory.Palette.release))
        let count = 120
        out.append(.polyline((0...count).map { i in
            let t = duration * Double(i) / Double(count)
            return point(t, response.progress(at: t))
        }, color: CurveHistory.Palette.scale))
        return out
    }
}
