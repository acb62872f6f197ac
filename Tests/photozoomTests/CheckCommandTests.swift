import Foundation
import Testing

/// `photozoom check`: the golden traces of Tests/TraceTests/Golden checked against goldens written
/// from them, as a designer's CI job runs it.
@Suite("photozoom check: traces against their goldens, exit 1 with a readable diff on a drift or a changed decision")
struct CheckCommandTests {
    static let traces = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden")

    /// A folder holding a copy of every golden trace.
    static func folder(_ name: String) throws -> URL {
        let dir = try PhotoZoomProcess.freshFolder(name)
        for file in try FileManager.default.contentsOfDirectory(atPath: traces.path) where file.hasSuffix(".trace.jsonl") {
            try FileManager.default.copyItem(at: traces.appendingPathComponent(file), to: dir.appendingPathComponent(file))
        }
        return dir
    }

    static func goldens(in dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".golden.json") {
            out[file] = try Data(contentsOf: dir.appendingPathComponent(file))
        }
        return out
    }

    @Test("--update writes one golden a trace, the same bytes on a second run and in another folder; check then passes; the release feel, which opens small photos at 100 %, differs on the five traces that fill one")
    func updateIsStableAndPasses() async throws {
        let a = try Self.folder("check-a"), b = try Self.folder("check-b")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        let first = try await PhotoZoomProcess.run(["check", a.path, "--update"])
        #expect(first.status == 0, "\(first.stderr)")
        let written = try Self.goldens(in: a)
        #expect(written.count == 6, "\(written.keys.sorted())")
        #expect(try await PhotoZoomProcess.run(["check", a.path, "--update"]).status == 0)
        #expect(try Self.goldens(in: a) == written)
        #expect(try await PhotoZoomProcess.run(["check", b.path, "--update"]).status == 0)
        #expect(try Self.goldens(in: b) == written)
        let check = try await PhotoZoomProcess.run(["check", a.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("paging-return: ok (3 decisions, 187 frames)"), "\(check.stdout)")
        // The traces that open a fixture photo smaller than the window carry maximumUpscale 2; the
        // release feel (1) opens it at 100 %, so their sizes drift; the pinch opens the Hubble deep
        // field (1000 × 872, fit 917.4 × 800, below its size) as before.
        let release = try await PhotoZoomProcess.run(["check", a.path, "--feel", "default"])
        #expect(release.status == 1, "\(release.stdout)")
        #expect(release.stdout.contains("open-and-close: differs from open-and-close.golden.json\n  image: "), "\(release.stdout)")
        #expect(release.stdout.contains("pinch-rotate-dismissal: ok"), "\(release.stdout)")
        #expect(release.stdout.contains("5 of 6 traces differ from their goldens with default"), "\(release.stdout)")
    }

    @Test("--update writes a filmstrip PNG beside each golden: eight quarter-size frames side by side, the same bytes on a second run and in another folder")
    func filmstripIsStable() async throws {
        let a = try Self.folder("strip-a"), b = try Self.folder("strip-b")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        func strips(_ dir: URL) throws -> [String: Data] {
            var out: [String: Data] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".filmstrip.png") {
                out[file] = try Data(contentsOf: dir.appendingPathComponent(file))
            }
            return out
        }
        let first = try await PhotoZoomProcess.run(["check", a.path, "--update"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("paging-return: wrote paging-return.golden.json (3 decisions, 187 frames) and paging-return.filmstrip.png"))
        let written = try strips(a)
        #expect(written.count == 6, "\(written.keys.sorted())")
        let png = try #require(written["paging-return.filmstrip.png"])
        // The PNG signature, then IHDR's width and height: 8 × 1280/4 by 800/4 pixels.
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func bigEndian(_ offset: Int) -> Int { png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bigEndian(16) == 8 * 320 && bigEndian(20) == 200)
        // The frames differ (the photo opens and pages): the strip is no flat picture.
        #expect(Set(written.values).count == 6)
        #expect(try await PhotoZoomProcess.run(["check", a.path, "--update"]).status == 0)
        #expect(try strips(a) == written)
        #expect(try await PhotoZoomProcess.run(["check", b.path, "--update"]).status == 0)
        #expect(try strips(b) == written)
    }

    @Test("a 10 % longer or shorter paging response fails on the trace whose return the paging spring shapes, naming the drift")
    func plantedPagingResponse() async throws {
        let dir = try Self.folder("check-planted")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try await PhotoZoomProcess.run(["check", dir.path, "--update"]).status == 0)
        // The default paging spring: response 0.35 s, ζ 1.
        for response in [0.385, 0.315] {
            let feel = dir.appendingPathComponent("paging-\(response).json")
            try "{\"pagingSpring\": {\"responseSeconds\": \(response), \"dampingRatio\": 1}}".write(to: feel, atomically: true, encoding: .utf8)
            let r = try await PhotoZoomProcess.run(["check", dir.path, "--feel", feel.path])
            #expect(r.status == 1, "\(response): \(r.stdout)")
            #expect(r.stdout.contains("paging-return: differs from paging-return.golden.json\n  x: drifts "), "\(r.stdout)")
            #expect(r.stdout.contains("1 of 6 traces differ from their goldens"), "\(r.stdout)")
            // Within a 20 pt tolerance the same drift passes: the tolerance is what decides.
            let loose = try await PhotoZoomProcess.run(["check", dir.path, "--feel", feel.path, "--tolerance", "20"])
            #expect(loose.status == 0, "\(loose.stdout)")
        }
    }

    @Test("a changed decision is named: with a paging distance of 10 % the slow drag pages instead of returning")
    func changedDecision() async throws {
        let dir = try Self.folder("check-decision")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try await PhotoZoomProcess.run(["check", dir.path, "--update"]).status == 0)
        let feel = dir.appendingPathComponent("short.json")
        try "{\"pagingDistanceFraction\": 0.1}".write(to: feel, atomically: true, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["check", dir.path, "--feel", feel.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("decision 3 differs: expected 'released page: stay' on photo 6 at 2.164 s"), "\(r.stdout)")
    }

    @Test("a missing or damaged golden is bad input: exit 2 naming the file, the line and the field")
    func badGoldens() async throws {
        let dir = try Self.folder("check-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try await PhotoZoomProcess.run(["check", dir.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("interrupted-opening.golden.json: no golden to check against; write it with photozoom check"), "\(missing.stderr)")
        #expect(try await PhotoZoomProcess.run(["check", dir.path, "--update"]).status == 0)
        let golden = dir.appendingPathComponent("open-and-close.golden.json")
        let text = try String(contentsOf: golden, encoding: .utf8)
        try text.replacingOccurrences(of: "{\"t\":0.032,\"phase\":\"grid\"", with: "{\"t\":0.032,\"phase\":7").write(to: golden, atomically: true, encoding: .utf8)
        let damaged = try await PhotoZoomProcess.run(["check", dir.path])
        #expect(damaged.status == 2)
        #expect(damaged.stderr.contains("open-and-close.golden.json:"), "\(damaged.stderr)")
        #expect(damaged.stderr.contains(": frames[1].phase: missing or of the wrong kind"), "\(damaged.stderr)")
    }
}
