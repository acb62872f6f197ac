import FeelModel
import Geometry
import Gestures
import Viewing
import Events
import JSON

/// A viewer inside the feel lab: the layer the shell and traces drive. It owns the `Viewer` and the
/// lab's state (`FeelLab`: tuning panel, slow motion, decision overlay, live curves, message line)
/// and routes every input event through the lab before the viewer sees it:
///
/// 1. the event's wall time becomes viewer time (slow motion, `SlowMotionClock`);
/// 2. while Ctrl+O's chooser is shown, it takes every key pressed, press, finger and wheel step (a dialog:
///    nothing reaches the grid under it); otherwise a key press goes to the viewer's chrome first
///    (help, fullscreen, caption, grid paging keys), then to the lab (its keys, Ctrl+O among them,
///    and the tuning panel's while it is shown), and only then to the viewer's behaviour;
/// 3. the results of saving and reloading the feel file (`effect` events) are the lab's, and so is
///    the message line that says a photo in view was removed from the folder;
/// 4. every frame feeds the live curves.
///
/// Pure, like the viewer: the lab's keys and the effects are input events, so a trace records them
/// and a replay does the same. See `FeelLab` and `TuningPanel` for the keys.
public struct LabViewer: Sendable {
    /// The viewer the lab drives.
    public package(set) var viewer: Viewer
    /// The lab's state: panel, slow-motion clock, decision overlay switch, curves, message line.
    package private(set) var feelLab: FeelLab
    /// Ctrl+O's built-in chooser while it is shown (`LabViewer+Chooser`).
    package internal(set) var chooser: FolderChooser?
    /// True from a press the chooser took to its release (the press that opened a folder ends
    /// after the chooser has closed): none of it reaches the viewer.
    var pressTakenByChooser = false
    /// The touch-screen fingers that came down on the chooser: theirs to their lift.
    var touchesTakenByChooser: Set<Int> = []

    /// A viewer in a lab whose feel file holds `viewer.feel`.
    package init(_ viewer: Viewer) {
        self.viewer = viewer
        self.feelLab = FeelLab(baseline: viewer.feel)
    }

    /// Lets go of live-curve samples no longer shown, for a copy kept aside (a checkpoint, a
    /// recall): everything shown, now and after any later event, is the same (`CurveHistory.compact`).
    package mutating func compactHistory() {
        feelLab.compactCurves()
    }

    /// The feel file's parameters: what the panel's reset returns to and "unsaved" compares with.
    package var savedFeel: Feel { feelLab.baseline }

    /// The parameters the pending Ctrl+S asked to save (nil when none is pending): what the shell
    /// writes to the feel file.
    public var feelToSave: Feel? { feelLab.pendingSave }

    // MARK: - Input

    /// Feeds one input event, through the lab to the viewer (see the type's documentation).
    public mutating func handle(_ event: InputEvent) {
        guard event.time.isFinite else { return }
        let wallTime = event.time
        let event = InputEvent(time: feelLab.viewerTime(atWall: wallTime), kind: event.kind)
        // Any input stops the slideshow, keys the chrome or the lab take too.
        viewer.stopSlideshow(for: event.kind)
        // The jump detector reads the notes of the event just handled (a renumbering of the list):
        // an event the lab takes (an effect, a lab key) never reaches `Viewer.handle`, which begins
        // the event, so it begins here (Delete's `photoTrashed` right after its `photos` event read
        // the renumbering twice: a false jump of the ghost's opacity).
        viewer.beginEvent()
        // Ctrl+O's chooser, while shown, is a dialog: what it takes goes nowhere else (a call of
        // its own, not cases here: each case's temporaries widen this frame, which deep replays
        // on a test's thread stack cannot afford; 12 KB more overflowed one).
        if handleChooserInput(event.kind) { return }
        switch event.kind {
        case let .key(.down, key, modifiers):
            // Motions reach the key's instant at the rate in force before it (slow motion changes here).
            viewer.step(to: event.time)
            guard viewer.handleChromeKey(key, modifiers: modifiers, panelShown: feelLab.panel.isVisible)
                || handleLabKey(key, modifiers: modifiers, wallTime: wallTime) else { break }
            return
        case let .effect(result):
            viewer.step(to: event.time)
            handleEffect(result)
            return
        case let .photos(change):
            let removed = viewer.photoInViewRemoved(by: change)
            viewer.handle(event)
            if let removed { feelLab.show(removed + " was removed from the folder", isError: false) }
            return
        default:
            break
        }
        // A key press was offered to the chrome above, with the panel in mind: not again.
        viewer.handle(event, keysOfferedToChrome: true)
        if case .frame = event.kind {
            feelLab.record(viewer.snapshot, fitWidth: viewer.fitWidthInView)
        }
    }

