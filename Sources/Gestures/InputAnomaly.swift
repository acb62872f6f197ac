/// An input the recognizers could not take as it came, and what they did instead. Counted in
/// `GestureRecognizer.anomalyCounts` so a HUD, a log or a test can see them; none of them stops
/// anything or puts a NaN into the output.
package enum InputAnomaly: String, Hashable, Sendable, CaseIterable {
    /// An event's time was earlier than the previous event's: taken as the previous time.
    case timeWentBackwards
    /// An event's time was NaN or infinite: taken as the previous time.
    case nonFiniteTime
    /// A position or wheel delta was NaN, infinite or beyond ±10⁹: the event is ignored, but a
    /// release or a lift happens where the pointer or finger was last seen.
    case nonFiniteCoordinates
    /// A button release with no press held (or of a button never pressed): ignored.
    case releaseWithoutPress
    /// Motion with a button held but no press seen (pressed outside the window): ignored.
    case moveWithoutPress
    /// A press while another is held (a second button, or the same one after a lost release):
    /// ignored, and so is its release.
    case secondPress
    /// A press while fingers are down: the touch gesture is cancelled and the press goes ahead, so
    /// a finger whose lift was lost can never block the mouse.
    case pressDuringTouch
    /// Motion with no button while a press was held: the release was lost (outside the window),
    /// so the press ends where it was last seen.
    case releaseLost
    /// A press event without a button: ignored.
    case pressWithoutButton
    /// A touch move, up or cancel for a finger id never put down: ignored.
    case unknownTouch
    /// A touch down for a finger id already down: ignored.
    case duplicateTouch
    /// A touch while the mouse holds a press: ignored, with its later events.
    case touchDuringPress
}
