import ArgumentParser
import Foundation
import PhotoFiles
import PlayerWindow
import Trace
import Viewing
import Diagnostics

/// `photozoom play TRACE`: the recorded session in the window, to watch, step and scrub.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a gesture trace in the window: play, pause, step and scrub it; compare two feels on it.",
        discussion: """
        The trace drives the same viewer as `replay`, so frame N shows what the live window drew at frame N \
        (and what `replay --frames` saves), with a timeline along the bottom: the session's length, its \
        gestures (pale), releases (amber) and interruptions (red), and the playhead.

        Keys: Space play/pause; Left/Right or , and . one frame; Shift+Left/Right the previous/next release \
        or interruption; [ and ] half/double speed (0.1× to 4×); Home/End; 1…9, 0 the Nth gesture; a press or \
        drag on the timeline scrubs; d the decision overlay; Tab the tuning panel (its edits re-run the trace \
        under the new numbers, the playhead kept); b pins the feel playing now as B (again: drops B); g ghost \
        or split; q or Escape quits. The player never writes the trace or the feel file.

        Feel: the defaults, then the trace's, then --feel FILE or PRESET. --against FILE or PRESET plays the \
        same trace under a second feel as B, drawn as a ghost over A (outline and translucent photo) or beside it.
        Exit status: 0 success, 1 a runtime failure, 2 bad arguments or a bad trace or feel file.
        """
    )

    @Argument(help: "The gesture trace (.trace.jsonl).")
    var trace: String
    @Option(help: "Feel parameters laid over the trace's: a feel file (any subset of the keys) or a preset name.")
    var feel: String?
    @Option(help: "A second feel (file or preset) to compare against, as B.")
    var against: String?
    @Option(help: "The folder of photos to draw, matched by name (default: the bundled Resources/Photos).")
    var photos: String?
    @Flag(help: "Start with A and B side by side instead of B as a ghost.")
    var split = false
    @Option(help: "Start at this frame.")
    var frame: Int?
    @Flag(help: "Start playing at once.")
    var autoplay = false
    @Option(help: ArgumentHelp("Quit after this many seconds (scripted runs).", visibility: .hidden))
    var quitAfter: Double?
    @Option(help: ArgumentHelp("Save the last frame to this PNG when quitting.", visibility: .hidden))
    var screenshot: String?
    @Option(help: ArgumentHelp("Show these frames in turn (comma-separated), save each into --visit-folder, quit.", visibility: .hidden))
    var visit: String?
    @Option(help: ArgumentHelp("Where --visit saves its frames (made if missing).", visibility: .hidden))
    var visitFolder: String?
    @Flag(help: ArgumentHelp("On quitting, print the frames drawn per second and each frame's cost.", visibility: .hidden))
    var frameStatistics = false

    func run() throws {
        try reportingErrors {
            var options = PlayOptions(tracePath: trace, feel: try feel.map { try FeelLayer.resolve($0).object },
                                      against: try against.map { try FeelLayer.resolve($0).object },
                                      photosPath: photos ?? bundledPhotosPath())
            options.feelArgument = feel
            options.split = split
            options.startFrame = frame
            options.play = autoplay
            options.quitAfterSeconds = quitAfter
            options.screenshotPath = screenshot
            if let visit {
                let frames = visit.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !frames.isEmpty, frames.allSatisfy({ $0 != nil }) else {
                    throw CommandLineError.badInput("--visit: expected frame numbers separated by commas, found '\(visit)'")
                }
                options.visitFrames = frames.compactMap { $0 }
            }
            options.visitFolder = visitFolder
            options.printsFrameStatistics = frameStatistics
            do {
                try PlayerApp(options: options).run()
            } catch let error as TraceError {
                throw CommandLineError(error.description, exitStatus: error.exitStatus)
            }
        }
    }
}
