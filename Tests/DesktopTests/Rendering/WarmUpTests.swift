import CSDL2
import Geometry
import Testing
@testable import Rendering
import Viewing
import Drawing

@Suite("The renderer is warmed off screen: each kind of drawing a flight or a held photo needs, drawn once while nothing moves")
struct WarmUpTests {
    static let whole = Rect(x: 0, y: 0, width: 1, height: 1)

    /// A grid of `count` cells of 100 points in a row of a 400×300 window, cell `focused` focused.
    static func grid(count: Int, focused: Int?) -> Scene {
        Scene(windowSize: Size(400, 300), cells: (0..<count).map {
            Scene.Cell(photo: $0, frame: Rect(x: Double($0) * 100, y: 0, width: 100, height: 100), crop: whole, isFocused: $0 == focused)
        })
    }

    @Test("from the grid: the focused photo held over the grid with its cell hidden, then at rest on whole pixels; then both with the stand-in picture")
    func scenesFromTheGrid() {
        let scenes = WarmUpScenes.scenes(after: Self.grid(count: 3, focused: 1))
        #expect(scenes.count == 4)
        guard scenes.count == 4 else { return }
        let held = scenes[0], rest = scenes[1]
        // Held: a translucent backdrop (the grid drawn into its texture and copied darkened).
        #expect(held.backdropAlpha > 0 && held.backdropAlpha < 1)
        #expect(held.cells.map(\.photo) == [0, 2], "the held photo's cell is hidden, as the viewer hides it")
        // The focused photo first, then every other cell's photo (their thumbnails' shapes).
        #expect(held.photos.map(\.photo) == [1, 0, 2])
        // Its quad off the pixel grid: the feathered quad (inside copied, edges blended), not a plain copy.
        #expect(held.photos.allSatisfy { !FeatheredQuad.isUnturnedOnWholePixels($0.corners) })
        #expect(held.photos.allSatisfy { $0.alpha == 1 && $0.rotation == 0 })
        #expect(held.overlays.contains { if case .text = $0 { return true } else { return false } })
        // At rest: the opaque backdrop and the photo on whole pixels (the plain copy), at 1 and 2 pixels a point.
        #expect(rest.backdropAlpha == 1)
        #expect(rest.photos.map(\.photo) == [1])
        #expect(rest.photos.allSatisfy { q in FeatheredQuad.isUnturnedOnWholePixels(q.corners) })
        #expect(rest.photos.allSatisfy { q in FeatheredQuad.isUnturnedOnWholePixels(q.corners.map { $0 * 2 }) })
        // The same two with the stand-in window-sized picture.
        #expect(scenes[2].photos.map(\.photo) == [WarmUpScenes.standIn])
        #expect(scenes[3].photos.map(\.photo) == [WarmUpScenes.standIn])
        #expect(scenes[2].cells.count == 3 && scenes[2].backdropAlpha == held.backdropAlpha)
    }

    @Test("from a presented photo: that photo; with no focus, the first cell's; with no photo at all, the stand-in alone")
    func whichPhoto() {
        var presented = Self.grid(count: 3, focused: nil)
        presented.backdropAlpha = 1
        presented.photos = [Scene.PhotoQuad(photo: 2, crop: Self.whole, center: Point(200, 150), size: Size(400, 300), rotation: 0, alpha: 1)]
        #expect(WarmUpScenes.scenes(after: presented).first?.photos.first?.photo == 2)
        #expect(WarmUpScenes.scenes(after: Self.grid(count: 3, focused: nil)).first?.photos.first?.photo == 0)
        let empty = WarmUpScenes.scenes(after: Scene(windowSize: Size(400, 300)))
        #expect(empty.map { $0.photos.map(\.photo) } == [[WarmUpScenes.standIn], [WarmUpScenes.standIn]])
        #expect(WarmUpScenes.scenes(after: Scene(windowSize: Size(2, 2))).isEmpty, "a window too small to hold a quad")
    }

