import Foundation
import Geometry
import Testing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
@testable import Viewing

/// Photos added to a watched folder as links appear (issue 43): `ln -s` and `ln` make a name with
/// one `IN_CREATE` and nothing after it, which the watch did not hear; a file being written still
/// waits for its writer to close it.
@Suite("Photos added as links appear in the folder shown", .serialized)
struct LinkedPhotosAppearTests {
    typealias RGB = TestImages.RGB

    /// Up to `frames` frames of the pipeline's loop (as `FolderChangeTests.run`); the names listed.
    static func names(after frames: Int, _ pipeline: PhotoPipeline, _ viewer: inout Viewer, canvas: SoftwareCanvas, time: inout Double,
                      until done: ([String]) -> Bool) -> [String] {
        for _ in 0..<frames {
            time += 1.0 / 60
            for e in pipeline.takePhotoSizeEvents(at: time) { viewer.handle(e) }
            viewer.handle(.frame(time))
            let scene = viewer.scene()
            pipeline.prepare(for: SceneDemand(visibleCells: scene.cells.map(\.photo), cellPixels: 32,
                                              largePhotos: [], windowPixels: (640, 400)), renderer: canvas.renderer)
            if done(viewer.photos.map(\.name)) { break }
            usleep(500)
        }
        return viewer.photos.map(\.name)
    }

    @Test("a symbolic link and a hard link to photos of the folder join the list; a photo still being written does not until it is closed")
    func linksAppear() throws {
        let dir = TestImages.folder()
        for (name, c) in [("a.jpg", RGB(200, 0, 0)), ("b.jpg", RGB(0, 200, 0))] {
            TestImages.write(TestImages.jpeg(width: 32, height: 24) { _, _ in c }, name, in: dir)
        }
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { _ in })
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.addsNewPhotos = true
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { _ in })
        let canvas = SoftwareCanvas(width: 640, height: 400)
        var viewer = Viewer(photos: catalog.photos, windowSize: Size(640, 400))
        var time = 0.0
        _ = Self.names(after: 5, pipeline, &viewer, canvas: canvas, time: &time) { _ in false }

        #expect(symlink("a.jpg", dir.appendingPathComponent("c.jpg").path) == 0)
        #expect(link(dir.appendingPathComponent("b.jpg").path, dir.appendingPathComponent("d.jpg").path) == 0)
        let writing = open(dir.appendingPathComponent("e.jpg").path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(writing >= 0)
        let photo = TestImages.jpeg(width: 32, height: 24) { _, _ in RGB(0, 0, 200) }
        #expect(write(writing, photo, 100) == 100)
        let linked = Self.names(after: 600, pipeline, &viewer, canvas: canvas, time: &time) { $0.count >= 4 }
        #expect(linked == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])

        #expect(write(writing, Array(photo[100...]), photo.count - 100) == photo.count - 100)
        close(writing)
        let closed = Self.names(after: 600, pipeline, &viewer, canvas: canvas, time: &time) { $0.count >= 5 }
        #expect(closed == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
        withExtendedLifetime(canvas) {}
    }
}
