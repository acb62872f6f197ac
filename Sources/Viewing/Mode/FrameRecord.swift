/// What the viewer carries from one frame to the next for the state log: how many frames, the
/// gesture the last one showed and the tap or wheel step seen since, and whether it found
/// everything at rest (a `settled` note marks the change). One value, written once a frame
/// (`Viewer.advance(to:)`), apart from the mode, which it does not repeat.
package struct FrameRecord: Sendable {
    /// Frames counted so far.
    package var count = 0
    /// The state log's `gesture` for the last frame.
    package var gesture: GestureName = .none
    /// A tap or wheel step seen since the last frame (the next frame's `gesture` when no gesture
    /// holds anything then).
    package var gestureSince: GestureName = .none
    /// True when the last frame found everything at rest.
    package var wasAtRest = true

    package init() {}
}
