import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewing
import Drawing
import Events
import FeelModel

@Suite("Tuning panel: keys select, adjust by the parameter's steps, reset and save")
struct TuningPanelTests {
    func openPanel() -> TuningPanel {
        var panel = TuningPanel()
        panel.isVisible = true
        return panel
    }

    @Test("Right adds one coarse step and Shift+Right one fine step, to the selected parameter only")
    func adjustSelected() throws {
        for (row, p) in Feel.parameters.enumerated() {
            var panel = openPanel()
            for _ in 0..<row { _ = panel.handleKey("down", modifiers: [], feel: .defaults, baseline: .defaults) }
            #expect(panel.selectedParameter.key == p.key)
            let start = p.value(in: .defaults)
            for (key, mods, steps, fine) in [("right", Modifiers(), 1, false), ("left", Modifiers(), -1, false),
                                             ("right", Modifiers.shift, 1, true), ("left", Modifiers.shift, -1, true)] {
                let action = panel.handleKey(key, modifiers: mods, feel: .defaults, baseline: .defaults)
                // The expected value: one step from the default, rounded to the fine step and kept in range.
                let expected = p.clamped(p.rounded(start + Double(steps) * (fine ? p.fineStep : p.coarseStep)))
                guard case let .change(feel) = action else {
                    #expect(expected == start, "\(p.key) \(key) \(mods): no change but expected \(expected)")
                    continue
                }
                #expect(p.value(in: feel) == expected, "\(p.key) \(key) \(mods)")
                #expect(feel.differences(from: .defaults) == [p.key], "\(p.key) \(key) changed others")
            }
        }
    }

    @Test("concrete steps: open response 0.45 → 0.5 → 0.51; sample limit 20 → 25 → 24")
    func concreteSteps() throws {
        var panel = openPanel()
        var feel = Feel.defaults
        func press(_ key: String, _ mods: Modifiers = []) {
            if case let .change(next) = panel.handleKey(key, modifiers: mods, feel: feel, baseline: .defaults) { feel = next }
        }
        press("right")
        #expect(feel.openSpring.responseSeconds == 0.5)
        press("right", .shift)
        #expect(feel.openSpring.responseSeconds == 0.51)
        let found = panel.select("velocitySampleLimit")
        #expect(found)
        press("right")
        #expect(feel.velocitySampleLimit == 25)
        press("left", .shift)
        #expect(feel.velocitySampleLimit == 24)
        for _ in 0..<100 { press("left") }
        #expect(feel.velocitySampleLimit == 2)
    }

    @Test("Up and Down move the selection and stop at the ends")
    func selection() {
        var panel = openPanel()
        #expect(panel.handleKey("up", modifiers: [], feel: .defaults, baseline: .defaults) == .handled)
        #expect(panel.selection == 0)
        _ = panel.handleKey("down", modifiers: [], feel: .defaults, baseline: .defaults)
        #expect(panel.selectedParameter.key == "openSpring.dampingRatio")
        _ = panel.handleKey("end", modifiers: [], feel: .defaults, baseline: .defaults)
        #expect(panel.selection == Feel.parameters.count - 1)
        _ = panel.handleKey("down", modifiers: [], feel: .defaults, baseline: .defaults)
        #expect(panel.selection == Feel.parameters.count - 1)
        _ = panel.handleKey("pageup", modifiers: [], feel: .defaults, baseline: .defaults)
        #expect(panel.selection == Feel.parameters.count - 11)
        _ = panel.handleKey("home", modifiers: [], feel: .defaults, baseline: .defaults)
        #expect(panel.selection == 0)
    }

