import CSDL2
import Foundation
import Testing

/// Files or a folder dropped on the live window (issue 32) through the real XDND protocol: the
/// test's own drag source (`x11-peer drop`, Tests/X11Peer) speaks to the app's window under Xvfb
/// as a file manager would, nothing injected into the app. The drop opens what was dropped as the
/// command line would; the trace replays to the same state log with no jump; the window's last
/// frame (`--screenshot`) shows it.
@Suite("End to end: a folder or two files dropped on the window through XDND open as on the command line")
struct DropEndToEndTests {
    /// The photos dropped: three bundled photos in a folder `other` beside `photos`.
    static let dropped = ["fig", "jetty", "seeds"]

    /// The scratch folder with `photos/` (six photos, shown at start) and `other/` (three more).
    static func folders(_ name: String) throws -> (folder: URL, photos: URL, other: URL) {
        let (folder, photos) = try DailyBasicsEndToEndTests.folder(name)
        let other = folder.appendingPathComponent("other")
        try? FileManager.default.removeItem(at: other)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        for n in dropped {
            try FileManager.default.copyItem(at: DailyBasicsEndToEndTests.bundled.appendingPathComponent("\(n).jpg"),
                                             to: other.appendingPathComponent("\(n).jpg"))
        }
        return (folder, photos, other)
    }

