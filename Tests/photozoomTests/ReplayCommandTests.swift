import Foundation
import Testing

@Suite("photozoom replay: logs, frames, summaries, other feel, and every bad input through the real command line")
struct ReplayCommandTests {
    static let header = #"{"trace":"photozoom","version":1,"window":{"w":640,"h":480},"scale":1,"photos":[{"name":"coffee.jpg","w":600,"h":400},{"name":"rocket.jpg","w":640,"h":427},{"name":"not-in-any-folder.jpg","w":300,"h":300}]}"#

    /// A hand-written trace at 24 frames per second with a wheel scroll in it.
    static func handWritten(frames: Int = 48, extra: [Int: String] = [:]) -> [String] {
        var lines = [header]
        for k in 1...frames {
            if k == 5 { lines.append(#"{"t":0.2,"type":"wheel","x":300,"y":200,"dx":0,"dy":-3,"mods":[]}"#) }
            if let e = extra[k] { lines.append(e) }
            lines.append(#"{"t":"# + String(Double(k) / 24) + #","type":"frame"}"#)
        }
        return lines
    }

    func write(_ lines: [String], _ name: String, in folder: URL, newline: Bool = true) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try (lines.joined(separator: "\n") + (newline ? "\n" : "")).write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("a golden trace replays through the command line to its committed log, twice identically")
    func goldenTwice() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("golden-twice")
        let trace = PhotoZoomProcess.goldenFolder.appendingPathComponent("pan-dismissal.trace.jsonl").path
        var logs: [Data] = []
        for i in 0..<2 {
            let log = folder.appendingPathComponent("\(i).states.jsonl").path
            let r = try await PhotoZoomProcess.run(["replay", trace, "--states", log])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.isEmpty)
            logs.append(try Data(contentsOf: URL(fileURLWithPath: log)))
        }
        #expect(logs[0] == logs[1])
        #expect(logs[0] == (try Data(contentsOf: PhotoZoomProcess.goldenFolder.appendingPathComponent("pan-dismissal.states.jsonl"))))
    }

    @Test("--rates replays a golden dismissal at 30-240 fps and in slow motion and finds every quantity within its bound; it refuses --states")
    func rates() async throws {
        let trace = PhotoZoomProcess.goldenFolder.appendingPathComponent("pinch-rotate-dismissal.trace.jsonl").path
        let r = try await PhotoZoomProcess.run(["replay", trace, "--rates"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("rates: 30 fps, 60 fps, 120 fps, 144 fps, 240 fps, 0.25× at 60 fps, 0.1× at 60 fps"))
        #expect(r.stdout.contains("rates: largest center difference 0 pt"))
        #expect(r.stdout.hasSuffix("rates: every quantity within its bound\n"))
        let refused = try await PhotoZoomProcess.run(["replay", trace, "--rates", "--states", "x.jsonl"])
        #expect(refused.status == 2 && refused.stderr.contains("--rates") && refused.stderr.contains("--states"))
    }

    @Test("a hand-written trace at 24 fps replays, one state line per frame, the trace read from standard input too")
    func handWrittenTrace() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("hand-written")
        let trace = try write(Self.handWritten(), "t.trace.jsonl", in: folder)
        let r = try await PhotoZoomProcess.run(["replay", trace, "--states", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 48)
        #expect(lines.last?.hasPrefix(#"{"frame":48,"t":2,"#) == true)
        let piped = try await PhotoZoomProcess.run(["replay", "-", "--states", "-"], stdin: Self.handWritten().joined(separator: "\n") + "\n")
        #expect(piped.stdout == r.stdout)
    }

    @Test("--feel replays the same input under other parameters, over the header's feel and the defaults")
    func feelOverride() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("feel-override")
        // Sixty photos, so the grid has room to scroll.
        let photos = (0..<60).map { #"{"name":"p\#($0).jpg","w":400,"h":300}"# }.joined(separator: ",")
        var lines = Self.handWritten()
        lines[0] = #"{"trace":"photozoom","version":1,"window":{"w":640,"h":480},"photos":["# + photos
            + #"],"feel":{"wheelScrollPointsPerUnit":20}}"#
        let trace = try write(lines, "t.trace.jsonl", in: folder)
        let feel = folder.appendingPathComponent("slow.json").path
        try #"{"wheelScrollPointsPerUnit": 5}"#.write(toFile: feel, atomically: false, encoding: .utf8)
        let recorded = try await PhotoZoomProcess.run(["replay", trace, "--states", "-"])
        let other = try await PhotoZoomProcess.run(["replay", trace, "--feel", feel, "--states", "-"])
        #expect(recorded.status == 0 && other.status == 0, "\(recorded.stderr)\(other.stderr)")
        #expect(recorded.stdout != other.stdout)
        // The wheel asked for 3 units: the grid settles toward 3 · 20 pt with the header's feel, 3 · 5 pt with --feel.
        func lastScroll(_ log: String) throws -> Double {
            let last = try #require(log.split(separator: "\n").last)
            let field = try #require(last.range(of: #""scroll":[-0-9.e]+"#, options: .regularExpression))
            return try #require(Double(last[field].dropFirst(9)))
        }
        #expect(abs(try lastScroll(recorded.stdout) - 60) < 1)
        #expect(abs(try lastScroll(other.stdout) - 15) < 1)
    }

    @Test("--feel default on a session tuned to ζ 0.65 opens as default ships; the panel edits replay on top only with --with-panel-edits, and standard error says which")
    func presetAsShipped() async throws {
        let dir = try PhotoZoomProcess.freshFolder("replay-shipped")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tuned = dir.appendingPathComponent("tuned.trace.jsonl"), plain = dir.appendingPathComponent("plain.trace.jsonl")
        try CompareCommandTests.tunedThenOpened(tuning: true).write(to: tuned, atomically: true, encoding: .utf8)
        try CompareCommandTests.tunedThenOpened(tuning: false).write(to: plain, atomically: true, encoding: .utf8)
        func openOvershoot(_ stdout: String) throws -> Double {
            let line = try #require(stdout.split(separator: "\n").first { $0.contains("open ") && $0.contains("overshoot") }.map(String.init), "\(stdout)")
            return try #require(FiguresAgreementTests.number(after: "; overshoot ", in: line), "\(line)")
        }
        let shipped = try await PhotoZoomProcess.run(["replay", plain.path, "--summary"])
        let asRecorded = try await PhotoZoomProcess.run(["replay", tuned.path, "--summary"])
        let asShipped = try await PhotoZoomProcess.run(["replay", tuned.path, "--feel", "default", "--summary"])
        let edited = try await PhotoZoomProcess.run(["replay", tuned.path, "--feel", "default", "--with-panel-edits", "--summary"])
        #expect(shipped.status == 0 && asRecorded.status == 0 && asShipped.status == 0 && edited.status == 0,
                "\(asShipped.stderr)\(edited.stderr)")
        // Default's open spring (ζ 0.85) overshoots a step by e^{−πζ/√(1−ζ²)} = 0.6 % of its travel,
        // the tuned ζ 0.65 by 6.8 %: more than three times as far.
        print("[figure] replay --feel default, open overshoot: shipped \(try openOvershoot(shipped.stdout)) pt; tuned session as recorded "
              + "\(try openOvershoot(asRecorded.stdout)) pt, --feel default \(try openOvershoot(asShipped.stdout)) pt, "
              + "--feel default --with-panel-edits \(try openOvershoot(edited.stdout)) pt")
        #expect(try openOvershoot(asShipped.stdout) == openOvershoot(shipped.stdout), "\(asShipped.stdout)")
        #expect(try openOvershoot(asRecorded.stdout) > 3 * openOvershoot(shipped.stdout), "\(asRecorded.stdout)")
        #expect(try openOvershoot(edited.stdout) == openOvershoot(asRecorded.stdout), "\(edited.stdout)")
        #expect(asShipped.stderr.contains("feel default as shipped"), "\(asShipped.stderr)")
        #expect(edited.stderr.contains("feel default + panel edits"), "\(edited.stderr)")
        let alone = try await PhotoZoomProcess.run(["replay", tuned.path, "--with-panel-edits", "--summary"])
        #expect(alone.status == 2 && alone.stderr.contains("--with-panel-edits: only with --feel"), "\(alone.stderr)")
    }

    @Test("--feel takes a preset name as run and compare do; --every without --frames is refused")
    func presetsAndEvery() async throws {
        // The pinch opens the Hubble deep field (1000 × 872, fit 917 × 800): no small photo, so its
        // header carries no feel key (the other goldens fill a small photo, maximumUpscale 2).
        let trace = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/pinch-rotate-dismissal.trace.jsonl").path
        let plain = try await PhotoZoomProcess.run(["replay", trace, "--states", "-"])
        let ios = try await PhotoZoomProcess.run(["replay", trace, "--feel", "ios", "--states", "-"])
        let defaults = try await PhotoZoomProcess.run(["replay", trace, "--feel", "default", "--states", "-"])
        #expect(ios.status == 0, "\(ios.stderr)")
        // ios opens on 0.5 s / ζ 0.8 instead of 0.45 s / ζ 0.85: the same frames, other positions.
        #expect(ios.stdout.split(separator: "\n").count == plain.stdout.split(separator: "\n").count)
        #expect(ios.stdout != plain.stdout)
        #expect(defaults.stdout == plain.stdout, "the golden trace records the defaults")
        let unknown = try await PhotoZoomProcess.run(["replay", trace, "--feel", "bouncy"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "photozoom: bouncy: no such feel file, and not a preset name (default, ios, material, photoswipe, snappy, soft)\n")
        let every = try await PhotoZoomProcess.run(["replay", trace, "--every", "5", "--states", "-"])
        #expect(every.status == 2)
        #expect(every.stderr == "photozoom: --every: only with --frames DIR (it picks which frames to draw)\n")
    }

    /// Frames in a video file, counted by decoding it (ffprobe).
    static func frameCount(_ path: String) async throws -> Int? {
        let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")
        let r = try await PhotoZoomProcess.runProgram(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                          "-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0", path])
        let parts = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        return parts.count == 3 ? Int(parts[2]) : nil
    }

    @Test("--video writes a GIF and an MP4 with (to − from) × fps frames at the asked size")
    func video() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("video")
        let trace = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/paging.trace.jsonl").path
        for name in ["p.gif", "p.mp4"] {
            let out = folder.appendingPathComponent(name).path
            // 1.2 s to 2.1 s at 6 fps: 0.9 · 6 = 5.4 → 5 frames.
            let r = try await PhotoZoomProcess.run(["replay", trace, "--video", out, "--from", "1.2", "--to", "2.1", "--fps", "6", "--size", "320x200"])
            #expect(r.status == 0, "\(r.stderr)")
            let frames = try await Self.frameCount(out)
            #expect(frames == 5, "\(name)")
        }
        // Past the trace's end (2.992 s) the last picture is held: 2.8 s to 3.8 s at 4 fps is 4 frames.
        let held = folder.appendingPathComponent("held.gif").path
        let r = try await PhotoZoomProcess.run(["replay", trace, "--video", held, "--from", "2.8", "--to", "3.8", "--fps", "4", "--size", "160x100"])
        #expect(r.status == 0, "\(r.stderr)")
        let heldFrames = try await Self.frameCount(held)
        #expect(heldFrames == 4)
    }

