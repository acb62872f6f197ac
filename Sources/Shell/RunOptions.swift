import Geometry

/// The options of `photozoom run`.
public struct RunOptions: Sendable {
    /// The photos and folders to show (`PhotoSelection`); empty shows the bundled demo photos.
    public var photoPaths: [String]
    /// `-r`: folders include their subfolders' photos.
    public var recursive: Bool
    public var feelPath: String?
    public var recordPath: String?
    public var statesPath: String?
    public var windowSize: Size
    /// `--force`: `--record` and `--states` replace a file already there (else they take the next free name).
    public var overwrite: Bool
    /// Where Ctrl+S saves a tuned preset (a fresh `feel.json` there); the XDG config folder by default.
    public var feelSaveFolder: String
    /// Quit after this many seconds (for scripted runs and screenshots); nil runs until quit.
    public var quitAfterSeconds: Double?
    /// Save the last frame drawn to this PNG when the app quits.
    public var screenshotPath: String?
    /// `--reduced-motion`: openings and closings cross-fade instead of flying, whatever the feel file
    /// says (a top feel layer `{"reducedMotion": true}`, kept through live reloads and recorded in
    /// the trace header's feel).
    public var reducedMotion: Bool

    public init(photoPaths: [String] = [], recursive: Bool = false, feelPath: String? = nil, recordPath: String? = nil, statesPath: String? = nil,
                windowSize: Size = Size(1280, 800), quitAfterSeconds: Double? = nil, screenshotPath: String? = nil,
                reducedMotion: Bool = false, overwrite: Bool = false, feelSaveFolder: String? = nil) {
        self.overwrite = overwrite
        self.feelSaveFolder = feelSaveFolder ?? ConfigDirectory.path
        self.photoPaths = photoPaths
        self.recursive = recursive
        self.feelPath = feelPath
        self.recordPath = recordPath
        self.statesPath = statesPath
        self.windowSize = windowSize
        self.quitAfterSeconds = quitAfterSeconds
        self.screenshotPath = screenshotPath
        self.reducedMotion = reducedMotion
    }
}
