import CSDL2
import Geometry
import Testing
@testable import Rendering
import Viewing
import Drawing

/// A texture source the test sets photo by photo: textures, fades and broken photos.
final class ScriptedTextures: PhotoTextureSource {
    var textures: [Int: Texture] = [:]
    var fades: [Int: (texture: Texture, opacity: Double)] = [:]
    var broken: Set<Int> = []
    /// The photos whose texture was asked for, and whether at full size (a photo) or not (a cell).
    var asked: [(photo: Int, preferFull: Bool)] = []
    func texture(for photo: Int, preferFull: Bool) -> Texture? {
        asked.append((photo, preferFull))
        return textures[photo]
    }
    func isBroken(_ photo: Int) -> Bool { broken.contains(photo) }
    func fadingOut(for photo: Int) -> (texture: Texture, opacity: Double)? { fades[photo] }
}

@Suite("The live window draws a frame only when its picture changes, and every change is drawn")
struct DrawOnlyOnChangeTests {
    /// A software renderer on a 200×100 surface, two cells side by side, and a way to tell whether
    /// a call drew: the surface is painted magenta before each call, which any drawing covers.
    final class Fixture {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer
        let textures = ScriptedTextures()
        let sceneRenderer: SceneRenderer
        var scene = Scene(windowSize: Size(200, 100), cells: [
            Scene.Cell(photo: 0, frame: Rect(x: 0, y: 0, width: 100, height: 100), crop: Rect(x: 0, y: 0, width: 1, height: 1)),
            Scene.Cell(photo: 1, frame: Rect(x: 100, y: 0, width: 100, height: 100), crop: Rect(x: 0, y: 0, width: 1, height: 1)),
        ])
        static let magenta: UInt32 = 0xFFFF_00FF

        init() throws {
            surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 200, 100, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
            renderer = try #require(SDL_CreateSoftwareRenderer(surface))
            sceneRenderer = SceneRenderer(renderer: renderer, textures: textures)
        }

        deinit {
            for t in textures.textures.values { SDL_DestroyTexture(t.handle) }
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }

        /// A 4×4 texture of one colour (ARGB).
        func texture(_ argb: UInt32) throws -> Texture {
            let handle = try #require(SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                        Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 4, 4))
            var pixels = [UInt32](repeating: argb, count: 16)
            SDL_UpdateTexture(handle, nil, &pixels, 16)
            return Texture(handle: handle, width: 4, height: 4)
        }

        /// Whether `drawIfChanged` drew: its answer, and the magenta gone from the surface.
        func frame() -> (drew: Bool, pixelsChanged: Bool) {
            SDL_FillRect(surface, nil, Self.magenta)
            let drew = sceneRenderer.drawIfChanged(scene)
            SDL_RenderPresent(renderer)
            return (drew, pixel(x: 150, y: 50) != Self.magenta)
        }

