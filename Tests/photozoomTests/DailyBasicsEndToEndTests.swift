import Foundation
import Testing
import TestSupport

/// The daily basics (issue 32) under Xvfb with real X input from xdotool: each scenario drives the
/// live window, checks what it did to the files and the trace, that the trace replays to the live
/// state log byte for byte, and that the jump detector (`replay --summary`) finds no jump.
@Suite("End to end: the daily basics (trash and undo, 1:1, slideshow, open with, show in folder) under Xvfb, replayed and checked for jumps")
struct DailyBasicsEndToEndTests {
    static let bundled = Repository.path("Resources/Photos")
    static let names = ["boats", "bridge", "clock", "cups", "kite", "moss"]

    /// A scratch folder holding `photos/` with copies of six bundled photos (boats, bridge, clock,
    /// cups, kite, moss: in an 800 × 600 window five columns, bridge under (250, 90)).
    static func folder(_ name: String) throws -> (folder: URL, photos: URL) {
        let folder = try PhotoZoomProcess.scratchFolder(name)
        let photos = folder.appendingPathComponent("photos")
        try? FileManager.default.removeItem(at: photos)
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for n in names {
            try FileManager.default.copyItem(at: bundled.appendingPathComponent("\(n).jpg"), to: photos.appendingPathComponent("\(n).jpg"))
        }
        return (folder, photos)
    }

    /// Runs `script` (after the prologue: the app on PHOTOS recording to OUT, with its data home
    /// OUT/data; `before` runs before the app starts, `feel` is its feel file, `arguments` more of
    /// its options, shell words; `quit` the scenario's end), requires a clean exit, and returns the
    /// trace and the live state log.
    static func run(_ script: String, in folder: URL, photos: URL, feel: String? = nil, before: String = "",
                    arguments: String = "", quit: String = EndToEndTests.quit) async throws -> (trace: String, live: String, stderr: String) {
        var prologue = EndToEndTests.prologue
        if !arguments.isEmpty { prologue = prologue.replacingOccurrences(of: "--size 800x600", with: arguments + " --size 800x600") }
        if let feel {
            try feel.write(to: folder.appendingPathComponent("feel.json"), atomically: true, encoding: .utf8)
            prologue = prologue.replacingOccurrences(of: "--size 800x600", with: "--feel \"$OUT/feel.json\" --size 800x600")
        }
        let full = "export XDG_DATA_HOME=\"$2/data\"\n" + before + prologue + Self.waits + script + quit
        let run = try await EndToEndTests.runScenario(full, in: folder, photos: photos)
        let appErrors = (try? String(contentsOf: folder.appendingPathComponent("app.stderr"), encoding: .utf8)) ?? ""
        try #require(run.status == 0, "the live session failed (exit \(run.status)): \(run.stderr) \(appErrors)")
        let trace = try String(contentsOf: folder.appendingPathComponent("live.trace.jsonl"), encoding: .utf8)
        let live = try String(contentsOf: folder.appendingPathComponent("live.states.jsonl"), encoding: .utf8)
        return (trace, live, appErrors)
    }

    /// Waits of the scenarios (120 s at most each, so a loaded machine only slows them; one held a
    /// frame for 53 s):
    /// `state PATTERN` until the state log's last line matches, `traced PATTERN` until the trace
    /// holds a line that does, `lines FILE N` until FILE has N lines.
    static let waits = #"""
    state() { for i in $(seq 1 1200); do tail -1 "$OUT/live.states.jsonl" | grep -q -e "$1" && return 0; sleep 0.1; done; echo "never: $1" >&2; exit 5; }
    traced() { for i in $(seq 1 1200); do grep -q -e "$1" "$OUT/live.trace.jsonl" && return 0; sleep 0.1; done; echo "never traced: $1" >&2; exit 5; }
    lines() { for i in $(seq 1 1200); do [ "$(cat "$1" 2>/dev/null | wc -l)" -ge "$2" ] && return 0; sleep 0.1; done; echo "$1 never had $2 lines" >&2; exit 5; }

