import CColour
import CColourFixtures
import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import PhotoFiles

/// Colour management (issue 42): photos carrying ProPhoto, Display P3 and Adobe RGB profiles (a
/// JPEG's APP2, a PNG's iCCP) and a CMYK JPEG with its profile are decoded to sRGB, every pixel
/// within ΔE2000 ≤ 1 of lcms2's own reference conversion (`transicc`, of liblcms2-utils, applied to
/// the very numbers the file stores), on screen and in thumbnails; a photo without a profile is
/// decoded exactly as before. The profiles are made from their published primaries, white points
/// and curves with lcms2's `cmsCreateRGBProfile` (`pz_colour_rgb_profile`); the CMYK one by the
/// test's own `pz_fixture_cmyk_profile`; the CMYK JPEG by lcms2's `jpgicc`.
@Suite("Colour management: embedded profiles to sRGB within ΔE2000 ≤ 1 of lcms2's transicc; no profile, no change")
struct ColourManagementTests {
    typealias RGB = TestImages.RGB

    // MARK: - The photos

    /// 16 patches of 64 × 64 pixels (8 across, 2 down: 512 × 128): saturated primaries and
    /// secondaries, skin, sky, foliage, greys.
    static let patches: [RGB] = [
        RGB(230, 30, 30), RGB(30, 200, 40), RGB(30, 40, 220), RGB(240, 220, 30), RGB(30, 210, 220), RGB(220, 40, 210),
        RGB(225, 170, 140), RGB(90, 150, 220), RGB(60, 110, 40), RGB(250, 250, 250), RGB(128, 128, 128), RGB(20, 20, 20),
        RGB(180, 90, 40), RGB(120, 60, 160), RGB(250, 140, 20), RGB(200, 230, 255),
    ]
    static let width = 512, height = 128

    /// The stored numbers at (x, y): the patch's colour.
    static func patch(_ x: Int, _ y: Int) -> RGB { patches[(y / 64) * 8 + x / 64] }

