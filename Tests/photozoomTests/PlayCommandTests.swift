import CSDL2
import Foundation
import Testing

@Suite("play: the window shows at frame N the pixels replay --frames saves at frame N, stepping and scrubbing")
struct PlayCommandTests {
    static let trace = PhotoZoomProcess.goldenFolder.appendingPathComponent("pan-dismissal.trace.jsonl").path
    static let photos = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Photos").path
    /// The timeline bar's height in points (`TimelineBar.height`): the rows the comparison leaves out.
    static let barHeight = 44

    /// The window's driver: SDL's dummy driver (software renderer), or an X display when
    /// PHOTOZOOM_TEST_DISPLAY names one (an Xvfb), with SDL's software renderer so both draw alike.
    static var windowEnvironment: [String: String] {
        if let display = ProcessInfo.processInfo.environment["PHOTOZOOM_TEST_DISPLAY"] {
            return ["SDL_VIDEODRIVER": "x11", "DISPLAY": display, "SDL_RENDER_DRIVER": "software"]
        }
        return ["SDL_VIDEODRIVER": "dummy"]
    }

    @Test("frames reached stepping forward and back and by jumps equal replay's PNGs above the timeline")
    func framesMatchReplay() async throws {
        let scratch = try PhotoZoomProcess.scratchFolder("play-frames")
        let replayed = scratch.appendingPathComponent("replay").path, played = scratch.appendingPathComponent("play").path
        // replay draws every 13th frame (1, 14, 27, 40, …, 144: drawing all 150 in software is slow);
        // play reaches 40 stepping forward from 39 and again stepping back from 41, then jumps back
        // to the start, ahead to 144, back to 66 and 27 (each a seek through the checkpoints).
        let visits = [39, 40, 41, 40, 1, 144, 66, 27]
        let replay = try await PhotoZoomProcess.run(["replay", Self.trace, "--frames", replayed, "--every", "13", "--photos", Self.photos])
        #expect(replay.status == 0, "\(replay.stderr)")
        let play = try await PhotoZoomProcess.run(["play", Self.trace, "--photos", Self.photos, "--visit", visits.map(String.init).joined(separator: ","),
                                             "--visit-folder", played], environment: Self.windowEnvironment)
        #expect(play.status == 0, "\(play.stderr)")
        var compared = 0
        for (k, n) in visits.enumerated() where (n - 1) % 13 == 0 {
            let name = "frame-" + String(repeating: "0", count: 6 - String(n).count) + String(n) + ".png"
            let place = k + 1 < 10 ? "0\(k + 1)" : "\(k + 1)"
            let a = try #require(RGBImage(path: played + "/visit-\(place)-" + name)), b = try #require(RGBImage(path: replayed + "/" + name))
            #expect(a.width == b.width && a.height == b.height)
            let above = a.height - Self.barHeight
            #expect(a.differingPixels(from: b, rows: 0..<above) == 0, "visit \(k + 1), frame \(n)")
            // The bar is drawn over the bottom rows.
            #expect(a.differingPixels(from: b, rows: above..<a.height) > a.width * Self.barHeight / 4, "frame \(n)")
            compared += 1
        }
        #expect(compared == 6)
        // The frames between were visited too (the steps).
        #expect(FileManager.default.fileExists(atPath: played + "/visit-03-frame-000041.png"))
    }

    @Test("a bad trace gets replay's error and exit status, before any window opens")
    func badTraceFailsAsReplay() async throws {
        let scratch = try PhotoZoomProcess.scratchFolder("play-bad")
        let path = scratch.appendingPathComponent("bad.trace.jsonl").path
        let header = try String(contentsOfFile: Self.trace, encoding: .utf8).split(separator: "\n")[0]
        try (header + "\n{\"t\":0.5,\"type\":\"frame\"}\n{\"t\":0.2,\"type\":\"frame\"}\n").write(toFile: path, atomically: true, encoding: .utf8)
        let replay = try await PhotoZoomProcess.run(["replay", path])
        let play = try await PhotoZoomProcess.run(["play", path], environment: Self.windowEnvironment)
        #expect(play.status == 2)
        #expect(play.status == replay.status)
        #expect(play.stderr == replay.stderr)
        #expect(play.stderr.contains("bad.trace.jsonl:3:"))
    }
}

/// A PNG's RGB pixels (alpha ignored: replay's frames keep the alpha blending left, a window has none).
struct RGBImage {
    let width: Int, height: Int
    let pixels: [UInt32]

    init?(path: String) {
        guard let loaded = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(s) }
        width = Int(s.pointee.w)
        height = Int(s.pointee.h)
        let pitch = Int(s.pointee.pitch) / 4
        let base = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var out: [UInt32] = []
        out.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { out.append(base[y * pitch + x] & 0x00FF_FFFF) } }
        pixels = out
    }

    func differingPixels(from other: RGBImage, rows: Range<Int>) -> Int {
        var count = 0
        for y in rows { for x in 0..<width where pixels[y * width + x] != other.pixels[y * width + x] { count += 1 } }
        return count
    }
}
