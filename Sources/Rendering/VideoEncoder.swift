import Foundation
import PhotoFiles
import Diagnostics

/// Encodes frames into an MP4 (H.264) or a GIF through ffmpeg: raw BGRA frames written to its
/// standard input, one after another, at a fixed frame rate.
///
/// GIFs get a palette made from all their frames (`palettegen` then `paletteuse`), so colours hold
/// from the first frame to the last, and error-diffusion dithering, so gradients do not band. MP4s are H.264 in yuv420p (even sizes) that any player opens.
/// Every frame written becomes one frame of the file.
package final class VideoEncoder {
    /// The error for a missing ffmpeg, naming the file that was to be written and how to install it.
    package static func missingFFmpeg(_ path: String) -> CommandLineError {
        CommandLineError("\(path): cannot encode: ffmpeg is missing (not on PATH); install it with scripts/ensure-deps "
                   + "or `apt-get install ffmpeg`")
    }

    /// The containers, from the output file's extension.
    package enum Container: String, Sendable {
        case mp4, gif
    }

    package let path: String
    package let container: Container
    package let width: Int
    package let height: Int
    private let process: Process
    private let input: FileHandle
    private let errors: URL
    package private(set) var frameCount = 0

    /// Where ffmpeg is: the first `ffmpeg` on `PATH`, or nil.
    package static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = String(dir) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The container for `path` from its extension, or a bad-input error naming the ones there are.
    package static func container(for path: String) throws(CommandLineError) -> Container {
        let ext = (path as NSString).pathExtension.lowercased()
        guard let container = Container(rawValue: ext) else {
            throw CommandLineError.badInput("\(path): --video writes .mp4 or .gif, not '\(ext.isEmpty ? "no extension" : "." + ext)'")
        }
        return container
    }

    /// ffmpeg's arguments for frames of `width`×`height` pixels at `fps`, scaled to `outputSize` if given.
    package static func arguments(path: String, container: Container, width: Int, height: Int, fps: Double,
                          outputSize: (width: Int, height: Int)?) -> [String] {
        var filters: [String] = []
        if let outputSize { filters.append("scale=\(outputSize.width):\(outputSize.height):flags=lanczos") }
        var args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                    "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-r", fpsText(fps), "-i", "pipe:0"]
        switch container {
        case .mp4:
            filters.append("scale=trunc(iw/2)*2:trunc(ih/2)*2")
            args += ["-vf", filters.joined(separator: ","), "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                     "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
        case .gif:
            let chain = filters.isEmpty ? "" : filters.joined(separator: ",") + ","
            // One palette from every pixel of every frame (stats_mode=full), and error diffusion
            // (Sierra-2-4A) rather than a Bayer pattern: a photo's sky or a backdrop's fade keeps its
            // tones instead of banding (the low-frequency error of a smooth field halves: 1.31 → 0.54
            // of luma over 7×7 blocks, GIFDitheringTests), for GIFs about a quarter larger.
            args += ["-filter_complex", chain + "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle",
                     "-loop", "0", "-f", "gif"]
        }
        return args + [path]
    }

    static func fpsText(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }

    /// Starts ffmpeg writing `path`. Missing ffmpeg is an error that says how to install it.
    package init(path: String, width: Int, height: Int, fps: Double, outputSize: (width: Int, height: Int)?) throws(CommandLineError) {
        self.path = path
        container = try Self.container(for: path)
        self.width = width
        self.height = height
        guard let ffmpeg = Self.ffmpegPath() else { throw Self.missingFFmpeg(path) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = Self.arguments(path: path, container: container, width: width, height: height, fps: fps,
                                           outputSize: outputSize)
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-ffmpeg-\(getpid())-\(UInt(bitPattern: ObjectIdentifier(pipe).hashValue)).log")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        do {
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        } catch {
            throw CommandLineError("\(path): cannot start ffmpeg: \(error.localizedDescription)")
        }
        input = pipe.fileHandleForWriting
        signal(SIGPIPE, SIG_IGN)        // a failing ffmpeg must give an error, not kill us
    }

    /// Writes one frame: `height` rows of `pitch` bytes, B, G, R, A per pixel.
    package func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws(CommandLineError) {
        let rowBytes = width * 4
        do {
            if pitch == rowBytes {
                try input.write(contentsOf: Data(bytes: pixels.baseAddress!, count: rowBytes * height))
            } else {
                var packed = Data(capacity: rowBytes * height)
                for y in 0..<height { packed.append(pixels.baseAddress!.advanced(by: y * pitch).assumingMemoryBound(to: UInt8.self), count: rowBytes) }
                try input.write(contentsOf: packed)
            }
        } catch {
            throw CommandLineError("\(path): ffmpeg stopped taking frames: \(finishMessage())")
        }
        frameCount += 1
    }

    /// An encoder given up (an error, a signal) leaves no ffmpeg running and no log in /tmp.
    deinit {
        if process.isRunning {
            try? input.close()
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errors)
    }

    /// Closes the input and waits for ffmpeg to finish the file.
    package func finish() throws(CommandLineError) {
        try? input.close()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: errors) }
        guard process.terminationStatus == 0 else {
            throw CommandLineError("\(path): ffmpeg failed (exit \(process.terminationStatus)): \(finishMessage())")
        }
    }

    /// ffmpeg's last error line.
    private func finishMessage() -> String {
        if process.isRunning { try? input.close(); process.waitUntilExit() }
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").last.map(String.init) ?? "no message"
    }
}
