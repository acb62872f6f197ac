import CSDL2
import Foundation
import Geometry
import Gestures
import Testing
@testable import ImageFormats
@testable import PhotoLoading
@testable import Rendering
import Events

/// A photo replaced on disk while PhotoZoom runs (issue 19): its new picture must not be drawn
/// into the old picture's shape.
@Suite("A photo replaced while shown", .serialized)
struct ReplacedPhotoTests {
    @Test("a decode that finds another size hands the new size over and drops the old picture's textures")
    func replacedWithOtherShape() throws {
        let dir = TestImages.folder()
        let url = TestImages.write(TestImages.jpeg(width: 64, height: 48, colour: TestImages.noise), "p.jpg", in: dir)
        let catalog = PhotoCatalog(files: [url], isolation: .inProcess, warn: { _ in })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { Issue.record("warning: \($0)") })
        let grid = SceneDemand(visibleCells: [0], cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        #expect(pipeline.pump(grid, renderer: canvas.renderer) { pipeline.hasThumbnail(0) })
        #expect(pipeline.takePhotoSizeEvents(at: 1).isEmpty, "the catalog's size stands")

        // Replaced by a portrait picture, then opened: the full decode finds 48×64.
        TestImages.write(TestImages.jpeg(width: 48, height: 64, colour: TestImages.noise), "p.jpg", in: dir)
        let open = SceneDemand(visibleCells: [], cellPixels: 32, largePhotos: [0], windowPixels: (64, 64))
        var events: [InputEvent] = []
        #expect(pipeline.pump(open, renderer: canvas.renderer) {
            events += pipeline.takePhotoSizeEvents(at: 2)
            return pipeline.hasFullPhoto(0) && pipeline.hasThumbnail(0)
        })
        #expect(events == [InputEvent(time: 2, kind: .photoSize(index: 0, size: Size(48, 64)))])
        // Both textures are the new picture's: portrait (the thumbnail's shorter side is the 32-px cell).
        let full = try #require(pipeline.texture(for: 0, preferFull: true))
        let thumb = try #require(pipeline.texture(for: 0, preferFull: false))
        #expect(full.height > full.width && thumb.height > thumb.width, "full \(full.width)×\(full.height), thumbnail \(thumb.width)×\(thumb.height)")
        withExtendedLifetime(canvas) {}
    }
}

@Suite("Photos replaced on disk are read again (folder watcher)", .serialized)
struct FolderWatcherTests {
    typealias RGB = TestImages.RGB

    @Test("a photo written over in place, and a broken one replaced by a good one, show their new pictures without being opened")
    func replacedFilesAreReadAgain() throws {
        let dir = TestImages.folder()
        let red = TestImages.jpeg(width: 64, height: 48) { _, _ in RGB(220, 20, 20) }
        let blue = TestImages.jpeg(width: 48, height: 64) { _, _ in RGB(20, 20, 220) }
        let a = TestImages.write(red, "a.jpg", in: dir)
        let b = TestImages.write([], "b.jpg", in: dir)
        let log = WarningLog()
        let catalog = PhotoCatalog(files: [a, b], isolation: .inProcess, warn: log.append)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: log.append)
        let grid = SceneDemand(visibleCells: [0, 1], cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        #expect(pipeline.pump(grid, renderer: canvas.renderer) { pipeline.hasThumbnail(0) && pipeline.isIdle })
        #expect(pipeline.isBroken(1) && log.lines(naming: "b.jpg").count == 1)

        // Written over in place (open, truncate, write, close), as a photo editor saves.
        for url in [a, b] {
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(blue))
            try handle.close()
        }
        var events: [InputEvent] = []
        #expect(pipeline.pump(grid, renderer: canvas.renderer) {
            events += pipeline.takePhotoSizeEvents(at: 1)
            return pipeline.hasThumbnail(0) && pipeline.hasThumbnail(1) && pipeline.texture(for: 0, preferFull: false).map { $0.height > $0.width } == true
        })
        // a.jpg's size changes from 64×48 to 48×64; b.jpg's, unknown while broken, is learned.
        func index(_ e: InputEvent) -> Int { if case let .photoSize(i, _) = e.kind { return i }; return -1 }
        #expect(events.sorted { index($0) < index($1) } == [InputEvent(time: 1, kind: .photoSize(index: 0, size: Size(48, 64))),
                                                           InputEvent(time: 1, kind: .photoSize(index: 1, size: Size(48, 64)))])
        #expect(!pipeline.isBroken(1))
        // Each file's write is seen (a busy machine can spread one file's events over two frames,
        // each read again: once seen in a full run, 3 for 2 files).
        #expect(pipeline.statistics.filesReplaced >= 2)
        #expect(log.lines.count == 1, "\(log.lines)")
        withExtendedLifetime(canvas) {}
    }
}

