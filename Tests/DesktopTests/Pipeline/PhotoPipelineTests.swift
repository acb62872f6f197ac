import CSDL2
import Foundation
import Geometry
import Testing
import Viewing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering

@Suite("Photo pipeline: scheduling, budgets and drawing", .serialized)
struct PhotoPipelineTests {
    typealias RGB = TestImages.RGB

    /// A folder of `count` small identical JPEGs named p000.jpg…; returns its catalog.
    func catalog(count: Int, width: Int = 64, height: Int = 64) throws -> PhotoCatalog {
        let dir = TestImages.folder()
        let bytes = TestImages.jpeg(width: width, height: height, colour: TestImages.noise)
        for i in 0..<count { TestImages.write(bytes, String(format: "p%03d.jpg", i), in: dir) }
        return PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { Issue.record("unexpected warning: \($0)") })
    }

    func limits(threads: Int) -> PhotoPipeline.Limits {
        var l = PhotoPipeline.Limits()
        l.decoderThreads = threads
        l.isolation = .inProcess
        l.sharedThumbnails = nil  // this machine's own cache stays out of the tests
        return l
    }

    // MARK: - Scheduling

    @Test("the queue holds visible cells first, then a screen of cells in the scroll direction, then the other side")
    func visibleFirst() throws {
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let pipeline = PhotoPipeline(catalog: try catalog(count: 200), limits: limits(threads: 0), warn: { _ in })
        func demand(_ r: Range<Int>, large: [Int] = []) -> SceneDemand {
            SceneDemand(visibleCells: Array(r), cellPixels: 32, largePhotos: large, windowPixels: (640, 480))
        }
        pipeline.prepare(for: demand(20..<30), renderer: canvas.renderer)
        var jobs = pipeline.queue.pendingJobs()
        // 10 visible, then 10 below (30…39), then 10 above (19 down to 10), all thumbnails.
        #expect(jobs.map(\.photo) == Array(20..<30) + Array(30..<40) + Array((10..<20).reversed()))
        #expect(jobs.allSatisfy { $0.kind == .thumbnail })

        // Scrolled far down with photo 105 opened: its thumbnail and full picture lead, then the
        // visible cells, its neighbours' full pictures, the cells below, then above.
        pipeline.prepare(for: demand(100..<110, large: [105]), renderer: canvas.renderer)
        jobs = pipeline.queue.pendingJobs()
        #expect(jobs.prefix(2).map { "\($0.kind) \($0.photo)" } == ["thumbnail 105", "full 105"])
        #expect(jobs.dropFirst(2).prefix(9).map(\.photo) == [100, 101, 102, 103, 104, 106, 107, 108, 109])
        #expect(jobs.filter { $0.kind == .full }.map(\.photo) == [105, 106, 104])
        #expect(jobs.filter { $0.kind == .thumbnail }.suffix(20).map(\.photo) == Array(110..<120) + Array((90..<100).reversed()))
        // Nothing from the old screen is left, and all 30 of its jobs were cancelled unstarted.
        #expect(jobs.allSatisfy { $0.photo >= 90 })
        #expect(pipeline.statistics.jobsCancelled == 30)

        // Scrolling back up prefetches above first.
        pipeline.prepare(for: demand(50..<60), renderer: canvas.renderer)
        jobs = pipeline.queue.pendingJobs()
        #expect(jobs.map(\.photo) == Array(50..<60) + Array((40..<50).reversed()) + Array(60..<70))
        withExtendedLifetime(canvas) {}
    }

    @Test("a thumbnail already made at the cell size is not decoded again; a bigger cell asks for a bigger one")
    func noRedundantWork() throws {
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let pipeline = PhotoPipeline(catalog: try catalog(count: 3, width: 256, height: 256), limits: limits(threads: 1), warn: { _ in })
        let small = SceneDemand(visibleCells: [0, 1, 2], cellPixels: 40, largePhotos: [], windowPixels: (64, 64))
        #expect(pipeline.pump(small, renderer: canvas.renderer) { pipeline.isIdle && (0..<3).allSatisfy(pipeline.hasThumbnail) })
        let decoded = pipeline.statistics.thumbnailsDecoded
        #expect(decoded == 3)
        for _ in 0..<20 { pipeline.prepare(for: small, renderer: canvas.renderer) }
        #expect(pipeline.statistics.thumbnailsDecoded == decoded && pipeline.queue.pendingJobs().isEmpty)
        // 40 rounds up to 64 (quantum 32): the textures are 64 pixels; cells of 100 need 128.
        #expect(pipeline.texture(for: 0, preferFull: false)?.width == 64)
        let big = SceneDemand(visibleCells: [0, 1, 2], cellPixels: 100, largePhotos: [], windowPixels: (64, 64))
        #expect(pipeline.pump(big, renderer: canvas.renderer) { pipeline.isIdle && pipeline.texture(for: 2, preferFull: false)?.width == 128 })
        #expect(pipeline.statistics.thumbnailsDecoded == 6)
        withExtendedLifetime(canvas) {}
    }

    // MARK: - Budget

    @Test("thumbnail textures stay within the byte budget while scrolling; the least recently used go first")
    func budget() throws {
        let canvas = SoftwareCanvas(width: 64, height: 64)
        var l = limits(threads: 1)
        // Each thumbnail is 32×32×4 = 4096 bytes; the budget holds 12.
        l.thumbnailBytes = 12 * 4096
        l.nearbyScreens = 0
        let pipeline = PhotoPipeline(catalog: try catalog(count: 60), limits: l, warn: { _ in })
        for first in stride(from: 0, to: 60, by: 4) {
            let demand = SceneDemand(visibleCells: Array(first..<(first + 4)), cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
            #expect(pipeline.pump(demand, renderer: canvas.renderer) { (first..<(first + 4)).allSatisfy(pipeline.hasThumbnail) })
            for p in first..<(first + 4) { _ = pipeline.texture(for: p, preferFull: false) }  // drawn
            pipeline.prepare(for: demand, renderer: canvas.renderer)
            #expect(pipeline.statistics.thumbnailTextureBytes <= l.thumbnailBytes)
        }
        // The last 12 photos drawn (48…59) are held; the first ones went.
        #expect((48..<60).allSatisfy(pipeline.hasThumbnail))
        #expect(!(0..<44).contains(where: pipeline.hasThumbnail))
        #expect(pipeline.statistics.evictions == 60 - 12)
        withExtendedLifetime(canvas) {}
    }

    @Test("the first frame makes a texture of every thumbnail decoded before it, whatever the per-frame cap; later frames, and a first frame while something moves, keep the cap")
    func firstFrameTakesEverythingDecoded() throws {
        var l = limits(threads: 1)
        // Each thumbnail is 32×32×4 = 4096 bytes; a frame may make 2 of them (8192 bytes).
        l.uploadBytesPerFrame = 2 * 4096
        l.nearbyScreens = 0
        func demand(_ cells: Range<Int>) -> SceneDemand {
            SceneDemand(visibleCells: Array(cells), cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        }
        func thumbnails(_ pipeline: PhotoPipeline, _ cells: Range<Int>) -> Int { cells.filter(pipeline.hasThumbnail).count }

        // As the app starts: the first screen is decoded (on a second visit, read from the
        // thumbnail cache) while the window and its renderer are made, before the first frame.
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let pipeline = PhotoPipeline(catalog: try catalog(count: 16), limits: l, warn: { _ in })
        pipeline.prefetch(for: demand(0..<8))
        #expect(pipeline.waitForDecodes())
        pipeline.prepare(for: demand(0..<8), renderer: canvas.renderer)
        #expect(thumbnails(pipeline, 0..<8) == 8)
        #expect(pipeline.statistics.uploadedBytes == 8 * 4096)

        // Scrolled on: with textures on screen, the next 8 decoded thumbnails come 2 a frame.
        pipeline.prepare(for: demand(8..<16), renderer: canvas.renderer)
        #expect(pipeline.waitForDecodes())
        for frame in 1...4 {
            pipeline.prepare(for: demand(8..<16), renderer: canvas.renderer)
            #expect(thumbnails(pipeline, 8..<16) == 2 * frame)
        }

        // A first frame while something moves keeps the cap as well.
        let moving = PhotoPipeline(catalog: try catalog(count: 8), limits: l, warn: { _ in })
        moving.isSomethingMoving = true
        moving.prefetch(for: demand(0..<8))
        #expect(moving.waitForDecodes())
        moving.prepare(for: demand(0..<8), renderer: canvas.renderer)
        #expect(thumbnails(moving, 0..<8) == 2)
        withExtendedLifetime(canvas) {}
    }

    // MARK: - Drawing

    @Test("a solid-colour photo lands in its grid cell; a corrupt file draws the broken placeholder")
    func pixels() throws {
        let dir = TestImages.folder()
        let solidPNG = RGB(200, 40, 90), solidJPEG = RGB(30, 120, 200)
        TestImages.writePNG(width: 120, height: 80, "a-solid.png", in: dir) { _, _ in solidPNG }
        // Corrupt image data (a file cut short would show its readable part instead, issue 20).
        TestImages.write(TestImages.corrupted(TestImages.jpeg(width: 64, height: 48, colour: TestImages.noise)), "b-corrupt.jpg", in: dir)
        TestImages.write(TestImages.jpeg(width: 90, height: 60, orientation: 6) { _, _ in solidJPEG }, "c-solid.jpg", in: dir)

        let log = WarningLog()
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: log.append)
        let canvas = SoftwareCanvas(width: 400, height: 300)
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits(threads: 1), warn: log.append)
        let renderer = SceneRenderer(renderer: canvas.renderer, textures: pipeline)
        let scene = Viewer(photos: catalog.photos, windowSize: Size(400, 300)).scene()
        let cells = scene.cells.map(\.frame)
        try #require(cells.count == 3)
        func centre(_ r: Rect) -> (Int, Int) { (Int(r.center.x), Int(r.center.y)) }

        // The first frame draws at once, before any decode can have finished: plain placeholders.
        pipeline.advance(for: scene, pointScale: renderer.pointScale, renderer: canvas.renderer)
        renderer.draw(scene)
        let waiting = RGB(Int((0.22 * 255).rounded()), Int((0.22 * 255).rounded()), Int((0.24 * 255).rounded()))
        #expect(canvas.pixel(centre(cells[0]).0, centre(cells[0]).1) == waiting)

        var settled = false
        for _ in 0..<20_000 where !settled {
            pipeline.advance(for: scene, pointScale: renderer.pointScale, renderer: canvas.renderer)
            renderer.draw(scene)
            settled = pipeline.isIdle && pipeline.hasThumbnail(0) && pipeline.hasThumbnail(2) && pipeline.isBroken(1)
            if !settled { usleep(1000) }
        }
        #expect(settled)
        pipeline.advance(for: scene, pointScale: renderer.pointScale, renderer: canvas.renderer)
        renderer.draw(scene)
        #expect(canvas.pixel(centre(cells[0]).0, centre(cells[0]).1) == solidPNG)
        #expect(canvas.pixel(centre(cells[2]).0, centre(cells[2]).1).isClose(to: solidJPEG, tolerance: 3))
        // Broken placeholder: Color(0.30, 0.16, 0.16) away from its cross (a point near the top edge).
        let broken = RGB(Int((0.30 * 255).rounded()), Int((0.16 * 255).rounded()), Int((0.16 * 255).rounded()))
        #expect(canvas.pixel(Int(cells[1].center.x), Int(cells[1].minY + cells[1].height * 0.15)) == broken)
        #expect(log.lines.count == 1 && log.lines(naming: "b-corrupt.jpg").count == 1)
        withExtendedLifetime(canvas) {}
    }

    @Test("an opened photo gets its window-sized picture; the thumbnail stands in until then")
    func fullPhoto() throws {
        let dir = TestImages.folder()
        TestImages.write(TestImages.jpeg(width: 800, height: 600, colour: TestImages.noise), "a.jpg", in: dir)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { _ in })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits(threads: 1), warn: { _ in })
        let demand = SceneDemand(visibleCells: [0], cellPixels: 64, largePhotos: [0], windowPixels: (400, 400))
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.hasThumbnail(0) })
        if !pipeline.hasFullPhoto(0) {
            #expect(pipeline.texture(for: 0, preferFull: true)?.height == 64)  // the thumbnail
        }
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.hasFullPhoto(0) })
        // 800×600 fitted in 400×400: 400×300.
        let full = try #require(pipeline.texture(for: 0, preferFull: true))
        #expect(full.width == 400 && full.height == 300)
        #expect(pipeline.statistics.fullPhotosDecoded == 1)
        withExtendedLifetime(canvas) {}
    }

    @Test("a picture larger than a frame's upload budget is filled a band of rows a frame and drawn only once whole; the thumbnail stands in until then; a band no longer wanted is dropped")
    func fullPhotoInBands() throws {
        let dir = TestImages.folder()
        TestImages.write(TestImages.jpeg(width: 800, height: 600, colour: TestImages.noise), "a.jpg", in: dir)
        TestImages.write(TestImages.jpeg(width: 800, height: 600, colour: TestImages.noise), "b.jpg", in: dir)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { _ in })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        var l = limits(threads: 1)
        // 800×600 fitted in 400×400 is 400×300: rows of 400 × 4 = 1,600 bytes, 480,000 in all;
        // a frame may upload 100 rows (160,000 bytes), so the picture takes 480,000 / 160,000 = 3 frames.
        l.uploadBytesPerFrame = 100 * 400 * 4
        l.nearbyScreens = 0
        let pipeline = PhotoPipeline(catalog: catalog, limits: l, warn: { _ in })
        let grid = SceneDemand(visibleCells: [0, 1], cellPixels: 64, largePhotos: [], windowPixels: (400, 400))
        #expect(pipeline.pump(grid, renderer: canvas.renderer) { pipeline.hasThumbnail(0) && pipeline.hasThumbnail(1) })
        let thumbnailHeight = try #require(pipeline.texture(for: 0, preferFull: true)).height

        // Opened: the full picture (and its neighbour's) is asked for and decoded before the next frame.
        let open = SceneDemand(visibleCells: [0, 1], cellPixels: 64, largePhotos: [0], windowPixels: (400, 400))
        pipeline.prepare(for: open, renderer: canvas.renderer)
        #expect(pipeline.waitForDecodes())
        let before = pipeline.statistics
        for frame in 1...2 {
            pipeline.prepare(for: open, renderer: canvas.renderer)
            #expect(pipeline.statistics.uploadedBytes - before.uploadedBytes == frame * 160_000)
            #expect(!pipeline.hasFullPhoto(0))
            #expect(pipeline.texture(for: 0, preferFull: true)?.height == thumbnailHeight)  // the thumbnail stands in
            #expect(!pipeline.isIdle)  // the loop keeps stepping
        }
        pipeline.prepare(for: open, renderer: canvas.renderer)
        #expect(pipeline.statistics.uploadedBytes - before.uploadedBytes == 480_000)
        #expect(pipeline.statistics.uploads == before.uploads + 1)
        let full = try #require(pipeline.texture(for: 0, preferFull: true))
        #expect(full.width == 400 && full.height == 300)

        // The neighbour's picture, begun and then no longer wanted (closed): dropped, nothing stored.
        pipeline.prepare(for: open, renderer: canvas.renderer)
        #expect(!pipeline.hasFullPhoto(1))
        pipeline.prepare(for: grid, renderer: canvas.renderer)
        #expect(!pipeline.hasFullPhoto(1))
        #expect(pipeline.isIdle)
        withExtendedLifetime(canvas) {}
    }
}
