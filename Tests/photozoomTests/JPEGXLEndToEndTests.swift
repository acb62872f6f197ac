import Foundation
import Testing

/// JPEG XL in the live window under Xvfb (issue 42): a folder holding a JPEG XL (libjxl's cjxl
/// from a bundled photo) and half of one. The good one is laid out at its size from the header and
/// drawn from libjxl's decode in the sandboxed helper; the damaged one is a placeholder that says
/// why in the window, and one warning names it on stderr.
@Suite("End to end: a JPEG XL shows in the grid under Xvfb; a damaged one says why in its cell")
struct JPEGXLEndToEndTests {
    static let scenario = #"""
    state '"phase":"grid"'
    sleep 2

    """#

    @Test("kite.jxl decodes into its cell, its 1200 × 1600 size from the header; cut.jxl's placeholder carries 'corrupt image: JPEG XL' in text pixels; one warning")
    func jpegXLInTheGrid() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("e2e-jxl")
        let photos = folder.appendingPathComponent("photos")
        try? FileManager.default.removeItem(at: photos)
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let cjxl = URL(fileURLWithPath: "/usr/bin/cjxl")
        try #require(FileManager.default.isExecutableFile(atPath: cjxl.path), "cjxl is missing: run scripts/ensure-deps (libjxl-tools)")
        let kite = photos.appendingPathComponent("kite.jxl")
        let made = try await PhotoZoomProcess.runProgram(cjxl, [DailyBasicsEndToEndTests.bundled.appendingPathComponent("kite.jpg").path, kite.path])
        try #require(made.status == 0, "cjxl: \(made.stderr)")
        let bytes = try Data(contentsOf: kite)
        try bytes.prefix(bytes.count / 2).write(to: photos.appendingPathComponent("cut.jxl"))

        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(Self.scenario, in: folder, photos: photos,
                                                                            arguments: "--screenshot \"$OUT/grid.png\"")
        // kite's size read by PhotoZoom's parser (the bundled kite.jpg is 1200 × 1600, its frame header says):
        // in the header, or, where the helper started after start-up's allowance (a loaded machine), in a photo event.
        let lines = trace.split(separator: "\n")
        let header = try #require(lines.first)
        #expect(PhotoZoomProcess.traceGivesSize(lines, index: 1, name: "kite.jxl", 1200, 1600), "\(header.prefix(400))")
        #expect(stderr.split(separator: "\n").count == 1 && stderr.contains("cut.jxl") && stderr.contains("JPEG XL"), "\(stderr)")

        // 800 pt, five columns of 160 pt: cut.jxl at (0, 0), kite.jxl at (160, 0).
        let shot = folder.appendingPathComponent("grid.png").path
        let kiteCentre = try DropEndToEndTests.pixel(shot, 240, 80)
        // The placeholder's colour is (0.30, 0.16, 0.16): 77, 41, 41; kite's middle is sky.
        #expect(kiteCentre.2 > kiteCentre.0 + 40, "kite.jxl's cell shows \(kiteCentre), not its sky")
        var text = 0
        for y in 112..<156 {
            for x in 4..<156 {
                let p = try DropEndToEndTests.pixel(shot, x, y)
                if p.0 > 150, p.1 * 10 >= p.0 * 7 { text += 1 }
            }
        }
        print("[figure] JPEG XL in the grid: kite.jxl's centre \(kiteCentre); \(text) pixels of reason text in cut.jxl's cell")
        #expect(text > 100, "cut.jxl's placeholder shows no reason text (\(text) pixels)")
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)
    }
}
