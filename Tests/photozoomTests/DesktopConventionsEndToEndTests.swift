import Foundation
import Testing
import TestSupport

/// GNOME's image-viewer keys on the open photo (issue 42) under Xvfb with real X input from xdotool:
/// End and Home go to the last and first photo, Ctrl+1 zooms to 1:1 and, pressed again, back to the
/// fit; the trace replays to the live state log byte for byte with no jump.
@Suite("End to end: Home, End and Ctrl+1 on the open photo under Xvfb, replayed and checked for jumps")
struct DesktopConventionsEndToEndTests {
    /// bridge (photo 1) opened; Ctrl+1 (1:1), Ctrl+1 again (the fit), End (moss, photo 5), Home
    /// (boats, photo 0), Right at once (bridge, within Home's cross-fade), Esc.
    static let scenario = #"""
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,'
    xdotool key ctrl+1
    state '"phase":"zoomed","photo":1,"image":{"x":400,"y":300,"w":2048,"h":1152,'
    xdotool sleep 0.3 key ctrl+1
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,'
    xdotool key End
    state '"phase":"presented","photo":5,'
    xdotool key Home
    state '"phase":"presented","photo":0,'
    xdotool key Right
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,'
    xdotool sleep 0.5 key Escape sleep 1
    """#

    @Test("Ctrl+1 zooms bridge (2048 × 1152, fit 800 × 450) to 2048 × 1152 points and Ctrl+1 again springs back to the fit; End shows the last photo and Home the first (the state log's photo 5, then 0, presented); replays with no jump")
    func homeEndCtrlOne() async throws {
        let (folder, photos) = try DailyBasicsEndToEndTests.folder("e2e-conventions")
        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(Self.scenario, in: folder, photos: photos)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        for key in ["end", "home", "1"] {
            #expect(trace.contains(#""type":"key","phase":"down","key":""# + key + "\""), "\(key) not traced")
        }
        let states = live.split(separator: "\n")
        // The photos in the order shown presented: 1 (before and after its zoom), 5 (End), 0 (Home), 1 (Right).
        var shown: [String] = []
        for line in states {
            guard let m = line.firstMatch(of: /"phase":"presented","photo":(\d+),/) else { continue }
            let photo = String(m.output.1)
            if shown.last != photo { shown.append(photo) }
        }
        #expect(shown == ["1", "5", "0", "1"], "\(shown)")
        // 1:1 by Ctrl+1: scale 2048 / 800 = 2.56 about the window's centre, then the fit again.
        let zoomedAt = try #require(states.firstIndex { $0.contains(#""phase":"zoomed","photo":1,"image":{"x":400,"y":300,"w":2048,"h":1152,"#) })
        #expect(states[zoomedAt...].contains { $0.contains(#""phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,"#) })
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)
    }
}
