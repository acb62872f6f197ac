import CSDL2
import Foundation
import Geometry
@testable import Rendering
import Testing
import Viewing
import Drawing

/// Textures of a pattern no two neighbouring texels share (a hash of the photo and the texel), made
/// on the renderer that asks: `transparent` photos have texels of alpha 0…255 in their middle.
final class PatternedTextures: PhotoTextureSource {
    let sizes: [Int: (width: Int, height: Int)]
    let transparent: Set<Int>
    private var made: [Int: Texture] = [:]

    init(sizes: [Int: (width: Int, height: Int)], transparent: Set<Int> = []) {
        self.sizes = sizes
        self.transparent = transparent
    }

    /// The texel (x, y) of `photo`, ARGB.
    static func texel(_ photo: Int, _ x: Int, _ y: Int, transparent: Bool, width: Int, height: Int) -> UInt32 {
        var h = UInt32(truncatingIfNeeded: photo &* 73_856_093 ^ x &* 19_349_663 ^ y &* 83_492_791)
        h ^= h >> 13
        h &*= 0x5BD1_E995
        h ^= h >> 15
        let middle = x > width / 4 && x < 3 * width / 4 && y > height / 4 && y < 3 * height / 4
        let alpha: UInt32 = transparent && middle ? h >> 24 : 0xFF
        return alpha << 24 | h & 0x00FF_FFFF
    }

    /// Makes every texture on `renderer` (the renderer only reads a source: drawing makes none).
    func make(on renderer: OpaquePointer) {
        guard made.isEmpty else { return }
        for (photo, size) in sizes.sorted(by: { $0.key < $1.key }) {
            guard let handle = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                 Int32(size.width), Int32(size.height)) else { continue }
            let isTransparent = transparent.contains(photo)
            var pixels = (0..<size.height).flatMap { y in
                (0..<size.width).map { x in Self.texel(photo, x, y, transparent: isTransparent, width: size.width, height: size.height) }
            }
            SDL_UpdateTexture(handle, nil, &pixels, Int32(4 * size.width))
            SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
            made[photo] = Texture(handle: handle, width: size.width, height: size.height, hasTransparency: isTransparent)
        }
    }

    func texture(for photo: Int, preferFull: Bool) -> Texture? { made[photo] }
    func isBroken(_ photo: Int) -> Bool { false }
}

@Suite("The grid copied around a held photo's opaque inside draws every pixel the whole copy draws", .serialized)
struct GridCopyPixelTests {
    static let window = Size(240, 160)
    /// The held photo (opaque, 96 × 64 texels), a neighbour (opaque), a photo with transparent texels.
    static let held = 100, neighbour = 101, seeThrough = 102
    static let magenta: UInt32 = 0xFFFF_00FF

    /// A grid of 6 × 4 cells of 38 points with 2-point gaps, each cell's thumbnail its own pattern.
    static func grid() -> [Scene.Cell] {
        (0..<24).map { i in
            Scene.Cell(photo: i, frame: Rect(x: 1 + Double(i % 6) * 40, y: 1 + Double(i / 6) * 40, width: 38, height: 38),
                       crop: Rect(x: 0, y: 0, width: 1, height: 1), isFocused: i == 7)
        }
    }

    static func textures() -> PatternedTextures {
        var sizes: [Int: (width: Int, height: Int)] = [:]
        for i in 0..<24 { sizes[i] = (24, 24) }
        sizes[held] = (96, 64)
        sizes[neighbour] = (64, 64)
        sizes[seeThrough] = (96, 64)
        return PatternedTextures(sizes: sizes, transparent: [seeThrough])
    }

    static func photo(_ photo: Int = held, center: Point, size: Size = Size(150, 100), degrees: Double = 0, alpha: Double = 1) -> Scene.PhotoQuad {
        Scene.PhotoQuad(photo: photo, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: center, size: size,
                        rotation: degrees * Double.pi / 180, alpha: alpha)
    }

    /// A scene to draw both ways, and whether its held photo's inside is left out of the grid copy.
    struct Case: CustomStringConvertible {
        var name: String
        var photos: [Scene.PhotoQuad]
        var overlays: [Scene.Overlay] = []
        var backdropAlpha = 0.45
        var scale = 1.0
        /// True when a photo covers pixels opaquely: the copy leaves a hole, the planted fault shows.
        var hasHole: Bool
        /// How much the planted fault grows the hole on each side, pixels: 2, but 3 where 2 px stays
        /// on the photo's full-alpha pixels (said at the case); nil where no growth can show (the
        /// photo covers the whole window).
        var plantedFaultPixels: Int32? = 2
        var description: String { name }
    }

