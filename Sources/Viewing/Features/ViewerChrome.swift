import Geometry

/// What the viewer shows around the photos to tell the user where they are and what to press: the
/// help overlay, the caption on the open photo, the window's fullscreen state and the grid's scroll
/// indicator. Decided here from input and time, drawn by the shell from the Scene.
///
/// None of it is in the state log: it changes what is drawn, never where a photo is.
package struct ViewerChrome: Sendable {
    /// Seconds the caption stays after what it says last changed, or the pointer last moved.
    package static let captionHoldSeconds = 2.0
    /// Seconds the caption and the scroll indicator take to fade out.
    package static let fadeSeconds = 0.35
    /// Seconds the scroll indicator stays after the grid stops.
    package static let scrollIndicatorHoldSeconds = 0.6

    /// `?`, `h` or F1: the help overlay listing every control.
    package var showsHelp = false
    /// `i`: the caption stays on the open photo instead of hiding after `captionHoldSeconds`.
    package var captionPinned = false
    /// F11 or `f`: the window covers the screen (as the viewer asked; the shell does it).
    var isFullscreen = false
    /// When the caption was last woken (viewer seconds).
    package var captionWokenAt = -Double.infinity
    /// What the caption said at the last frame: photo and zoom in whole percent.
    var captionKey: [Int]?
    /// When the grid last moved (viewer seconds), and where it was then.
    var scrollMovedAt = -Double.infinity
    var lastScroll: Double?
    /// Where the pointer was last seen, window points; nil before any pointer event.
    var pointer: Point?
    /// True while Alt is held (from the Alt keys' presses and releases and the pointer's modifiers).
    var altHeld = false

    /// Opacity after a hold of `hold` seconds from `since`, then a linear fade; quantised to
    /// eighths so a fade draws at most eight text textures.
    package static func fade(since: Double, hold: Double, now: Double) -> Double {
        let age = now - since
        guard age.isFinite else { return 0 }
        let a = age <= hold ? 1 : max(0, 1 - (age - hold) / fadeSeconds)
        return (a * 8).rounded(.up) / 8
    }
}
