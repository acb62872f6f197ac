import CSDL2
import Foundation
import Geometry
import Gestures
import Testing
@testable import Shell

/// A photo replaced on disk while PhotoZoom runs (issue 19): its new picture must not be drawn
/// into the old picture's shape.
@Suite("A photo replaced while shown", .serialized)
struct ReplacedPhotoTests {
    @Test("a decode that finds another size hands the new size over and drops the old picture's textures")
    func replacedWithOtherShape() throws {
        let dir = TestImages.folder()
        let url = TestImages.write(TestImages.jpeg(width: 64, height: 48, colour: TestImages.noise), "p.jpg", in: dir)
        let catalog = PhotoCatalog(files: [url], warn: { _ in })
        let canvas = SoftwareCanvas(width: 64, height: 64)
        var limits = PhotoPipeline.Limits()
        limits.decoderThreads = 1
        limits.sharedThumbnails = nil
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
