import CSDL2
import Foundation
import Geometry
import Testing
import Viewing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
@testable import App
import Drawing

/// The live window's first frames are drawn by SDL's software renderer while the accelerated one is
/// made (`WindowHost`); then the textures move to the new renderer and the picture on screen stays.
@Suite("Renderer hand-over: the textures move with their pixels, the picture on screen stays", .serialized)
struct RendererHandOverTests {
    /// A folder of `count` noise JPEGs of different seeds (no two thumbnails alike).
    func catalog(count: Int) throws -> PhotoCatalog {
        let dir = TestImages.folder()
        for i in 0..<count {
            let bytes = TestImages.jpeg(width: 96, height: 64) { x, y in
                TestImages.RGB((x * 7 + i * 40) % 256, (y * 11 + i * 90) % 256, (x * y + i * 13) % 256)
            }
            TestImages.write(bytes, String(format: "p%03d.jpg", i), in: dir)
        }
        return PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { Issue.record("unexpected warning: \($0)") })
    }

    /// A pipeline of one decoder thread, no shared cache, over `count` such photos.
    func pipeline(count: Int) throws -> (PhotoCatalog, PhotoPipeline) {
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.nearbyScreens = 0
        let catalog = try catalog(count: count)
        return (catalog, PhotoPipeline(catalog: catalog, limits: limits, warn: { Issue.record("unexpected warning: \($0)") }))
    }

    /// A software renderer on a surface, the renderer destroyed on demand (as `WindowHost`
    /// destroys the one standing in), the rest at the end.
    final class Target {
        let surface: UnsafeMutablePointer<SDL_Surface>
        private(set) var renderer: OpaquePointer?

        init(width: Int, height: Int) throws {
            SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
            surface = try #require(SurfaceOps.make(width: width, height: height))
            renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        }

        func destroyRenderer() {
            if let renderer { SDL_DestroyRenderer(renderer) }
            renderer = nil
        }

        deinit {
            destroyRenderer()
            SDL_FreeSurface(surface)
        }

        /// Every pixel, for comparing whole pictures.
        var pixels: [TestImages.RGB] {
            (0..<Int(surface.pointee.h)).flatMap { y in (0..<Int(surface.pointee.w)).map { x in TestImages.pixel(surface, x, y) } }
        }
    }

    @Test("thumbnails made on one renderer are made again on the next with their serials and pixels; the next draws only on a change")
    func texturesMoveAndPictureStays() throws {
        let (catalog, pipeline) = try pipeline(count: 6)
        pipeline.keepsPixelsForAnotherRenderer = true
        let scene = Viewer(photos: catalog.photos, windowSize: Size(500, 180)).scene()
        try #require(scene.cells.count == 6)

        let first = try Target(width: 500, height: 180)
        var sceneRenderer = SceneRenderer(renderer: try #require(first.renderer), textures: pipeline)
        let demand = sceneRenderer.demand(for: scene)
        #expect(pipeline.pump(demand, renderer: try #require(first.renderer)) { pipeline.showsFinalPictures(forCells: Array(0..<6)) })
        #expect(sceneRenderer.drawIfChanged(scene))
        let before = first.pixels
        let serials = (0..<6).map { pipeline.texture(for: $0, preferFull: false)?.serial }
        #expect(serials.allSatisfy { $0 != nil })

        // The first renderer goes, and its textures with it; the next one takes over.
        sceneRenderer.text.releaseTextures()
        first.destroyRenderer()
        let next = try Target(width: 500, height: 180)
        let nextRenderer = try #require(next.renderer)
        pipeline.moveTextures(to: nextRenderer)
        #expect(!pipeline.keepsPixelsForAnotherRenderer)
        #expect((0..<6).map { pipeline.texture(for: $0, preferFull: false)?.serial } == serials)
        sceneRenderer = SceneRenderer(renderer: nextRenderer, textures: pipeline, continuing: sceneRenderer)

        // The same picture: nothing drawn (the window keeps what the first renderer put there).
        #expect(!sceneRenderer.drawIfChanged(scene))
        #expect(pipeline.statistics.thumbnailsDecoded == 6)
        // Drawn again on demand, it is the same picture, pixel for pixel.
        sceneRenderer.invalidatePicture()
        #expect(sceneRenderer.drawIfChanged(scene))
        #expect(next.pixels == before)
        #expect(pipeline.statistics.thumbnailsDecoded == 6)
        withExtendedLifetime((first, next)) {}
    }

    @Test("a texture whose pixels were not kept is dropped at the move and decoded again when a frame wants it")
    func unkeptTextureIsDecodedAgain() throws {
        let (_, pipeline) = try pipeline(count: 2)
        let demand = SceneDemand(visibleCells: [0, 1], cellPixels: 48, largePhotos: [], windowPixels: (200, 100))
        let first = try Target(width: 200, height: 100)
        #expect(pipeline.pump(demand, renderer: try #require(first.renderer)) { pipeline.hasThumbnail(0) && pipeline.hasThumbnail(1) })
        first.destroyRenderer()

        let next = try Target(width: 200, height: 100)
        let nextRenderer = try #require(next.renderer)
        pipeline.moveTextures(to: nextRenderer)
        #expect(!pipeline.hasThumbnail(0) && !pipeline.hasThumbnail(1))
        #expect(pipeline.pump(demand, renderer: nextRenderer) { pipeline.hasThumbnail(0) && pipeline.hasThumbnail(1) })
        #expect(pipeline.statistics.thumbnailsDecoded == 4)
        withExtendedLifetime((first, next)) {}
    }

    @Test("the first frame waits at most 80 ms for the shown thumbnails; the hand-over comes 0.25 s after a final first screen, at once for input or a thumbnail decoded from its photo, and after 1 s at most")
    func handOverTimes() {
        let ms: UInt64 = 1_000_000, t0: UInt64 = 5_000 * ms
        // A second visit: the thumbnails are in at 30 ms, drawn at once, handed over 0.25 s later.
        var second = RendererHandOver(opened: t0)
        #expect(second.holdsFirstFrame(now: t0 + 10 * ms, isFinal: false))
        #expect(!second.holdsFirstFrame(now: t0 + 30 * ms, isFinal: true))
        second.presented(now: t0 + 30 * ms, isFinal: true)
        #expect(!second.handsOver(now: t0 + 30 * ms + RendererHandOver.finalStill, inputPending: false, decodedFromPhotos: false))
        #expect(second.handsOver(now: t0 + 31 * ms + RendererHandOver.finalStill, inputPending: false, decodedFromPhotos: false))
        // Input waiting hands over at once, before it is read.
        #expect(second.handsOver(now: t0 + 40 * ms, inputPending: true, decodedFromPhotos: false))

        // Not all in by 80 ms: the first frame draws what there is, and a picture not final is no
        // reason to hand over; a thumbnail decoded from its photo (a first visit) is.
        var first = RendererHandOver(opened: t0)
        #expect(first.holdsFirstFrame(now: t0 + 79 * ms, isFinal: false))
        #expect(!first.holdsFirstFrame(now: t0 + 80 * ms, isFinal: false))
        first.presented(now: t0 + 80 * ms, isFinal: false)
        #expect(!first.holdsFirstFrame(now: t0 + 90 * ms, isFinal: false))
        #expect(!first.handsOver(now: t0 + 900 * ms, inputPending: false, decodedFromPhotos: false))
        #expect(first.handsOver(now: t0 + 120 * ms, inputPending: false, decodedFromPhotos: true))
        // A final picture replaced by one not final (a preview fading) starts the wait again.
        first.presented(now: t0 + 100 * ms, isFinal: true)
        first.presented(now: t0 + 110 * ms, isFinal: false)
        #expect(!first.handsOver(now: t0 + 400 * ms, inputPending: false, decodedFromPhotos: false))
        // One second after the window opened, whatever is on screen.
        #expect(first.handsOver(now: t0 + RendererHandOver.longest + ms, inputPending: false, decodedFromPhotos: false))
    }

    @Test("cells on half pixels cover the pixels OpenGL fills: centres inside; on an edge, in on the left and bottom, out on the right and top")
    func cellsCoverOpenGLsPixels() throws {
        let canvas = SoftwareCanvas(width: 40, height: 40)
        let textures = ScriptedTextures()
        let sceneRenderer = SceneRenderer(renderer: canvas.renderer, textures: textures)
        // Two placeholder cells on half pixels: x 2.5…12.5 and 14.5…24, y 3…13.5 and 15.5…26.
        let cells = [Rect(x: 2.5, y: 3, width: 10, height: 10.5), Rect(x: 14.5, y: 15.5, width: 9.5, height: 10.5)]
        let scene = Scene(windowSize: Size(40, 40), cells: cells.enumerated().map {
            Scene.Cell(photo: $0.offset, frame: $0.element, crop: Rect(x: 0, y: 0, width: 1, height: 1))
        })
        sceneRenderer.draw(scene)
        let background = canvas.pixel(39, 39)
        func covered(_ x: Int, _ y: Int) -> Bool { canvas.pixel(x, y) != background }
        // The pixel whose centre is x + 0.5 is in when minX ≤ x + 0.5 < maxX (left edge in, right
        // edge out); rows, counted from the bottom in OpenGL, when minY < y + 0.5 ≤ maxY.
        for (i, r) in cells.enumerated() {
            let columns = (0..<40).filter { Double($0) + 0.5 >= r.minX && Double($0) + 0.5 < r.maxX }
            let rows = (0..<40).filter { Double($0) + 0.5 > r.minY && Double($0) + 0.5 <= r.maxY }
            let y = rows[rows.count / 2], x = columns[columns.count / 2]
            #expect((0..<40).filter { covered($0, y) } == columns, "cell \(i) columns")
            #expect((0..<40).filter { covered(x, $0) } == rows, "cell \(i) rows")
        }
    }
}
