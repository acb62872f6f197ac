import ArgumentParser
import Foundation
import LabUI
import PhotoFiles
import Rendering
import App
import Trace
import Viewing
import Diagnostics
import JSON

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
        --reduced-motion (which holds over the trace's own feel events too). A preset given to --feel plays \
        as shipped: numbers tuned in the recorded session's panel are replayed over it only with \
        --with-panel-edits (without --feel they always replay); standard error says which.
        Exit status: 0 success, 1 a file could not be written, 2 bad arguments or a bad trace or feel file.
        """
    )

    @Argument(help: "The gesture trace (.trace.jsonl; - reads standard input).")
    var trace: String
    @Option(help: "Feel parameters laid over the trace's: a feel file (any subset of the keys) or a preset name (default, ios, material, photoswipe, snappy, soft: the whole set).")
    var feel: String?
    @Flag(help: "Replay the numbers tuned in the recorded session's panel on top of --feel (by default a preset plays as shipped, a file's keys stay on top of the edits), as `compare --with-panel-edits`.")
    var withPanelEdits = false
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
    @Flag(help: "Check frame-rate independence: replay the trace's input at 30, 60, 120, 144 and 240 fps and in slow motion (0.25x, 0.1x on a 60 Hz display) and print the largest difference per drawn quantity at common viewer instants (exit 0; the last line says whether every quantity is within 0.5 pt, 0.001 rad, 0.002 of backdrop).")
    var rates = false
    @Flag(help: "Score pointer prediction on the trace's mouse drags: how far the grabbed point drawn is from the recorded pointer when each frame reaches the screen (median, p95), frames predicted the wrong way, overshoot and settling after a stop, with prediction off and on (the trace's pointerPredictionSeconds, or 25 ms where it is 0).")
    var prediction = false
    @Option(help: "With --prediction, the frames' time to the screen in seconds where the trace recorded none (traces recorded before pointer prediction; default: those frames are left out).")
    var horizon: Double?
    @Option(help: "With --frames or --video, the folder of photos to draw (default: the bundled Resources/Photos).")
    var photos: String?
    @Option(help: "Encode the replay as a video: OUT.mp4 (H.264) or OUT.gif, through ffmpeg.")
    var video: String?
    @Option(help: "With --video, start at this time, seconds of viewer time: the clock of --summary and the plots (with slow motion on, behind the player's wall clock) (default: the start).")
    var from: Double?
    @Option(help: "With --video, end at this time, seconds of viewer time, as --from (default: the last frame).")
    var to: Double?
    @Option(help: "With --video, frames per second (default 30).")
    var fps: Double?
    @Option(help: "With --video, the video's size in pixels, WxH (default: the trace's window).")
    var size: WindowSizeArgument?
    @Flag(help: "Let --states, --frames and --video replace what is already there (else they write to the next free name, e.g. log-2.states.jsonl).")
    var force = false

    func run() throws {
        try reportingErrors {
            if let every, every < 1 { throw CommandLineError.badInput("--every: expected a whole number ≥ 1, found \(every)") }
            if every != nil, frames == nil { throw CommandLineError.badInput("--every: only with --frames DIR (it picks which frames to draw)") }
            if video == nil {
                for (name, given) in [("--from", from != nil), ("--to", to != nil), ("--fps", fps != nil), ("--size", size != nil)] where given {
                    throw CommandLineError.badInput("\(name): only with --video OUT.mp4|OUT.gif")
                }
            }
            if let fps, !(fps >= 1 && fps <= 120) { throw CommandLineError.badInput("--fps: expected 1 to 120 frames per second, found \(fps)") }
            if let from, !(from >= 0 && from.isFinite) { throw CommandLineError.badInput("--from: expected seconds ≥ 0, found \(from)") }
            if let to, !(to.isFinite && to > (from ?? 0)) {
                throw CommandLineError.badInput("--to: expected a time after --from (\(from ?? 0) s), found \(to)")
            }
            if let video { _ = try VideoEncoder.container(for: video) }
            do {
                try replay()
            } catch let error as TraceError {
                throw CommandLineError(error.description, exitStatus: error.exitStatus)
            }
        }
    }

    /// What the replay lays over the trace's feel, as standard error names it: "default as shipped
    /// (the session's panel edits not replayed; --with-panel-edits replays them)", "default + panel edits",
    /// "soft.json over the panel edits".
    static func layering(_ layer: FeelLayer, withPanelEdits: Bool) -> String {
        if withPanelEdits { return "\(layer.name) + panel edits (the session's panel edits replayed on top)" }
        return layer.isPreset
            ? "\(layer.name) as shipped (the session's panel edits not replayed; --with-panel-edits replays them)"
            : "\(layer.name) over the session's panel edits (its keys stay on top; --with-panel-edits lets the edits win)"
    }

    /// A replay stopped by a signal: outputs closed, the exit status 128 + the signal's number.
    struct Stopped: Error {
        var signal: Int32
    }

    private func replay() throws {
        if rates {
            for (name, given) in [("--states", states != nil), ("--frames", frames != nil), ("--video", video != nil), ("--summary", summary)] where given {
                throw CommandLineError.badInput("--rates: replays the trace several times and prints only its check; leave out \(name)")
            }
        }
        if prediction {
            for (name, given) in [("--states", states != nil), ("--frames", frames != nil), ("--video", video != nil), ("--summary", summary),
                                  ("--rates", rates)] where given {
                throw CommandLineError.badInput("--prediction: prints only the score of the trace's drags; leave out \(name)")
            }
        }
        if let horizon, !(horizon > 0 && horizon <= 1) { throw CommandLineError.badInput("--horizon: expected seconds in (0, 1], found \(horizon)") }
        if horizon != nil, !prediction { throw CommandLineError.badInput("--horizon: only with --prediction") }
        StopSignals.catchThem()
        let layer = try feel.map { try FeelLayer.resolve($0) }
        if withPanelEdits, layer == nil {
            throw CommandLineError.badInput("--with-panel-edits: only with --feel FILE or PRESET (without --feel the session's panel edits always replay)")
        }
        var override = layer?.object
        if reducedMotion {
            override = (override ?? JSONObject()).merging(JSONObject([JSONMember("reducedMotion", .bool(true))]))
        }
        // Outputs never destroy inputs: none is the trace or the feel file, none replaces a file without --force.
        let inputs = [trace] + (feel.map { [$0] } ?? [])
        let statesPath = try states.map { try OutputPath.resolve($0, option: "--states", inputs: inputs, force: force, warn: printError) }
        let framesPath = try frames.map {
            try OutputPath.resolve($0, option: "--frames", inputs: inputs, force: force, folder: true, warn: printError)
        }
        let videoPath = try video.map { try OutputPath.resolve($0, option: "--video", inputs: inputs, force: force, warn: printError) }
        try OutputPath.requireDistinct([("--states", statesPath), ("--frames", framesPath), ("--video", videoPath)])
        let reader = try TraceReader(path: trace, warn: printError)
        if let layer { printError("photozoom: feel \(Self.layering(layer, withPanelEdits: withPanelEdits))") }
        if rates { return try ReplayRates.run(reader, feelOverride: override, replaysPanelEdits: withPanelEdits || layer == nil) }
        if prediction { return try ReplayPrediction.run(reader, feelOverride: override, horizon: horizon) }
        let statesSink = try statesPath.map { path throws(TraceError) in try FileLineSink(path: path, flushesEachLine: false) }
        let session = try TraceReplay.session(for: reader, feelOverride: override, replaysPanelEdits: withPanelEdits || layer == nil,
                                              states: statesSink, summarize: summary)
        let renderer = frames != nil || video != nil ? try ReplayFrames.renderer(header: reader.header, photosPath: photos) : nil
        // The trace's length, read ahead for the progress bar and the video's end (not for standard input).
        let extent = trace == "-" || renderer == nil ? nil : try? TraceExtent(path: trace)
        let drawing = try framesPath.map { try FrameWriter(folder: $0, every: every ?? 1, renderer: renderer!) }
        let recording = try videoPath.map { path in
            // Without --to the video ends with the last replayed frame: its viewer time is known only
            // then (the trace's last time is wall time, longer where slow motion was on).
            try ReplayVideo(path: path, renderer: renderer!, from: from ?? 0, to: to,
                            fps: fps ?? 30, outputSize: size.map { (Int($0.size.width), Int($0.size.height)) })
        }
        var total: Int?
        if let recording {
            // At most the wall clock's length (equal without slow motion): the bar's estimate.
            total = recording.frameTotal ?? extent.map { max(1, Int((($0.lastFrameTime - (from ?? 0)) * (fps ?? 30)).rounded())) }
        }
        if let extent, recording == nil { total = (extent.frameCount + (every ?? 1) - 1) / (every ?? 1) }
        let progress = renderer == nil ? nil : ProgressBar(label: video != nil ? "video" : "frames", total: total)

        let count: Int
        do {
            count = try TraceReplay.run(reader, through: session) { session in
            if let signal = StopSignals.received { throw Stopped(signal: signal) }
            var drawn = false
            let draw = {
                if !drawn, let renderer { try renderer.draw(session.scene(text: renderer.textMetrics)); drawn = true }
            }
            let pictures = try drawing?.frame(session, draw: draw) ?? 0
            let videoFrames = try recording?.frame(at: session.viewer.snapshot.time, draw: draw) ?? 0
            // The bar counts video frames when there is a video, else pictures.
            progress?.advance(by: recording != nil ? videoFrames : pictures)
            }
        } catch let stop as Stopped {
            // Stopped cleanly: the video ends at the last frame encoded, the log at the last line written.
            progress?.finish()
            try? recording?.finishEarly()
            try? statesSink?.close()
            let name = strsignal(stop.signal).map { String(cString: $0) } ?? "signal \(stop.signal)"
            throw CommandLineError("replay stopped (\(name.lowercased())); what was written so far is kept", exitStatus: 128 + stop.signal)
        }
        if let recording { progress?.advance(by: try recording.finish()) }
        progress?.finish()
        try statesSink?.close()

        if let text = session.summary?.text {
            // Photo names come from the trace: escaped; checked when the command ends (`StandardOutput.finish`).
            print(PrintablePath.escapedLines(text), terminator: "")
        }
        if states == nil, frames == nil, video == nil, !summary {
            printError("photozoom: replayed \(count) frames over \(JSONText.number(reader.lastTime)) s; "
                       + "nothing written (add --states LOG, --frames DIR, --video OUT or --summary)")
        }
    }
}
