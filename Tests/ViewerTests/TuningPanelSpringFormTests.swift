import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewing
import FeelModel
import Motion

@Suite("Tuning panel spring forms: m shows and steps a spring as response/ζ, duration/bounce or stiffness/damping at 1 kg")
struct TuningPanelSpringFormTests {
    func panel(at key: String) -> TuningPanel {
        var panel = TuningPanel()
        panel.isVisible = true
        let selected = panel.select(key)
        #expect(selected)
        return panel
    }

    func rowText(_ panel: TuningPanel, _ feel: Feel) -> [String] {
        panel.overlays(feel: feel, baseline: .defaults, windowSize: Size(1280, 800), text: .dejaVuSansMono).compactMap {
            if case let .text(text, _, _, _) = $0 { return text } else { return nil }
        }
    }

    @Test("m cycles response → duration → physical → response; rows show the form's names and numbers")
    func cycleAndShow() {
        var p = panel(at: "openSpring.responseSeconds")
        #expect(p.handleKey("m", modifiers: [], feel: .defaults, baseline: .defaults) == .handled)
        #expect(p.springForm == .durationBounce)
        var texts = rowText(p, .defaults)
        #expect(texts.contains { $0.contains("openSpring.duration") && $0.contains("0.45 s") })
        #expect(texts.contains { $0.contains("openSpring.bounce") && $0.contains("0.15") })
        _ = p.handleKey("m", modifiers: [], feel: .defaults, baseline: .defaults)
        texts = rowText(p, .defaults)
        // k = 4π²/0.45² = 194.955, c = 4π·0.85/0.45 = 23.73647.
        #expect(texts.contains { $0.contains("openSpring.stiffness") && $0.contains("194.955") && $0.contains("N/m") })
        #expect(texts.contains { $0.contains("openSpring.damping") && $0.contains("23.73647") }, "\(texts.filter { $0.contains("openSpring") })")
        // The detail line shows every form at once.
        #expect(texts.contains("0.45 s ζ 0.85 · duration 0.45 s bounce 0.15 · k 194.96 c 23.74 m 1"))
        _ = p.handleKey("m", modifiers: [], feel: .defaults, baseline: .defaults)
        #expect(p.springForm == .response)
        // Other rows are untouched by the form.
        #expect(rowText(p, .defaults).contains { $0.contains("dragRadiusPoints") && $0.contains("150 pt") })
    }

