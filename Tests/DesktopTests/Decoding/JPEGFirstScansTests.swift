import CJPEGScans
import CSDL2
import Foundation
import Testing
import TestSupport
@testable import Decoding
@testable import PhotoFiles

/// Progressive JPEGs made from a bundled photograph, decoded whole by TurboJPEG and from their
/// first scans by `pz_jpeg_first_scans`.
enum ProgressiveFixture {
    /// The bundled fig photo (a saturated red bowl on grey stone: sharp colour edges, where the
    /// chroma coefficients matter most) at half its size, 1024×693, as BGRA pixels.
    static let fig: (width: Int, height: Int, pixels: [UInt8]) = {
        let root = Repository.root
        let bytes = [UInt8](try! Data(contentsOf: root.appendingPathComponent("Resources/Photos/fig.jpg")))
        return decode(bytes, eighths: 4)!
    }()

    /// `fig` encoded by TurboJPEG at quality 90 with `subsampling`, progressive unless told.
    static func jpeg(subsampling: TJSAMP = TJSAMP_420, progressive: Bool = true, grey: Bool = false) -> [UInt8] {
        fig.pixels.withUnsafeBufferPointer {
            TestImages.jpeg(bgra: $0.baseAddress!, width: fig.width, height: fig.height, pitch: fig.width * 4,
                            subsampling: grey ? TJSAMP_GRAY : subsampling, quality: 90, progressive: progressive)
        }
    }

    /// The whole file decoded by TurboJPEG at `eighths`/8, BGRA; nil when it fails.
    static func decode(_ jpeg: [UInt8], eighths: Int) -> (width: Int, height: Int, pixels: [UInt8])? {
        let handle = tjInitDecompress()!
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, cs: Int32 = 0
        guard tjDecompressHeader3(handle, jpeg, UInt(jpeg.count), &w, &h, &sub, &cs) == 0 else { return nil }
        let scale = JPEGScale(numerator: eighths, denominator: 8)
        let sw = scale.scaled(Int(w)), sh = scale.scaled(Int(h))
        var pixels = [UInt8](repeating: 0, count: sw * sh * 4)
        guard tjDecompress2(handle, jpeg, UInt(jpeg.count), &pixels, Int32(sw), Int32(sw * 4), Int32(sh), TJPF_BGRA.rawValue, 0) == 0 else { return nil }
        return (sw, sh, pixels)
    }

    /// `pz_jpeg_first_scans` of `jpeg` at `eighths`/8 into a picture of the scaled size: the scans it read (0: declined).
    static func firstScans(_ jpeg: [UInt8], eighths: Int, pointTransform: Int32 = 1) -> (scans: Int, pixels: [UInt8]) {
        let scale = JPEGScale(numerator: eighths, denominator: 8)
        let sw = scale.scaled(fig.width), sh = scale.scaled(fig.height)
        var pixels = [UInt8](repeating: 0, count: sw * sh * 4)
        let scans = pixels.withUnsafeMutableBufferPointer { out in
            jpeg.withUnsafeBufferPointer {
                pz_jpeg_first_scans($0.baseAddress, $0.count, Int32(eighths), out.baseAddress, Int32(sw), Int32(sh), Int32(sw * 4), pointTransform)
            }
        }
        return (Int(scans), pixels)
    }

    /// The number of scans in `jpeg` (its start-of-scan markers; progressive data never holds 0xFF 0xDA).
    static func scanCount(_ jpeg: [UInt8]) -> Int {
        (0..<(jpeg.count - 1)).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }.count
    }

    /// The largest and the mean difference of the colour channels of two BGRA pictures.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double) {
        var largest = 0, sum = 0, n = 0
        for i in a.indices where i % 4 != 3 {
            let d = abs(Int(a[i]) - Int(b[i]))
            largest = max(largest, d)
            sum += d
            n += 1
        }
        return (largest, Double(sum) / Double(max(1, n)))
    }
}

@Suite("A progressive JPEG's thumbnail from its first scans: the same picture as the whole file's at that scale, most of the file unread")
struct JPEGFirstScansTests {
    typealias F = ProgressiveFixture

