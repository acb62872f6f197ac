import Geometry
import Gestures
import Viewing
import Events
import FeelModel

/// The viewer's lab instruments: the tuning panel, slow motion, the decision overlay, the live
/// curves and the message line. Pure state the `Viewer` holds and consults; the keys it takes are
/// input events, so a trace records them and a replay does the same.
///
/// Keys (lower-case SDL names, no modifiers unless stated):
/// - Tab: show or hide the tuning panel (see `TuningPanel` for its keys).
/// - `s`: slow motion, cycling 1×, 0.25×, 0.1× viewer time.
/// - `d`: the decision overlay.
/// - `a`: again with these numbers: the last gesture re-runs under the feel now in force, with
///   the previous run as its ghost (asked of the shell; `Session` carries it out).
/// - Ctrl+S (Ctrl alone: Ctrl+Shift+S is not a save): save the feel parameters to the feel file,
///   with the panel shown or not. They count as saved (the panel says "saved") only when the
///   shell's `feelSaved` result comes back as an event.
package struct FeelLab: Sendable {
    /// What a key did.
    package enum KeyResult: Hashable, Sendable {
        case handled
        /// The feel parameters should become this set (the panel adjusted or reset something).
        case change(Feel)
        /// The parameters should be saved to the feel file.
        case save
        /// The last gesture should run again under the parameters in force.
        case again
    }

    /// A line at the top of the window: a reload error stays until the file is fixed; a notice
    /// ("saved feel.json") fades after `noticeSeconds` of wall time, whatever the slow-motion rate.
    package struct Message: Hashable, Sendable {
        package var text: String
        package var isError: Bool
        /// Wall time (trace seconds, before slow motion) when it was shown.
        package var time: Double
    }

    package static let noticeSeconds = 3.0

    package var panel = TuningPanel()
    package var showsDecisions = false
    package private(set) var clock = SlowMotionClock()
    package private(set) var curves = CurveHistory()
    /// The feel file's parameters: what the panel's reset returns to and "unsaved" compares with.
    package private(set) var baseline: Feel
    /// The parameters of the latest Ctrl+S whose result has not come back yet.
    package private(set) var pendingSave: Feel?
    package private(set) var message: Message?
    /// The latest frame's wall time (before slow motion): a notice fades after 3 s of the user's
    /// time, not 30 s at 0.1×.
    private var now = 0.0

    package init(baseline: Feel) {
        self.baseline = baseline
    }

    // MARK: - Input

    /// Takes a key press first, before the viewer: the lab's own keys, then the panel's while it
    /// is visible. `wallTime` is the event's time before slow-motion mapping. Nil: not a lab key.
    package mutating func handleKey(_ key: String, modifiers: Modifiers, wallTime: Double, feel: Feel) -> KeyResult? {
        let plain = modifiers.isEmpty
        if key == "s", modifiers == .ctrl { return .save }
        switch key {
        case "tab" where modifiers.isEmpty:
            panel.isVisible.toggle()
            return .handled
        case "s" where plain:
            clock.cycle(atWall: wallTime)
            return .handled
        case "d" where plain:
            showsDecisions.toggle()
            return .handled
        case "a" where plain:
            return .again
        default:
            break
        }
        if let action = panel.handleKey(key, modifiers: modifiers, feel: feel, baseline: baseline) {
            switch action {
            case .handled: return .handled
            case let .change(next): return .change(next)
            }
        }
        return nil
    }

    /// A feel set from the feel file arrived (a live reload, recorded as a `.feel` event) while
    /// `current` was in force: the parameters it changes become the file's values for reset.
    package mutating func fileFeelArrived(_ newFeel: Feel, current: Feel) {
        baseline = baseline.replacing(newFeel.differences(from: current), from: newFeel)
    }

    /// The parameters `feel` are the file's values now (what the panel's reset returns to and
    /// "unsaved" compares with): the trace player shows its edits against the feel it started from.
    package mutating func saved(_ feel: Feel) {
        baseline = feel
    }

    /// Ctrl+S asked to save `feel`: it becomes the file's only when the save succeeds.
    package mutating func requestSave(_ feel: Feel) {
        pendingSave = feel
    }

    /// The shell's result of the pending save: on success the parameters saved are the file's
    /// values now (the panel says "saved"); on failure nothing changes but the message line.
    package mutating func saveFinished(succeeded: Bool) {
        if succeeded, let pendingSave { baseline = pendingSave }
        pendingSave = nil
    }

    /// The feel file changed on disk to `file` and the session took `keys` from it: those are the
    /// file's values for reset from now on.
    package mutating func fileReloaded(_ file: Feel, taking keys: [String]) {
        baseline = baseline.replacing(keys, from: file)
    }

    /// Shows a message line (replacing the previous one); nil clears it.
    package mutating func show(_ text: String?, isError: Bool) {
        message = text.map { Message(text: $0, isError: isError, time: now) }
    }

    /// Maps an input's wall time to viewer time (slow motion).
    package func viewerTime(atWall t: Double) -> Double { clock.viewerTime(atWall: t) }

    /// Lets go of live-curve samples no longer shown (`CurveHistory.compact`): nothing shown changes.
    package mutating func compactCurves() {
        curves.compact()
    }

    /// Adds a frame to the live curves. `fitWidth` is the aspect-fit width of the photo in view.
    package mutating func record(_ snapshot: StateSnapshot, fitWidth: Double?) {
        now = clock.wallTime(atViewer: snapshot.time)
        curves.record(snapshot, fitWidth: fitWidth)
        if let m = message, !m.isError, now - m.time > Self.noticeSeconds { message = nil }
    }
}
