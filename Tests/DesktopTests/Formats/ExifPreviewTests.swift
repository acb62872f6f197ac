import CSDL2
import Foundation
import Testing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import DecodeScheduling
@testable import Rendering
import TestSupport

/// Issue 20, "camera previews first": a JPEG's embedded EXIF preview is found by bounds-checked
/// parsing, shown at once when it is a useful size, and replaced by the thumbnail with a fade.
@Suite("EXIF previews: found safely, shown first, faded into the thumbnail", .serialized)
struct ExifPreviewTests {
    static let fixture = Repository.path("Tests/DesktopTests/Fixtures/ExifPreview/coffee-exif-preview.jpg")

    /// An APP1 EXIF segment whose IFD0 holds Orientation and whose IFD1 points at `preview`, laid
    /// out as `scripts/make-preview-fixture` does (IFD0 at 8, IFD1 at 26, the preview at 68).
    static func exifWithPreview(_ preview: [UInt8], orientation: Int = 1, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        func entry(_ tag: Int, _ kind: Int, _ value: Int) -> [UInt8] {
            u16(tag) + u16(kind) + u32(1) + (kind == 3 ? u16(value) + [0, 0] : u32(value))
        }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
        tiff += u32(8) + u16(1) + entry(0x0112, 3, orientation) + u32(26)
        tiff += u16(3) + entry(0x0103, 3, 6) + entry(0x0201, 4, 68) + entry(0x0202, 4, preview.count) + u32(0)
        let payload = Array("Exif\0\0".utf8) + tiff + preview
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// A `width`×`height` photo of one colour carrying a 160×120 (or `previewSize`) preview of another.
    static func camera(width: Int, height: Int, photo: TestImages.RGB, preview: TestImages.RGB,
                       previewSize: (Int, Int) = (160, 120), orientation: Int = 1) -> [UInt8] {
        let main = TestImages.jpeg(width: width, height: height) { _, _ in photo }
        let small = TestImages.jpeg(width: previewSize.0, height: previewSize.1) { _, _ in preview }
        return Array(main[0..<2]) + exifWithPreview(small, orientation: orientation) + Array(main[2...])
    }

    /// A 12 MP photo (tens of milliseconds to decode) in red with a blue preview; turned by EXIF 6,
    /// which the preview follows too. Made once (drawing 12 million pixels in a debug build takes a
    /// good part of a second) for both runs of `previewThenThumbnail`.
    static let twelveMegapixels = camera(width: 4000, height: 3000, photo: .init(220, 0, 0), preview: .init(0, 0, 220), orientation: 6)

    @Test("the fixture's preview is found where the script put it: 150×100 at byte 80, 3,986 bytes")
    func fixtureHeader() throws {
        let file = try PhotoFile(path: Self.fixture.path)
        let header = try #require(try ImageHeader.read(file, fileExtension: "jpg"))
        #expect(header.storedWidth == 600 && header.storedHeight == 400)
        // 2 (SOI) + 4 (APP1 marker, length) + 6 ("Exif\0\0") + 68 (TIFF header, IFD0, IFD1).
        #expect(header.preview == ExifPreview(offset: 80, length: 3986, width: 150, height: 100))
    }

    @Test("both byte orders; no IFD1, an IFD1 pointing past the block or at non-JPEG bytes: no preview")
    func boundsAndOrders() throws {
        let small = TestImages.jpeg(width: 40, height: 30) { _, _ in TestImages.RGB(0, 0, 255) }
        for bigEndian in [false, true] {
            let segment = Self.exifWithPreview(small, bigEndian: bigEndian)
            let tiff = Array(segment[10...])
            #expect(ExifPreview.find(inTIFF: tiff, at: 12) == ExifPreview(offset: 12 + 68, length: small.count, width: 40, height: 30))
        }
        let tiff = Array(Self.exifWithPreview(small)[10...])
        // Cut one byte short of the preview's end: it leaves the block.
        #expect(ExifPreview.find(inTIFF: Array(tiff.dropLast()), at: 0) == nil)
        // IFD1 offset 0 (no second directory).
        var none = tiff
        none[22...25] = [0, 0, 0, 0]
        #expect(ExifPreview.find(inTIFF: none, at: 0) == nil)
        // The preview's first bytes are not a JPEG's start marker.
        var notJPEG = tiff
        notJPEG[68] = 0x00
        #expect(ExifPreview.find(inTIFF: notJPEG, at: 0) == nil)
    }

    @Test("mutated and cut EXIF blocks never crash; a preview found always lies inside the block and starts a JPEG")
    func fuzz() throws {
        let bytes = HostileFiles.bytes(Self.fixture)
        let tiffStart = 12, tiffEnd = 80 + 3986
        var state: UInt64 = 2020
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for round in 0..<600 {
            var tiff = Array(bytes[tiffStart..<tiffEnd])
            if round % 3 == 0 { tiff = Array(tiff.prefix(next(tiff.count))) }
            // Mostly in the directories (the first 68 bytes), where offsets and counts are.
            for _ in 0..<(1 + next(3)) where !tiff.isEmpty { tiff[next(min(tiff.count, round % 2 == 0 ? 68 : tiff.count))] = UInt8(next(256)) }
            if let found = ExifPreview.find(inTIFF: tiff, at: tiffStart) {
                let start = found.offset - tiffStart
                #expect(start >= 8 && start + found.length <= tiff.count && tiff[start] == 0xFF && tiff[start + 1] == 0xD8)
            }
        }
    }

    @Test("useful: at least half the cell's side and the photo's shape within 2 %")
    func usefulness() {
        // 160×120 (4:3) for a 4000×3000 photo: 2 · 120 = 240 ≥ a 160-px cell, not a 320-px one.
        #expect(DecodeScheduler.isUseful(preview: (160, 120), photo: (4000, 3000), cell: 160))
        #expect(!DecodeScheduler.isUseful(preview: (160, 120), photo: (4000, 3000), cell: 320))
        // A 3:2 photo's letterboxed 4:3 preview: (4/3) / (3/2) − 1 = −11 %.
        #expect(!DecodeScheduler.isUseful(preview: (160, 120), photo: (6000, 4000), cell: 160))
        #expect(DecodeScheduler.isUseful(preview: (150, 100), photo: (600, 400), cell: 160))
    }

    @Test("previews of the visible cells are queued before their thumbnails")
    func queueOrder() throws {
        let dir = TestImages.folder()
        for i in 0..<4 {
            TestImages.write(Self.camera(width: 640, height: 480, photo: .init(200, 0, 0), preview: .init(0, 0, 200)), "p\(i).jpg", in: dir)
        }
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { Issue.record("unexpected warning: \($0)") })
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.decoderThreads = 0
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { _ in })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        pipeline.prepare(for: SceneDemand(visibleCells: [0, 1, 2, 3], cellPixels: 150, largePhotos: [], windowPixels: (640, 480)),
                         renderer: canvas.renderer)
        #expect(pipeline.queue.pendingJobs().map { "\($0.kind) \($0.photo)" }
                == ["preview 0", "preview 1", "preview 2", "preview 3", "thumbnail 0", "thumbnail 1", "thumbnail 2", "thumbnail 3"])
        // HiDPI cells of 300 px: a 120-px preview would be blurred; thumbnails only.
        pipeline.prepare(for: SceneDemand(visibleCells: [0, 1, 2, 3], cellPixels: 300, largePhotos: [], windowPixels: (640, 480)),
                         renderer: canvas.renderer)
        #expect(pipeline.queue.pendingJobs().allSatisfy { $0.kind == .thumbnail })
        withExtendedLifetime(canvas) {}
    }

    @Test("the preview shows first (through a helper too), then the thumbnail fades in over it within 0.15 s; no warning",
          arguments: [false, true])
    func previewThenThumbnail(helpers: Bool) throws {
        let settings = helpers ? HelperBinary.settings() : nil
        if helpers && settings == nil { return }  // the helper program is not built: nothing to run
        let dir = TestImages.folder()
        TestImages.write(Self.twelveMegapixels, "camera.jpg", in: dir)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { Issue.record("unexpected warning: \($0)") })
        var limits = PhotoPipeline.Limits.oneDecoder(settings.map { .helperProcesses($0) } ?? .inProcess)
        limits.watchesFolders = false
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { Issue.record("unexpected warning: \($0)") })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let demand = SceneDemand(visibleCells: [0], cellPixels: 150, largePhotos: [], windowPixels: (640, 480))
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.texture(for: 0, preferFull: false) != nil })
        // The first texture is the preview, upright (EXIF 6 turns 160×120 into 120×160)… unless
        // the thumbnail came in the same frame, in which case it is fading in over the preview.
        let first = try #require(pipeline.texture(for: 0, preferFull: false))
        #expect(pipeline.hasPreview(0) || pipeline.fadingOut(for: 0) != nil)
        if pipeline.hasPreview(0) { #expect(first.width == 120 && first.height == 160) }
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.hasThumbnail(0) })
        // 3000×4000 upright, shorter side 160 (150 rounded up to the 32-px quantum): 160×213.
        let thumbnail = try #require(pipeline.texture(for: 0, preferFull: false))
        #expect(thumbnail.width == 160 && thumbnail.height == 213)
        let fade = try #require(pipeline.fadingOut(for: 0))
        #expect(fade.opacity > 0 && fade.opacity <= 1)
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.fadingOut(for: 0) == nil })
        #expect(pipeline.statistics.previewsDecoded == 1 && pipeline.statistics.thumbnailsDecoded == 1)
        pipeline.releaseTextures()
        withExtendedLifetime(canvas) {}
    }
}
