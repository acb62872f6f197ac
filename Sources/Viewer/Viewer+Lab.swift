import Geometry
import Gestures

// The feel lab inside the viewer: keys routed to it first, its overlays above the scene, the live
// curves fed every frame. See `FeelLab` and `TuningPanel` for the keys.
extension Viewer {
    /// The lab's state: panel, slow-motion clock, decision overlay switch, curves, message line.
    public var feelLab: FeelLab { lab }

    /// The feel file's parameters: what the panel's reset returns to and "unsaved" compares with.
    public var savedFeel: Feel { lab.baseline }

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
            // The save is decided here, from the recorded key, so a replay's reset values match.
            lab.saved(feel)
            if !requests.contains(.saveFeel) { requests.append(.saveFeel) }
        }
        return true
    }

    /// Feeds the frame just counted to the live curves.
    mutating func recordLabFrame() {
        lab.record(snapshot, fitWidth: session.map { fitSize($0.photo).width })
    }

}