    @Test("Backspace resets to the file's value, Shift+Backspace to the default, Ctrl resets all")
    func reset() throws {
        var panel = openPanel()
        var file = Feel.defaults
        file.dragRadiusPoints = 180
        file.clickSlopPoints = 3
        var tuned = file
        tuned.dragRadiusPoints = 240
        tuned.clickSlopPoints = 9
        panel.select("dragRadiusPoints")
        #expect(panel.handleKey("backspace", modifiers: [], feel: tuned, baseline: file)
                == .change(tuned.replacing(["dragRadiusPoints"], from: file)))
        #expect(panel.handleKey("delete", modifiers: .shift, feel: tuned, baseline: file)
                == .change(tuned.replacing(["dragRadiusPoints"], from: .defaults)))
        #expect(panel.handleKey("backspace", modifiers: .ctrl, feel: tuned, baseline: file) == .change(file))
        #expect(panel.handleKey("backspace", modifiers: [.ctrl, .shift], feel: tuned, baseline: file) == .change(.defaults))
        // Nothing to reset: consumed, no change.
        #expect(panel.handleKey("backspace", modifiers: [], feel: file, baseline: file) == .handled)
    }

    @Test("Escape hides; other keys (Ctrl+S is the lab's) pass through; a hidden panel takes nothing")
    func otherKeys() {
        var panel = openPanel()
        #expect(panel.handleKey("s", modifiers: .ctrl, feel: .defaults, baseline: .defaults) == nil)
        #expect(panel.handleKey("q", modifiers: [], feel: .defaults, baseline: .defaults) == nil)
        #expect(panel.handleKey("return", modifiers: [], feel: .defaults, baseline: .defaults) == nil)
        #expect(panel.handleKey("escape", modifiers: [], feel: .defaults, baseline: .defaults) == .handled)
        #expect(!panel.isVisible)
        #expect(panel.handleKey("right", modifiers: [], feel: .defaults, baseline: .defaults) == nil)
        #expect(panel.handleKey("down", modifiers: [], feel: .defaults, baseline: .defaults) == nil)
    }

    @Test("the panel draws a translucent backdrop, one text row per visible parameter and a highlight on the selection")
    func drawing() throws {
        var panel = openPanel()
        panel.select("dragRadiusPoints")
        var feel = Feel.defaults
        feel.dragRadiusPoints = 200
        let window = Size(1280, 800)
        let overlays = panel.overlays(feel: feel, baseline: .defaults, windowSize: window, text: .dejaVuSansMono)
        let layout = TuningPanel.layout(windowSize: window)
        guard case let .rect(background, color, true) = overlays.first else { Issue.record("no backdrop"); return }
        #expect(background == layout.panel)
        #expect(color.a > 0.5 && color.a < 1)
        let texts = overlays.compactMap { o -> (String, Point, Color)? in
            if case let .text(s, at, _, c) = o { return (s, at, c) } else { return nil }
        }
        let rows = texts.filter { $0.0.hasPrefix("● ") || $0.0.hasPrefix("  ") || $0.0.hasPrefix("◦ ") }
        #expect(rows.count == min(layout.visibleRows, Feel.parameters.count))
        let row = try #require(rows.first { $0.0.contains("dragRadiusPoints") })
        #expect(row.0.hasPrefix("● "))
        #expect(row.0.hasSuffix("200 pt"))
        #expect(row.2 == TuningPanel.unsavedColor)
        let highlight = overlays.contains { o in
            if case let .rect(r, c, true) = o { return c == TuningPanel.selectionColor && r.contains(row.1 + Point(2, 2)) }
            return false
        }
        #expect(highlight)
        #expect(texts.contains { $0.0.hasPrefix("FEEL  1 unsaved") })
        #expect(TuningPanel().overlays(feel: feel, baseline: .defaults, windowSize: window, text: .dejaVuSansMono).isEmpty)
    }

    @Test("the list scrolls to keep the selection in view in a short window")
    func scrolling() {
        var panel = openPanel()
        let window = Size(800, 400)
        let layout = TuningPanel.layout(windowSize: window)
        #expect(layout.visibleRows < Feel.parameters.count)
        #expect(layout.curves == nil)
        for _ in 0..<Feel.parameters.count {
            _ = panel.handleKey("down", modifiers: [], feel: .defaults, baseline: .defaults)
            let first = panel.firstVisibleRow(visibleRows: layout.visibleRows)
            #expect(first <= panel.selection && panel.selection < first + layout.visibleRows)
            let key = panel.selectedParameter.key
            let shown = panel.overlays(feel: .defaults, baseline: .defaults, windowSize: window, text: .dejaVuSansMono).contains { o in
                if case let .text(s, _, _, _) = o { return s.contains(" \(key) ") } else { return false }
            }
            #expect(shown, "\(key) not drawn")
        }
    }

    @Test("values end and units start in one column in every row, whatever the key's length")
    func valueColumn() {
        var panel = openPanel()
        let window = Size(1280, 800)
        let layout = TuningPanel.layout(windowSize: window)
        var ends: Set<Int> = [], unitStarts: Set<Int> = [], xs: Set<Double> = []
        var seen = 0
        // Page through every parameter so each row is drawn once.
        for row in stride(from: 0, to: Feel.parameters.count, by: max(1, layout.visibleRows - 1)) {
            _ = panel.select(Feel.parameters[row].key)
            for o in panel.overlays(feel: .defaults, baseline: .defaults, windowSize: window, text: .dejaVuSansMono) {
                guard case let .text(text, at, _, _) = o,
                      let p = Feel.parameters.first(where: { text.dropFirst(2).hasPrefix($0.key + " ") }) else { continue }
                let chars = Array(text)
                let value = p.isBoolean ? (p.value(in: .defaults) >= 0.5 ? "on" : "off")
                    : TuningPanel.fitted(p.value(in: .defaults), TuningPanel.valueColumns)
                // The row is one monospaced string: columns are character offsets.
                let tail = p.unit.isEmpty || p.isBoolean ? value : value + " " + p.unit
                #expect(text.hasSuffix(tail), "\(text)")
                ends.insert(chars.count - (tail.count - value.count))
                if !p.unit.isEmpty && !p.isBoolean { unitStarts.insert(chars.count - p.unit.count) }
                xs.insert(at.x)
                seen += 1
            }
        }
        #expect(seen >= Feel.parameters.count)
        #expect(ends.count == 1, "numbers end at columns \(ends.sorted())")
        #expect(unitStarts.count == 1, "units start at columns \(unitStarts.sorted())")
        #expect(xs.count == 1)
        // Units start one space after the numbers end.
        #expect(unitStarts.first == ends.first.map { $0 + 1 })
        // A number too long for the column is rounded to fit (5° in radians).
        #expect(TuningPanel.fitted(0.08726646259971647, 9) == "0.087266")
        #expect(TuningPanel.fitted(0.1000000001, 9) == "0.1")
        #expect(TuningPanel.fitted(0.45, 9) == "0.45")
    }

    @Test("the panel says where its values came from, under its title; nothing when it does not know (a replay)")
    func saysItsSource() {
        var panel = TuningPanel()
        panel.isVisible = true
        let window = Size(1280, 800)
        func texts(_ p: TuningPanel) -> [String] {
            p.overlays(feel: .defaults, baseline: .defaults, windowSize: window, text: .dejaVuSansMono).compactMap {
                if case let .text(t, _, _, _) = $0 { t } else { nil }
            }
        }
        #expect(!texts(panel).contains { $0.hasPrefix("values from") })
        panel.source = "~/.config/photozoom/feel.json, saved last"
        #expect(texts(panel).contains("values from ~/.config/photozoom/feel.json, saved last"))
        // A long path keeps its end, the file's name.
        panel.source = "/" + String(repeating: "very-long-folder/", count: 8) + "feel.json"
        let long = texts(panel).first { $0.hasPrefix("values from") }
        #expect(long?.hasPrefix("values from …") == true && long?.hasSuffix("/feel.json") == true, "\(String(describing: long))")
    }
}
