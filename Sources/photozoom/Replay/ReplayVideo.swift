import Foundation
import PhotoFiles
import Rendering
import Diagnostics

/// `replay --video`: the replayed frames sampled at a fixed rate from `from` to `to` and encoded.
///
/// Video frame `k` shows the trace at `from + k/fps`: the first replayed frame at or after that
/// instant (the frame the window showed then). When `to` is given the video has exactly
/// `round((to − from)·fps)` frames, the last picture held if the trace ends sooner.
final class ReplayVideo {
    let renderer: HeadlessRenderer
    let path: String
    let from: Double
    let to: Double?
    let fps: Double
    let outputSize: (width: Int, height: Int)?
    private var encoder: VideoEncoder?
    private var next = 0

    /// The number of frames the video will have, when `to` is known.
    var frameTotal: Int? { to.map { max(1, Int((($0 - from) * fps).rounded())) } }

    init(path: String, renderer: HeadlessRenderer, from: Double, to: Double?, fps: Double, outputSize: (width: Int, height: Int)?) throws {
        self.path = path
        self.renderer = renderer
        self.from = from
        self.to = to
        self.fps = fps
        self.outputSize = outputSize
        if VideoEncoder.ffmpegPath() == nil { throw VideoEncoder.missingFFmpeg(path) }
    }

    /// The instant of video frame `k`.
    func time(ofFrame k: Int) -> Double { from + Double(k) / fps }

    /// Takes the replayed frame at `time`: writes every video frame due at or before it; returns how many.
    func frame(at instant: Double, draw: () throws -> Void) throws -> Int {
        var written = 0
        while frameTotal.map({ next < $0 }) ?? true, time(ofFrame: next) <= instant + 1e-9 {
            try draw()
            try write()
            written += 1
        }
        return written
    }

    /// Holds the last picture to the end (when `to` is past the trace) and closes the file; returns
    /// how many frames it added.
    func finish() throws -> Int {
        var written = 0
        if let total = frameTotal {
            guard encoder != nil else {
                throw CommandLineError.badInput("--from: \(from) s is after the trace's last frame; nothing to encode")
            }
            while next < total { try write(); written += 1 }
        }
        guard let encoder else { throw CommandLineError.badInput("--from: \(from) s is after the trace's last frame; nothing to encode") }
        try encoder.finish()
        return written
    }

    /// Closes the file at the frames written so far (a replay stopped by a signal).
    func finishEarly() throws {
        try encoder?.finish()
    }

    private func write() throws {
        let size = renderer.pixelSize
        if encoder == nil {
            encoder = try VideoEncoder(path: path, width: size.width, height: size.height, fps: fps, outputSize: outputSize)
        }
        guard let encoder, size.width == encoder.width, size.height == encoder.height else {
            throw CommandLineError("\(path): the window was resized during the trace; encode the parts before and after with --from/--to")
        }
        try renderer.withPixels { pixels, pitch in try encoder.write(pixels, pitch: pitch) }
        next += 1
    }
}
