import Viewing
import PhotoFiles
import JSON

/// The options of `photozoom play`.
package struct PlayOptions: Sendable {
    package var tracePath: String
    /// Laid over the trace's feel (`--feel FILE|PRESET`), as `replay --feel`.
    package var feel: JSONObject?
    /// `--feel`'s argument as given: where Ctrl+S saves (by `LiveFeelFile`'s rules, as the live window).
    package var feelArgument: String?
    /// Where Ctrl+S saves when `--feel` names no file (a fresh `feel.json`, as the live window).
    package var feelSaveFolder = ConfigDirectory.path
    /// Run B's layer (`--against FILE|PRESET`); nil: no B until one is pinned.
    package var against: JSONObject?
    /// The folder the trace's photos are taken from, matched by name.
    package var photosPath: String
    /// Start in the split view instead of the ghost.
    package var split = false
    /// Start at this frame instead of the first.
    package var startFrame: Int?
    /// Start playing at once.
    package var play = false
    /// Quit after this many seconds (scripted runs and screenshots); nil runs until quit.
    package var quitAfterSeconds: Double?
    /// Save the last frame drawn to this PNG when the player quits.
    package var screenshotPath: String?
    /// Scripted checks: show these frames in turn, save each as `visitFolder/frame-000012.png`, quit.
    package var visitFrames: [Int] = []
    /// Print, on quitting, how many frames were drawn per second and what each cost (the player's
    /// step and the drawing, apart from waiting for the display).
    package var printsFrameStatistics = false
    package var visitFolder: String?

    package init(tracePath: String, feel: JSONObject? = nil, against: JSONObject? = nil, photosPath: String) {
        self.tracePath = tracePath
        self.feel = feel
        self.against = against
        self.photosPath = photosPath
    }
}
