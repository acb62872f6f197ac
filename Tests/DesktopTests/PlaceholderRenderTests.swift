import CSDL2
import Geometry
import Testing
@testable import Rendering
import Viewer

/// A texture source where every photo failed to decode.
final class BrokenTextures: PhotoTextureSource {
    func prepare(for scene: SceneDemand, renderer: OpaquePointer) {}
    func texture(for photo: Int, preferFull: Bool) -> Texture? { nil }
    func isBroken(_ photo: Int) -> Bool { true }
}

@Suite("Placeholders: a photo that cannot be shown is marked with a cross in its cell and when open")
struct PlaceholderRenderTests {
    /// The cross's colour, (0.85, 0.45, 0.45) in bytes: 217, 115, 115.
    static let crossRed: UInt32 = 217

    /// Pixels within `radius` of `point` whose red channel is the cross's and clearly above green.
    func crossPixels(near point: Point, radius: Int = 1, in surface: UnsafeMutablePointer<SDL_Surface>) -> Int {
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        var n = 0
        for y in Int(point.y) - radius...Int(point.y) + radius {
            for x in Int(point.x) - radius...Int(point.x) + radius {
                let p = pixels[y * stride + x]
                if p >> 16 & 0xFF >= Self.crossRed - 8, p >> 8 & 0xFF < 160 { n += 1 }
            }
        }
        return n
    }

    func render(_ scene: Scene) throws -> UnsafeMutablePointer<SDL_Surface> {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(scene.windowSize.width), Int32(scene.windowSize.height),
                                                                  32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        SceneRenderer(renderer: renderer, textures: BrokenTextures()).draw(scene)
        SDL_RenderPresent(renderer)
        return surface
    }

    @Test("the open broken photo (turned 0.3 rad) shows the cross where its diagonals meet, and flat placeholder beyond the cross")
    func openBrokenPhoto() throws {
        let center = Point(320, 240)
        let scene = Scene(windowSize: Size(640, 480), backdropAlpha: 1,
                          photos: [Scene.PhotoQuad(photo: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: center,
                                                   size: Size(400, 300), rotation: 0.3, alpha: 1)])
        let surface = try render(scene)
        defer { SDL_FreeSurface(surface) }
        #expect(crossPixels(near: center, in: surface) > 0)
        // The cross spans the middle 40 % of each diagonal: a point 0.35 of the way out along the
        // quad's own x axis, (0.35·400, 0)·rotation, is flat placeholder.
        let off = center + Point(0.35 * 400, 0).rotated(by: 0.3)
        #expect(crossPixels(near: off, in: surface) == 0)
    }

    @Test("a broken cell shows the cross at its centre")
    func brokenCell() throws {
        let frame = Rect(x: 100, y: 100, width: 156, height: 156)
        let surface = try render(Scene(windowSize: Size(400, 400), cells: [Scene.Cell(photo: 0, frame: frame, crop: frame)]))
        defer { SDL_FreeSurface(surface) }
        #expect(crossPixels(near: frame.center, in: surface) > 0)
    }
}
