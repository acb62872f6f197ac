import Geometry
import Gestures
import Viewing
import Events
import FeelModel
import Motion

/// The in-window tuning panel: every feel parameter with its value and unit, selected and
/// adjusted from the keyboard. Pure: keys in, a new feel (or a save request) and overlays out.
///
/// Keys while the panel is visible (Tab shows and hides it; the viewer sends every key to
/// the panel first, and the keys below do not reach the grid or the photo):
///
/// | key | does |
/// |---|---|
/// | Up / Down | select the previous / next parameter |
/// | Page Up / Page Down, Home / End | move the selection by ten rows, to the first / last |
/// | Right / Left | add / subtract one coarse step (a switch: on / off) |
/// | Shift + Right / Left | one fine step |
/// | `m` | show and step springs as response / ζ, SwiftUI's duration / bounce, or stiffness / damping at 1 kg |
/// | Shift + `m` | show and step springs in another tool's numbers (Figma, SwiftUI, Compose, Motion, react-spring, UIKit), each step read as that tool reads them, with the tool's label against the true settle time |
/// | Backspace or Delete | reset the selected parameter to the feel file's value |
/// | Shift + Backspace or Delete | reset it to the built-in default |
/// | Ctrl + Backspace or Delete | reset every parameter to the file's values (Ctrl + Shift: to the defaults) |
/// | Ctrl + S | save the current set to the feel file (atomically, by the shell) |
/// | Escape | hide the panel |
package struct TuningPanel: Hashable, Sendable {
    /// What a key did.
    package enum Action: Hashable, Sendable {
        /// Consumed; nothing else changes (a selection move, a step at the end of the range).
        case handled
        /// The feel parameters should become this set.
        case change(Feel)
    }

    package var isVisible = false
    /// Where the parameters in force came from ("~/.config/photozoom/feel.json, saved last", "preset
    /// snappy", "the defaults"), said under the panel's title; nil says nothing (a replay).
    package var source: String?
    /// Index of the selected row in `Feel.parameters`.
    package private(set) var selection = 0
    /// How spring rows are shown and stepped (`m` cycles); the feel file keeps response and ζ.
    package var springForm: SpringForm = .response
    /// Another tool's numbers for spring rows (Shift+M cycles; nil: `springForm`), each step an
    /// import as that tool reads its numbers (`TuningPanel+ToolForms`).
    package var toolForm: ImportedSpring.Kind?

    package init() {}

    /// The selected parameter.
    package var selectedParameter: FeelParameter { Feel.parameters[selection] }

    /// Selects the row of `key`; false when there is no such parameter.
    @discardableResult
    package mutating func select(_ key: String) -> Bool {
        guard let index = Feel.parameterIndex[key] else { return false }
        selection = index
        return true
    }

    // MARK: - Keys

    /// Handles a key press while the panel is visible. `feel` is the set in force, `baseline` the
    /// feel file's (what a reset returns to). Returns nil for keys the panel does not use, which
    /// go on to the viewer.
    package mutating func handleKey(_ key: String, modifiers: Modifiers, feel: Feel, baseline: Feel) -> Action? {
        guard isVisible else { return nil }
        let fine = modifiers.contains(.shift)
        let rows = Feel.parameters.count
        switch key {
        case "up": selection = max(0, selection - 1); return .handled
        case "down": selection = min(rows - 1, selection + 1); return .handled
        case "pageup": selection = max(0, selection - 10); return .handled
        case "pagedown": selection = min(rows - 1, selection + 10); return .handled
        case "home": selection = 0; return .handled
        case "end": selection = rows - 1; return .handled
        case "m" where modifiers.isEmpty:
            springForm = Self.form(after: springForm)
            toolForm = nil
            return .handled
        case "m" where modifiers == .shift:
            toolForm = Self.toolForm(after: toolForm)
            return .handled
        case "left", "right":
            let p = selectedParameter
            if let stepped = steppedInToolForm(p, feel: feel, steps: key == "right" ? 1 : -1, fine: fine)
                ?? steppedInSpringForm(p, feel: feel, steps: key == "right" ? 1 : -1, fine: fine) {
                return stepped.map { $0 == feel ? .handled : .change($0) } ?? .handled
            }
            var next = feel
            // A switch: Right turns it on, Left off.
            let value = p.isBoolean ? (key == "right" ? 1 : 0) : p.adjusted(p.value(in: feel), steps: key == "right" ? 1 : -1, fine: fine)
            p.set(value, in: &next)
            return next == feel ? .handled : .change(next)
        case "backspace", "delete":
            let source = fine ? Feel.defaults : baseline
            let next = modifiers.contains(.ctrl)
                ? feel.replacing(Feel.parameters.map(\.key), from: source)
                : feel.replacing([selectedParameter.key], from: source)
            return next == feel ? .handled : .change(next)
        case "escape":
            isVisible = false
            return .handled
        default:
            return nil
        }
    }
}