    /// The scenario: the grid shown, then `x11-peer drop` drops URIS (shell words) at the grid's
    /// middle; its output and exit status saved; then WAIT (a state to wait for), Esc.
    static func scenario(uris: String, wait: String) -> String {
        #"""
        state '"phase":"grid"'
        sleep 0.5
        "$(dirname "$BIN")/x11-peer" drop "$WID" 400 300 \#(uris) > "$OUT/xdnd.txt" 2>&1; echo $? > "$OUT/xdnd-status.txt"
        traced '"effect":"dropped"'
        \#(wait)
        sleep 0.5
        """#
    }

    /// The drag source's account: it found the window XdndAware, the window accepted the copy,
    /// asked for the URI list and finished accepting it.
    static func expectProtocolCompleted(in folder: URL) {
        func text(_ name: String) -> String { (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        let log = text("xdnd.txt")
        #expect(text("xdnd-status.txt") == "0\n", "x11-peer drop failed: \(log)")
        for step in ["XdndAware version 5", "XdndStatus: accepts, action XdndActionCopy", "SelectionRequest for text/uri-list: answered",
                     "XdndFinished: accepted, action XdndActionCopy"] {
            #expect(log.contains(step), "no '\(step)' in:\n\(log)")
        }
    }

    /// RGB of the screenshot at `path`, pixel (x, y).
    static func pixel(_ path: String, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let loaded = try #require(IMG_Load(path), "the screenshot does not decode")
        defer { SDL_FreeSurface(loaded) }
        let s = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0))
        defer { SDL_FreeSurface(s) }
        let p = s.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(s.pointee.pitch) + x * 3
        return (Int(p[0]), Int(p[1]), Int(p[2]))
    }

    @Test("a folder dropped on the grid through XDND: the six photos leave, its three join in name order (fig, jetty, seeds) and the grid shows them, nothing opened; replays with no jump")
    func folderDropped() async throws {
        let (folder, photos, other) = try Self.folders("e2e-drop-folder")
        let shot = folder.appendingPathComponent("after-drop.png").path
        let script = Self.scenario(uris: #""file://$(dirname "$PHOTOS")/other""#, wait: #"state '"phase":"grid"'"#)
        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(script, in: folder, photos: photos,
                                                                            arguments: "--screenshot \"$OUT/after-drop.png\"")
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        Self.expectProtocolCompleted(in: folder)
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "photos") == [
            #""type":"photos","removed":[0,1,2,3,4,5],"added":[{"index":0,"name":"fig.jpg","w":0,"h":0},{"index":1,"name":"jetty.jpg","w":0,"h":0},{"index":2,"name":"seeds.jpg","w":0,"h":0}]}"#])
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "effect") == [
            #""type":"effect","effect":"dropped","message":"opened \#(other.lastPathComponent) (3 photos)"}"#])
        // Every frame of the session, as the trace replays with one every 1/60 s (the window's own
        // may skip a short opening on a busy machine).
        #expect(!(try await DenseReplay.states(in: folder)).contains { $0.contains(#""phase":"opening""#) }, "a photo opened")
        // The last frame: three cells drawn along the top row, the fourth and fifth empty (in 800 pt
        // five columns of 160 pt: cell centres at x = 80 + 160·i, y = 80). A cell drawn is its
        // thumbnail or, on a machine too busy to have decoded it yet, the placeholder colour: the
        // names are the trace's to check; the pictures were looked at by eye.
        let empty = try Self.pixel(shot, 80 + 160 * 4, 80)
        for i in 0..<3 {
            let p = try Self.pixel(shot, 80 + 160 * i, 80)
            #expect(p != empty, "cell \(i) shows nothing: \(p)")
        }
        #expect(try Self.pixel(shot, 80 + 160 * 3, 80) == empty)
        print("[figure] folder drop: screenshot \(shot); cell centres \((0..<5).map { try? Self.pixel(shot, 80 + 160 * $0, 80) })")
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)
    }

    @Test("two files dropped through XDND (seeds, then fig, from another folder): the list is those two and the first dropped, seeds, opens, as `photozoom seeds.jpg fig.jpg` would; replays with no jump")
    func twoFilesDropped() async throws {
        let (folder, photos, _) = try Self.folders("e2e-drop-files")
        let shot = folder.appendingPathComponent("after-drop.png").path
        let script = Self.scenario(uris: #""file://$(dirname "$PHOTOS")/other/seeds.jpg" "file://$(dirname "$PHOTOS")/other/fig.jpg""#,
                                   wait: #"state '"phase":"presented","photo":1,'"#)
        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(script, in: folder, photos: photos,
                                                                            arguments: "--screenshot \"$OUT/after-drop.png\"")
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        Self.expectProtocolCompleted(in: folder)
        // The files join where a listing of their folder puts them (fig before seeds), not in the
        // order dropped as the command line keeps them; the first dropped is the one that opens.
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "photos") == [
            #""type":"photos","removed":[0,1,2,3,4,5],"added":[{"index":0,"name":"fig.jpg","w":0,"h":0},{"index":1,"name":"seeds.jpg","w":0,"h":0}]}"#])
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "effect") == [
            #""type":"effect","effect":"dropped","open":1,"message":"opened 2 photos (2 photos)"}"#])
        // It flies open (the trace replayed with a frame every 1/60 s: the window may have drawn
        // none of the opening on a busy machine).
        #expect((try await DenseReplay.states(in: folder)).contains { $0.contains(#""phase":"opening","photo":1,"#) }, "seeds did not fly open")
        // The last frame: seeds presented over the black backdrop, filling the window's middle.
        let middle = try Self.pixel(shot, 400, 300)
        #expect(middle != (0, 0, 0), "nothing presented in the middle")
        print("[figure] two files dropped: screenshot \(shot); middle \(middle)")
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)
    }

    @Test("a drag source that quits mid-drag (a file manager that crashed: XdndEnter, its window gone, then XdndPosition) leaves the app running; the folder dropped after it opens as usual and the session quits cleanly")
    func sourceVanishesMidDrag() async throws {
        let (folder, photos, _) = try Self.folders("e2e-drop-vanish")
        // The app answers the position with XdndStatus to a window that no longer exists: an X
        // error (BadWindow) that Xlib's default handler turns into the end of the program.
        let vanish = #"""
        state '"phase":"grid"'
        sleep 0.5
        "$(dirname "$BIN")/x11-peer" drop --vanish "$WID" 400 300 "file://$(dirname "$PHOTOS")/other" > "$OUT/vanish.txt" 2>&1 || { echo "the vanishing source failed: $(cat "$OUT/vanish.txt")" >&2; exit 5; }
        sleep 1
        kill -0 $APP 2>/dev/null || { echo "the app ended after the source vanished" >&2; exit 5; }

        """#
        let script = vanish + Self.scenario(uris: #""file://$(dirname "$PHOTOS")/other""#, wait: #"state '"phase":"grid"'"#)
        let (trace, _, stderr) = try await DailyBasicsEndToEndTests.run(script, in: folder, photos: photos)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        let vanished = (try? String(contentsOf: folder.appendingPathComponent("vanish.txt"), encoding: .utf8)) ?? ""
        #expect(vanished.contains("the source window destroyed") && vanished.contains("vanished"), "the source did not vanish as planned: \(vanished)")
        Self.expectProtocolCompleted(in: folder)
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "effect") == [
            #""type":"effect","effect":"dropped","message":"opened other (3 photos)"}"#])
    }
}