    @Test("warming draws into the top-left pixel alone and presents nothing: the picture on screen stays, and is not drawn again")
    func leavesThePicture() throws {
        let f = try DrawOnlyOnChangeTests.Fixture()
        let red = try f.texture(0xFFFF_0000)
        f.textures.textures[0] = red
        f.textures.textures[1] = red
        #expect(f.frame() == (true, true))
        // The window's pixels as shown, then warm-up scenes drawn over them (the grid drawn
        // into its texture, as the live window does, and not).
        SDL_FillRect(f.surface, nil, DrawOnlyOnChangeTests.Fixture.magenta)
        for cachesGrid in [true, false] {
            f.sceneRenderer.cachesGrid = cachesGrid
            for scene in WarmUpScenes.scenes(after: f.scene) { f.sceneRenderer.warmUp(scene, standInSize: (3, 3)) }
        }
        var changed: [(Int, Int)] = []
        for y in 0..<100 { for x in 0..<200 where f.pixel(x: x, y: y) != DrawOnlyOnChangeTests.Fixture.magenta { changed.append((x, y)) } }
        #expect(changed.allSatisfy { $0 == (0, 0) }, "warming drew outside the top-left pixel: \(changed.prefix(5))")
        // The picture drawn last by `drawIfChanged` is still the one on screen: not drawn again.
        #expect(f.frame() == (false, false))
        // The planted fault: the same scene drawn without the clip covers the window.
        SDL_FillRect(f.surface, nil, DrawOnlyOnChangeTests.Fixture.magenta)
        f.sceneRenderer.draw(WarmUpScenes.scenes(after: f.scene)[0])
        #expect(f.pixel(x: 150, y: 50) != DrawOnlyOnChangeTests.Fixture.magenta)
    }

    @Test("the grid a held photo uncovers is drawn into its texture while nothing moves, once a picture: drawn again only when a thumbnail came in")
    func gridKeptFresh() throws {
        let f = try DrawOnlyOnChangeTests.Fixture()
        f.sceneRenderer.cachesGrid = true
        let red = try f.texture(0xFFFF_0000), blue = try f.texture(0xFF00_00FF)
        f.textures.textures[0] = red
        f.textures.textures[1] = red
        // Photo 0 presented over the opaque backdrop: the hold would hide its cell, uncover photo 1's.
        f.scene.backdropAlpha = 1
        f.scene.photos = [Scene.PhotoQuad(photo: 0, crop: Self.whole, center: Point(100, 50), size: Size(200, 100), rotation: 0, alpha: 1)]
        let held = try #require(WarmUpScenes.held(after: f.scene))
        #expect(held.cells.map(\.photo) == [1])
        #expect(f.sceneRenderer.refreshGrid(for: held), "the first time: drawn")
        #expect(!f.sceneRenderer.refreshGrid(for: held), "the same picture: not drawn again")
        // The hold's frame copies it: photo 1's red cell darkened by the backdrop, 255 · (1 − 0.5) = 128.
        SDL_FillRect(f.surface, nil, DrawOnlyOnChangeTests.Fixture.magenta)
        var frame = held
        frame.photos = []
        #expect(f.sceneRenderer.drawIfChanged(frame))
        #expect(f.pixel(x: 150, y: 50) == 0xFF80_0000)
        #expect(!f.sceneRenderer.refreshGrid(for: held), "the frame drew the same grid")
        // A new thumbnail for photo 1: drawn again, blue.
        f.textures.textures[1] = blue
        #expect(f.sceneRenderer.refreshGrid(for: held))
        // Not for a renderer that draws the grid cell by cell, nor for a scene whose grid shows whole or not at all.
        f.sceneRenderer.cachesGrid = false
        f.textures.textures[1] = red
        #expect(!f.sceneRenderer.refreshGrid(for: held))
        f.sceneRenderer.cachesGrid = true
        #expect(!f.sceneRenderer.refreshGrid(for: f.scene), "an opaque backdrop: no grid shows")
    }
}
