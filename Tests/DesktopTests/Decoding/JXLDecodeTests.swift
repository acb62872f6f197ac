import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats

/// JPEG XL (issue 42): its size read from the codestream's header by PhotoZoom's own parser
/// (`JXLHeader`), decoded by libjxl in the sandboxed helper like every format, its colour profile
/// honoured; a file cut short says why. The photos are made at test time by libjxl's own encoder,
/// cjxl (libjxl-tools), from PNGs.
@Suite("JPEG XL: the header's size, libjxl's decode in the helper, its colour profile, a damaged file's reason")
struct JXLDecodeTests {
    typealias Patches = ColourManagementTests

    /// `png` encoded by cjxl with `options` into `name` in `folder`.
    static func cjxl(_ png: [UInt8], _ name: String, options: [String], in folder: URL) async throws -> URL {
        let tool = URL(fileURLWithPath: "/usr/bin/cjxl")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "cjxl is missing: run scripts/ensure-deps (libjxl-tools)")
        let source = TestImages.write(png, name + ".png", in: folder)
        let out = folder.appendingPathComponent(name)
        let r = try await ColourTool.run(tool, [source.path, out.path] + options, in: folder)
        try #require(r.status == 0, "cjxl failed: \(r.stderr)")
        return out
    }

    /// A PNG of `width` × `height` pixels of noise.
    static func noisePNG(_ width: Int, _ height: Int) throws -> [UInt8] {
        let s = TestImages.surface(width: width, height: height, colour: TestImages.noise)
        defer { SDL_FreeSurface(s) }
        return try PNGWriter.encode(s)
    }

    @Test("the header gives the size of a bare codestream and of one in the container: a small one, one by aspect ratio (400 × 300), an odd one (301 × 203)")
    func headerSizes() async throws {
        let folder = TestImages.folder("jxl-header")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (w, h) in [(512, 128), (400, 300), (301, 203)] {
            for container in ["0", "1"] {
                let url = try await Self.cjxl(try Self.noisePNG(w, h), "noise-\(w)x\(h)-\(container).jxl", options: ["-d", "1", "--container=\(container)"], in: folder)
                let file = try PhotoFile(path: url.path)
                let header = try #require(try ImageHeader.read(file, fileExtension: "jxl"))
                #expect(header.format == .jxl && header.storedWidth == w && header.storedHeight == h && header.orientation == .up,
                        "\(w)×\(h), container \(container): \(header.storedWidth)×\(header.storedHeight)")
                let head = try file.bytes(at: 0, count: 12)
                #expect(container == "1" ? head == JXLHeader.containerSignature : Array(head.prefix(2)) == JXLHeader.codestreamSignature)
            }
        }
    }

    @Test("a lossless JPEG XL decodes to its PNG's pixels exactly, in the sandboxed helper as in process, on screen and as a thumbnail")
    func losslessInHelper() async throws {
        let folder = TestImages.folder("jxl-lossless")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try await Self.cjxl(try Patches.png(icc: nil), "patches.jxl", options: ["-d", "0"], in: folder)
        let helper = try DecoderHelperTests().helper()
        let screen = DecodeTarget.screen(width: Patches.width, height: Patches.height)
        let remote = try helper.decode(path: url.path, target: screen).result.get()
        #expect(remote.width == Patches.width && remote.height == Patches.height && !remote.hasTransparency)
        let here = try PhotoDecoder(sharedThumbnails: nil).decode(path: url.path, header: nil, target: screen)
        var mismatches = 0
        for y in 0..<Patches.height {
            for x in 0..<Patches.width {
                if TestImages.pixel(here.surface, x, y) != Patches.patch(x, y) { mismatches += 1 }
                if TestImages.pixel(remote.surface, x, y) != Patches.patch(x, y) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(mismatches) pixels differ from the PNG's")
        let thumbnail = try helper.decode(path: url.path, target: .thumbnail(shortSide: 64)).result.get()
        #expect(thumbnail.width == 256 && thumbnail.height == 64)
    }

    @Test("a JPEG XL carrying a ProPhoto profile (cjxl keeps the PNG's iCCP) shows within ΔE2000 ≤ 1 of transicc on its stored numbers")
    func profileHonoured() async throws {
        let folder = TestImages.folder("jxl-prophoto")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try await Self.cjxl(try Patches.png(icc: Patches.proPhoto), "prophoto.jxl", options: ["-d", "0"], in: folder)
        let target = DecodeTarget.screen(width: Patches.width, height: Patches.height)
        let ours = try Patches.decode([UInt8](try Data(contentsOf: url)), "shown.jxl", target: target, in: folder)
        let stored = (0..<Patches.height).flatMap { y in (0..<Patches.width).map { x in Patches.patch(x, y) } }
        let worst = try await Patches.largestDifference(ours: ours.pixels, stored: stored, icc: Patches.proPhoto, in: folder)
        print("[figure] ProPhoto JPEG XL: largest ΔE2000 \(String(format: "%.3f", worst.deltaE))")
        #expect(worst.deltaE <= 1, "ΔE2000 \(worst.deltaE) at pixel \(worst.at)")
        #expect(ours.pixels != stored, "the profile was not applied")
    }

    @Test("a JPEG XL cut short is refused with a reason naming JPEG XL, in the helper")
    func truncated() async throws {
        let folder = TestImages.folder("jxl-cut")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try await Self.cjxl(try Self.noisePNG(301, 203), "noise.jxl", options: ["-d", "1"], in: folder)
        let bytes = [UInt8](try Data(contentsOf: url))
        let cut = TestImages.write(Array(bytes.prefix(bytes.count / 2)), "cut.jxl", in: folder)
        let helper = try DecoderHelperTests().helper()
        let result = helper.decode(path: cut.path, target: .screen(width: 301, height: 203)).result
        guard case let .failure(problem) = result else { Issue.record("a half file decoded"); return }
        #expect(problem.message.contains("JPEG XL"), "\(problem)")
        print("[figure] half a JPEG XL: \(problem.message)")
    }
}
