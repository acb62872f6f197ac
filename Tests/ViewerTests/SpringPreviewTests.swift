import Geometry
import Motion
import Testing
@testable import LabUI
@testable import Viewing
import Drawing
import FeelModel

@Suite("Tuning panel spring preview: the selected spring's step response, overshoot and settle time, following each step")
struct SpringPreviewTests {
    static let window = Size(1280, 800)

    static func texts(_ overlays: [Scene.Overlay]) -> [String] {
        overlays.compactMap { if case let .text(s, _, _, _) = $0 { s } else { nil } }
    }

    static func curve(_ overlays: [Scene.Overlay]) -> [Point]? {
        overlays.compactMap { if case let .polyline(points, _) = $0 { points } else { nil } }.last
    }

    static func panel(selecting key: String) -> TuningPanel {
        var panel = TuningPanel()
        panel.isVisible = true
        panel.select(key)
        return panel
    }

    /// The settle time of a 400 pt step of `spring` drawn at 60 Hz, as docs/feel-lab.md defines it:
    /// the first frame from which the step stays within 0.1 pt of its target (scanned on the
    /// closed form over ten responses; the viewer snaps onto the target once within 0.1 pt and
    /// slower than 2 pt/s, which these springs reach at the same frame or one later).
    static func settleOfStep(_ spring: Spring) -> Double {
        let step = SpringStepResponse(spring: spring), dt = 1.0 / 60
        let frames = (1...Int(10 * spring.responseSeconds / dt)).map { Double($0) * dt }
        let last = frames.lastIndex { abs(400 * (step.progress(at: $0) - 1)) > 0.1 } ?? -1
        return frames[last + 1]
    }

    @Test("the open spring (0.45 s, ζ 0.85): overshoot e^(−πζ/√(1−ζ²)) = 0.6 %, the settle time of a 400 pt step at 60 Hz, k and c at mass 1")
    func openSpring() throws {
        let panel = Self.panel(selecting: "openSpring.dampingRatio")
        let overlays = panel.overlays(feel: .defaults, baseline: .defaults, windowSize: Self.window, text: .dejaVuSansMono)
        let texts = Self.texts(overlays)
        // e^(−π·0.85/√(1−0.7225)) = e^(−5.0693) = 0.00629 → 0.6 % (the frames pass within 0.05 % of the peak).
        let settle = Self.settleOfStep(Feel.defaults.openSpring)
        #expect(texts.contains("openSpring: 400 pt step from rest"))
        #expect(texts.contains("overshoot 0.6 %  ·  settles \(FeelNumber.fixed(settle, places: 3)) s"), "\(texts)")
        // The same figure the summary, compare and plot compute from frames.
        #expect(TuningPanel.springPreviewFigures(Feel.defaults.openSpring).settleSeconds == settle)
        // k = 4π²/0.45² = 194.96, c = 4π·0.85/0.45 = 23.74.
        #expect(texts.contains("k 194.96 N/m · c 23.74 N·s/m"))
        // The preview sits left of the panel, inside the window.
        let panelLeft = TuningPanel.layout(windowSize: Self.window).panel.minX
        let curve = try #require(Self.curve(overlays))
        #expect(curve.allSatisfy { $0.x < panelLeft && $0.x >= 0 && $0.y >= 0 && $0.y <= Self.window.height })
    }

    @Test("a step to ζ 0.5 redraws it: overshoot 16.3 %, and the curve's peak rises above the target line")
    func followsTheNumbers() throws {
        var feel = Feel.defaults
        feel.openSpring.dampingRatio = 0.5
        let panel = Self.panel(selecting: "openSpring.responseSeconds")
        let before = panel.overlays(feel: .defaults, baseline: .defaults, windowSize: Self.window, text: .dejaVuSansMono)
        let after = panel.overlays(feel: feel, baseline: .defaults, windowSize: Self.window, text: .dejaVuSansMono)
        // e^(−π·0.5/√0.75) = e^(−1.8138) = 16.30 % at the peak, t = π/(ω₀√0.75) = 0.2598 s; the
        // frames at 60 Hz pass it at 16/60 = 0.2667 s, a little lower: the figure is the frames'.
        let step = SpringStepResponse(spring: feel.openSpring)
        let sampled = (1...60).map { step.progress(at: Double($0) / 60) - 1 }.max()!
        #expect(sampled < 0.1630 && sampled > 0.16)
        #expect(Self.texts(after).contains { $0.hasPrefix("overshoot \(FeelNumber.fixed(sampled * 100, places: 1)) %") }, "\(Self.texts(after))")
        // The curve reads against its own target (1) and start (0) lines: its peak stands above the
        // target by the overshoot's share of the travel (screen y grows downward), to a pixel or so.
        for (overlays, expected) in [(before, 0.00629), (after, 0.1630)] {
            let lines = overlays.compactMap { if case let .line(from, to, _) = $0, from.y == to.y { from.y } else { nil } }
            let (target, zero) = (lines[lines.count - 2], lines[lines.count - 1])
            let peak = try #require(Self.curve(overlays)?.map(\.y).min())
            let measured = (target - peak) / (zero - target)
            #expect(abs(measured - expected) < 0.01, "overshoot drawn \(measured), expected \(expected)")
        }
    }

    @Test("no preview for a row that is not a spring, nor while the panel is hidden")
    func onlySprings() {
        let panel = Self.panel(selecting: "dragRadiusPoints")
        let texts = Self.texts(panel.overlays(feel: .defaults, baseline: .defaults, windowSize: Self.window, text: .dejaVuSansMono))
        #expect(!texts.contains { $0.hasSuffix("step response") })
        var hidden = Self.panel(selecting: "closeSpring.dampingRatio")
        hidden.isVisible = false
        #expect(hidden.springPreview(feel: .defaults, layout: TuningPanel.layout(windowSize: Self.window), rowTop: 100,
                                     windowSize: Self.window).isEmpty)
    }
}
