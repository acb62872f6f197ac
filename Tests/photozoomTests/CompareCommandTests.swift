import Foundation
import Testing

@Suite("photozoom compare: one trace under two feel settings, plotted and tabulated")
struct CompareCommandTests {
    static let trace = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/interrupted-opening.trace.jsonl").path

    @Test("two presets: a PNG at the requested size and a table with both runs' figures")
    func comparesPresets() async throws {
        let dir = try PhotoZoomProcess.freshFolder("compare")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("c.png")
        let r = try await PhotoZoomProcess.run(["compare", Self.trace, "--feel", "snappy", "--feel", "soft", "--out", out.path, "--size", "800x600"])
        #expect(r.status == 0, "\(r.stderr)")
        let png = try Data(contentsOf: out)
        let b = [UInt8](png[16..<24])
        #expect((Int(b[2]) << 8 | Int(b[3]), Int(b[6]) << 8 | Int(b[7])) == (800, 600))
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1].contains("A: snappy") && lines[1].contains("B: soft"))
        let interruption = try #require(lines.first { $0.contains("opening interrupted") })
        // Both runs reverse into a closing, each with its own settle time.
        #expect(interruption.components(separatedBy: "→ closing").count == 3)
        #expect(lines.contains { $0.hasPrefix("all") })
    }

    @Test("a feel file is laid over the trace's feel; a bad one exits 2 naming line, key and range")
    func feelFiles() async throws {
        let dir = try PhotoZoomProcess.freshFolder("compare-files")
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("slow.json"), bad = dir.appendingPathComponent("bad.json")
        try #"{"closeSpring": {"responseSeconds": 0.8}}"#.write(to: good, atomically: true, encoding: .utf8)
        try "{\n \"closeSpring\": {\"responseSeconds\": -1}\n}".write(to: bad, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("c.png")
        let ok = try await PhotoZoomProcess.run(["compare", Self.trace, "--feel", "default", "--feel", good.path, "--out", out.path])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("B: slow.json"))
        let r = try await PhotoZoomProcess.run(["compare", Self.trace, "--feel", "default", "--feel", bad.path, "--out", out.path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(bad.path):2: closeSpring.responseSeconds: -1 is out of range (0 < value ≤ 10)\n")
    }

    @Test("in a terminal narrower than one run's columns (80) nothing is cut: each event's figures stack under it, the legend wraps")
    func narrowTerminal() async throws {
        let dir = try PhotoZoomProcess.freshFolder("compare-narrow")
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = ["compare", Self.trace, "--feel", "default", "--feel", "ios", "--out", dir.appendingPathComponent("c.png").path, "--size", "400x300"]
        let wide = try await PhotoZoomProcess.run(arguments, environment: ["COLUMNS": ""])
        let r = try await PhotoZoomProcess.run(arguments, environment: ["COLUMNS": "80"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        // Every figure of the wide table is still there.
        let figures = Set(wide.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.first?.isNumber == true }.map(String.init))
        let narrow = Set(r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).map(String.init))
        #expect(figures.subtracting(narrow).isEmpty, "missing: \(figures.subtracting(narrow).sorted())")
    }

    @Test("five feels wrap into blocks that fit the terminal's width, each repeating the event column")
    func wrapsToWidth() async throws {
        let dir = try PhotoZoomProcess.freshFolder("compare-wide")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("c.png")
        let feels = ["default", "ios", "material", "snappy", "soft"].flatMap { ["--feel", $0] }
        let arguments = ["compare", Self.trace] + feels + ["--out", out.path, "--size", "400x300"]
        // Without a width (a pipe, no COLUMNS) the runs stay side by side on one line.
        let wide = try await PhotoZoomProcess.run(arguments, environment: ["COLUMNS": ""])
        #expect(wide.status == 0, "\(wide.stderr)")
        #expect(wide.stdout.split(separator: "\n").filter { $0.hasPrefix("all") }.count == 1)
        // One run's group of columns: the unwrapped "event" line is the 30-column event name and five groups.
        let eventLine = try #require(wide.stdout.split(separator: "\n").first { $0.hasPrefix("event") })
        let group = (eventLine.count - 30) / 5
        let width = 30 + 2 * group + 5        // room for two runs a block: blocks of 2, 2 and 1
        let r = try await PhotoZoomProcess.run(arguments, environment: ["COLUMNS": String(width)])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let table = lines.dropLast(2)   // the legend line (prose) and the final empty string
        #expect(table.allSatisfy { $0.count <= width }, "\(table.filter { $0.count > width })")
        let headers = lines.filter { $0.contains(": ") && $0.hasPrefix(" ") }
        #expect(headers.count == 3, "\(headers)")
        if headers.count == 3 {
            #expect(headers[0].contains("A: default") && headers[0].contains("B: ios"))
            #expect(headers[1].contains("C: material") && headers[1].contains("D: snappy"))
            #expect(headers[2].contains("E: soft"))
        }
        // Every block has its own rows of events and its totals.
        #expect(lines.filter { $0.hasPrefix("all") }.count == 3)
        #expect(lines.filter { $0.contains("opening interrupted") }.count == 3)
    }

    @Test("fewer than two --feel is a bad argument")
    func needsTwo() async throws {
        let r = try await PhotoZoomProcess.run(["compare", Self.trace, "--feel", "ios", "--out", "/tmp/never.png"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--feel: give two or more"))
    }

    /// A held drag of 140 pt let go without velocity: `snappy` (drag radius 120 pt) closes,
    /// `soft` (200 pt) returns. Then Escape (soft closes; snappy is in the grid already) and a
    /// click on the same cell (both open).
    static func decidingDifferently() throws -> String {
        var trace = HandMadeTrace(duration: 5)
        trace.clickPhoto3(at: 0.2)
        trace.heldDrag(at: 1.2, distance: 140)
        trace.key(2.6, "escape")
        trace.clickPhoto3(at: 3.8)
        return try trace.text()
    }

    @Test("rows pair the runs' events by their input: after the feels decide differently every later row stays on the same input")
    func staysAligned() async throws {
        let dir = try PhotoZoomProcess.freshFolder("compare-aligned")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("t.trace.jsonl")
        try Self.decidingDifferently().write(to: trace, atomically: true, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["compare", trace.path, "--feel", "snappy", "--feel", "soft",
                                             "--out", dir.appendingPathComponent("c.png").path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let release = try #require(lines.first { $0.contains("pan release") }, "\(r.stdout)")
        #expect(release.hasPrefix("≠") && release.contains("→ close") && release.contains("→ return"), "\(release)")
        // The Escape closes only soft's photo: a row of its own, empty for snappy.
        let escape = try #require(lines.first { $0.contains("2.60 s close") }, "\(r.stdout)")
        #expect(escape.hasPrefix("≠") && escape.components(separatedBy: "escape").count == 2 && escape.contains("—"), "\(escape)")
        // The second click opens in both runs, on one row (by index it was paired with soft's close).
        let reopen = try #require(lines.first { $0.contains("3.86 s open") }, "\(r.stdout)")
        #expect(!reopen.hasPrefix("≠") && reopen.components(separatedBy: "click").count == 3, "\(reopen)")
    }

    /// The open spring's ζ tuned from 0.85 to 0.65 in the recorded panel (Tab, Down to
    /// `openSpring.dampingRatio`, four coarse steps Left, Tab), then a click that opens a photo.
    static func tunedThenOpened(tuning: Bool) throws -> String {
        var trace = HandMadeTrace(duration: 2.4)
        if tuning {
            trace.key(0.1, "tab")
            trace.key(0.2, "down")
            for i in 0..<4 { trace.key(0.3 + Double(i) * 0.1, "left") }
            trace.key(0.8, "tab")
        }
        trace.clickPhoto3(at: 1.0)
        return try trace.text()
    }

    @Test("a preset plays as shipped; the session's panel edits replay on top only with --with-panel-edits, and the heading says which")
    func presetAsShipped() async throws {
        let dir = try PhotoZoomProcess.freshFolder("compare-shipped")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tuned = dir.appendingPathComponent("tuned.trace.jsonl"), plain = dir.appendingPathComponent("plain.trace.jsonl")
        try Self.tunedThenOpened(tuning: true).write(to: tuned, atomically: true, encoding: .utf8)
        try Self.tunedThenOpened(tuning: false).write(to: plain, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("c.png").path
        func openOvershoot(_ stdout: String) throws -> Double {
            let row = try #require(stdout.split(separator: "\n").first { $0.contains(" open ") }.map(String.init), "\(stdout)")
            return try #require(FiguresAgreementTests.settleAndOvershoot(row.components(separatedBy: "click")[1])?.1, "\(row)")
        }
        let shipped = try await PhotoZoomProcess.run(["compare", plain.path, "--feel", "default", "--feel", "ios", "--out", out])
        let asShipped = try await PhotoZoomProcess.run(["compare", tuned.path, "--feel", "default", "--feel", "ios", "--out", out])
        let edited = try await PhotoZoomProcess.run(["compare", tuned.path, "--feel", "default", "--feel", "ios", "--with-panel-edits", "--out", out])
        #expect(shipped.status == 0 && asShipped.status == 0 && edited.status == 0, "\(asShipped.stderr)\(edited.stderr)")
        // Default's open (ζ 0.85) overshoots as shipped whatever the session tuned; ζ 0.65 overshoots more
        // (a step's e^{−πζ/√(1−ζ²)}: 0.6 % at 0.85, 6.8 % at 0.65).
        #expect(try openOvershoot(asShipped.stdout) == openOvershoot(shipped.stdout))
        #expect(try openOvershoot(edited.stdout) > 3 * openOvershoot(asShipped.stdout), "\(edited.stdout)")
        #expect(asShipped.stdout.contains("A: default as shipped") && edited.stdout.contains("A: default + panel edits"))
    }
}
