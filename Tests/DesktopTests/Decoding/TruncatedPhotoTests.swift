import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering

/// Issue 20: a JPEG or PNG cut short shows the rows it holds, the rest in the placeholder colour,
/// with one warning (as eog and Loupe do), in process and through the decoder helpers.
@Suite("Truncated photos show what was read", .serialized)
struct TruncatedPhotoTests {
    static let placeholder = TestImages.RGB(0x38, 0x38, 0x3D)

    /// Rows of `image` that are entirely the placeholder colour, counted from the bottom.
    static func placeholderRowsAtBottom(_ image: DecodedImage) -> Int {
        var rows = 0
        for y in stride(from: image.height - 1, through: 0, by: -1) {
            guard (0..<image.width).allSatisfy({ TestImages.pixel(image.surface, $0, y) == placeholder }) else { break }
            rows += 1
        }
        return rows
    }

    @Test("a noise JPEG cut in half decodes its upper half exactly as the whole file does, the rest placeholder")
    func jpegCutInHalf() throws {
        let (w, h) = (128, 256)
        let whole = TestImages.jpeg(width: w, height: h, colour: TestImages.noise)
        let dir = TestImages.folder()
        let wholeURL = TestImages.write(whole, "whole.jpg", in: dir)
        let cutURL = TestImages.write(Array(whole.prefix(whole.count / 2)), "cut.jpg", in: dir)
        let decoder = PhotoDecoder()
        let reference = try decoder.decode(path: wholeURL.path, header: nil, target: .screen(width: 4096, height: 4096))
        let cut = try decoder.decode(path: cutURL.path, header: nil, target: .screen(width: 4096, height: 4096))
        #expect(reference.partialBecause == nil)
        guard case .truncated? = cut.partialBecause else { Issue.record("no truncation reported: \(String(describing: cut.partialBecause))"); return }
        #expect(cut.width == w && cut.height == h)
        // Noise codes to about the same number of bytes per 8-pixel block row (4:4:4, quality 95),
        // so half the file holds about half the rows: h / 2 = 128, less the headers' share
        // (about 600 of the ~50 kB), within two block rows (16 px).
        let missing = Self.placeholderRowsAtBottom(cut)
        let read = h - missing
        #expect(abs(read - h / 2) <= 16, "read \(read) of \(h) rows")
        // Every row above the block row the data stopped in is the whole file's, pixel for pixel.
        var differing = 0
        for y in 0..<max(0, read - 8) {
            for x in 0..<w where TestImages.pixel(cut.surface, x, y) != TestImages.pixel(reference.surface, x, y) { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test("a camera photo and a PNG cut in half, and a whole one: two thumbnails part-read with one warning each, none broken",
          arguments: [false, true])
    func pipelineShowsTheReadablePart(helpers: Bool) throws {
        let settings = helpers ? HelperBinary.settings() : nil
        if helpers && settings == nil { return }  // the helper program is not built: nothing to run
        let dir = TestImages.folder()
        let coffee = HostileFiles.bytes(try #require(HostileFiles.bundled("jpg").first { $0.lastPathComponent == "coffee.jpg" }))
        let png = HostileFiles.bytes(try #require(HostileFiles.bundled("png").first { $0.lastPathComponent == "coffee-alpha-400x400.png" }))
        TestImages.write(Array(coffee.prefix(coffee.count / 2)), "a-cut.jpg", in: dir)
        TestImages.write(Array(png.prefix(png.count / 2)), "b-cut.png", in: dir)
        TestImages.write(coffee, "c-whole.jpg", in: dir)
        let log = WarningLog()
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: log.append)
        var limits = PhotoPipeline.Limits.oneDecoder(settings.map { .helperProcesses($0) } ?? .inProcess)
        limits.watchesFolders = false
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: log.append)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let demand = SceneDemand(visibleCells: [0, 1, 2], cellPixels: 120, largePhotos: [], windowPixels: (640, 480))
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.isIdle && (0..<3).allSatisfy(pipeline.hasThumbnail) })
        #expect((0..<3).allSatisfy { !pipeline.isBroken($0) })
        for name in ["a-cut.jpg", "b-cut.png"] {
            let lines = log.lines(naming: name)
            #expect(lines.count == 1 && lines.first?.contains("truncated image") == true
                    && lines.first?.hasSuffix("; showing the part that was read") == true, "\(name): \(lines)")
        }
        #expect(log.lines.count == 2, "\(log.lines)")
        // Opening the cut photo (a second decode, at the window's size) warns no more.
        let open = SceneDemand(visibleCells: [0, 1, 2], cellPixels: 120, largePhotos: [0], windowPixels: (640, 480))
        #expect(pipeline.pump(open, renderer: canvas.renderer) { pipeline.isIdle && pipeline.hasFullPhoto(0) })
        #expect(log.lines.count == 2, "\(log.lines)")
        pipeline.releaseTextures()
        withExtendedLifetime(canvas) {}
    }

    @Test("a cut PNG's thumbnail has the photo above and the placeholder colour below; nothing read is still a placeholder")
    func cutPNGThumbnail() throws {
        let png = HostileFiles.bytes(try #require(HostileFiles.bundled("png").first { $0.lastPathComponent == "coffee-alpha-400x400.png" }))
        let dir = TestImages.folder()
        let cut = TestImages.write(Array(png.prefix(png.count / 2)), "cut.png", in: dir)
        let image = try PhotoDecoder().decode(path: cut.path, header: nil, target: .thumbnail(shortSide: 100))
        #expect(image.width == 100 && image.height == 100)
        #expect(image.partialBecause == .truncated("the PNG ends before its last chunk (IEND)"))
        // The photo is opaque coffee, so rows read are not the placeholder; about half are missing
        // (PNG rows compress about evenly on a photo), within a tenth.
        let missing = Self.placeholderRowsAtBottom(image)
        #expect(abs(missing - 50) <= 10, "\(missing) of 100 rows missing")
        // Cut inside the header: nothing to show.
        let stub = TestImages.write(Array(png.prefix(60)), "stub.png", in: dir)
        #expect(throws: ImageProblem.self) { try PhotoDecoder().decode(path: stub.path, header: nil, target: .thumbnail(shortSide: 100)) }
    }
}
