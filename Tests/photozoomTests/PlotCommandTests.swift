import Foundation
import Testing

@Suite("photozoom plot: a PNG of the requested size, bad logs refused naming file:line and field")
struct PlotCommandTests {
    /// Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian).
    func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count > 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let b = [UInt8](data[16..<24])
        return (Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3]),
                Int(b[4]) << 24 | Int(b[5]) << 16 | Int(b[6]) << 8 | Int(b[7]))
    }

    func log(frames: Int) -> String {
        (0..<frames).map { i in
            let t = Double(i) / 60, p = min(1, t * 2)
            return #"{"frame":\#(i),"t":\#(t),"phase":"opening","photo":1,"image":{"x":\#(100 + 500 * p),"y":400,"w":\#(150 + 700 * p),"h":500,"rotation":0},"backdrop":\#(p),"progress":\#(p),"scroll":0,"gesture":"none"}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test("--gesture N plots one gesture and --data writes its figures; a gesture that is not there is refused")
    func gesture() async throws {
        let dir = try PhotoZoomProcess.freshFolder("plot-gesture")
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/pan-dismissal.states.jsonl").path
        let out = dir.appendingPathComponent("g.png").path, data = dir.appendingPathComponent("g.csv").path
        let r = try await PhotoZoomProcess.run(["plot", log, "--gesture", "1", "--out", out, "--data", data, "--size", "800x700"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(pngSize(try Data(contentsOf: URL(fileURLWithPath: out))).map { $0 == (800, 700) } == true)
        let rows = try String(contentsOfFile: data, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows[1].hasPrefix("pan-dismissal.states.jsonl,1,release,"))
        let missing = try await PhotoZoomProcess.run(["plot", log, "--gesture", "9", "--out", out])
        #expect(missing.status == 2)
        #expect(missing.stderr == "photozoom: --gesture 9: pan-dismissal.states.jsonl has 1 releases and interruptions (count from 1)\n")
        let badData = try await PhotoZoomProcess.run(["plot", log, "--out", out, "--data", dir.appendingPathComponent("g.txt").path])
        #expect(badData.status == 2)
        #expect(badData.stderr.hasSuffix("--data writes .csv or .json, not '.txt'\n"))
    }

    @Test("two logs plot into a PNG of the default size, and --size sets it")
    func plots() async throws {
        let dir = try PhotoZoomProcess.freshFolder("plot")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.states.jsonl"), b = dir.appendingPathComponent("b.states.jsonl")
        try log(frames: 60).write(to: a, atomically: true, encoding: .utf8)
        try log(frames: 90).write(to: b, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("p.png")
        let r = try await PhotoZoomProcess.run(["plot", a.path, b.path, "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(pngSize(try Data(contentsOf: out)).map { [$0.0, $0.1] } == [1280, 960])
        let small = try await PhotoZoomProcess.run(["plot", a.path, "--out", out.path, "--size", "640x400", "--force"])
        #expect(small.status == 0)
        #expect(pngSize(try Data(contentsOf: out)).map { [$0.0, $0.1] } == [640, 400])
    }

    @Test("a gesture trace given for a state log says what it is and the command that makes a log of it")
    func traceInsteadOfLog() async throws {
        let trace = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/paging.trace.jsonl").path
        let dir = try PhotoZoomProcess.freshFolder("plot-trace")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await PhotoZoomProcess.run(["plot", trace, "--out", dir.appendingPathComponent("p.png").path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(trace):1: a gesture trace, not a state log; plot its replay: "
                + "photozoom replay \(trace) --states paging.states.jsonl, then photozoom plot paging.states.jsonl --out FILE.png\n", "\(r.stderr)")
    }

    @Test("a bad line exits 2 naming file:line and field; a missing log names the file")
    func badLog() async throws {
        let dir = try PhotoZoomProcess.freshFolder("plot-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.states.jsonl")
        try (log(frames: 3) + #"{"frame":3,"t":0.05,"phase":"opening","photo":1,"image":{"x":1,"y":2,"w":"wide","h":4,"rotation":0},"backdrop":0,"gesture":"none"}"# + "\n")
            .write(to: a, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("p.png")
        let r = try await PhotoZoomProcess.run(["plot", a.path, "--out", out.path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(a.path):4: image.w: expected a number, found a string\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let missing = try await PhotoZoomProcess.run(["plot", dir.appendingPathComponent("none.jsonl").path, "--out", out.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasSuffix("none.jsonl: no such file\n"))
    }
}
