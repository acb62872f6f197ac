import CSDL2
import Geometry
import Testing
@testable import Rendering
import Viewing
import Drawing

/// A texture source where every photo failed to decode, for `reason` when it is not nil.
final class BrokenTextures: PhotoTextureSource {
    let reason: String?
    init(reason: String? = nil) { self.reason = reason }
    func prepare(for scene: SceneDemand, renderer: OpaquePointer) {}
    func texture(for photo: Int, preferFull: Bool) -> Texture? { nil }
    func isBroken(_ photo: Int) -> Bool { true }
    func brokenReason(_ photo: Int) -> String? { reason }
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

    func render(_ scene: Scene, reason: String? = nil) throws -> UnsafeMutablePointer<SDL_Surface> {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(scene.windowSize.width), Int32(scene.windowSize.height),
                                                                  32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        SceneRenderer(renderer: renderer, textures: BrokenTextures(reason: reason)).draw(scene)
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

    /// Pixels of the reason's text colour (0.95, 0.82, 0.82: bytes 242, 209, 209, anti-aliased
    /// over the placeholder: red above 150 and green at least 0.7 of it) in `rect`.
    func reasonPixels(in rect: Rect, of surface: UnsafeMutablePointer<SDL_Surface>) -> Int {
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = pixels[y * stride + x], r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF)
                if r > 150, g * 10 >= r * 7 { n += 1 }
            }
        }
        return n
    }

    @Test("a broken cell says why below its cross, inside the cell; without a reason nothing is written there")
    func brokenCellSaysWhy() throws {
        let frame = Rect(x: 100, y: 100, width: 156, height: 156)
        let scene = Scene(windowSize: Size(400, 400), cells: [Scene.Cell(photo: 0, frame: frame, crop: frame)])
        let with = try render(scene, reason: "not an image (content in no format PhotoZoom reads)")
        let without = try render(scene)
        defer { SDL_FreeSurface(with); SDL_FreeSurface(without) }
        // The lower 28 % of the cell, under the cross (which spans 30–70 %).
        let below = Rect(x: frame.minX, y: frame.minY + frame.height * 0.7, width: frame.width, height: frame.height * 0.3)
        let written = reasonPixels(in: below, of: with)
        print("[figure] broken cell 156 pt: \(written) pixels of the reason's text under the cross")
        #expect(written > 100, "no reason text under the cross: \(written) pixels")
        #expect(reasonPixels(in: below, of: without) == 0)
        // Nothing spills out of the cell, and the cross is still there.
        #expect(reasonPixels(in: Rect(x: 0, y: frame.maxY, width: 400, height: 400 - frame.maxY), of: with) == 0)
        #expect(crossPixels(near: frame.center, in: with) > 0)
    }

    @Test("the open broken photo says why under its cross")
    func openPhotoSaysWhy() throws {
        let scene = Scene(windowSize: Size(640, 480), backdropAlpha: 1,
                          photos: [Scene.PhotoQuad(photo: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: Point(320, 240),
                                                   size: Size(400, 300), rotation: 0, alpha: 1)])
        let shot = try render(scene, reason: "corrupt image: JPEG XL: libjxl cannot decode it")
        defer { SDL_FreeSurface(shot) }
        #expect(reasonPixels(in: Rect(x: 120, y: 240 + 0.22 * 300, width: 400, height: 0.28 * 300), of: shot) > 100)
    }

    @Test("the reason is wrapped at spaces into the lines that fit; what is left over ends the last line in …; a word longer than a line is cut")
    func reasonWrapping() {
        let fits: (String) -> Bool = { $0.count <= 12 }
        #expect(SceneRenderer.wrapped("corrupt image: JPEG XL: libjxl", maxLines: 3, fits: fits) == ["corrupt", "image: JPEG", "XL: libjxl"])
        #expect(SceneRenderer.wrapped("corrupt image: JPEG XL: libjxl cannot decode it", maxLines: 2, fits: fits) == ["corrupt", "image: JPEG…"])
        #expect(SceneRenderer.wrapped("abcdefghijklmnopq rs", maxLines: 3, fits: fits) == ["abcdefghijkl", "mnopq rs"])
    }
}
