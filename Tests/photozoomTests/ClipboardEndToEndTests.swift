import CSDL2
import Foundation
import Testing

/// Ctrl+C (issue 32) under Xvfb: the live window offers the open photo on the X11 CLIPBOARD, read
/// back by another client (xclip) as its targets, its URI, its path and its PNG, whose pixels are
/// compared with the photo's own decode, EXIF orientation applied.
@Suite("End to end: Ctrl+C offers the open photo on the CLIPBOARD (image/png, text/uri-list, text) under Xvfb, read back with xclip")
struct ClipboardEndToEndTests {
    /// The file name the copied photo gets: a space and a non-ASCII letter, which the URI escapes.
    static let turnedName = "bridge turned é.jpg"

    /// `jpeg` with an EXIF APP1 segment right after its start of image whose IFD0 holds only
    /// Orientation `orientation` (the bundled photos carry no EXIF).
    static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
        // "II", 42, IFD0 at 8; one entry: tag 0x0112, SHORT, count 1, the value; no next IFD.
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }

    /// RGB pixels of `jpeg` as stored, by TurboJPEG with the app's flags (accurate IDCT, fancy
    /// upsampling): the decode `PhotoDecoder` makes at full size.
    static func storedPixels(_ jpeg: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let turbo = try #require(tjInitDecompress())
        defer { tjDestroy(turbo) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        try #require(tjDecompressHeader3(turbo, jpeg, UInt(jpeg.count), &w, &h, &subsampling, &colourspace) == 0)
        var rgb = [UInt8](repeating: 0, count: Int(w) * Int(h) * 3)
        try #require(tjDecompress2(turbo, jpeg, UInt(jpeg.count), &rgb, w, w * 3, h, TJPF_RGB.rawValue, 0) == 0)
        return (Int(w), Int(h), rgb)
    }

    /// RGB pixels of the PNG at `path`, through SDL_image.
    static func pngPixels(_ path: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let loaded = try #require(IMG_Load(path), "the clipboard's PNG does not decode: \(String(cString: SDL_GetError()))")
        defer { SDL_FreeSurface(loaded) }
        let surface = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0))
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h { for x in 0..<w * 3 { rgb[y * w * 3 + x] = bytes[y * pitch + x] } }
        return (w, h, rgb)
    }

    /// bridge (turned by EXIF 6) opened, Ctrl+C, the clipboard read four ways, another program
    /// copies, the clipboard read again, Esc. The app idles between (it must answer while asleep).
    static let copy = #"""
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,'
    xdotool key ctrl+c
    traced 'to the clipboard'
    sleep 0.3
    xclip -selection clipboard -t TARGETS -o > "$OUT/targets.txt"
    xclip -selection clipboard -t text/uri-list -o > "$OUT/uri-list.txt"
    xclip -selection clipboard -t UTF8_STRING -o > "$OUT/text.txt"
    xclip -selection clipboard -t image/png -o > "$OUT/clip.png"
    printf 'another program' | xclip -selection clipboard -i -quiet -loops 1 &
    OTHER=$!
    # Read until the other program's copy answers (it owns the clipboard once it has started, which
    # a busy machine can delay for seconds), 120 s at most; the last read is what is checked.
    for i in $(seq 1 1200); do
      xclip -selection clipboard -o > "$OUT/after-another.txt" 2>/dev/null
      [ "$(cat "$OUT/after-another.txt")" = "another program" ] && break
      kill -0 $OTHER 2>/dev/null || break
      sleep 0.1
    done
    kill $OTHER 2>/dev/null
    wait $OTHER
    xdotool key Escape
    sleep 1
    """#

    @Test("Ctrl+C on bridge turned by EXIF 6 (stored 2048 × 1152): TARGETS lists image/png, text/uri-list and UTF8_STRING; the URI escapes the space and é; the PNG is 1152 × 2048, every pixel the stored decode turned 90° clockwise; another program's copy takes the clipboard over; replays with no jump")
    func copyEndToEnd() async throws {
        let xclip = ["/usr/bin", "/usr/local/bin", "/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/xclip") }
        try #require(xclip, "xclip is missing: run scripts/ensure-deps")
        let (folder, photos) = try DailyBasicsEndToEndTests.folder("e2e-clipboard")
        let bridge = photos.appendingPathComponent("bridge.jpg")
        let turned = Self.withOrientation([UInt8](try Data(contentsOf: bridge)), 6)
        try FileManager.default.removeItem(at: bridge)
        let turnedURL = photos.appendingPathComponent(Self.turnedName)
        try Data(turned).write(to: turnedURL)

        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(Self.copy, in: folder, photos: photos)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        func text(_ name: String) -> String { (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }

        let targets = text("targets.txt").split(separator: "\n").map(String.init)
        for target in ["TARGETS", "image/png", "text/uri-list", "UTF8_STRING"] { #expect(targets.contains(target), "\(targets)") }
        // The path's bytes percent-escaped: " " is %20, "é" (UTF-8 C3 A9) is %C3%A9; CRLF ends the line.
        let escapedFolder = photos.path.replacingOccurrences(of: " ", with: "%20")
        #expect(text("uri-list.txt") == "file://\(escapedFolder)/bridge%20turned%20%C3%A9.jpg\r\n")
        #expect(text("text.txt") == turnedURL.path)
        #expect(text("after-another.txt") == "another program", "another program's copy did not take the clipboard")

        // Orientation 6: upright (x, y) is stored (y, storedHeight − 1 − x); upright 1152 × 2048.
        let stored = try Self.storedPixels(turned)
        let png = try Self.pngPixels(folder.appendingPathComponent("clip.png").path)
        #expect(stored.width == 2048 && stored.height == 1152)
        try #require(png.width == stored.height && png.height == stored.width, "the PNG is \(png.width) × \(png.height)")
        /// Channel values of the PNG that differ from the stored decode read through `storedAt`
        /// (upright x, y → stored x, y), and the largest difference.
        func compare(_ storedAt: (Int, Int) -> (Int, Int)) -> (differing: Int, largest: Int) {
            var differing = 0, largest = 0
            for y in 0..<png.height {
                for x in 0..<png.width {
                    let (sx, sy) = storedAt(x, y)
                    for c in 0..<3 {
                        let d = abs(Int(png.rgb[(y * png.width + x) * 3 + c]) - Int(stored.rgb[(sy * stored.width + sx) * 3 + c]))
                        if d > 0 { differing += 1; largest = max(largest, d) }
                    }
                }
            }
            return (differing, largest)
        }
        let (differing, largest) = compare { x, y in (y, stored.height - 1 - x) }
        // The check can fail: the same pixels turned the other way (orientation 8) differ.
        let wrongWay = compare { x, y in (stored.width - 1 - y, x) }
        #expect(wrongWay.differing > png.width * png.height, "turned the wrong way, only \(wrongWay.differing) values differ")
        let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("clip.png").path)[.size] as? Int) ?? 0
        print("[figure] Ctrl+C: a \(png.width) × \(png.height) PNG of \(size) bytes (over INCR: more than one 256 KiB chunk); "
               + "\(differing) channel values differ from the stored decode turned, the largest by \(largest) "
               + "(turned the wrong way: \(wrongWay.differing) of \(png.width * png.height * 3))")
        #expect(differing == 0, "\(differing) channel values differ, the largest by \(largest)")

        #expect(DailyBasicsEndToEndTests.lines(trace, type: "effect") == [
            #""type":"effect","effect":"photoFile","message":"copied \#(Self.turnedName) to the clipboard (the picture and the file)","error":false}"#])
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)
    }

    // MARK: - At quit

    /// A clipboard manager started (`x11-peer save-targets-manager`, Tests/X11Peer), cups opened, Ctrl+C, the
    /// PNG read, then q: the app hands its content over as it quits, and once it has gone the
    /// clipboard is read again from the manager. `WITH_MANAGER` 0 starts none.
    static let quitting = #"""
    if [ "$WITH_MANAGER" = 1 ]; then
      "$(dirname "$BIN")/x11-peer" save-targets-manager 60 > "$OUT/manager.txt" 2>&1 &
      MANAGER=$!
      for i in $(seq 1 1200); do grep -q ready "$OUT/manager.txt" 2>/dev/null && break; sleep 0.1; done
    fi
    xdotool mousemove --window "$WID" 570 90 sleep 0.2 click 1
    state '"phase":"presented","photo":3,'
    xdotool key ctrl+c
    traced 'to the clipboard'
    xclip -selection clipboard -t image/png -o > "$OUT/before-quit.png"
    """#

    static let quitAndReadAgain = #"""

    xdotool key q
    for i in $(seq 1 1200); do kill -0 $APP 2>/dev/null || break; sleep 0.1; done
    if kill -0 $APP 2>/dev/null; then echo "photozoom did not quit within 120 s of the q key" >&2; exit 4; fi
    wait $APP; STATUS=$?
    xclip -selection clipboard -t TARGETS -o > "$OUT/targets-after-quit.txt" 2>/dev/null
    xclip -selection clipboard -t text/uri-list -o > "$OUT/uri-after-quit.txt" 2>/dev/null
    xclip -selection clipboard -t image/png -o > "$OUT/after-quit.png" 2>/dev/null
    if [ "$WITH_MANAGER" = 1 ]; then kill $MANAGER; wait $MANAGER; fi
    trap - EXIT
    exit $STATUS
    """#

    @Test("at quit the copy goes to a clipboard manager when one runs (SAVE_TARGETS): after the app has gone the manager gives the same PNG bytes and URI; with none the clipboard empties")
    func handedToManagerAtQuit() async throws {
        for withManager in [true, false] {
            let (folder, photos) = try DailyBasicsEndToEndTests.folder(withManager ? "e2e-clipboard-manager" : "e2e-clipboard-no-manager")
            let (_, _, stderr) = try await DailyBasicsEndToEndTests.run(Self.quitting, in: folder, photos: photos,
                                                                        before: "WITH_MANAGER=\(withManager ? 1 : 0)\n", quit: Self.quitAndReadAgain)
            #expect(stderr.isEmpty, "the app warned: \(stderr)")
            func data(_ name: String) -> Data { (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data() }
            let before = data("before-quit.png"), after = data("after-quit.png")
            #expect(before.count > 100_000, "the PNG read before quitting has \(before.count) bytes")
            if withManager {
                let log = String(decoding: data("manager.txt"), as: UTF8.self)
                print("[figure] Ctrl+C then quit with a clipboard manager: \(log.split(separator: "\n").joined(separator: "; "))")
                #expect(log.contains("SAVE_TARGETS answered: saved"), "\(log)")
                // Megabytes, over one request's 256 KiB: the INCR protocol, chunk by chunk.
                #expect(log.contains("saved image/png: \(before.count) bytes through INCR"), "\(log)")
                let uriLine = log.split(separator: "\n").first { $0.hasPrefix("saved text/uri-list: ") }
                #expect(uriLine.map { !$0.hasSuffix("through INCR") } == true, "a few bytes go whole: \(log)")
                #expect(after == before, "the manager's PNG has \(after.count) bytes, the app's had \(before.count)")
                #expect(String(decoding: data("uri-after-quit.txt"), as: UTF8.self) == "file://\(photos.path)/cups.jpg\r\n")
            } else {
                #expect(after.isEmpty && data("uri-after-quit.txt").isEmpty, "the clipboard kept \(after.count) bytes after the app quit")
            }
        }
    }
}