    static let centre = Point(120.3, 80.7)
    static let cases: [Case] = [
        Case(name: "held, unturned, fractional points", photos: [photo(center: centre)], hasHole: true),
        // On whole pixels the photo is a plain copy with no feathered edge: the hole stops the
        // feather's half and the margin (1.5 px, rounded up to 2) short of its edge, so 2 px more is
        // still the photo (0 differences, asserted below); 3 px reach the grid.
        Case(name: "held, unturned, whole points", photos: [photo(center: Point(120, 80), size: Size(150, 100))], hasHole: true,
             plantedFaultPixels: 3),
        Case(name: "turned 3°", photos: [photo(center: centre, degrees: 3)], hasHole: true),
        Case(name: "turned 30°", photos: [photo(center: centre, degrees: 30)], hasHole: true),
        // At 45° only two corners of the hole touch the quad's long edges; 2 px more on each side
        // moves them 2√2 px across, which puts one pixel at each into the feathered edge, and the
        // software renderer's rounded vertices fill those at full alpha: caught at 3 px.
        Case(name: "turned 45°", photos: [photo(center: centre, degrees: 45)], hasHole: true, plantedFaultPixels: 3),
        Case(name: "turned 90°", photos: [photo(center: centre, degrees: 90)], hasHole: true),
        Case(name: "turned −127°", photos: [photo(center: centre, degrees: -127)], hasHole: true),
        Case(name: "a long thin photo turned 20°", photos: [photo(center: centre, size: Size(200, 24), degrees: 20)], hasHole: true),
        Case(name: "shrunk, turned 8°", photos: [photo(center: Point(60.6, 50.2), size: Size(30, 20), degrees: 8)], hasHole: true),
        // Covers the whole window: no grid pixel shows with or without the copy, whatever the hole.
        Case(name: "larger than the window, turned 5°", photos: [photo(center: centre, size: Size(330, 220), degrees: 5)], hasHole: true,
             plantedFaultPixels: nil),
        Case(name: "partly off the window's left and bottom, turned 12°", photos: [photo(center: Point(10.4, 150.2), degrees: 12)], hasHole: true),
        // Turned a little, each corner of the hole touches one edge; of those on screen only the
        // bottom-left one is near the photo's edge, and 2 px more puts single pixels there into the
        // feathered edge that the software renderer's rounded vertices fill (as at 45°).
        Case(name: "partly off the window's top right", photos: [photo(center: Point(231.7, 6.1), degrees: -4)], hasHole: true,
             plantedFaultPixels: 3),
        Case(name: "HiDPI (2 px a point), turned 17°", photos: [photo(center: centre, degrees: 17)], scale: 2, hasHole: true),
        Case(name: "HiDPI, unturned", photos: [photo(center: centre)], scale: 2, hasHole: true),
        Case(name: "a photo with transparent texels", photos: [photo(seeThrough, center: centre, degrees: 6)], hasHole: false),
        Case(name: "fading (alpha 0.7)", photos: [photo(center: centre, degrees: 6, alpha: 0.7)], hasHole: false),
        Case(name: "nearly opaque (alpha 0.999)", photos: [photo(center: centre, alpha: 0.999)], hasHole: false),
        Case(name: "a departing neighbour half faded under the held photo, a landing one over it",
             photos: [photo(neighbour, center: Point(60, 70), size: Size(100, 100), alpha: 0.5),
                      photo(center: centre, degrees: 9),
                      photo(neighbour, center: Point(150.5, 100.25), size: Size(40, 40), degrees: -20)], hasHole: true),
        Case(name: "a fading photo over the held one, overlays over both",
             photos: [photo(center: centre, degrees: -3), photo(seeThrough, center: Point(100, 60), size: Size(80, 50), alpha: 0.6)],
             overlays: [.rect(Rect(x: 90, y: 50, width: 60, height: 30), color: Color(1, 1, 1, 0.3), filled: true),
                        .dot(center: Point(130, 90), radius: 12, color: Color(0, 1, 0, 0.5)),
                        .ring(center: Point(110, 70), radius: 20, color: .overlay)], hasHole: true),
        Case(name: "a backdrop nearly clear", photos: [photo(center: centre, degrees: 2)], backdropAlpha: 0.02, hasHole: true),
        Case(name: "a backdrop nearly opaque", photos: [photo(center: centre, degrees: 2)], backdropAlpha: 0.98, hasHole: true),
    ]

    /// A renderer for every case: SDL's software one on a surface, or, with
    /// PHOTOZOOM_RENDER_ACCELERATED=1 (a display, SDL_VIDEODRIVER=x11), a hidden window's
    /// accelerated one, as the app draws.
    final class Canvas {
        let width: Int32, height: Int32
        let surface: UnsafeMutablePointer<SDL_Surface>
        var window: OpaquePointer?
        let renderer: OpaquePointer
        let sceneRenderer: SceneRenderer
        let textures = GridCopyPixelTests.textures()