    /// A published RGB space as an ICC profile (lcms2's `cmsCreateRGBProfile`).
    static func profile(primaries: [Double], white: [Double], transfer: Int32, gamma: Double, name: String) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64 << 10)
        let n = primaries.withUnsafeBufferPointer { p in
            white.withUnsafeBufferPointer { w in pz_colour_rgb_profile(p.baseAddress, w.baseAddress, transfer, gamma, name, &out, out.count) }
        }
        precondition(n > 0, "no profile made for \(name)")
        return Array(out.prefix(n))
    }

    static let d65 = [0.3127, 0.3290]
    /// ROMM RGB (ISO 22028-2): D50, a 1.8 power curve.
    static let proPhoto = profile(primaries: [0.7347, 0.2653, 0.1596, 0.8404, 0.0366, 0.0001], white: [0.3457, 0.3585],
                                  transfer: 0, gamma: 1.8, name: "ProPhoto RGB (PhotoZoom test)")
    /// Display P3: DCI-P3's primaries, D65, the sRGB curve (H.273 transfer 13).
    static let displayP3 = profile(primaries: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060], white: d65,
                                   transfer: 13, gamma: 0, name: "Display P3 (PhotoZoom test)")
    /// Adobe RGB (1998): D65, a power curve of 563/256.
    static let adobeRGB = profile(primaries: [0.64, 0.33, 0.21, 0.71, 0.15, 0.06], white: d65,
                                  transfer: 0, gamma: 563.0 / 256.0, name: "Adobe RGB (1998) (PhotoZoom test)")
    static let rgbProfiles = [("ProPhoto", proPhoto), ("Display P3", displayP3), ("Adobe RGB", adobeRGB)]

    /// `icc` as APP2 `ICC_PROFILE` segments of at most 65,519 bytes each, after a JPEG's SOI.
    static func withICC(_ jpeg: [UInt8], _ icc: [UInt8], chunk: Int = 65_519) -> [UInt8] {
        let pieces = stride(from: 0, to: icc.count, by: chunk).map { Array(icc[$0..<min(icc.count, $0 + chunk)]) }
        var segments: [UInt8] = []
        for (i, piece) in pieces.enumerated() {
            let length = 2 + 12 + 2 + piece.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("ICC_PROFILE".utf8) + [0, UInt8(i + 1), UInt8(pieces.count)] + piece
        }
        return Array(jpeg.prefix(2)) + segments + jpeg.dropFirst(2)
    }

    /// A PNG of the patches with `icc` in an iCCP chunk after IHDR (nil: no chunk).
    static func png(icc: [UInt8]?) throws -> [UInt8] {
        let s = TestImages.surface(width: width, height: height, colour: patch)
        defer { SDL_FreeSurface(s) }
        let plain = try PNGWriter.encode(s)
        guard let icc else { return plain }
        var chunk: [UInt8] = []
        PNGWriter.appendChunk("iCCP", Array("test".utf8) + [0, 0] + (try PNGWriter.deflate(icc)), to: &chunk)
        let afterIHDR = 8 + 25
        return Array(plain.prefix(afterIHDR)) + chunk + plain.dropFirst(afterIHDR)
    }

    /// The patches separated to CMYK by lcms2's jpgicc through `pz_fixture_cmyk_profile`, the
    /// profile embedded (-e): the JPEG's bytes and the profile.
    static func cmykSeparation(in folder: URL) async throws -> (jpeg: [UInt8], icc: [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let n = pz_fixture_cmyk_profile(&buffer, buffer.count)
        try #require(n > 0, "no CMYK profile made")
        let icc = Array(buffer.prefix(n))
        let cmykProfile = folder.appendingPathComponent("cmyk.icc")
        try Data(icc).write(to: cmykProfile)
        let source = TestImages.write(TestImages.jpeg(width: width, height: height, colour: patch), "source.jpg", in: folder)
        let separated = folder.appendingPathComponent("cmyk.jpg")
        let tool = URL(fileURLWithPath: "/usr/bin/jpgicc")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "jpgicc is missing: run scripts/ensure-deps (liblcms2-utils)")
        let jpgicc = try await ColourTool.run(tool, ["-q", "98", "-e", "-o", cmykProfile.path, source.path, separated.path], in: folder)
        try #require(jpgicc.status == 0, "jpgicc failed: \(jpgicc.stderr)")
        return ([UInt8](try Data(contentsOf: separated)), icc)
    }

    // MARK: - Decoding and the reference

    /// The picture `bytes` (named `name`) decodes to for `target`, as RGB rows.
    static func decode(_ bytes: [UInt8], _ name: String, target: DecodeTarget, in folder: URL) throws -> (width: Int, pixels: [RGB]) {
        let url = TestImages.write(bytes, name, in: folder)
        let image = try PhotoDecoder(sharedThumbnails: nil).decode(path: url.path, header: nil, target: target)
        let w = Int(image.surface.pointee.w), h = Int(image.surface.pointee.h)
        return (w, (0..<h).flatMap { y in (0..<w).map { x in TestImages.pixel(image.surface, x, y) } })
    }

    /// The 512 × 128 JPEG `bytes` as TurboJPEG decodes it in `format` (4 bytes a pixel), nothing else applied.
    static func turboJPEG(_ bytes: [UInt8], format: TJPF) throws -> [UInt8] {
        let handle = try #require(tjInitDecompress())
        defer { tjDestroy(handle) }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let status = bytes.withUnsafeBufferPointer {
            tjDecompress2(handle, $0.baseAddress, UInt($0.count), &out, Int32(width), Int32(width * 4), Int32(height), format.rawValue, 0)
        }
        try #require(status == 0, "TurboJPEG: \(String(cString: tjGetErrorStr2(handle)))")
        return out
    }

    /// lcms2's own conversion of `values` (a line of numbers each, as transicc reads them) from the
    /// profile `icc` to sRGB: `transicc -i PROFILE -o *sRGB` (perceptual, as PhotoZoom converts).
    static func transicc(_ values: [String], from icc: [UInt8], in folder: URL) async throws -> [(Double, Double, Double)] {
        let profile = folder.appendingPathComponent("profile-\(values.count)-\(icc.count).icc")
        try Data(icc).write(to: profile)
        let tool = URL(fileURLWithPath: "/usr/bin/transicc")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "transicc is missing: run scripts/ensure-deps (liblcms2-utils)")
        let r = try await ColourTool.run(tool, ["-i", profile.path, "-o", "*sRGB", "-t", "0", "-s"], stdin: values.joined(separator: "\n") + "\n", in: folder)
        try #require(r.status == 0, "transicc failed: \(r.stderr)")
        let out = r.stdout.split(separator: "\n").filter { $0.contains("R=") }.map { line in
            let numbers = line.split(separator: " ").compactMap { Double($0.split(separator: "=").last ?? "") }
            return (numbers[0], numbers[1], numbers[2])
        }
        try #require(out.count == values.count, "transicc gave \(out.count) colours for \(values.count)")
        return out
    }

    /// The largest ΔE2000 between `ours` and lcms2's conversion of `stored`, pixel by pixel (each
    /// distinct stored colour converted once), and where.
    static func largestDifference(ours: [RGB], stored: [RGB], icc: [UInt8], in folder: URL) async throws -> (deltaE: Double, at: Int) {
        let distinct = Array(Set(stored.map { [$0.r, $0.g, $0.b] })).sorted { $0.lexicographicallyPrecedes($1) }
        let reference = try await transicc(distinct.map { "\($0[0]) \($0[1]) \($0[2])" }, from: icc, in: folder)
        var byColour: [[Int]: (Double, Double, Double)] = [:]
        for (c, ref) in zip(distinct, reference) { byColour[c] = ref }
        var worst = (deltaE: 0.0, at: 0)
        for i in stored.indices {
            let ref = byColour[[stored[i].r, stored[i].g, stored[i].b]]!
            let d = DeltaE2000.between(Lab(sRGB: ref), Lab(sRGB: (Double(ours[i].r), Double(ours[i].g), Double(ours[i].b))))
            if d > worst.deltaE { worst = (d, i) }
        }
        return worst
    }

    // MARK: - The tests

    @Test("JPEG with an APP2 ICC profile (ProPhoto, Display P3, Adobe RGB): every pixel on screen and in a thumbnail within ΔE2000 ≤ 1 of transicc; read as sRGB it is far off", arguments: [0, 1, 2])
    func jpegProfiles(_ which: Int) async throws {
        let (name, icc) = Self.rgbProfiles[which]
        let folder = TestImages.folder("jpeg-\(which)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = TestImages.jpeg(width: Self.width, height: Self.height, colour: Self.patch)
        for target in [DecodeTarget.screen(width: Self.width, height: Self.height), .thumbnail(shortSide: 64)] {
            // The numbers stored: the same file without its profile, which decodes as it always did.
            let stored = try Self.decode(plain, "plain.jpg", target: target, in: folder)
            let ours = try Self.decode(Self.withICC(plain, icc), "\(name).jpg", target: target, in: folder)
            #expect(ours.width == stored.width && ours.pixels.count == stored.pixels.count)
            let worst = try await Self.largestDifference(ours: ours.pixels, stored: stored.pixels, icc: icc, in: folder)
            // The instrument against its fault: the stored numbers shown as sRGB.
            let unmanaged = try await Self.largestDifference(ours: stored.pixels, stored: stored.pixels, icc: icc, in: folder)
            print("[figure] \(name) JPEG, \(target): largest ΔE2000 \(String(format: "%.3f", worst.deltaE)) (pixel \(worst.at)); unconverted \(String(format: "%.1f", unmanaged.deltaE))")
            #expect(worst.deltaE <= 1, "\(name) JPEG \(target): ΔE2000 \(worst.deltaE) at pixel \(worst.at)")
            #expect(unmanaged.deltaE > 3, "\(name): the profile makes no visible difference (\(unmanaged.deltaE)): the test would not see it ignored")
        }
    }

    @Test("PNG with an iCCP chunk (ProPhoto, Display P3, Adobe RGB): every pixel within ΔE2000 ≤ 1 of transicc", arguments: [0, 1, 2])
    func pngProfiles(_ which: Int) async throws {
        let (name, icc) = Self.rgbProfiles[which]
        let folder = TestImages.folder("png-\(which)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for target in [DecodeTarget.screen(width: Self.width, height: Self.height), .thumbnail(shortSide: 64)] {
            let stored = try Self.decode(try Self.png(icc: nil), "plain.png", target: target, in: folder)
            let ours = try Self.decode(try Self.png(icc: icc), "\(name).png", target: target, in: folder)
            let worst = try await Self.largestDifference(ours: ours.pixels, stored: stored.pixels, icc: icc, in: folder)
            print("[figure] \(name) PNG, \(target): largest ΔE2000 \(String(format: "%.3f", worst.deltaE))")
            #expect(worst.deltaE <= 1, "\(name) PNG \(target): ΔE2000 \(worst.deltaE) at pixel \(worst.at)")
        }
    }

    @Test("a CMYK JPEG with its profile (jpgicc's separation): every pixel within ΔE2000 ≤ 1 of transicc on the CMYK the file stores")
    func cmykJPEG() async throws {
        let folder = TestImages.folder("cmyk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (bytes, icc) = try await Self.cmykSeparation(in: folder)
        #expect(EmbeddedColourProfile.jpegICC(bytes) == icc, "jpgicc -e did not embed the profile whole")
        // The CMYK the file stores, as TurboJPEG reads it; Adobe's segment: 0 is full ink.
        let cmyk = try Self.turboJPEG(bytes, format: TJPF_CMYK)
        let inverted = EmbeddedColourProfile.jpegHasAdobeSegment(bytes)
        let inks = stride(from: 0, to: cmyk.count, by: 4).map { i in (0..<4).map { c in inverted ? 255 - Int(cmyk[i + c]) : Int(cmyk[i + c]) } }
        let distinct = Array(Set(inks)).sorted { $0.lexicographicallyPrecedes($1) }
        // transicc reads CMYK in percent of ink.
        let reference = try await Self.transicc(distinct.map { $0.map { String(Double($0) * 100 / 255) }.joined(separator: " ") }, from: icc, in: folder)
        var byInk: [[Int]: (Double, Double, Double)] = [:]
        for (ink, ref) in zip(distinct, reference) { byInk[ink] = ref }
        let ours = try Self.decode(bytes, "cmyk-shown.jpg", target: .screen(width: Self.width, height: Self.height), in: folder)
        var worst = 0.0, roundTrip = 0.0
        for i in inks.indices {
            let ref = byInk[inks[i]]!
            let o = ours.pixels[i]
            worst = max(worst, DeltaE2000.between(Lab(sRGB: ref), Lab(sRGB: (Double(o.r), Double(o.g), Double(o.b)))))
            // The separation went there and back: near the colours the sRGB source had.
            let x = i % Self.width, y = i / Self.width
            if x % 64 == 32, y % 64 == 32 {
                let p = Self.patch(x, y)
                roundTrip = max(roundTrip, DeltaE2000.between(Lab(sRGB: ref), Lab(sRGB: (Double(p.r), Double(p.g), Double(p.b)))))
            }
        }
        print("[figure] CMYK JPEG (Adobe inverted: \(inverted)): largest ΔE2000 \(String(format: "%.3f", worst)); the patches' round trip sRGB → CMYK → sRGB \(String(format: "%.2f", roundTrip))")
        #expect(worst <= 1, "CMYK JPEG: ΔE2000 \(worst)")
        #expect(roundTrip < 5, "the reference is not the source's colours (\(roundTrip)): the ink is read the wrong way round")
    }

    /// The patches as a lossless AVIF (libavif's avifenc: RGB kept exactly, identity matrix) with
    /// `options` (nclx codes, an ICC profile).
    static func avif(_ name: String, options: [String], in folder: URL) async throws -> [UInt8] {
        let tool = URL(fileURLWithPath: "/usr/bin/avifenc")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "avifenc is missing: run scripts/ensure-deps (libavif-bin)")
        let source = TestImages.write(try png(icc: nil), name + ".png", in: folder)
        let out = folder.appendingPathComponent(name)
        let r = try await ColourTool.run(tool, ["--lossless"] + options + [source.path, out.path], in: folder)
        try #require(r.status == 0, "avifenc failed: \(r.stderr)")
        return [UInt8](try Data(contentsOf: out))
    }

    @Test("AVIF (libheif): nclx Display P3 (12/13) and an ICC ProPhoto profile within ΔE2000 ≤ 1 of transicc; nclx sRGB (1/13) unchanged")
    func avifColour() async throws {
        let folder = TestImages.folder("avif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = DecodeTarget.screen(width: Self.width, height: Self.height)
        let stored = (0..<Self.height).flatMap { y in (0..<Self.width).map { x in Self.patch(x, y) } }
        let iccFile = folder.appendingPathComponent("prophoto.icc")
        try Data(Self.proPhoto).write(to: iccFile)
        for (name, options, icc) in [("p3-nclx.avif", ["--cicp", "12/13/0"], Self.displayP3),
                                     ("prophoto-icc.avif", ["--cicp", "1/13/0", "--icc", iccFile.path], Self.proPhoto)] {
            let ours = try Self.decode(try await Self.avif(name, options: options, in: folder), name, target: target, in: folder)
            let worst = try await Self.largestDifference(ours: ours.pixels, stored: stored, icc: icc, in: folder)
            print("[figure] \(name): largest ΔE2000 \(String(format: "%.3f", worst.deltaE))")
            #expect(worst.deltaE <= 1, "\(name): ΔE2000 \(worst.deltaE) at pixel \(worst.at)")
            #expect(ours.pixels != stored, "\(name): not converted")
        }
        let srgb = try Self.decode(try await Self.avif("srgb.avif", options: ["--cicp", "1/13/0"], in: folder), "srgb.avif", target: target, in: folder)
        #expect(srgb.pixels == stored)
    }

    @Test("a JPEG and a PNG without a profile decode exactly as the stored numbers (TurboJPEG's and SDL_image's own decodes)")
    func withoutProfileUnchanged() throws {
        let folder = TestImages.folder("plain")
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = TestImages.jpeg(width: Self.width, height: Self.height, colour: Self.patch)
        let decoded = try Self.decode(jpeg, "plain.jpg", target: .screen(width: Self.width, height: Self.height), in: folder)
        let bgra = try Self.turboJPEG(jpeg, format: TJPF_BGRA)
        let turbo = stride(from: 0, to: bgra.count, by: 4).map { RGB(Int(bgra[$0 + 2]), Int(bgra[$0 + 1]), Int(bgra[$0])) }
        #expect(decoded.pixels == turbo)
        let png = try Self.decode(try Self.png(icc: nil), "plain.png", target: .screen(width: Self.width, height: Self.height), in: folder)
        #expect(png.pixels == (0..<Self.height).flatMap { y in (0..<Self.width).map { x in Self.patch(x, y) } })
    }

    @Test("an sRGB profile changes nothing; a damaged profile is ignored (the numbers read as sRGB), a CMYK one on RGB pixels too")
    func sRGBAndBadProfiles() throws {
        let folder = TestImages.folder("srgb")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = TestImages.jpeg(width: Self.width, height: Self.height, colour: Self.patch)
        let target = DecodeTarget.screen(width: Self.width, height: Self.height)
        let stored = try Self.decode(plain, "plain.jpg", target: target, in: folder)
        let srgb = Self.profile(primaries: [0.64, 0.33, 0.30, 0.60, 0.15, 0.06], white: Self.d65, transfer: 13, gamma: 0, name: "sRGB IEC61966-2.1")
        #expect(try Self.decode(Self.withICC(plain, srgb), "srgb.jpg", target: target, in: folder).pixels == stored.pixels)
        var damaged = Self.proPhoto
        damaged.replaceSubrange(36..<40, with: Array("XXXX".utf8))  // the 'acsp' signature
        #expect(try Self.decode(Self.withICC(plain, damaged), "damaged.jpg", target: target, in: folder).pixels == stored.pixels)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let length = pz_fixture_cmyk_profile(&buffer, buffer.count)
        let cmyk = Array(buffer.prefix(length))
        #expect(ColourConversion.space(of: cmyk) == "CMYK")
        #expect(try Self.decode(Self.withICC(plain, cmyk), "wrong-space.jpg", target: target, in: folder).pixels == stored.pixels)
    }

    @Test("in the sandboxed decoder helper (seccomp, as the app decodes) a ProPhoto JPEG, a Display P3 PNG and a CMYK JPEG convert to the same pixels as in process")
    func inTheHelper() async throws {
        let folder = TestImages.folder("helper")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = TestImages.jpeg(width: Self.width, height: Self.height, colour: Self.patch)
        let files = [TestImages.write(Self.withICC(plain, Self.proPhoto), "prophoto.jpg", in: folder),
                     TestImages.write(try Self.png(icc: Self.displayP3), "p3.png", in: folder),
                     TestImages.write(try await Self.cmykSeparation(in: folder).jpeg, "cmyk-shown.jpg", in: folder)]
        let helper = try DecoderHelperTests().helper()
        let local = PhotoDecoder(maxTextureSide: 4096)
        for url in files {
            for target in [DecodeTarget.thumbnail(shortSide: 64), .screen(width: Self.width, height: Self.height)] {
                let remote = try helper.decode(path: url.path, target: target).result.get()
                let here = try local.decode(path: url.path, header: nil, target: target)
                try #require(remote.width == here.width && remote.height == here.height)
                let rowBytes = here.width * 4
                let same = (0..<here.height).allSatisfy { y in
                    memcmp(remote.surface.pointee.pixels + y * Int(remote.surface.pointee.pitch),
                           here.surface.pointee.pixels + y * Int(here.surface.pointee.pitch), rowBytes) == 0
                }
                #expect(same, "\(url.lastPathComponent) \(target): the helper's pixels differ")
            }
        }
        // Converted there: the ProPhoto photo is not its stored numbers.
        let stored = try Self.decode(plain, "plain.jpg", target: .screen(width: Self.width, height: Self.height), in: folder)
        let remote = try helper.decode(path: files[0].path, target: .screen(width: Self.width, height: Self.height)).result.get()
        #expect(TestImages.pixel(remote.surface, 32, 32) != stored.pixels[32 * Self.width + 32])
    }

    @Test("a profile split over several APP2 segments is joined in sequence order; a missing segment means no profile")
    func segmentedProfile() {
        let plain = TestImages.jpeg(width: 16, height: 16) { _, _ in RGB(10, 20, 30) }
        let split = Self.withICC(plain, Self.proPhoto, chunk: 100)
        #expect(EmbeddedColourProfile.jpegICC(split) == Self.proPhoto)
        #expect(ColourConversion.description(of: Self.proPhoto) == "ProPhoto RGB (PhotoZoom test)")
        // Drop the second segment: the profile is not whole.
        var segments = 0, cut = split
        var i = 2
        while i + 4 < cut.count, cut[i] == 0xFF, cut[i + 1] != 0xDA {
            let length = Int(cut[i + 2]) << 8 | Int(cut[i + 3])
            if cut[i + 1] == 0xE2 {
                segments += 1
                if segments == 2 { cut.removeSubrange(i..<(i + 2 + length)); break }
            }
            i += 2 + length
        }
        #expect(EmbeddedColourProfile.jpegICC(cut) == nil)
    }
}

/// Runs lcms2's command-line tools for the colour tests: awaits the exit (no thread blocked on the
/// child), standard input from and output to files in `folder`.
enum ColourTool {
    struct Outcome { var status: Int32; var stdout: String; var stderr: String }

    static func run(_ program: URL, _ arguments: [String], stdin: String = "", in folder: URL = FileManager.default.temporaryDirectory) async throws -> Outcome {
        let tag = "\(program.lastPathComponent)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let input = folder.appendingPathComponent(tag + ".in"), output = folder.appendingPathComponent(tag + ".out"),
            errors = folder.appendingPathComponent(tag + ".err")
        try stdin.write(to: input, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { for f in [input, output, errors] { try? FileManager.default.removeItem(at: f) } }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { process.terminationHandler = nil; continuation.resume(throwing: error) }
        }
        return Outcome(status: status, stdout: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
                       stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}
