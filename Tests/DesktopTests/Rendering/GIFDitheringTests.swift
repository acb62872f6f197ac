import Foundation
import Rendering
import Testing

/// GIFs do not band: a smooth field of many colours (more than a GIF's 256) keeps its tones once
/// dithered, measured as the low-frequency error — the luma of 7×7 blocks of the decoded first
/// frame against the source's — which is what a band is.
@Suite("GIF dithering: smooth gradients keep their tones, no bands")
struct GIFDitheringTests {
    static let width = 240, height = 160

    /// BGRA frames: three sine waves of hue across the frame (smooth, thousands of colours) and a
    /// white block moving right.
    static func frame(_ f: Int) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var r = 128 + 100 * sin(Double(x) / 50), g = 128 + 100 * sin(Double(y) / 40), b = 128 + 100 * sin(Double(x + y) / 70)
                if (60..<100).contains(y), (f * 20..<f * 20 + 40).contains(x) { r = 240; g = 240; b = 240 }
                let i = (y * width + x) * 4
                out[i] = UInt8(Int(b)); out[i + 1] = UInt8(Int(g)); out[i + 2] = UInt8(Int(r))
            }
        }
        return out
    }

    /// Rec. 601 luma of each pixel; `order` gives the red, green and blue bytes' offsets.
    static func luma(_ bytes: [UInt8], stride: Int, order: (Int, Int, Int)) -> [Double] {
        var out: [Double] = []
        var i = 0
        while i + stride <= bytes.count {
            let r = Double(bytes[i + order.0]), g = Double(bytes[i + order.1]), b = Double(bytes[i + order.2])
            out.append((r * 299 + g * 587 + b * 114) / 1000)
            i += stride
        }
        return out
    }

    @Test("the decoded GIF's 7×7 block luma is within 0.9 of the source's on average (bands read 1.3)")
    func noBands() throws {
        guard let ffmpeg = VideoEncoder.ffmpegPath() else { Issue.record("ffmpeg is missing: scripts/ensure-deps installs it"); return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-gif-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("g.gif").path
        let encoder = try VideoEncoder(path: path, width: Self.width, height: Self.height, fps: 30, outputSize: nil)
        let first = Self.frame(0)
        for f in 0..<8 {
            try Self.frame(f).withUnsafeBytes { try encoder.write($0, pitch: Self.width * 4) }
        }
        try encoder.finish()
        // The first frame decoded to RGB.
        let decode = Process()
        decode.executableURL = URL(fileURLWithPath: ffmpeg)
        decode.arguments = ["-hide_banner", "-loglevel", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]
        let pipe = Pipe()
        decode.standardOutput = pipe
        try decode.run()
        let decoded = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        decode.waitUntilExit()
        try #require(decoded.count == Self.width * Self.height * 3)
        let a = Self.luma(first, stride: 4, order: (2, 1, 0)), b = Self.luma(decoded, stride: 3, order: (0, 1, 2))
        var total = 0.0, blocks = 0
        for y in stride(from: 3, to: Self.height - 3, by: 2) {
            for x in stride(from: 3, to: Self.width - 3, by: 2) {
                var sa = 0.0, sb = 0.0
                for dy in -3...3 { for dx in -3...3 { let i = (y + dy) * Self.width + x + dx; sa += a[i]; sb += b[i] } }
                total += abs(sa - sb) / 49
                blocks += 1
            }
        }
        let error = total / Double(blocks)
        #expect(error <= 0.9, "mean 7×7 block luma error \(error)")
    }
}