    /// Offers a key press to the lab; true when it took it.
    mutating func handleLabKey(_ key: String, modifiers: Modifiers, wallTime: Double) -> Bool {
        if key == "o", modifiers == .ctrl {
            chooseFolderKey()
            return true
        }
        guard let result = feelLab.handleKey(key, modifiers: modifiers, wallTime: wallTime, feel: viewer.feel) else { return false }
        switch result {
        case .handled:
            break
        case let .change(newFeel):
            viewer.retune(to: newFeel)
        case .save:
            // What is saved is decided here, from the recorded key; it counts as saved when the
            // shell's result comes back as a `feelSaved` event.
            feelLab.requestSave(viewer.feel)
            viewer.request(.saveFeel(viewer.feel))
        case .again:
            // Carried out by the session (`Session`'s `again`), over the viewer; the session names
            // the gesture (its press's time).
            viewer.request(.again(from: nil))
        }
        return true
    }

    /// Replaces the feel parameters with a set from the feel file (a trace's `feel` event); the
    /// parameters it changes become the tuning panel's reset values (`Viewer.apply(feel:)`).
    public mutating func apply(feel newFeel: Feel) {
        feelLab.fileFeelArrived(newFeel, current: viewer.feel)
        viewer.apply(feel: newFeel)
    }

    /// Shows a line at the top of the window (a feel file that failed to reload stays until fixed;
    /// a notice such as "saved feel.json" fades after 3 s); nil clears it. Not an input: it changes
    /// nothing but what is drawn.
    public mutating func show(message: String?, isError: Bool) {
        feelLab.show(message, isError: isError)
    }

    /// Says where the feel parameters in force came from, under the tuning panel's title (the
    /// shell's `LiveFeelFile.source`). Not an input: it changes nothing but what is drawn.
    package mutating func describeFeelSource(_ text: String?) {
        feelLab.panel.source = text
    }

    /// Acts on the result of saving the feel file or of its change on disk (recorded `effect`
    /// events). A reload whose JSON does not decode changes nothing (`Session` refuses it first).
    mutating func handleEffect(_ result: EffectResult) {
        switch result {
        case let .feelSaved(path, message):
            feelLab.saveFinished(succeeded: true)
            if feelLab.panel.source != nil { feelLab.panel.source = path + ", saved now" }
            feelLab.show(message, isError: false)
        case let .feelSaveFailed(message):
            feelLab.saveFinished(succeeded: false)
            feelLab.show(message, isError: true)
        case let .feelReloaded(name, layer, fixed):
            feelFileReloaded(layer, name: name, fixed: fixed)
        case let .feelReloadFailed(message):
            feelLab.show(message + " (keeping the last good parameters)", isError: true)
        case .again:
            // Carried out by the session, over the viewer; nothing here changes.
            break
        case let .photoFile(message, isError):
            feelLab.show(message, isError: isError)
        case let .dropped(open, message):
            chooser = nil
            viewer.openDropped(open)
            feelLab.show(message, isError: false)
        case let .photoRestored(photo, message):
            viewer.pageToRestored(photo)
            feelLab.show(message, isError: false)
        case let .photoTrashed(_, message):
            // The `photos` event just before took it out of the list: the neighbour took over.
            feelLab.show(message, isError: false)
        case let .photoTurned(photo, quarterTurns, message, asksToWrite):
            viewer.turn(photo, by: quarterTurns, asksToWrite: asksToWrite)
            feelLab.show(message, isError: false)
        case let .folderChoices(folder, choices):
            showChoices(folder: folder, choices: choices)
        }
    }

    /// The feel file `name` changed on disk to `layer` (its JSON object, decoded over the defaults
    /// by `Feel(layers:)`; a layer that does not decode changes nothing): the merge policy of a
    /// reload. The keys the file changed since the app last read or saved it (compared with the panel's baseline, the
    /// file's values as this session knows them) take the file's values, except the `fixed` ones
    /// the command line set; every other parameter keeps its value, so numbers tuned in the panel
    /// and not yet saved survive an edit of other keys. `finish` lays a final layer over the
    /// result (`replay --feel`). The message line says what was taken.
    package mutating func feelFileReloaded(_ layer: JSONObject, name: String, fixed: [String], finish: (Feel) -> Feel = { $0 }) {
        guard let file = try? Feel(layers: [layer]) else { return }
        let feel = viewer.feel
        let (merged, taken) = feel.merging(fileChangedFrom: feelLab.baseline, to: file, keeping: fixed)
        let overruled = file.differences(from: feelLab.baseline).filter { fixed.contains($0) }
        feelLab.fileReloaded(file, taking: taken)
        var list = taken.prefix(3).map { key in
            Feel.parameter(key).map { "\(key) \($0.formatted($0.value(in: file)))" } ?? key
        }.joined(separator: ", ") + (taken.count > 3 ? ", …" : "")
        if !overruled.isEmpty {
            list += (list.isEmpty ? "" : "; ") + overruled.joined(separator: ", ") + " kept as the command line set it"
        }
        // A reload that changes nothing (the file fixed back to what was in force) clears an error.
        feelLab.show(list.isEmpty ? nil : "reloaded \(name): \(list)", isError: false)
        let finished = finish(merged)
        if finished != feel { viewer.apply(feel: finished) }
    }
}