        func pixel(x: Int, y: Int) -> UInt32 {
            surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)[y * Int(surface.pointee.pitch) / 4 + x]
        }
    }

    @Test("a repeated frame draws nothing; a changed cell, texture, fade, broken mark, scale or a lost window each draw once")
    func drawsExactlyOnChange() throws {
        let f = try Fixture()
        let red = try f.texture(0xFFFF_0000), blue = try f.texture(0xFF00_00FF)
        f.textures.textures[0] = red
        #expect(f.frame() == (true, true))  // the first frame
        #expect(f.frame() == (false, false))  // the same picture: nothing drawn, the old pixels stay
        #expect(f.frame() == (false, false))

        // A thumbnail arrives for the second cell: drawn, once.
        f.textures.textures[1] = red
        #expect(f.frame() == (true, true))
        #expect(f.pixel(x: 150, y: 50) == 0xFFFF_0000)
        #expect(f.frame() == (false, false))

        // The same photo's texture replaced by another (a new decode after the file changed):
        // drawn, even if SDL were to give the new texture the old one's handle.
        f.textures.textures[1] = blue
        #expect(f.frame() == (true, true))
        #expect(f.pixel(x: 150, y: 50) == 0xFF00_00FF)

        // A texture of a photo that is not on screen changes: nothing to draw.
        f.textures.textures[7] = red
        #expect(f.frame() == (false, false))

        // A preview fading out under the thumbnail: every new opacity is drawn, a held one is not.
        f.textures.fades[1] = (red, 0.8)
        #expect(f.frame().drew)
        f.textures.fades[1] = (red, 0.4)
        #expect(f.frame().drew)
        #expect(f.frame() == (false, false))
        f.textures.fades[1] = nil
        #expect(f.frame().drew)

        // The scene moves by a tenth of a point.
        f.scene.cells[1].frame.origin.x += 0.1
        #expect(f.frame().drew)
        #expect(!f.frame().drew)

        // A photo found broken.
        f.textures.textures[1] = nil
        f.textures.broken.insert(1)
        #expect(f.frame().drew)
        #expect(!f.frame().drew)

        // The drawable scale (the window moved to a HiDPI screen).
        f.sceneRenderer.pointScale = 2
        #expect(f.frame().drew)
        f.sceneRenderer.pointScale = 1
        #expect(f.frame().drew)

        // The window system lost the pixels (exposed, resized): drawn again, same picture or not.
        f.sceneRenderer.invalidatePicture()
        #expect(f.frame() == (true, true))
        #expect(!f.frame().drew)

        // A plain `draw` (the player's, a test's) leaves the next comparison drawing.
        f.sceneRenderer.draw(f.scene)
        #expect(f.frame().drew)
    }

    @Test("what an opaque backdrop hides is not drawn: no cell is looked at, and its pixels are the backdrop's black, as before")
    func opaqueBackdropHidesTheGrid() throws {
        let f = try Fixture()
        let red = try f.texture(0xFFFF_0000)
        f.textures.textures[0] = red
        f.textures.textures[1] = red
        // Half clear (a photo dismissed half way): the grid shows through, so it is drawn, darkened.
        f.scene.backdropAlpha = 0.5
        #expect(f.frame() == (true, true))
        #expect(Set(f.textures.asked.filter { !$0.preferFull }.map(\.photo)) == [0, 1])
        #expect(f.pixel(x: 150, y: 50) != 0xFFFF_0000 && f.pixel(x: 150, y: 50) != 0xFF00_0000)
        // Opaque (a photo presented): the cells are neither drawn nor asked for; the window is black.
        f.textures.asked.removeAll()
        f.scene.backdropAlpha = 1
        #expect(f.frame() == (true, true))
        #expect(f.textures.asked.isEmpty)
        #expect(f.pixel(x: 50, y: 50) == 0xFF00_0000)
        #expect(f.pixel(x: 150, y: 50) == 0xFF00_0000)
        // A thumbnail arriving under it changes nothing on screen: nothing drawn.
        f.textures.textures[1] = try f.texture(0xFF00_00FF)
        #expect(f.frame() == (false, false))
        // The backdrop clearing again (the photo taken hold of) shows the grid with the new thumbnail.
        f.scene.backdropAlpha = 0.9
        #expect(f.frame() == (true, true))
    }

    @Test("the grid around an opaque held photo: at most four bands that tile the window less the photo's inside, none under it")
    func bandsAroundThePhoto() {
        let window = SDL_Rect(x: 0, y: 0, w: 1280, h: 800)
        func area(_ r: [SDL_Rect]) -> Int32 { r.reduce(0) { $0 + $1.w * $1.h } }
        // A photo's inside of 1000 × 600 px at (140, 150): the bands cover the rest, exactly once.
        let hole = SDL_Rect(x: 140, y: 150, w: 1000, h: 600)
        let bands = SceneRenderer.bands(of: window, around: hole)
        #expect(bands.count == 4)
        #expect(area(bands) == 1280 * 800 - 1000 * 600)
        for b in bands {
            let overlapsHole = b.x < hole.x + hole.w && hole.x < b.x + b.w && b.y < hole.y + hole.h && hole.y < b.y + b.h
            #expect(!overlapsHole)
        }
        // Partly outside the window (dragged down past the edge): clipped, three bands.
        let low = SceneRenderer.bands(of: window, around: SDL_Rect(x: 140, y: 500, w: 1000, h: 600))
        #expect(low.count == 3)
        #expect(area(low) == 1280 * 800 - 1000 * 300)
        // No photo covering: the whole window.
        #expect(SceneRenderer.bands(of: window, around: nil).map { [$0.x, $0.y, $0.w, $0.h] } == [[0, 0, 1280, 800]])
    }
}
