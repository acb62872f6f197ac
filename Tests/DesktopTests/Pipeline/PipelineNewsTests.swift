import CSDL2
import Foundation
import Geometry
import Gestures
import Testing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
@testable import Viewing
import Drawing
import Events

/// The frame loop calls the pipeline once a frame (issue 31): `advance` returns what the frame's
/// work learnt (a change of the list on disk, sizes read late), which the loop hands the viewer at
/// its next step; the frame drawn in between was composed with the list before and is drawn so.
@Suite("The pipeline's news: returned by the frame's one call, handed over at the next step", .serialized)
struct PipelineNewsTests {
    typealias RGB = TestImages.RGB

    /// One watched session on a folder, driven as the app drives it: each frame the news of the
    /// last `advance` goes to the viewer, then the scene is composed, advanced and drawn.
    final class Loop {
        let pipeline: PhotoPipeline
        let canvas = SoftwareCanvas(width: 640, height: 400)
        let renderer: SceneRenderer
        var viewer: Viewer
        var time = 0.0
        var news = PhotoSupplyNews()
        /// The scene drawn last, and the news its `advance` returned.
        private(set) var scene = Scene(windowSize: Size(640, 400))
        private(set) var lastNews = PhotoSupplyNews()

        init(_ catalog: PhotoCatalog) {
            pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(.inProcess), warn: { Issue.record("unexpected warning: \($0)") })
            renderer = SceneRenderer(renderer: canvas.renderer, textures: pipeline)
            viewer = Viewer(photos: catalog.photos, windowSize: Size(640, 400))
        }

        func frame() {
            time += 1.0 / 60
            for event in news.take().events(at: time) { viewer.handle(event) }
            viewer.handle(.frame(time))
            scene = viewer.scene()
            lastNews = pipeline.advance(for: scene, pointScale: 1, renderer: canvas.renderer)
            news.append(lastNews)
            renderer.draw(scene)
        }

        /// Frames until `done`, at most `limit` (a bound on work, not on time); true when done.
        func run(limit: Int = 60_000, until done: () -> Bool) -> Bool {
            for _ in 0..<limit {
                frame()
                if done() { return true }
                usleep(500)
            }
            return false
        }

        /// The colour drawn at the centre of the scene's cell for `photo`.
        func colour(ofCell photo: Int) throws -> RGB {
            let cell = try #require(scene.cells.first { $0.photo == photo })
            return canvas.pixel(Int(cell.frame.center.x), Int(cell.frame.center.y))
        }

        deinit { pipeline.releaseTextures() }
    }

    @Test("a photo deleted on disk comes back from advance as a photos event; the frame drawn then still shows the list it was composed with, each cell its own photo; the next frame shows the viewer's new list")
    func deletionIsNewsOfTheFrame() throws {
        let dir = TestImages.folder()
        let colours = [RGB(220, 20, 20), RGB(20, 220, 20), RGB(20, 20, 220)]
        for (i, c) in colours.enumerated() { TestImages.write(TestImages.jpeg(width: 64, height: 48) { _, _ in c }, "p\(i).jpg", in: dir) }
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { Issue.record("unexpected warning: \($0)") })
        let loop = Loop(catalog)
        #expect(loop.run { loop.pipeline.isIdle && (0..<3).allSatisfy(loop.pipeline.hasThumbnail) })
        for (i, c) in colours.enumerated() { #expect(try loop.colour(ofCell: i).isClose(to: c, tolerance: 8), "cell \(i)") }

        // The red photo (index 0) deleted: the frame whose advance reads the watcher returns the
        // change; until then nothing changes.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("p0.jpg"))
        #expect(loop.run { !loop.lastNews.isEmpty })
        let changes = loop.lastNews.kinds.compactMap { if case let .photos(c) = $0 { c } else { nil } }
        #expect(changes == [PhotoListChange(removed: [0], added: [])])
        // That frame was composed with three photos and drawn so: red (departing), green, blue —
        // not green, blue and a placeholder, which reading by the new list would draw.
        #expect(loop.viewer.photos.count == 3)
        for (i, c) in colours.enumerated() { #expect(try loop.colour(ofCell: i).isClose(to: c, tolerance: 8), "cell \(i) of the frame drawn with the old list") }

        // The next step hands the change over: two photos, green and blue at indices 0 and 1.
        loop.frame()
        #expect(loop.viewer.photos.map(\.name) == ["p1.jpg", "p2.jpg"])
        #expect(loop.lastNews.isEmpty && loop.news.isEmpty)
        #expect(try loop.colour(ofCell: 0).isClose(to: colours[1], tolerance: 8))
        #expect(try loop.colour(ofCell: 1).isClose(to: colours[2], tolerance: 8))
    }
}
