import Feel
import Geometry
import Gestures

// The feel lab inside the viewer: keys routed to it first, its overlays above the scene, the live
// curves fed every frame. See `FeelLab` and `TuningPanel` for the keys.
extension Viewer {
    /// The lab's state: panel, slow-motion clock, decision overlay switch, curves, message line.
    package var feelLab: FeelLab { lab }

    /// The feel file's parameters: what the panel's reset returns to and "unsaved" compares with.
    package var savedFeel: Feel { lab.baseline }

    /// Shows a line at the top of the window (a feel file that failed to reload stays until fixed;
    /// a notice such as "saved feel.json" fades after 3 s); nil clears it. Not an input: it changes
    /// nothing but what is drawn.
    public mutating func show(message: String?, isError: Bool) {
        lab.show(message, isError: isError)
    }

    /// Offers a key press to the lab; true when it took it.
    mutating func handleLabKey(_ key: String, modifiers: Modifiers, at t: Double, wallTime: Double) -> Bool {
        // Motions reach the key's instant at the rate in force before it (slow motion changes here).
        step(to: t)
        guard let result = lab.handleKey(key, modifiers: modifiers, wallTime: wallTime, feel: feel) else { return false }
        switch result {
        case .handled:
            break
        case let .change(newFeel):
            retune(to: newFeel)
        case .save:
            // What is saved is decided here, from the recorded key; it counts as saved when the
            // shell's result comes back as a `feelSaved` event.
            lab.requestSave(feel)
            if !requests.contains(.saveFeel) { requests.append(.saveFeel) }
        case .again:
            if !requests.contains(.again) { requests.append(.again) }
        }
        return true
    }

    /// The parameters the pending Ctrl+S asked to save (nil when none is pending): what the shell
    /// writes to the feel file.
    public var feelToSave: Feel? { lab.pendingSave }

    /// Acts on the result of saving the feel file or of its change on disk (recorded `effect`
    /// events). A reload whose JSON does not decode changes nothing (`Session` refuses it first).
    mutating func handleEffect(_ result: EffectResult) {
        switch result {
        case let .feelSaved(_, message):
            lab.saveFinished(succeeded: true)
            lab.show(message, isError: false)
        case let .feelSaveFailed(message):
            lab.saveFinished(succeeded: false)
            lab.show(message, isError: true)
        case let .feelReloaded(name, json, fixed):
            if let file = try? Feel(jsonText: json) { feelFileReloaded(file, name: name, fixed: fixed) }
        case let .feelReloadFailed(message):
            lab.show(message + " (keeping the last good parameters)", isError: true)
        case .again:
            // Carried out by the session, over the viewer; nothing here changes.
            break
        }
    }

    /// The feel file `name` changed on disk to `file`: the merge policy of a reload. The keys the
    /// file changed since the app last read or saved it (compared with the panel's baseline, the
    /// file's values as this session knows them) take the file's values, except the `fixed` ones
    /// the command line set; every other parameter keeps its value, so numbers tuned in the panel
    /// and not yet saved survive an edit of other keys. `finish` lays a final layer over the
    /// result (`replay --feel`). The message line says what was taken.
    public mutating func feelFileReloaded(_ file: Feel, name: String, fixed: [String], finish: (Feel) -> Feel = { $0 }) {
        let (merged, taken) = feel.merging(fileChangedFrom: lab.baseline, to: file, keeping: fixed)
        let overruled = file.differences(from: lab.baseline).filter { fixed.contains($0) }
        lab.fileReloaded(file, taking: taken)
        var list = taken.prefix(3).map { key in
            Feel.parameter(key).map { "\(key) \($0.formatted($0.value(in: file)))" } ?? key
        }.joined(separator: ", ") + (taken.count > 3 ? ", …" : "")
        if !overruled.isEmpty {
            list += (list.isEmpty ? "" : "; ") + overruled.joined(separator: ", ") + " kept as the command line set it"
        }
        // A reload that changes nothing (the file fixed back to what was in force) clears an error.
        lab.show(list.isEmpty ? nil : "reloaded \(name): \(list)", isError: false)
        let finished = finish(merged)
        if finished != feel {
            retune(to: finished)
            movedByInput = true
        }
    }

    /// Feeds the frame just counted to the live curves.
    mutating func recordLabFrame() {
        lab.record(snapshot, fitWidth: session.map { fitSize($0.photo).width })
    }

}
