/// The largest magnitudes a trace may carry, per kind of number. Every finite number a trace holds
/// is either within these and replayed, or refused by name (`FILE:LINE: field 'x': …`, exit 2):
/// far beyond them the viewer's arithmetic leaves the range where a Double counts points and cells
/// (a hover at x = 1e22 once crashed the grid), and nothing a person does comes near them.
package enum TraceBounds {
    /// Event times, seconds: about 31 years.
    package static let seconds = 1e9
    /// Pointer, touch and wheel coordinates and wheel deltas, points: a thousand 4K screens.
    package static let coordinatePoints = 1e6
    /// Window sides, points.
    package static let windowPoints = 1e5
    /// Photo sides, pixels: the largest side a header can state is 2^32 − 1.
    package static let photoPixels = 1e10
    /// Display scale (pixels per point).
    package static let scale = 64.0
    /// A frame's time to the screen (`horizon` events), seconds.
    package static let horizonSeconds = 1.0
}