    @Test("Shift+M shows a spring in another tool's numbers and steps it as that tool reads them; the detail sets its label against the settle time")
    func toolForms() throws {
        var p = panel(at: "openSpring.responseSeconds")
        #expect(p.handleKey("m", modifiers: .shift, feel: .defaults, baseline: .defaults) == .handled)
        #expect(p.toolForm == .figma)
        // Figma's forum case: stiffness 80, damping 30, mass 1 (ζ = 30/(2√80) = 1.68, over-damped).
        var feel = Feel.defaults
        feel.openSpring = Spring(stiffness: 80, damping: 30, mass: 1)
        var texts = rowText(p, feel)
        #expect(texts.contains { $0.contains("openSpring.stiffness") && $0.contains("80") }, "\(texts.filter { $0.contains("openSpring") })")
        #expect(texts.contains { $0.contains("openSpring.damping") && $0.contains("30") })
        let figma = try ImportedSpring(kind: .figma, arguments: ["80", "30", "1"])
        let settle = FeelNumber.trimmed(figma.settleSeconds, places: 3)
        #expect(texts.contains("Figma stiffness 80, damping 30, mass 1 · settles in \(settle) s"), "\(texts)")
        // A step reads the tool's numbers back through its own conversion: stiffness 90, damping 30.
        guard case let .change(stiffer) = p.handleKey("right", modifiers: [], feel: feel, baseline: .defaults) else {
            Issue.record("no change"); return
        }
        #expect(abs(stiffer.openSpring.stiffness() - 90) < 1e-9 && abs(stiffer.openSpring.damping() - 30) < 1e-9)
        // On to SwiftUI's duration and bounce: its label (the duration) against the settle time.
        _ = p.handleKey("m", modifiers: .shift, feel: .defaults, baseline: .defaults)
        #expect(p.toolForm == .swiftui)
        texts = rowText(p, .defaults)
        let swiftUI = try ImportedSpring(kind: .swiftui, arguments: ["0.45", "0.15"])
        let percent = FeelNumber.trimmed(0.45 / swiftUI.settleSeconds * 100, places: 1)
        let swiftUISettle = FeelNumber.trimmed(swiftUI.settleSeconds, places: 3)
        #expect(texts.contains("SwiftUI duration 0.45 s = \(percent) % of its \(swiftUISettle) s settle"), "\(texts)")
        // Compose shows stiffness on the response row and the damping ratio on the other; UIKit the
        // duration (its settle time) on the response row.
        while p.toolForm != .compose { _ = p.handleKey("m", modifiers: .shift, feel: .defaults, baseline: .defaults) }
        #expect(rowText(p, .defaults).contains { $0.contains("openSpring.stiffness") && $0.contains("194.955") })
        while p.toolForm != .uikit { _ = p.handleKey("m", modifiers: .shift, feel: .defaults, baseline: .defaults) }
        guard case let .change(longer) = p.handleKey("right", modifiers: [], feel: .defaults, baseline: .defaults) else {
            Issue.record("no change"); return
        }
        let uikitSettle = SpringStepResponse(spring: longer.openSpring, threshold: ImportedSpring.settleThreshold).settleSeconds
        let before = SpringStepResponse(spring: Feel.defaults.openSpring, threshold: ImportedSpring.settleThreshold).settleSeconds
        #expect(abs(uikitSettle - ((before / 0.05).rounded() + 1) * 0.05) < 1e-6)
        #expect(abs(longer.openSpring.dampingRatio - 0.85) < 1e-12)
        // After the last tool, back to the panel's own form; plain m leaves the tools too.
        _ = p.handleKey("m", modifiers: .shift, feel: .defaults, baseline: .defaults)
        #expect(p.toolForm == nil)
        _ = p.handleKey("m", modifiers: .shift, feel: .defaults, baseline: .defaults)
        _ = p.handleKey("m", modifiers: [], feel: .defaults, baseline: .defaults)
        #expect(p.toolForm == nil)
    }

    @Test("stepping in a form holds the form's other number: bounce 0.15 → 0.2 keeps the duration; stiffness +10 keeps c")
    func stepInForm() throws {
        var p = panel(at: "openSpring.dampingRatio")
        p.springForm = .durationBounce
        guard case let .change(bouncier) = p.handleKey("right", modifiers: [], feel: .defaults, baseline: .defaults) else {
            Issue.record("no change"); return
        }
        // bounce 0.2 → ζ = 1 − 0.2 = 0.8; duration 0.45 s held.
        #expect(abs(bouncier.openSpring.dampingRatio - 0.8) < 1e-12 && abs(bouncier.openSpring.responseSeconds - 0.45) < 1e-12)
        #expect(bouncier.differences(from: .defaults) == ["openSpring.dampingRatio"])

        p = panel(at: "openSpring.responseSeconds")
        p.springForm = .physical
        guard case let .change(stiffer) = p.handleKey("right", modifiers: [], feel: .defaults, baseline: .defaults) else {
            Issue.record("no change"); return
        }
        // k 194.955 → onto the 10 N/m grid and one step: 200; c 23.7365 held at m 1:
        // response = 2π/√200 = 0.44429 s, ζ = 23.7365/(2√200) = 0.83921.
        #expect(abs(stiffer.openSpring.responseSeconds - 2 * Double.pi / 200.0.squareRoot()) < 1e-9)
        #expect(abs(stiffer.openSpring.dampingRatio - Spring(responseSeconds: 0.45, dampingRatio: 0.85).damping() / (2 * 200.0.squareRoot())) < 1e-9)
        // Shift: a fine step of 1 N/m → 196.
        guard case let .change(fine) = p.handleKey("right", modifiers: .shift, feel: .defaults, baseline: .defaults) else {
            Issue.record("no change"); return
        }
        #expect(abs(fine.openSpring.stiffness() - 196) < 1e-9)
    }

    @Test("a step that leaves every spring (bounce to 1) or the rows' ranges changes nothing")
    func refusedStep() {
        var p = panel(at: "openSpring.dampingRatio")
        p.springForm = .durationBounce
        var feel = Feel.defaults
        feel.openSpring = Spring(durationSeconds: 0.45, bounce: 0.95)
        #expect(p.handleKey("right", modifiers: [], feel: feel, baseline: .defaults) == .handled)
    }
}
