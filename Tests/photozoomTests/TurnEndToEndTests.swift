import Foundation
import Testing

/// Ctrl+R under Xvfb with real X input from xdotool (issue 32): the open photo turns on the zoom
/// spring, its JPEG keeps the turn in its EXIF orientation (the image data untouched, the mode and
/// modification time kept), the trace replays to the live state log with no jump, and a second
/// launch shows the photo turned, in the grid and open.
@Suite("End to end: Ctrl+R turns a JPEG and keeps it, under Xvfb, replayed and checked for jumps")
struct TurnEndToEndTests {
    /// bridge (2048 × 1152, fit 800 × 450) opened, Ctrl+R, until it rests at its new fit
    /// (1152 × 2048 in 800 × 600: 337.5 × 600), a look at the folder, Esc.
    static let turn = #"""
    SIZE0=$(stat -c %s "$PHOTOS/bridge.jpg")
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,'
    xdotool key ctrl+r
    traced '"effect":"photoTurned"'
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":337.5,"h":600,"rotation":0}'
    # The file is written on a thread of its own, a synced write (a few tenths of a second here).
    for i in $(seq 1 1200); do [ "$(stat -c %s "$PHOTOS/bridge.jpg")" -ne "$SIZE0" ] && break; sleep 0.1; done
    stat -c '%a %Y' "$PHOTOS/bridge.jpg" > "$OUT/stat-after.txt"
    ls -a "$PHOTOS" > "$OUT/folder-after.txt"
    xdotool key Escape
    sleep 1
    """#

    /// The second launch: bridge opened; it rests at the turned fit.
    static let relaunch = #"""
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":337.5,"h":600,"rotation":0}'
    xdotool key Escape
    sleep 1
    """#

    @Test("Ctrl+R on bridge: it turns on the zoom spring (at rest at 337.5 × 600 over 0.3 s later, every frame between turning); bridge.jpg is the original with a 36-byte EXIF APP1 (orientation 6) after its JFIF segment, mode 0640 and modification time kept; no jump; a relaunch shows it turned")
    func turnAndRelaunch() async throws {
        let (folder, photos) = try DailyBasicsEndToEndTests.folder("e2e-turn")
        let path = photos.appendingPathComponent("bridge.jpg").path
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // 2020-01-02 03:04:05 UTC, mode 0640: what the turn must keep.
        #expect(chmod(path, 0o640) == 0)
        var times = [timespec(tv_sec: 1_577_934_245, tv_nsec: 0), timespec(tv_sec: 1_577_934_245, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)

        // The zoom spring slowed to 1.5 s: the first frame after the key also turns the photo's
        // textures (about 0.2 s under a loaded software renderer), and the frames of the turn must
        // come after it to be seen.
        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(Self.turn, in: folder, photos: photos,
                                                                          feel: #"{"zoomSpring": {"responseSeconds": 1.5, "dampingRatio": 1}}"#)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        func text(_ name: String) -> String { (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "effect") == [
            #""type":"effect","effect":"photoTurned","photo":1,"turns":1,"message":"turned bridge.jpg 90° clockwise (kept in its EXIF orientation; Ctrl+Shift+R turns it back)","asks":false}"#])
        #expect(text("stat-after.txt") == "640 1577934245\n")
        #expect(text("folder-after.txt") == ".\n..\n" + DailyBasicsEndToEndTests.names.map { $0 + ".jpg\n" }.joined(), "no temporary file left")

        // The bytes: the original's JFIF APP0, then the new APP1, then the original's bytes from there on.
        let turned = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let bytes = [UInt8](original)
        let app0End = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        #expect(turned.count == bytes.count + 36)
        #expect(Array(turned[..<app0End]) == Array(bytes[..<app0End]))
        #expect(Array(turned[(app0End + 36)...]) == Array(bytes[app0End...]), "everything after the new segment, the image data included, is the original's")
        // FFE1, length 34, "Exif\0\0", "MM", 42, IFD0 at 8, one entry: 274 SHORT 1 = 6, no next IFD.
        #expect(Array(turned[app0End..<(app0End + 36)]) == [0xFF, 0xE1, 0, 34, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8,
                                                            0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0])

        // On a spring, not a cut: it comes to rest at the new fit some 0.3 s or more after the turn
        // (the zoom spring's settling), every frame between turning. The frames the window drew
        // may be few or none in that time (a loaded software renderer also turns the photo's
        // textures in the first frame after the key; CI saw a frame wait 5 s): the motion is read
        // from the trace replayed with a frame every 1/60 s.
        let turnedAt = try #require(trace.split(separator: "\n").first { $0.contains(#""effect":"photoTurned""#) }.flatMap(DenseReplay.time))
        func time(_ line: Substring) -> Double? { Double(line.dropFirst(line.range(of: #""t":"#)!.upperBound.utf16Offset(in: line)).prefix { "0123456789.".contains($0) }) }
        let dense = try await DenseReplay.states(in: folder)
        let rested = try #require(dense.first {
            $0.contains(#""phase":"presented","photo":1,"image":{"x":400,"y":300,"w":337.5,"h":600,"rotation":0}"#)
        }.flatMap(time))
        #expect(rested - turnedAt > 0.3, "at rest \(rested - turnedAt) s after the turn")
        let between = dense.filter { line in time(line).map { $0 > turnedAt && $0 < rested } ?? false }
        // 0.3 s at 60 frames a second: more than 15 frames between.
        #expect(between.count > 15 && between.allSatisfy { $0.contains(#""phase":"opening","photo":1,"#) }, "\(between.count): \(between.prefix(3))")
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)

        // Launched again on the folder: bridge opens turned.
        for name in ["live.trace.jsonl", "live.states.jsonl"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let (_, second, stderr2) = try await DailyBasicsEndToEndTests.run(Self.relaunch, in: folder, photos: photos)
        #expect(stderr2.isEmpty, "the app warned: \(stderr2)")
        #expect(second.contains(#""phase":"presented","photo":1,"image":{"x":400,"y":300,"w":337.5,"h":600,"rotation":0}"#))
    }
}
