import Foundation
import Testing

/// Ctrl+O under Xvfb (issue 42): "from the menu, with no folder, a person can reach any folder of
/// photos without a terminal". The app starts as a launcher starts it — no path, in a home of its
/// own — and the folder is chosen with the keys in the chooser the window draws (Xvfb has no
/// desktop portal); an empty start offers the chooser at once with the recent folders, and a
/// photo copied into the empty folder shown appears.
@Suite("End to end: Ctrl+O's chooser and an empty start, under Xvfb")
struct ChooserEndToEndTests {
    /// A scratch folder with `home/Pictures` holding three photos, an empty `config`, and `empty/`.
    static func sandbox(_ name: String) throws -> URL {
        let folder = try PhotoZoomProcess.scratchFolder(name)
        for sub in ["home", "config", "empty"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(sub))
        }
        let pictures = folder.appendingPathComponent("home/Pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for n in DropEndToEndTests.dropped {
            try FileManager.default.copyItem(at: DailyBasicsEndToEndTests.bundled.appendingPathComponent("\(n).jpg"),
                                             to: pictures.appendingPathComponent("\(n).jpg"))
        }
        return folder
    }

    /// Runs `script` with HOME and XDG_CONFIG_HOME in the sandbox, the app given `photos` (none:
    /// as a launcher starts it); the trace and the app's stderr.
    static func run(_ script: String, in folder: URL, photos: URL?) async throws -> (trace: String, live: String, stderr: String) {
        let full = "export XDG_DATA_HOME=\"$2/data\" HOME=\"$2/home\" XDG_CONFIG_HOME=\"$2/config\"\n" + EndToEndTests.prologue
            + DailyBasicsEndToEndTests.waits + script + EndToEndTests.quit
        let run = try await EndToEndTests.runScenario(full, in: folder, photos: photos)
        let appErrors = (try? String(contentsOf: folder.appendingPathComponent("app.stderr"), encoding: .utf8)) ?? ""
        try #require(run.status == 0, "the live session failed (exit \(run.status)): \(run.stderr) \(appErrors)")
        return (try String(contentsOf: folder.appendingPathComponent("live.trace.jsonl"), encoding: .utf8),
                try String(contentsOf: folder.appendingPathComponent("live.states.jsonl"), encoding: .utf8), appErrors)
    }

    static let chooseByKeys = #"""
    state '"phase":"grid"'
    sleep 0.5
    xdotool key ctrl+o
    traced '"effect":"folderChoices"'
    sleep 0.3
    xdotool key Down
    sleep 0.2
    xdotool key Return
    traced '"effect":"dropped"'
    state '"phase":"grid"'
    sleep 0.5
    xdotool getwindowname "$WID" > "$OUT/title.txt"
    """#

    @Test("no path, a home of its own: Ctrl+O offers home then Pictures; Down and Return open Pictures, whose three photos replace the demo photos, the title naming it; remembered as the last and recent folder; replays")
    func chooseByKeys() async throws {
        let folder = try Self.sandbox("e2e-chooser-keys")
        let home = folder.appendingPathComponent("home").path
        let (trace, live, stderr) = try await Self.run(Self.chooseByKeys, in: folder, photos: nil)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        let effects = DailyBasicsEndToEndTests.lines(trace, type: "effect")
        #expect(effects.count == 2, "\(effects)")
        #expect(effects.first?.hasPrefix(#""type":"effect","effect":"folderChoices","folder":"#) == true)
        #expect(effects.first?.contains(#""choices":[{"kind":"home","path":"\#(home)"},{"kind":"pictures","path":"\#(home)/Pictures"}"#) == true,
                "\(effects.first ?? "")")
        #expect(effects.last == #""type":"effect","effect":"dropped","message":"opened Pictures (3 photos)"}"#)
        // The window's title names the folder chosen.
        #expect(try String(contentsOf: folder.appendingPathComponent("title.txt"), encoding: .utf8) == "Pictures — PhotoZoom\n")
        let photos = DailyBasicsEndToEndTests.lines(trace, type: "photos")
        #expect(photos.count == 1)
        #expect(photos.last?.contains(#""added":[{"index":0,"name":"fig.jpg","w":0,"h":0},{"index":1,"name":"jetty.jpg","w":0,"h":0},{"index":2,"name":"seeds.jpg","w":0,"h":0}]"#) == true,
                "\(photos)")
        let state = try String(contentsOf: folder.appendingPathComponent("config/photozoom/state.json"), encoding: .utf8)
        let escaped = (home + "/Pictures").replacingOccurrences(of: "/", with: "\\/")
        #expect(state.contains(#""lastFolder":"\#(escaped)","recentFolders":["\#(escaped)"]"#), "\(state)")
        try await EndToEndTests.expectReplayEqualsLive(in: folder, live: live)
    }

    static let emptyStart = #"""
    state '"phase":"grid"'
    sleep 0.5
    xdotool key Escape
    sleep 0.3
    cp "$OUT/home/Pictures/fig.jpg" "$PHOTOS/new.jpg"
    traced '"type":"photos"'
    sleep 0.5
    """#

    @Test("started on an empty folder: the window says so and offers the chooser at once with the recent folders still there (the gone one left out); Esc closes it; a photo copied into the folder appears")
    func emptyStart() async throws {
        let folder = try Self.sandbox("e2e-chooser-empty")
        let pictures = folder.appendingPathComponent("home/Pictures").path
        let gone = folder.appendingPathComponent("gone").path
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config/photozoom"), withIntermediateDirectories: true)
        try #"{"recentFolders":["\#(gone)","\#(pictures)"]}"#.write(to: folder.appendingPathComponent("config/photozoom/state.json"), atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("empty")
        let (trace, _, _) = try await Self.run(Self.emptyStart, in: folder, photos: empty)
        #expect(trace.split(separator: "\n").first?.contains(#""photos":[]"#) == true)
        let effects = DailyBasicsEndToEndTests.lines(trace, type: "effect")
        #expect(effects.first?.contains(#""effect":"photoFile","message":"\#(empty.path): folder holds no images"#) == true, "\(effects)")
        let offered = try #require(effects.first { $0.contains(#""effect":"folderChoices""#) })
        // Home, Pictures (also a recent folder: offered once, as Pictures), the folder shown (the
        // newest recent one), its parent.
        #expect(offered.contains(#"{"kind":"pictures","path":"\#(pictures)"},{"kind":"recent","path":"\#(empty.path)"},{"kind":"parent","path":"\#(folder.path)"}"#),
                "\(offered)")
        #expect(!offered.contains(gone), "a recent folder that is gone was offered: \(offered)")
        // The photo copied in joins the list.
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "photos").last?.contains(#""added":[{"index":0,"name":"new.jpg""#) == true,
                "\(DailyBasicsEndToEndTests.lines(trace, type: "photos"))")
    }
}
