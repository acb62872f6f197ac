import ArgumentParser
import App

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the window on photos and folders (the default).",
        discussion: """
        A folder shows its photos in natural name order; a photo opens its folder with that photo \
        presented; several photos form the set in the order given. With no PATH: the folder shown last \
        (remembered in $XDG_CONFIG_HOME/photozoom), else the bundled demo photos.
        """)

    @Argument(help: ArgumentHelp("Photos and folders to show (default: the folder shown last, else the bundled demo photos).", valueName: "path"))
    var paths: [String] = []
    @Flag(name: [.customShort("r"), .long], help: "Include the photos in subfolders.")
    var recursive = false
    @Option(help: "A folder or photo to show (the same as giving it as a path).")
    var photos: String?
    @Option(help: "Feel parameters: a JSON file (reloaded live when saved) or a preset name (default, ios, material, photoswipe, snappy, soft).")
    var feel: String?
    @Option(help: "Record the session's gesture trace to this file (JSON Lines).")
    var record: String?
    @Option(help: "Write the state log (one JSON line per frame) to this file.")
    var states: String?
    @Flag(help: "Let --record and --states replace a file already there (else they write to the next free name, e.g. live-2.trace.jsonl).")
    var force = false
    @Option(help: "Window size in points, WxH (default: the size PhotoZoom last had, else 1280x800).")
    var size: WindowSizeArgument?
    @Flag(help: "Cross-fade instead of flying photos between the grid and the full frame (overrides the feel file's reducedMotion, also across live reloads).")
    var reducedMotion = false
    @Option(help: ArgumentHelp("Quit after this many seconds (scripted runs).", visibility: .hidden))
    var quitAfter: Double?
    @Option(help: ArgumentHelp("Save the last frame to this PNG when quitting.", visibility: .hidden))
    var screenshot: String?

    func run() throws {
        try reportingErrors {
            let given = (photos.map { [$0] } ?? []) + paths
            let options = RunOptions(photoPaths: given, bundledPhotos: bundledPhotosPath(), recursive: recursive,
                                     feelPath: feel, recordPath: record, statesPath: states, windowSize: size?.size,
                                     quitAfterSeconds: quitAfter, screenshotPath: screenshot, reducedMotion: reducedMotion,
                                     overwrite: force)
            try PhotoZoomApp(options: options).run()
        }
    }
}
