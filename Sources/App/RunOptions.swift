import Geometry
import PhotoFiles

/// The options of `photozoom run`.
package struct RunOptions: Sendable {
    /// The photos and folders to show (`PhotoSelection`); empty shows the bundled demo photos.
    package var photoPaths: [String]
    /// The bundled demo photos, shown when no path is given and no last folder is remembered.
    package var bundledPhotos: String
    /// `-r`: folders include their subfolders' photos.
    package var recursive: Bool
    package var feelPath: String?
    package var recordPath: String?
    package var statesPath: String?
    /// `--size`; nil opens the window at the size it had when PhotoZoom last quit (else 1280 × 800).
    package var windowSize: Size?
    /// The window size when none is given or remembered.
    package static let defaultWindowSize = Size(1280, 800)
    /// PhotoZoom's config folder (`ConfigDirectory`): the remembered window and folder.
    package var configFolder: String
    /// `--force`: `--record` and `--states` replace a file already there (else they take the next free name).
    package var overwrite: Bool
    /// Where Ctrl+S saves a tuned preset (a fresh `feel.json` there); the XDG config folder by default.
    package var feelSaveFolder: String
    /// Quit after this many seconds (for scripted runs and screenshots); nil runs until quit.
    package var quitAfterSeconds: Double?
    /// Save the last frame drawn to this PNG when the app quits.
    package var screenshotPath: String?
    /// `--reduced-motion`: openings and closings cross-fade instead of flying, whatever the feel file
    /// says (a top feel layer `{"reducedMotion": true}`, kept through live reloads and recorded in
    /// the trace header's feel).
    package var reducedMotion: Bool

    package init(photoPaths: [String] = [], bundledPhotos: String = ResourceDirectory.photosPath, recursive: Bool = false, feelPath: String? = nil, recordPath: String? = nil, statesPath: String? = nil,
                windowSize: Size? = nil, quitAfterSeconds: Double? = nil, screenshotPath: String? = nil,
                reducedMotion: Bool = false, overwrite: Bool = false, feelSaveFolder: String? = nil) {
        self.overwrite = overwrite
        self.feelSaveFolder = feelSaveFolder ?? ConfigDirectory.path
        configFolder = ConfigDirectory.path
        self.photoPaths = photoPaths
        self.bundledPhotos = bundledPhotos
        self.recursive = recursive
        self.feelPath = feelPath
        self.recordPath = recordPath
        self.statesPath = statesPath
        self.windowSize = windowSize
        self.quitAfterSeconds = quitAfterSeconds
        self.screenshotPath = screenshotPath
        self.reducedMotion = reducedMotion
    }

    /// The paths to show: those given; with none, the folder shown last (when it still holds
    /// photos, its own or, as `StartSelection` shows them, its subfolders'), else the bundled demo
    /// photos at `bundled`.
    package func photoPaths(lastFolder: String?) -> [String] {
        if !photoPaths.isEmpty { return photoPaths }
        if let lastFolder, (try? PhotoFolder(path: lastFolder, recursive: recursive)) ?? (try? PhotoFolder(path: lastFolder, recursive: true)) != nil {
            return [lastFolder]
        }
        return [bundledPhotos]
    }
}
