import Viewer
import PhotoFiles

/// The options of `photozoom play`.
public struct PlayOptions: Sendable {
    public var tracePath: String
    /// Laid over the trace's feel (`--feel FILE|PRESET`), as `replay --feel`.
    public var feel: JSONObject?
    /// `--feel`'s argument as given: where Ctrl+S saves (by `LiveFeelFile`'s rules, as the live window).
    public var feelArgument: String?
    /// Where Ctrl+S saves when `--feel` names no file (a fresh `feel.json`, as the live window).
    package var feelSaveFolder = ConfigDirectory.path
    /// Run B's layer (`--against FILE|PRESET`); nil: no B until one is pinned.
    public var against: JSONObject?
    /// The folder the trace's photos are taken from, matched by name.
    public var photosPath: String
    /// Start in the split view instead of the ghost.
    public var split = false
    /// Start at this frame instead of the first.
    public var startFrame: Int?
    /// Start playing at once.
    public var play = false
    /// Quit after this many seconds (scripted runs and screenshots); nil runs until quit.
    public var quitAfterSeconds: Double?
    /// Save the last frame drawn to this PNG when the player quits.
    public var screenshotPath: String?
    /// Scripted checks: show these frames in turn, save each as `visitFolder/frame-000012.png`, quit.
    public var visitFrames: [Int] = []
    /// Print, on quitting, how many frames were drawn per second and what each cost (the player's
    /// step and the drawing, apart from waiting for the display).
    public var printsFrameStatistics = false
    public var visitFolder: String?

    public init(tracePath: String, feel: JSONObject? = nil, against: JSONObject? = nil, photosPath: String) {
        self.tracePath = tracePath
        self.feel = feel
        self.against = against
        self.photosPath = photosPath
    }
}