    @Test("--video without --to ends with the last frame's viewer time, the summary's clock, not the slowed wall clock")
    func videoInViewerTime() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("video-slowed")
        // The golden open-and-close with slow motion (0.25×) switched on at 0.1 s: its last frame,
        // 2.192 s of wall time, is 0.1 + 0.25 · 2.092 = 0.623 s of viewer time.
        let golden = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/open-and-close.trace.jsonl")
        var lines = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix(#"{"t":0.112,"#) })
        lines.insert(#"{"t":0.1,"type":"key","phase":"down","key":"s","mods":[]}"#, at: at)
        lines.insert(#"{"t":0.11,"type":"key","phase":"up","key":"s","mods":[]}"#, at: at + 1)
        let trace = folder.appendingPathComponent("slowed.trace.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("s.gif").path
        let r = try await PhotoZoomProcess.run(["replay", trace.path, "--video", out, "--fps", "10", "--size", "160x100"])
        #expect(r.status == 0, "\(r.stderr)")
        // Frames at 0, 0.1, …, 0.6 s: 7 (before, the wall clock's 2.19 s held the last picture to 22).
        let frames = try await Self.frameCount(out)
        #expect(frames == 7, "\(String(describing: frames))")
    }

    @Test("--video refuses other extensions, stray video options and a missing ffmpeg, naming what is wrong")
    func videoRefusals() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("video-bad")
        let trace = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/paging.trace.jsonl").path
        let avi = folder.appendingPathComponent("x.avi").path
        let ext = try await PhotoZoomProcess.run(["replay", trace, "--video", avi])
        #expect(ext.status == 2)
        #expect(ext.stderr == "photozoom: \(avi): --video writes .mp4 or .gif, not '.avi'\n")
        let stray = try await PhotoZoomProcess.run(["replay", trace, "--fps", "10", "--states", "-"])
        #expect(stray.status == 2)
        #expect(stray.stderr == "photozoom: --fps: only with --video OUT.mp4|OUT.gif\n")
        let gif = folder.appendingPathComponent("x.gif").path
        let missing = try await PhotoZoomProcess.run(["replay", trace, "--video", gif], environment: ["PATH": folder.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("ffmpeg is missing (not on PATH); install it with scripts/ensure-deps"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: gif))
    }

    @Test("--summary prints an account ending with the frame count")
    func summary() async throws {
        let trace = PhotoZoomProcess.goldenFolder.appendingPathComponent("open-and-close.trace.jsonl").path
        let r = try await PhotoZoomProcess.run(["replay", trace, "--summary"])
        #expect(r.status == 0, "\(r.stderr)")
        // 2.2 s at 16 ms a frame: ⌊2200 / 16⌋ = 137 frames, the last at 2.192 s.
        #expect(r.stdout.split(separator: "\n").last?.hasPrefix("137 frames over 2.19 s (viewer time, no slow motion); ") == true, "\(r.stdout)")
    }

    /// The golden paging trace with every photo taken out of the list 1.3 s in, mid-page: the
    /// open photo and its neighbour vanish in one step, two jump lines at one time (the order a
    /// dictionary would give them differs from process to process).
    func pagingWithEveryPhotoRemoved(in folder: URL) throws -> String {
        let lines = try String(contentsOf: PhotoZoomProcess.goldenFolder.appendingPathComponent("paging.trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let count = lines[0].components(separatedBy: "\"name\"").count - 1
        let removal = #"{"t":1.3,"type":"photos","removed":["# + (0..<count).map(String.init).joined(separator: ",") + #"],"added":[]}"#
        let at = try #require(lines.indices.dropFirst().first { i in
            guard let t = lines[i].range(of: #""t":"#).map({ lines[i][$0.upperBound...].prefix { "0123456789.".contains($0) } }) else { return false }
            return Double(t).map { $0 > 1.3 } ?? false
        })
        return try write(Array(lines[..<at]) + [removal] + Array(lines[at...]), "removed.trace.jsonl", in: folder)
    }

    @Test("--summary is byte-identical across runs, each in a process of its own (hashing differs from process to process), and removing every photo mid-page jumps nowhere")
    func summaryIdenticalAcrossProcesses() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("summary-runs")
        let traces = [try pagingWithEveryPhotoRemoved(in: folder)]
            + ["paging", "pinch-rotate-dismissal"].map { PhotoZoomProcess.goldenFolder.appendingPathComponent("\($0).trace.jsonl").path }
        for trace in traces {
            var outputs: [String] = []
            for _ in 0..<6 {
                let r = try await PhotoZoomProcess.run(["replay", trace, "--summary"])
                #expect(r.status == 0, "\(r.stderr)")
                outputs.append(r.stdout)
            }
            #expect(!outputs[0].isEmpty)
            for (i, out) in outputs.enumerated().dropFirst() where out != outputs[0] {
                Issue.record("run \(i + 1) of \(trace) differs from run 1:\n\(out)\n---\n\(outputs[0])")
            }
        }
        // Every photo removed mid-page used to give two jump lines at 1.3 s (their order was what
        // this held still); the leaving pictures now fade out where they were (`HandOverFade`), so
        // the summary has none, and the order of several lines in one step is `JumpOrderTests`'.
        let removed = try await PhotoZoomProcess.run(["replay", traces[0], "--summary"])
        #expect(removed.stdout.split(separator: "\n").filter { $0.hasPrefix("jump:") }.isEmpty, "\(removed.stdout)")
    }

    @Test("--frames draws every Nth frame as a PNG of the window's size, missing photos as placeholders")
    func frames() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("frames")
        let trace = try write(Self.handWritten(frames: 12), "t.trace.jsonl", in: folder)
        let out = folder.appendingPathComponent("frames/nested").path
        let fixtures = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Photos").path
        let r = try await PhotoZoomProcess.run(["replay", trace, "--frames", out, "--every", "5", "--photos", fixtures])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("1 of the trace's 3 photos are not in"))
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        // Frames 1, 6 and 11 of 12.
        #expect(names == ["frame-000001.png", "frame-000006.png", "frame-000011.png"])
        let png = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent(names[0]))
        // PNG: 8-byte signature, then the IHDR chunk whose data starts with width and height (big-endian).
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 640 && height == 480)
    }

    @Test("with no output asked for, it says what it did and how to get output")
    func nothingAsked() async throws {
        let r = try await PhotoZoomProcess.run(["replay", PhotoZoomProcess.goldenFolder.appendingPathComponent("paging.trace.jsonl").path])
        #expect(r.status == 0)
        #expect(r.stderr.contains("replayed 187 frames"))
    }

    // MARK: - Bad input

    @Test("a malformed field: exit status 2 and FILE:LINE: field 'x': expected …")
    func malformedField() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("malformed")
        var lines = Self.handWritten()
        lines[2] = #"{"t":0.05,"type":"pointer","phase":"down","x":"abc","y":1,"button":"left"}"#
        let trace = try write(lines, "bad.trace.jsonl", in: folder)
        let r = try await PhotoZoomProcess.run(["replay", trace, "--states", folder.appendingPathComponent("s.jsonl").path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(trace):3: field 'x': expected a number, found the string \"abc\"\n")
    }

    @Test("broken JSON in the middle: exit status 2 naming the line and column")
    func brokenJSON() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("broken")
        var lines = Self.handWritten()
        lines[4] = #"{"t":0.17,"type":"frame",}"#
        let trace = try write(lines, "bad.trace.jsonl", in: folder)
        let r = try await PhotoZoomProcess.run(["replay", trace])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(trace):5: expected a quoted key, found '}' (column 26)\n")
    }

    @Test("an unknown event type: skipped with one warning, the rest replays as if it were not there")
    func unknownType() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("unknown")
        let plain = try write(Self.handWritten(), "plain.trace.jsonl", in: folder)
        let odd = try write(Self.handWritten(extra: [3: #"{"t":0.1,"type":"stylus","pressure":0.5}"#, 9: #"{"t":0.35,"type":"stylus"}"#]),
                            "odd.trace.jsonl", in: folder)
        let a = try await PhotoZoomProcess.run(["replay", plain, "--states", "-"])
        let b = try await PhotoZoomProcess.run(["replay", odd, "--states", "-"])
        #expect(b.status == 0)
        #expect(b.stderr == "\(odd):4: warning: skipping events of unknown type \"stylus\"\n")
        #expect(a.stdout == b.stdout)
    }

    @Test("a last line cut off mid-way: replayed up to the last whole line, with a warning")
    func cutOff() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("cut-off")
        let whole = Self.handWritten(frames: 20)
        let complete = try write(whole, "whole.trace.jsonl", in: folder)
        let cut = try write(whole + [#"{"t":0.9,"type":"poi"#], "cut.trace.jsonl", in: folder, newline: false)
        let a = try await PhotoZoomProcess.run(["replay", complete, "--states", "-"])
        let b = try await PhotoZoomProcess.run(["replay", cut, "--states", "-"])
        #expect(b.status == 0)
        #expect(b.stderr == "\(cut):\(whole.count + 1): warning: the last line is cut off (unterminated string: expected '\"', found the end of the text); replaying up to line \(whole.count)\n")
        #expect(a.stdout == b.stdout)
    }

    @Test("times going backwards: exit status 2 naming the line")
    func backwards() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("backwards")
        var lines = Self.handWritten(frames: 10)
        lines.insert(#"{"t":0.1,"type":"key","phase":"down","key":"a"}"#, at: 8)
        let trace = try write(lines, "back.trace.jsonl", in: folder)
        let r = try await PhotoZoomProcess.run(["replay", trace])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(trace):9: field 't': time 0.1 s goes backwards (line 8 was at 0.25 s)\n")
    }

    @Test("a missing, empty or foreign file: exit status 2 naming it", arguments: ["missing", "empty", "foreign", "version"])
    func badFiles(kind: String) async throws {
        let folder = try PhotoZoomProcess.scratchFolder("bad-file-\(kind)")
        let path = folder.appendingPathComponent("\(kind).trace.jsonl").path
        let expected: String
        switch kind {
        case "empty":
            try "".write(toFile: path, atomically: false, encoding: .utf8)
            expected = "\(path): empty: expected the trace header {\"trace\":\"photozoom\",…} on line 1"
        case "foreign":
            try "{\"hello\":1}\n".write(toFile: path, atomically: false, encoding: .utf8)
            expected = "\(path):1: field 'trace': expected \"photozoom\" (line 1 must be the trace header), found nothing"
        case "version":
            try (Self.header.replacingOccurrences(of: #""version":1"#, with: #""version":3"#) + "\n").write(toFile: path, atomically: false, encoding: .utf8)
            expected = "\(path):1: field 'version': expected 1 (this photozoom reads version 1 traces), found 3"
        default:
            expected = "\(path): no such file"
        }
        let r = try await PhotoZoomProcess.run(["replay", path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(expected)\n")
    }

    @Test("a bad feel file or --every 0: exit status 2 naming the key or option")
    func badArguments() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("bad-arguments")
        let trace = try write(Self.handWritten(frames: 3), "t.trace.jsonl", in: folder)
        let feel = folder.appendingPathComponent("feel.json").path
        try #"{"openSpring": {"dampingRatio": "bouncy"}}"#.write(toFile: feel, atomically: false, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["replay", trace, "--feel", feel])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("photozoom: \(feel):1: openSpring.dampingRatio: expected a number"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        let every = try await PhotoZoomProcess.run(["replay", trace, "--frames", folder.path, "--every", "0"])
        #expect(every.status == 2)
        #expect(every.stderr == "photozoom: --every: expected a whole number ≥ 1, found 0\n")
    }

    @Test("a state log that cannot be written: exit status 2 before anything is replayed")
    func unwritableLog() async throws {
        let trace = PhotoZoomProcess.goldenFolder.appendingPathComponent("paging.trace.jsonl").path
        let r = try await PhotoZoomProcess.run(["replay", trace, "--states", "/nonexistent-folder/s.jsonl"])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: /nonexistent-folder/s.jsonl: cannot create: No such file or directory\n")
    }
}