    """#

    /// The replay equals the live log and its summary reports no jump; returns the summary.
    @discardableResult
    static func expectReplaysWithoutJumps(in folder: URL, live: String) async throws -> String {
        try await EndToEndTests.expectReplayEqualsLive(in: folder, live: live)
        let summary = try await PhotoZoomProcess.run(["replay", folder.appendingPathComponent("live.trace.jsonl").path, "--summary"])
        try #require(summary.status == 0, "replay --summary failed: \(summary.stderr)")
        #expect(!summary.stdout.contains("jump:"), "the jump detector found a jump:\n\(summary.stdout)")
        return summary.stdout
    }

    /// The trace's lines of `type`, without their times.
    static func lines(_ trace: String, type: String) -> [String] {
        trace.split(separator: "\n").filter { $0.contains("\"type\":\"\(type)\"") }
            .map { $0.replacingOccurrences(of: #"^\{"t":[0-9.e-]+,"#, with: "", options: .regularExpression) }
    }

    // MARK: - Trash and undo

    /// bridge opened, Delete, clock in its place (the cross-fade over), a look at the trash, Ctrl+Z,
    /// a look at the folder, Esc.
    static let trashAndUndo = #"""
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,'
    xdotool key Delete
    traced '"type":"photos"'
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":600,'
    sleep 0.5
    ls "$OUT/data/Trash/files" > "$OUT/trash-files.txt"; cat "$OUT/data/Trash/info/bridge.jpg.trashinfo" > "$OUT/trashinfo.txt"
    ls "$PHOTOS" > "$OUT/folder-after-delete.txt"
    xdotool key ctrl+z
    traced 'put bridge.jpg back'
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,'
    sleep 0.3
    ls "$PHOTOS" > "$OUT/folder-after-undo.txt"
    xdotool key Escape
    sleep 1
    """#

    @Test("Delete moves the open photo to $XDG_DATA_HOME/Trash with its .trashinfo and its neighbour takes over; Ctrl+Z puts back its exact bytes and name; replays with no jump")
    func trashAndUndoEndToEnd() async throws {
        let (folder, photos) = try Self.folder("e2e-trash")
        let original = try Data(contentsOf: photos.appendingPathComponent("bridge.jpg"))
        let (trace, live, stderr) = try await Self.run(Self.trashAndUndo, in: folder, photos: photos)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        func text(_ name: String) -> String { (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }

        // While trashed: in files/, with its info; gone from the folder.
        #expect(text("trash-files.txt") == "bridge.jpg\n")
        let info = text("trashinfo.txt")
        #expect(info.hasPrefix("[Trash Info]\nPath=\(photos.path)/bridge.jpg\nDeletionDate="), "\(info)")
        #expect(!text("folder-after-delete.txt").contains("bridge.jpg"))
        // Back: the same name and bytes, the trash empty again.
        #expect(text("folder-after-undo.txt") == Self.names.map { $0 + ".jpg\n" }.joined())
        #expect(try Data(contentsOf: photos.appendingPathComponent("bridge.jpg")) == original)
        let fm = FileManager.default
        #expect(try fm.contentsOfDirectory(atPath: folder.appendingPathComponent("data/Trash/files").path).isEmpty)
        #expect(try fm.contentsOfDirectory(atPath: folder.appendingPathComponent("data/Trash/info").path).isEmpty)

        // The trace: the effects (bridge is photo 1), and the list changes they made, each way.
        #expect(Self.lines(trace, type: "effect") == [
            #""type":"effect","effect":"photoTrashed","photo":1,"message":"moved bridge.jpg to the trash (Ctrl+Z puts it back)"}"#,
            #""type":"effect","effect":"photoRestored","photo":1,"message":"put bridge.jpg back"}"#])
        let changes = Self.lines(trace, type: "photos")
        #expect(changes.first == #""type":"photos","removed":[1],"added":[]}"#, "\(changes)")
        #expect(changes.dropFirst().first == #""type":"photos","removed":[],"added":[{"index":1,"name":"bridge.jpg","w":2048,"h":1152}]}"#, "\(changes)")
        // Delete takes bridge out of the list at once, the change recorded before its effect: its
        // picture fades out while clock (photo 2, now 1) fades in in its place, presented with no
        // page turned (clock is 4:3: 800 × 600 in the 800 × 600 window).
        let traceLines = trace.split(separator: "\n")
        let removal = try #require(traceLines.firstIndex { $0.contains(#""type":"photos","removed":[1]"#) })
        let trashedEffect = try #require(traceLines.firstIndex { $0.contains(#""effect":"photoTrashed""#) })
        #expect(removal < trashedEffect && traceLines[removal..<trashedEffect].allSatisfy { !$0.contains(#""type":"frame""#) },
                "the list change and the effect are recorded at the same frame, the change first")
        // Every frame, as the trace replays with one every 1/60 s (the window's own may miss a page
        // turn, or Esc's close, on a busy machine).
        let dense = try await DenseReplay.states(in: folder)
        let afterDelete = dense.drop { !$0.contains(#""phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":600,"#) }
        #expect(!afterDelete.isEmpty, "clock never presented as photo 1")
        #expect(afterDelete.prefix { !$0.contains(#""w":800,"h":450,"#) }.allSatisfy { !$0.contains(#""phase":"paging""#) },
                "no page turned between Delete and Ctrl+Z")
        // Put back, bridge is photo 1 again and the page turns back to it: it ends presented.
        let lines = dense
        let closing = try #require(lines.firstIndex { $0.contains(#""phase":"closing""#) })
        #expect(lines[closing - 1].contains(#""phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,"#), "\(lines[closing - 1])")
        try await Self.expectReplaysWithoutJumps(in: folder, live: live)
    }

    /// bridge opened, Delete while the trash cannot be made, Esc.
    static let trashFails = #"""
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,'
    xdotool key Delete
    traced '"effect":"photoFile"'
    sleep 0.5
    ls "$PHOTOS" > "$OUT/folder-after-delete.txt"
    xdotool key Escape
    sleep 1
    """#

    @Test("Delete when the trash cannot be made (the data home is a file): one line says why, the photo stays open and on disk, the list is unchanged")
    func trashFailsEndToEnd() async throws {
        let (folder, photos) = try Self.folder("e2e-trash-fails")
        let (trace, live, _) = try await Self.run(Self.trashFails, in: folder, photos: photos, before: "printf x > \"$XDG_DATA_HOME\"\n")
        let listing = (try? String(contentsOf: folder.appendingPathComponent("folder-after-delete.txt"), encoding: .utf8)) ?? ""
        #expect(listing == Self.names.map { $0 + ".jpg\n" }.joined())
        #expect(Self.lines(trace, type: "effect") == [
            #""type":"effect","effect":"photoFile","message":"cannot move bridge.jpg to the trash: cannot make \#(folder.path)/data/Trash: Not a directory; the photo stays","error":true}"#])
        #expect(Self.lines(trace, type: "photos").isEmpty)
        // bridge stays presented after the key, until Esc closes it (every frame, as the trace
        // replays with one every 1/60 s: on a busy machine the window may draw none of the close,
        // as one run under load drew its next frame 2 s after Esc, in the grid).
        let afterKey = try await DenseReplay.states(in: folder).drop { !$0.contains(#""phase":"presented","photo":1,"#) }
        #expect(afterKey.prefix { !$0.contains(#""phase":"closing""#) }.allSatisfy { $0.contains(#""photo":1,"image":{"x":400,"y":300,"w":800,"h":450,"#) })
        try await Self.expectReplaysWithoutJumps(in: folder, live: live)
    }

    // MARK: - 1:1

    /// bridge opened, 1, then 0, then Esc.
    static let actualPixels = #"""
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,'
    xdotool key 1
    state '"phase":"zoomed","photo":1,"image":{"x":400,"y":300,"w":2048,"h":1152,'
    sleep 0.3
    xdotool key 0
    state '"phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,'
    xdotool key Escape
    sleep 1
    """#

    @Test("1 zooms bridge (2048 × 1152, fit 800 × 450) on the zoom spring to 2048 × 1152 points, one pixel each; 0 springs back to the fit; replays with no jump")
    func actualPixelsEndToEnd() async throws {
        let (folder, photos) = try Self.folder("e2e-one-to-one")
        let (trace, live, stderr) = try await Self.run(Self.actualPixels, in: folder, photos: photos)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        #expect(trace.contains(#""type":"key","phase":"down","key":"1""#))
        let zoomed = live.split(separator: "\n").filter { $0.contains(#""phase":"zoomed","photo":1,"#) }
        // Scale 2048 / 800 = 2.56 about the window's centre: 2048 × 1152 centred on (400, 300).
        #expect(zoomed.contains { $0.contains(#""image":{"x":400,"y":300,"w":2048,"h":1152,"#) }, "never at 1:1: \(zoomed.last ?? "")")
        // On a spring: sizes between the fit and 1:1 on the way, in the trace replayed with a frame
        // every 1/60 s (the window may have drawn none while the spring moved, on a busy machine).
        let dense = try await DenseReplay.states(in: folder).filter { $0.contains(#""phase":"zoomed","photo":1,"#) }
        #expect(dense.contains { $0.contains(#""w":1"#) && !$0.contains(#""w":2048"#) }, "no size between 800 and 2048 on the way")
        #expect(live.split(separator: "\n").contains { $0.contains(#""phase":"presented","photo":1,"image":{"x":400,"y":300,"w":800,"h":450,"#) })
        try await Self.expectReplaysWithoutJumps(in: folder, live: live)
    }

    // MARK: - Slideshow

    /// F5 in the grid (a 1.5 s interval), two page turns (photo 2 presented), then `i` (a key the
    /// chrome takes) stops it.
    static let slideshow = #"""
    xdotool mousemove --window "$WID" 700 500 sleep 0.2
    xdotool key F5
    state '"phase":"presented","photo":2,'
    sleep 0.3
    xdotool key i
    sleep 4
    xdotool key Escape
    sleep 1
    """#

    @Test("F5 in the grid opens the first photo and turns a page each time a photo has rested the feel's 1.5 s; the i key stops it: no page turns after; replays with no jump")
    func slideshowEndToEnd() async throws {
        let (folder, photos) = try Self.folder("e2e-slideshow")
        let (trace, live, stderr) = try await Self.run(Self.slideshow, in: folder, photos: photos, feel: #"{"slideshowIntervalSeconds": 1.5}"#)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        let summary = try await Self.expectReplaysWithoutJumps(in: folder, live: live)
        func seconds(_ line: Substring) -> Double { Double(line.prefix { $0 != " " }) ?? -1 }
        let pages = summary.split(separator: "\n").filter { $0.contains(" paged from photo ") }
        let stopKey = try #require(trace.split(separator: "\n").first { $0.contains(#""key":"i""#) })
        let stopTime = Double(stopKey.dropFirst(5).prefix { $0 != "," }) ?? 0
        #expect(summary.contains("open photo 0 (boats.jpg) by key"), "\(summary)")
        #expect(pages.count >= 2, "\(summary)")
        #expect(pages.first?.contains("paged from photo 0 (boats.jpg) to photo 1 (bridge.jpg)") == true)
        #expect(pages.allSatisfy { seconds($0) < stopTime }, "a page turned after the i key at \(stopTime): \(pages)")
    }

    // MARK: - Open with, show in folder

    /// kite opened; o; Shift+O with a file manager that answers, then with none (dbus-send fails).
    static let desktopServices = #"""
    echo 0 > "$OUT/dbus-status"
    xdotool mousemove --window "$WID" 720 80 sleep 0.2 click 1
    state '"phase":"presented","photo":4,'
    xdotool key o
    lines "$OUT/calls.txt" 1
    xdotool key shift+o
    lines "$OUT/calls.txt" 2
    echo 1 > "$OUT/dbus-status"
    xdotool key shift+o
    lines "$OUT/calls.txt" 4
    xdotool key Escape
    sleep 1
    """#

    @Test("o runs xdg-open on the open photo; Shift+O calls FileManager1.ShowItems with its file URI over D-Bus, and when that fails xdg-open on its folder; effects recorded, replays with no jump")
    func desktopServicesEndToEnd() async throws {
        let (folder, photos) = try Self.folder("e2e-desktop")
        // Stand-ins on PATH that write down how they were called. The D-Bus one reads the status it
        // answers with before it writes its line: the scenario changes that status once it sees the
        // line, and a stand-in reading it after (on a busy machine, some milliseconds later) would
        // answer the first call with the second's failure.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let out = folder.path
        let fakes = ["xdg-open": "echo \"xdg-open $*\" >> '\(out)/calls.txt'",
                     "dbus-send": "status=$(cat '\(out)/dbus-status'); echo \"dbus-send $*\" >> '\(out)/calls.txt'; exit $status"]
        for (name, body) in fakes {
            let url = bin.appendingPathComponent(name)
            try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let (trace, live, stderr) = try await Self.run(Self.desktopServices, in: folder, photos: photos, before: "export PATH=\"$2/bin:$PATH\"\n")
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        let calls = (try? String(contentsOf: folder.appendingPathComponent("calls.txt"), encoding: .utf8)) ?? ""
        let kite = photos.appendingPathComponent("kite.jpg").path
        let showItems = "dbus-send --session --print-reply --reply-timeout=5000 --dest=org.freedesktop.FileManager1 --type=method_call "
            + "/org/freedesktop/FileManager1 org.freedesktop.FileManager1.ShowItems array:string:file://\(kite) string:\n"
        // xdg-open is handed file URIs made from the names' bytes (a name that is not UTF-8 keeps
        // its bytes, percent-encoded), never a path it would have to spell.
        #expect(calls == "xdg-open file://\(kite)\n" + showItems + showItems + "xdg-open file://\(photos.path)\n", "\(calls)")
        #expect(Self.lines(trace, type: "effect") == [
            #""type":"effect","effect":"photoFile","message":"opening kite.jpg in its default application","error":false}"#,
            #""type":"effect","effect":"photoFile","message":"showing kite.jpg in its folder","error":false}"#,
            #""type":"effect","effect":"photoFile","message":"showing kite.jpg in its folder","error":false}"#])
        try await Self.expectReplaysWithoutJumps(in: folder, live: live)
    }
}
