import ArgumentParser
import Shell

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the window on a folder of photos (the default).")

    @Option(help: "Folder of photos (default: the bundled Resources/Photos).")
    var photos: String?
    @Option(help: "Feel parameters: a JSON file (reloaded live when saved) or a preset name (default, ios, material, snappy, soft).")
    var feel: String?
    @Option(help: "Record the session's gesture trace to this file (JSON Lines).")
    var record: String?
    @Option(help: "Write the state log (one JSON line per frame) to this file.")
    var states: String?
    @Option(help: "Window size in points, WxH.")
    var size: WindowSizeArgument = WindowSizeArgument(argument: "1280x800")!
    @Flag(help: "Cross-fade instead of flying photos between the grid and the full frame (overrides the feel file's reducedMotion, also across live reloads).")
    var reducedMotion = false
    @Option(help: ArgumentHelp("Quit after this many seconds (scripted runs).", visibility: .hidden))
    var quitAfter: Double?
    @Option(help: ArgumentHelp("Save the last frame to this PNG when quitting.", visibility: .hidden))
    var screenshot: String?

    func run() throws {
        try reportingErrors {
            let options = RunOptions(photosPath: photos ?? bundledPhotosPath(), feelPath: feel, recordPath: record,
                                     statesPath: states, windowSize: size.size, quitAfterSeconds: quitAfter,
                                     screenshotPath: screenshot, reducedMotion: reducedMotion)
            try App(options: options).run()
        }
    }
}
