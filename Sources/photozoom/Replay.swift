import ArgumentParser
import Foundation
import LabUI
import Shell
import Trace
import Viewer

/// `photozoom replay TRACE`: the recorded session again, with no window, deterministically.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a gesture trace without a window: state log, PNG frames, a summary.",
        discussion: """
        The trace's events drive the same viewer as the window did, at the same instants, so the state \
        log equals the one written live with `run --states`, byte for byte. The layout comes from the \
        window and photo sizes in the trace's header, whatever folder is at hand; --photos only supplies \
        the pictures for --frames, matched by name.

        Feel: the defaults, then the header's feel (any subset of the keys), then --feel FILE or PRESET, then \
        --reduced-motion (which holds over the trace's own feel events too).
        Exit status: 0 success, 1 a file could not be written, 2 bad arguments or a bad trace or feel file.
        """
    )

    @Argument(help: "The gesture trace (.trace.jsonl; - reads standard input).")
    var trace: String
    @Option(help: "Feel parameters laid over the trace's: a feel file (any subset of the keys) or a preset name (default, ios, material, snappy, soft: the whole set).")
    var feel: String?
    @Flag(help: "Cross-fade instead of flying photos, whatever the trace's feel says (as `run --reduced-motion`).")
    var reducedMotion = false
    @Option(help: "Write the state log (one JSON line per frame) to this file (- for standard output).")
    var states: String?
    @Option(help: "Draw frames as PNGs into this folder (made if missing).")
    var frames: String?
    @Option(help: "With --frames, draw every Nth frame (the first frame always; default 1).")
    var every: Int?
    @Flag(help: "Print an account of what happened: opens, releases, interruptions, with their figures.")
    var summary = false
    @Option(help: "With --frames, the folder of photos to draw (default: the bundled Resources/Photos).")
    var photos: String?

    func run() throws {
        try reportingErrors {
            if let every, every < 1 { throw ShellError.badInput("--every: expected a whole number ≥ 1, found \(every)") }
            if every != nil, frames == nil { throw ShellError.badInput("--every: only with --frames DIR (it picks which frames to draw)") }
            do {
                try replay()
            } catch let error as TraceError {
                throw ShellError(error.description, exitStatus: error.exitStatus)
            }
        }
    }

    private func replay() throws {
        var override = try feel.map { try FeelLayer.resolve($0).object }
        if reducedMotion {
            override = (override ?? JSONObject()).merging(JSONObject([JSONMember("reducedMotion", .bool(true))]))
        }
        let reader = try TraceReader(path: trace, warn: printError)
        let statesSink = try states.map { path throws(TraceError) in try FileLineSink(path: path, flushesEachLine: false) }
        let session = try TraceReplay.session(for: reader, feelOverride: override, states: statesSink, summarize: summary)
        let drawing = try frames.map { try FrameWriter(folder: $0, every: every ?? 1, header: reader.header, photosPath: photos) }

        let count = try TraceReplay.run(reader, through: session) { session in
            try drawing?.frame(session)
        }
        try statesSink?.close()

        if let text = session.summary?.text {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        if states == nil, frames == nil, !summary {
            printError("photozoom: replayed \(count) frames over \(JSONText.number(reader.lastTime)) s; "
                       + "nothing written (add --states LOG, --frames DIR or --summary)")
        }
    }
}

/// Draws the replayed frames as PNGs: `DIR/frame-000012.png`, numbered as the state log's `frame`.
private final class FrameWriter {
    let folder: URL
    let every: Int
    let renderer: HeadlessRenderer

    init(folder path: String, every: Int, header: TraceHeader, photosPath: String?) throws {
        folder = URL(fileURLWithPath: path, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ShellError.badInput("\(path): cannot make the frames folder (\(error.localizedDescription))")
        }
        self.every = every
        let photoFolder = try PhotoFolder(path: photosPath ?? bundledPhotosPath())
        let photos = header.photos
        let probe = TraceTextureSource(photos: photos, folder: photoFolder, warn: printError)
        if probe.missingCount > 0 {
            printError("warning: \(probe.missingCount) of the trace's \(photos.count) photos are not in \(photoFolder.directory.path); "
                       + "they are drawn as placeholders")
        }
        renderer = try HeadlessRenderer(pointScale: header.scale) {
            TraceTextureSource(photos: photos, folder: photoFolder, warn: printError)
        }
    }

    func frame(_ session: Session) throws {
        let number = session.viewer.snapshot.frame
        guard (session.frameCount - 1) % every == 0 else { return }
        try renderer.draw(session.viewer.scene(text: renderer.textMetrics))
        try renderer.savePNG(to: folder.appendingPathComponent(FrameFileName.of(frame: number)).path)
    }
}