    @Test("at 1/8, 4:2:0: fewer scans read than the file has, within 8 levels of 255 of the whole file's decode (under 1 on average)",
          arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_444])
    func matchesWholeDecode(subsampling: TJSAMP) throws {
        let jpeg = F.jpeg(subsampling: subsampling)
        let whole = try #require(F.decode(jpeg, eighths: 1))
        let first = F.firstScans(jpeg, eighths: 1)
        // TurboJPEG's progression: the DC of all components (one bit short), then AC bands; the
        // 1/8 picture needs the DC of luma and, for 2×-subsampled chroma, its four lowest
        // coefficients, all sent well before the last of the file's scans.
        #expect(first.scans >= 1)
        #expect(first.scans < F.scanCount(jpeg))
        let d = F.difference(first.pixels, whole.pixels)
        // The bound docs/pipeline.md gives, from the 20 progressive photographs of the wallpaper
        // folder: at most 8 levels (one bit of successive approximation missing, at saturated edges).
        #expect(d.max <= 8)
        #expect(d.mean < 1)
    }

    @Test("with no bit missing allowed, it waits for the refinement scans and matches the whole decode exactly")
    func exactWhenAsked() throws {
        let jpeg = F.jpeg()
        let whole = try #require(F.decode(jpeg, eighths: 1))
        let first = F.firstScans(jpeg, eighths: 1, pointTransform: 0)
        #expect(first.scans >= 1)
        #expect(F.difference(first.pixels, whole.pixels).max == 0)
    }

    @Test("grey progressive JPEGs and 4:4:4 at 2/8 (four coefficients a block) are read from their first scans too")
    func greyAndQuarterScale() throws {
        let grey = F.jpeg(grey: true)
        let g = F.firstScans(grey, eighths: 1)
        #expect(g.scans >= 1 && g.scans < F.scanCount(grey))
        #expect(F.difference(g.pixels, try #require(F.decode(grey, eighths: 1)).pixels).max <= 8)

        let full = F.jpeg(subsampling: TJSAMP_444)
        let q = F.firstScans(full, eighths: 2)
        #expect(q.scans >= 1 && q.scans < F.scanCount(full))
        #expect(F.difference(q.pixels, try #require(F.decode(full, eighths: 2)).pixels).max <= 8)
    }

    @Test("declined, for the usual decode: baseline files, 4:2:0 at 2/8 (chroma needs 16 coefficients), other scales, a wrong size")
    func declines() {
        #expect(F.firstScans(F.jpeg(progressive: false), eighths: 1).scans == 0)
        #expect(F.firstScans(F.jpeg(), eighths: 2).scans == 0)
        let jpeg = F.jpeg()
        var pixels = [UInt8](repeating: 0, count: 4 * 1024 * 1024)
        for (eighths, width) in [(3, JPEGScale(numerator: 3, denominator: 8).scaled(F.fig.width)), (1, 7)] {
            let scans = pixels.withUnsafeMutableBufferPointer { out in
                jpeg.withUnsafeBufferPointer {
                    pz_jpeg_first_scans($0.baseAddress, $0.count, Int32(eighths), out.baseAddress, Int32(width), 5, Int32(width * 4), 1)
                }
            }
            #expect(scans == 0)
        }
    }

    @Test("a file cut anywhere: declined while the needed scans are incomplete, else the very picture of the whole file")
    func cutFiles() throws {
        let jpeg = F.jpeg()
        let uncut = F.firstScans(jpeg, eighths: 1)
        var declined = 0, complete = 0
        for step in 1..<40 {
            let cut = Array(jpeg.prefix(jpeg.count * step / 40))
            let result = F.firstScans(cut, eighths: 1)
            if result.scans == 0 {
                declined += 1
            } else {
                complete += 1
                #expect(result.pixels == uncut.pixels)
            }
        }
        // Both happen: the early cuts lack the coefficients, the late ones hold them.
        #expect(declined > 0 && complete > 0)
    }

    @Test("damage after the scans it needs never changes the picture (that part is never read); damage anywhere never crashes it")
    func damagedFiles() {
        let jpeg = F.jpeg()
        let uncut = F.firstScans(jpeg, eighths: 1)
        // The shortest prefix that holds what the 1/8 picture needs (binary search over cuts).
        var low = 0, high = jpeg.count
        while low < high {
            let mid = (low + high) / 2
            if F.firstScans(Array(jpeg.prefix(mid)), eighths: 1).scans > 0 { high = mid } else { low = mid + 1 }
        }
        let needed = low
        #expect(needed < jpeg.count / 2)  // most of the file is never read
        var random = SplitMix64(seed: 20)
        for _ in 0..<100 {
            var damaged = jpeg
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                damaged[Int.random(in: needed..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let result = F.firstScans(damaged, eighths: 1)
            #expect(result.scans == uncut.scans && result.pixels == uncut.pixels)
        }
        var written = 0
        for _ in 0..<100 {
            var damaged = jpeg
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                damaged[Int.random(in: 0..<needed, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if F.firstScans(damaged, eighths: 1).scans > 0 { written += 1 }
        }
        // Some damaged heads still give a picture (a changed coefficient bit), others are declined.
        #expect(written < 100)
    }

    @Test("the decoder makes a progressive photo's thumbnail this way, and only a thumbnail; a baseline photo's as before")
    func decoderUsesIt() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let progressive = TestImages.write(F.jpeg(), "progressive.jpg", in: folder)
        let baseline = TestImages.write(F.jpeg(progressive: false), "baseline.jpg", in: folder)
        let decoder = PhotoDecoder()
        // 1024×693 at 1/8 is 128×87: a 60-px cell takes 1/8, a 100-px cell 1/4 (declined for 4:2:0).
        let thumbnail = try decoder.decode(path: progressive.path, header: nil, target: .thumbnail(shortSide: 60))
        #expect(decoder.firstScanThumbnails == 1)
        #expect(thumbnail.partialBecause == nil)
        _ = try decoder.decode(path: progressive.path, header: nil, target: .thumbnail(shortSide: 100))  // 1/4 of 4:2:0: declined
        _ = try decoder.decode(path: progressive.path, header: nil, target: .screen(width: 120, height: 90))
        _ = try decoder.decode(path: baseline.path, header: nil, target: .thumbnail(shortSide: 60))
        #expect(decoder.firstScanThumbnails == 1)
        // The same photo's thumbnail from its baseline twin: the same picture within the bound.
        let twin = try decoder.decode(path: baseline.path, header: nil, target: .thumbnail(shortSide: 60))
        #expect(twin.width == thumbnail.width && twin.height == thumbnail.height)
        var largest = 0
        for y in 0..<thumbnail.height {
            for x in 0..<thumbnail.width {
                let a = TestImages.pixel(thumbnail.surface, x, y), b = TestImages.pixel(twin.surface, x, y)
                largest = max(largest, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            }
        }
        // Both encodings hold the same quantised coefficients (one quality, one set of tables), so
        // only the bit the first scans lack differs: the bound of the whole-decode test.
        #expect(largest <= 8)
    }
}