        init(scale: Double) throws {
            width = Int32(GridCopyPixelTests.window.width * scale)
            height = Int32(GridCopyPixelTests.window.height * scale)
            surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
            if ProcessInfo.processInfo.environment["PHOTOZOOM_RENDER_ACCELERATED"] == "1" {
                try #require(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0, "\(String(cString: SDL_GetError()))")
                window = try #require(SDL_CreateWindow("grid copy", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue))
                renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue))
            } else {
                renderer = try #require(SDL_CreateSoftwareRenderer(surface))
            }
            textures.make(on: renderer)
            sceneRenderer = SceneRenderer(renderer: renderer, textures: textures)
            sceneRenderer.pointScale = scale
            sceneRenderer.cachesGrid = true
            SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        }

        deinit {
            SDL_DestroyRenderer(renderer)
            if let window { SDL_DestroyWindow(window) }
            SDL_FreeSurface(surface)
        }

        /// The window painted magenta (what a pixel left undrawn would show), then `scene` drawn
        /// with the grid copied as `copy` says; its pixels, row by row.
        func pixels(_ scene: Scene, copy: SceneRenderer.GridCopy) -> [UInt32] {
            sceneRenderer.gridCopy = copy
            sceneRenderer.invalidatePicture()
            SDL_RenderSetScale(renderer, 1, 1)
            SDL_SetRenderDrawColor(renderer, 0xFF, 0, 0xFF, 0xFF)
            SDL_RenderClear(renderer)
            SDL_RenderSetScale(renderer, Float(sceneRenderer.pointScale), Float(sceneRenderer.pointScale))
            _ = sceneRenderer.drawIfChanged(scene)
            SDL_RenderFlush(renderer)
            if window != nil {
                SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch)
            }
            let stride = Int(surface.pointee.pitch) / 4
            let p = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            return (0..<Int(height)).flatMap { y in (0..<Int(width)).map { x in p[y * stride + x] } }
        }
    }

    static func scene(_ c: Case) -> Scene {
        Scene(windowSize: window, cells: grid(), backdropAlpha: c.backdropAlpha, photos: c.photos, overlays: c.overlays)
    }

    /// Where two frames differ: how many pixels, and the first one's position.
    static func differences(_ a: [UInt32], _ b: [UInt32], width: Int) -> (count: Int, first: (x: Int, y: Int)?) {
        let differing = a.indices.filter { $0 >= b.count || a[$0] != b[$0] }
        return (differing.count, differing.first.map { ($0 % width, $0 / width) })
    }

    @Test("held, turned, scaled, near and past the window's edges, transparent, fading, under and over other quads: 0 pixels differ",
          arguments: cases)
    func copiedAroundMatchesWhole(_ c: Case) throws {
        let canvas = try Canvas(scale: c.scale)
        let scene = Self.scene(c)
        let whole = canvas.pixels(scene, copy: .whole)
        let around = canvas.pixels(scene, copy: .aroundOpaqueInside)
        #expect(!whole.contains(Self.magenta), "\(c): the whole copy left a pixel undrawn")
        let found = Self.differences(whole, around, width: Int(canvas.width))
        #expect(found.count == 0, "\(c): \(found.count) pixels differ, the first at \(found.first.map { "\($0)" } ?? "")")
        // The hole is there exactly when a photo covers pixels opaquely (else the test proves nothing).
        let hole = canvas.sceneRenderer.gridHole(scene)
        #expect((hole != nil) == c.hasHole, "\(c): hole \(hole.map { "\($0)" } ?? "none")")
        if let hole { #expect(hole.w > 0 && hole.h > 0) }
    }

    @Test("the comparison catches a planted fault: an inside 2 px too large on each side (3 px where 2 stay on the photo) leaves pixels that differ",
          arguments: cases.filter { $0.hasHole && $0.plantedFaultPixels != nil })
    func grownInsideIsCaught(_ c: Case) throws {
        let growth = try #require(c.plantedFaultPixels)
        let canvas = try Canvas(scale: c.scale)
        let scene = Self.scene(c)
        let whole = canvas.pixels(scene, copy: .whole)
        let grown = canvas.pixels(scene, copy: .aroundGrownInside(pixels: growth))
        let found = Self.differences(whole, grown, width: Int(canvas.width))
        #expect(found.count > 0, "\(c): an inside \(growth) px too large went unnoticed")
    }

    @Test("on whole pixels the hole stops 2 px short of the photo's edge: grown by 2 px it is still the photo, 0 pixels differ")
    func wholePixelPhotoCoversTheMargin() throws {
        let c = try #require(Self.cases.first { $0.name == "held, unturned, whole points" })
        let canvas = try Canvas(scale: c.scale)
        let scene = Self.scene(c)
        let whole = canvas.pixels(scene, copy: .whole)
        canvas.sceneRenderer.gridCopy = .aroundOpaqueInside
        let hole = try #require(canvas.sceneRenderer.gridHole(scene))
        // The photo covers x 45…195, y 30…130 (centre 120, 80; 150 × 100): the hole is ⌈45 + 1.5⌉ … ⌊195 − 1.5⌋.
        #expect([hole.x, hole.y, hole.x + hole.w, hole.y + hole.h] == [47, 32, 193, 128])
        let found = Self.differences(whole, canvas.pixels(scene, copy: .aroundGrownInside(pixels: 2)),
                                     width: Int(canvas.width))
        #expect(found.count == 0)
    }
}
