import Foundation
import Geometry
import Gestures
import Testing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
import Events

@Suite("Headers left unread at start-up arrive as photoSize events, screen first", .serialized)
struct LateHeaderTests {
    /// `count` JPEGs p000.jpg… of 64×48, every 10th stored sideways with EXIF orientation 6.
    func folder(count: Int) -> URL {
        let dir = TestImages.folder()
        let plain = TestImages.jpeg(width: 64, height: 48, colour: TestImages.noise)
        let sideways = TestImages.jpeg(width: 64, height: 48, orientation: 6, colour: TestImages.noise)
        for i in 0..<count { TestImages.write(i % 10 == 3 ? sideways : plain, String(format: "p%03d.jpg", i), in: dir) }
        return dir
    }

    @Test("a zero budget reads no header at start-up; sizes then come on-screen photos first, then in grid order")
    func screenFirst() throws {
        let dir = folder(count: 120)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), headerBudgetSeconds: 0, isolation: .inProcess, warn: { _ in })
        #expect(catalog.unknownCount == 120)
        #expect(catalog.photos.allSatisfy { $0.pixelSize == .zero })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        var limits = PhotoPipeline.Limits()
        limits.decoderThreads = 0
        limits.isolation = .inProcess
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { _ in })
        let demand = SceneDemand(visibleCells: Array(80..<90), cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        var events: [InputEvent] = []
        _ = pipeline.pump(demand, renderer: canvas.renderer) {
            events += pipeline.takePhotoSizeEvents(at: 1.5)
            return events.count == 120
        }
        let sizes = events.compactMap { e -> (Int, Size)? in
            if case let .photoSize(index, size) = e.kind { return (index, size) } else { return nil }
        }
        #expect(sizes.map(\.0) == Array(80..<90) + Array(0..<80) + Array(90..<120))
        #expect(events.allSatisfy { $0.time == 1.5 })
        // Upright sizes: 64×48, or 48×64 for the sideways ones (orientation 6 swaps).
        for (index, size) in sizes {
            #expect(size == (index % 10 == 3 ? Size(48, 64) : Size(64, 48)), "photo \(index)")
        }
        #expect(pipeline.takePhotoSizeEvents(at: 2).isEmpty)
        withExtendedLifetime(canvas) {}
    }

    @Test("a thumbnail is drawn only after its photo's size was handed to the viewer")
    func thumbnailWaitsForSize() throws {
        let dir = folder(count: 4)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), headerBudgetSeconds: 0, isolation: .inProcess, warn: { _ in })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        var limits = PhotoPipeline.Limits()
        limits.decoderThreads = 1
        limits.isolation = .inProcess
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { _ in })
        let demand = SceneDemand(visibleCells: [0, 1, 2, 3], cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        // Decoded (the decoder reads the header itself) but not uploaded: the sizes are not handed over.
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.statistics.thumbnailsDecoded == 4 })
        for _ in 0..<5 { pipeline.prepare(for: demand, renderer: canvas.renderer) }
        #expect(!(0..<4).contains(where: pipeline.hasThumbnail))
        #expect(pipeline.takePhotoSizeEvents(at: 0).count == 4)
        pipeline.prepare(for: demand, renderer: canvas.renderer)
        #expect((0..<4).allSatisfy(pipeline.hasThumbnail))
        withExtendedLifetime(canvas) {}
    }

    @Test("a broken file found after start-up is warned about once and drawn broken")
    func brokenLate() throws {
        let dir = folder(count: 3)
        TestImages.write([], "p001.jpg", in: dir)  // now empty
        let log = WarningLog()
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), headerBudgetSeconds: 0, isolation: .inProcess, warn: log.append)
        #expect(log.lines.isEmpty)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let pipeline = PhotoPipeline(catalog: catalog, warn: log.append)
        let demand = SceneDemand(visibleCells: [0, 1, 2], cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        #expect(pipeline.pump(demand, renderer: canvas.renderer) {
            _ = pipeline.takePhotoSizeEvents(at: 0)
            return pipeline.isIdle && pipeline.hasThumbnail(0) && pipeline.hasThumbnail(2)
        })
        #expect(pipeline.isBroken(1))
        #expect(log.lines.count == 1 && log.lines(naming: "p001.jpg").first?.contains("empty file") == true)
        withExtendedLifetime(canvas) {}
    }
}
