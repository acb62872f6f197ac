import FeelModel
import Geometry
import Gestures
import JSON
import LabUI
import Trace
import Viewing
import Drawing
import Events

/// The trace player window's behaviour without the window: the person's keys and pointer in,
/// the player moved, and the scenes to draw out. Pure; wall time arrives as an argument.
///
/// Keys (lower-case SDL names):
/// - Space: play / pause. Left / Right, or `,` / `.`: one frame back / forward. Shift+Left /
///   Shift+Right: the previous / next release (at its instant) or interruption. Home / End: the first / last frame.
/// - `[` / `]`: half / double speed (0.1× to 4×). `1`…`9`, `0`: the 1st…9th, 10th gesture.
/// - A press on the timeline scrubs to the instant under it, and a drag goes on scrubbing.
/// - `d`: the decision overlay. Tab or F1: the tuning panel, whose keys go to it first while it is
///   shown (as in the live window: Up / Down select, Left / Right adjust, Shift fine, Backspace
///   resets, Home / End, Escape hides); an adjustment re-runs the trace under the new numbers.
/// - `b`: pin the feel now playing as B (pressed again with B shown: drop B). `g`: ghost or split.
/// - Ctrl+S: save the feel playing now (A's at the playhead, edits included) as a feel file; the
///   shell writes it by the live window's rules (`takeSave()`, `saveFinished(_:)`); once it is
///   saved the panel compares with the saved feel (`baseline`).
/// - `q`, Ctrl+Q or Escape: quit.
///
/// Until `d` or Tab is pressed, the panel and decision overlay show as they were recorded: the
/// window draws what the live window drew.
package final class PlayerControls {
    /// How B is shown.
    package enum Comparison: Hashable, Sendable {
        /// B's photo translucent and outlined over A.
        case ghost
        /// A on the left, B on the right.
        case split
    }

    package let player: TracePlayer
    /// The player window's size, points.
    package var windowSize: Size
    package var comparison = Comparison.ghost
    /// The panel the person controls (nil: as recorded).
    package private(set) var panel: TuningPanel?
    /// The decision overlay switch the person controls (nil: as recorded).
    package private(set) var showsDecisions: Bool?
    /// True once the person asked to quit.
    package private(set) var wantsToQuit = false
    /// True while a press that began on the timeline is held.
    package private(set) var isScrubbing = false
    /// Wall time of the last tick, seconds.
    private var lastWall: Double?
    /// The feel Ctrl+S asked to save, until the shell takes it.
    package private(set) var pendingSave: Feel?
    /// The message line (a save's result) and the wall time it was shown; a notice fades after
    /// `FeelLab.noticeSeconds`, an error stays until the next message.
    package private(set) var message: (text: String, isError: Bool, wall: Double)?
    /// The feel the last successful Ctrl+S wrote (nil: none yet): from then on what the panel's
    /// "unsaved" compares with and its reset returns to, so the panel says "saved" when the
    /// message line does.
    package private(set) var savedFeel: Feel?
    /// The feel handed to the shell by the save it is writing now.
    private var savingFeel: Feel?
    /// Events of building after an edit done per tick (about a millisecond's worth each frame).
    static let buildEventsPerTick = 4_000

    package init(player: TracePlayer, windowSize: Size) {
        self.player = player
        self.windowSize = windowSize
    }

    /// The timeline as laid out in the window now.
    package var timeline: TimelineBar {
        TimelineBar(windowSize: windowSize, start: player.trace.time(ofFrame: 1), end: player.trace.time(ofFrame: player.frameCount))
    }

    // MARK: - Input

    /// Takes one input of the person's.
    package func handle(_ input: InputEvent.Kind) throws(TraceError) {
        switch input {
        case let .key(.down, key, modifiers):
            try handleKey(key, modifiers: modifiers)
        case let .pointer(.down, p, _, _) where timeline.contains(p):
            isScrubbing = true
            try player.scrub(toTime: timeline.time(atX: p.x))
        case let .pointer(.move, p, _, _) where isScrubbing:
            try player.scrub(toTime: timeline.time(atX: p.x))
        case .pointer(.up, _, _, _):
            isScrubbing = false
        case let .resize(size):
            windowSize = size
        default:
            break
        }
    }

    private func handleKey(_ key: String, modifiers: Modifiers) throws(TraceError) {
        let a = player.a
        if var panel = panel ?? Optional(a.lab.feelLab.panel), panel.isVisible, key != "tab", key != "f1",
           let action = panel.handleKey(key, modifiers: modifiers, feel: a.viewer.feel, baseline: baseline) {
            self.panel = panel
            if case let .change(feel) = action { try player.edit(feel: feel, unedited: unedited) }
            return
        }
        let plain = modifiers.subtracting(.shift).isEmpty
        switch key {
        case "s" where modifiers == .ctrl:
            pendingSave = a.viewer.feel
        case "q" where plain, "escape" where plain, "q" where modifiers == .ctrl:
            wantsToQuit = true
        case "space": player.togglePlaying()
        case "left" where modifiers == .shift: try player.previousDecision()
        case "right" where modifiers == .shift: try player.nextDecision()
        case "left" where plain, ",": try player.step(by: -1)
        case "right" where plain, ".": try player.step(by: 1)
        case "home": try player.goToStart()
        case "end": try player.goToEnd()
        case "[": player.halveSpeed()
        case "]": player.doubleSpeed()
        case "0": try player.goToGesture(10)
        case "1", "2", "3", "4", "5", "6", "7", "8", "9": try player.goToGesture(Int(key) ?? 1)
        case "d" where plain:
            showsDecisions = !(showsDecisions ?? a.lab.feelLab.showsDecisions)
        case "tab", "f1":
            var panel = panel ?? a.lab.feelLab.panel
            panel.isVisible.toggle()
            self.panel = panel
        case "b" where plain:
            if player.b == nil { player.pinAsB() } else { player.clearB() }
        case "g" where plain:
            comparison = comparison == .ghost ? .split : .ghost
        default:
            break
        }
    }

    /// Moves time on to wall time `wall` (seconds): playing advances the playhead by the wall time
    /// since the last tick × the speed; after an edit, the trace is re-run a slice further.
    package func tick(at wall: Double) throws(TraceError) {
        let elapsed = lastWall.map { max(0, wall - $0) } ?? 0
        lastWall = wall
        // A long stall (a drag of the window) does not jump the playhead ahead.
        try player.advance(wallSeconds: min(elapsed, 0.25))
        try player.buildMore(events: Self.buildEventsPerTick)
    }

    /// The feel Ctrl+S asked to save, once (the shell writes it and reports with `saveFinished`).
    package func takeSave() -> Feel? {
        defer { pendingSave = nil }
        if let pendingSave { savingFeel = pendingSave }
        return pendingSave
    }

    /// The shell's result of saving: its message shows in the window's message line.
    package func saveFinished(_ result: EffectResult) {
        switch result {
        case let .feelSaved(_, text):
            message = (text, false, lastWall ?? 0)
            if let savingFeel { savedFeel = savingFeel }
            savingFeel = nil
        case let .feelSaveFailed(text):
            message = (text, true, lastWall ?? 0)
            savingFeel = nil
        case let .photoFile(text, isError): message = (text, isError, lastWall ?? 0)
        case let .photoTrashed(_, text), let .dropped(_, text), let .photoRestored(_, text), let .photoTurned(_, _, text, _): message = (text, false, lastWall ?? 0)
        default: break
        }
    }

    /// What the panel resets to and compares with: the feel Ctrl+S last saved; before any save,
    /// the feel before the player's edits (`unedited`).
    var baseline: Feel { savedFeel ?? unedited }

    /// A's feel file values at the playhead, with the parameters edited in the player at their
    /// values before the edits (the trace's header feel under `play --feel`): what an edit brought
    /// back to is no longer an edit.
    var unedited: Feel {
        let saved = player.a.lab.savedFeel
        guard !player.edits.keys.isEmpty,
              let unedited = try? FeelCoding.resolve([player.trace.header.feel, player.edits.base]) else { return saved }
        return saved.replacing(player.edits.keys, from: unedited)
    }

    // MARK: - Output

    /// Run `run`'s scene at the playhead, with its lab drawn (`text` measures the shell's font):
    /// the person's panel and decision overlay in place of the recorded ones once they have
    /// touched them, over the replayed state, which they do not change.
    package func scene(of run: PlaybackRun, text: TextMetrics) -> Scene {
        let viewer = run.viewer
        var lab = run.lab.feelLab
        var size = viewer.windowSize
        if run === player.a, let message, message.isError || (lastWall ?? 0) - message.wall < FeelLab.noticeSeconds {
            lab.show(message.text, isError: message.isError)
        }
        if panel != nil || showsDecisions != nil {
            if let panel { lab.panel = panel }
            if let showsDecisions { lab.showsDecisions = showsDecisions }
            // The panel compares with the feel before the player's edits (those show as unsaved),
            // and keeps clear of the timeline.
            if run === player.a { lab.saved(baseline) }
            size.height = max(1, size.height - TimelineBar.height)
        }
        // As the live window draws it (`Session.scene(text:)`): the chrome's text, then the lab's.
        let overlays = viewer.chromeTextOverlays(text: text)
            + lab.overlays(feel: viewer.feel, windowSize: size, preview: lab.showsDecisions ? viewer.dismissPreview : nil, text: text)
        if let again = run.again { return GhostScene.again(again, overlays: overlays) }
        // The held photo where pointer prediction draws it, as the live window did.
        var scene = run.drawnViewer.scene()
        scene.overlays += overlays
        return scene
    }

    /// The timeline's overlays, caption included.
    package var timelineOverlays: [Scene.Overlay] {
        timeline.overlays(marks: player.a.marks, playhead: player.time, caption: caption)
    }

    /// The line above the track: state, time, frame, speed, marks, A/B, what is still being re-run.
    package var caption: String {
        let p = player
        var parts = [p.isPlaying ? "playing" : "paused",
                     "\(FeelNumber.fixed(p.time - p.trace.time(ofFrame: 1), places: 2)) / \(FeelNumber.fixed(p.trace.duration, places: 2)) s",
                     "frame \(p.frame) / \(p.frameCount)",
                     "\(FeelNumber.text(p.speed))×"]
        // The timeline counts the trace's wall clock; with slow motion on, the summary and the plots
        // count viewer time, behind it: the caption gives both.
        let viewerTime = p.a.viewer.time
        if abs(viewerTime - p.time) > 0.005 {
            parts[1] += " wall (trace \(FeelNumber.fixed(p.time, places: 2)) s) · viewer \(FeelNumber.fixed(viewerTime, places: 2)) s, the summary's clock"
        }
        let gestures = p.a.marks.filter { $0.kind == .gesture }.count
        let releases = p.a.marks.filter { $0.kind == .release }.count
        let interruptions = p.a.marks.filter { $0.kind == .interruption }.count
        parts.append("\(gestures) gestures · \(releases) releases · \(interruptions) interruptions")
        if !p.edits.keys.isEmpty { parts.append("edited: " + p.edits.keys.joined(separator: ", ")) }
        if let b = p.b { parts.append(b === p.a ? "B pinned (b drops)" : "A/B \(comparison == .ghost ? "ghost" : "split") (g)") }
        if !p.a.isBuilt { parts.append("re-running \(p.a.builtFrames * 100 / max(1, p.frameCount)) %") }
        return parts.joined(separator: "  ·  ")
    }
}
