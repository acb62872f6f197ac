import Foundation
import Testing

/// A folder problem under Xvfb (issue 42): started on a missing folder, as a launcher would start
/// it on `~/Pictures`, the window opens (no exit 2) offering Ctrl+O's chooser, shows in its middle
/// what happened and what to do once the chooser is closed, and the way out it names works: a folder dropped on it (`x11-peer drop`, real XDND) opens.
@Suite("End to end: a missing folder opens a window that says so and offers the way out, under Xvfb")
struct FolderProblemEndToEndTests {
    /// The window's pixels from the X server (`xwd -id`): width, height and BGRX bytes.
    struct WindowPicture {
        var width: Int, height: Int
        var pixels: [UInt8]

        /// Reads an XWD file of a 24-bit TrueColor window (ZPixmap, 32 bits a pixel, LSB first).
        init(xwd data: Data) throws {
            let bytes = [UInt8](data)
            func field(_ i: Int) -> Int { bytes[4 * i..<4 * i + 4].reduce(0) { $0 << 8 | Int($1) } }
            try #require(bytes.count > 100, "the XWD file is \(bytes.count) bytes")
            let headerSize = field(0), ncolors = field(19)
            width = field(4); height = field(5)
            try #require(field(2) == 2 && field(11) == 32 && field(7) == 0 && field(14) == 0xFF0000,
                         "not a 32-bit LSB-first ZPixmap with red in 0xFF0000: format \(field(2)), \(field(11)) bits, order \(field(7))")
            let start = headerSize + 12 * ncolors
            let stride = field(12)
            pixels = []
            for y in 0..<height { pixels += bytes[(start + y * stride)..<(start + y * stride + 4 * width)] }
        }

        /// RGB at (x, y).
        func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let i = 4 * (y * width + x)
            return (Int(pixels[i + 2]), Int(pixels[i + 1]), Int(pixels[i]))
        }
    }

    static let scenario = #"""
    state '"phase":"grid"'
    traced '"effect":"folderChoices"'
    sleep 1
    n=$(wc -l < "$OUT/live.states.jsonl")
    xdotool key Escape
    traced '"key":"escape"'
    lines "$OUT/live.states.jsonl" $((n + 1))
    sleep 0.5
    xwd -id "$WID" -silent > "$OUT/empty-window.xwd"
    "$(dirname "$BIN")/x11-peer" drop "$WID" 400 300 "file://$(dirname "$PHOTOS")/other" > "$OUT/xdnd.txt" 2>&1; echo $? > "$OUT/xdnd-status.txt"
    traced '"effect":"dropped"'
    state '"phase":"grid"'
    sleep 0.5
    """#

    @Test("started on a missing Pictures folder: the window opens with a panel in its middle naming the folder and the way out; a folder dropped on it opens; the session quits with 0 and replays")
    func missingFolder() async throws {
        let (folder, _, other) = try DropEndToEndTests.folders("e2e-missing-folder")
        let missing = folder.appendingPathComponent("Pictures")
        try? FileManager.default.removeItem(at: missing)
        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(Self.scenario, in: folder, photos: missing,
                                                                            arguments: "--screenshot \"$OUT/after-drop.png\"")
        let problem = "\(missing.path): no such file or folder"
        #expect(stderr == "photozoom: \(problem)\n")
        #expect(trace.split(separator: "\n").first?.contains(#""photos":[]"#) == true)
        // Nothing to show: Ctrl+O's chooser is offered at once (the scenario waits for it to be
        // offered, then Esc closes it, to see the panel; under load it was offered after an
        // earlier Esc, and the picture was the chooser's).
        let effects = DailyBasicsEndToEndTests.lines(trace, type: "effect")
        #expect(effects.filter { $0.contains(#""effect":"folderChoices""#) }.count == 1, "\(effects)")
        #expect(effects.filter { !$0.contains(#""effect":"folderChoices""#) } == [
            #""type":"effect","effect":"photoFile","message":"\#(problem)","error":true}"#,
            #""type":"effect","effect":"dropped","message":"opened \#(other.lastPathComponent) (3 photos)"}"#])
        DropEndToEndTests.expectProtocolCompleted(in: folder)

        // The window as the X server shows it before the drop: the grid's background around a
        // panel in the middle (Color(0.17, 0.17, 0.19): 43, 43, 48) holding light text (the
        // title and the way out) and the problem in the error colour (Color(1, 0.62, 0.55)).
        let picture = try WindowPicture(xwd: Data(contentsOf: folder.appendingPathComponent("empty-window.xwd")))
        #expect(picture.width == 800 && picture.height == 600)
        /// True when `p` is `c` within 1 of each channel (a colour's 0–1 components to bytes may round either way).
        func near(_ p: (r: Int, g: Int, b: Int), _ c: (Int, Int, Int)) -> Bool { abs(p.r - c.0) <= 1 && abs(p.g - c.1) <= 1 && abs(p.b - c.2) <= 1 }
        // Color.gridBackground (0.11, 0.11, 0.12) × 255.
        let background = (28, 28, 31)
        let corner = picture.rgb(20, 580)
        #expect(near(corner, background), "the window's corner is \(corner), not the grid's background")
        var panel = 0, light = 0, reddish = 0
        for y in 200..<400 {
            for x in 0..<800 {
                let p = picture.rgb(x, y)
                if near(p, (43, 43, 48)) { panel += 1 }
                if p.r > 200 && p.g > 200 && p.b > 200 { light += 1 }
                if p.r > 200 && p.r - p.g > 60 { reddish += 1 }
            }
        }
        print("[figure] missing folder: panel pixels \(panel), light text pixels \(light), error-coloured pixels \(reddish) in y 200..<400")
        // The panel: at least 400 × 80 pt of its colour (text covers a little of it).
        #expect(panel > 400 * 80, "no panel in the window's middle: \(panel) pixels of its colour")
        #expect(light > 500, "no light text on the panel: \(light) pixels")
        #expect(reddish > 200, "the problem is not drawn in the error colour: \(reddish) pixels")

        // After the drop the three photos fill the grid's top row and the panel is gone.
        let shot = folder.appendingPathComponent("after-drop.png").path
        for i in 0..<3 {
            #expect(!near(try DropEndToEndTests.pixel(shot, 80 + 160 * i, 80), background), "cell \(i) shows nothing")
        }
        #expect(near(try DropEndToEndTests.pixel(shot, 400, 300), background), "the panel is still drawn")
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)
    }
}
