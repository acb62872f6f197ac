import CSDL2
import Foundation
import Geometry
import Testing
@testable import Rendering
import Viewing
import Drawing

/// One photo texture, made on the renderer that asks: `photoColor` inside the unit-space `crop`,
/// `frameColor` around it (so a crop edge inside the texture shows if anything samples past it).
final class SolidPhotoTexture: PhotoTextureSupply {
    let width: Int, height: Int, crop: Rect
    let photoColor: UInt32, frameColor: UInt32
    private var texture: Texture?

    init(width: Int = 64, height: Int = 48, crop: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
         photoColor: UInt32 = 0xFFFF_FFFF, frameColor: UInt32 = 0xFF00_FF00) {
        self.width = width; self.height = height; self.crop = crop
        self.photoColor = photoColor; self.frameColor = frameColor
    }

    /// Makes the texture on `renderer` once; the renderer frees it when it goes.
    func prepare(for scene: SceneDemand, renderer: OpaquePointer) {
        guard texture == nil, let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                                            SDL_PIXELFORMAT_ARGB8888.rawValue) else { return }
        defer { SDL_FreeSurface(surface) }
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        for y in 0..<height {
            for x in 0..<width {
                let u = (Double(x) + 0.5) / Double(width), v = (Double(y) + 0.5) / Double(height)
                pixels[y * stride + x] = crop.contains(Point(u, v)) ? photoColor : frameColor
            }
        }
        guard let handle = SDL_CreateTextureFromSurface(renderer, surface) else { return }
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        texture = Texture(handle: handle, width: width, height: height)
    }

    func texture(for photo: Int, preferFull: Bool) -> Texture? { photo == 0 ? texture : nil }
    func isBroken(_ photo: Int) -> Bool { false }
}

/// The pixels of a drawn frame, ARGB8888, with the geometry to classify them against one quad.
struct DrawnFrame {
    var width: Int, height: Int
    var pixels: [UInt32]

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }
    /// Green channel, 0…255.
    func green(_ x: Int, _ y: Int) -> Int { Int(pixel(x, y) >> 8 & 0xFF) }
}

@Suite("The moving photo's edges: anti-aliased at any turn, crop, alpha and scale; unchanged on whole pixels", .serialized)
struct PhotoEdgeRenderTests {
    static let window = Size(200, 160)

    /// Draws one photo quad over a black backdrop (`backdropAlpha` 1) on a software renderer at
    /// `scale` drawable pixels per point. Set PHOTOZOOM_SNAPSHOTS to a folder to keep the PNG; set
    /// PHOTOZOOM_RENDER_ACCELERATED=1 (with a display, SDL_VIDEODRIVER=x11) to draw through a hidden
    /// window's accelerated renderer instead, as the app does.
    func render(_ quad: Scene.PhotoQuad, scale: Double = 1, texture: SolidPhotoTexture = SolidPhotoTexture(),
                window size: Size = Self.window, name: String) throws -> DrawnFrame {
        let w = Int(size.width * scale), h = Int(size.height * scale)
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        var window: OpaquePointer?
        let renderer: OpaquePointer
        if ProcessInfo.processInfo.environment["PHOTOZOOM_RENDER_ACCELERATED"] == "1" {
            try #require(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0, "\(String(cString: SDL_GetError()))")
            window = try #require(SDL_CreateWindow("edges", 0, 0, Int32(w), Int32(h), SDL_WINDOW_HIDDEN.rawValue))
            renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue))
        } else {
            renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        }
        defer {
            SDL_DestroyRenderer(renderer)
            if let window { SDL_DestroyWindow(window) }
        }
        let sceneRenderer = SceneRenderer(renderer: renderer, textures: texture)
        sceneRenderer.pointScale = scale
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        let scene = Scene(windowSize: size, backdropAlpha: 1, photos: [quad])
        texture.advance(for: scene, pointScale: scale, renderer: renderer)
        sceneRenderer.draw(scene)
        if window != nil {
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch)
        }
        SDL_RenderPresent(renderer)
        if let dir = ProcessInfo.processInfo.environment["PHOTOZOOM_SNAPSHOTS"] { IMG_SavePNG(surface, dir + "/\(name).png") }
        let stride = Int(surface.pointee.pitch) / 4
        let p = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var pixels: [UInt32] = []
        for y in 0..<h { for x in 0..<w { pixels.append(p[y * stride + x] | 0xFF00_0000) } }
        return DrawnFrame(width: w, height: h, pixels: pixels)
    }

    /// Signed distance in drawable pixels from the centre of pixel (x, y) to the quad's edge,
    /// positive inside: the centre taken into the quad's own unturned frame.
    func insideDistance(_ x: Int, _ y: Int, of quad: Scene.PhotoQuad, scale: Double) -> Double {
        let local = (Point(Double(x) + 0.5, Double(y) + 0.5) / scale - quad.center).rotated(by: -quad.rotation) * scale
        return min(quad.size.width * scale / 2 - abs(local.x), quad.size.height * scale / 2 - abs(local.y))
    }

    /// Counts of intermediate pixels (green strictly between 0 and `full`) on each pixel row that
    /// crosses the quad's left edge between 15 % and 85 % of its length, left of the centre.
    func bandWidths(in frame: DrawnFrame, quad: Scene.PhotoQuad, scale: Double, full: Int = 255) -> [Int] {
        let c = quad.corners.map { $0 * scale }
        var counts: [Int] = []
        for y in 0..<frame.height {
            let t = (Double(y) + 0.5 - c[0].y) / (c[3].y - c[0].y)
            guard t > 0.15, t < 0.85 else { continue }
            counts.append((0..<Int(quad.center.x * scale)).filter { frame.green($0, y) > 0 && frame.green($0, y) < full }.count)
        }
        return counts
    }

    static let tenDegrees = 10 * Double.pi / 180
    /// The band's width along a pixel row crossing an edge turned 10° from the vertical: the strip is
    /// one pixel wide across the edge, so 1 / cos 10° ≈ 1.015 pixels along the row; a row holds 1 or 2
    /// pixel centres of it, 1.015 on average.
    static let bandAlongRow = 1 / cosine(tenDegrees)
    /// How far the software renderer may move the band: it truncates each vertex to whole pixels, up
    /// to 1 px on each axis, which moves a 10° edge by up to cos 10° + sin 10° ≈ 1.16 px across
    /// itself; with the band's own half width (0.5) every partial pixel lies within 2 px of the edge.
    static let bandReach = 2.0

    /// A quad turned 10° at fractional points (no edge or corner on a pixel boundary).
    static func turnedQuad(alpha: Double = 1, size: Size = Size(120, 90)) -> Scene.PhotoQuad {
        Scene.PhotoQuad(photo: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: Point(100.3, 80.6),
                        size: size, rotation: tenDegrees, alpha: alpha)
    }

    /// Pixels more than `bandReach` inside the edge whose green is not `inside`, and more than
    /// `bandReach` outside that are not black.
    func strayPixels(in frame: DrawnFrame, quad: Scene.PhotoQuad, scale: Double, inside: Int) -> (inside: Int, outside: Int) {
        var stray = (inside: 0, outside: 0)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let d = insideDistance(x, y, of: quad, scale: scale), g = frame.green(x, y)
                if d > Self.bandReach && g != inside { stray.inside += 1 }
                if d < -Self.bandReach && g != 0 { stray.outside += 1 }
            }
        }
        return stray
    }

    func mean(_ values: [Int]) -> Double { Double(values.reduce(0, +)) / Double(max(1, values.count)) }

    @Test("a white photo turned 10° over black: a band of partial coverage about one pixel wide all along its edge, pure colours 2 px in and out")
    func turnedEdgeIsFeathered() throws {
        let quad = Self.turnedQuad()
        let frame = try render(quad, name: "edge-turned-10deg")
        let stray = strayPixels(in: frame, quad: quad, scale: 1, inside: 255)
        #expect(stray.inside == 0 && stray.outside == 0, "\(stray)")
        let widths = bandWidths(in: frame, quad: quad, scale: 1)
        // A row whose pixel centre falls exactly on the strip's inner or outer line has none partial
        // (those pixels are exactly 1 and 0 covered): 0, 1 or 2 per row.
        #expect(widths.allSatisfy { (0...2).contains($0) }, "partial pixels on the rows crossing the left edge: \(widths)")
        #expect(abs(mean(widths) - Self.bandAlongRow) < 0.25, "mean band width along a row \(mean(widths)), expected \(Self.bandAlongRow)")
        // All four edges: a band one pixel wide around the perimeter holds about one pixel centre
        // per pixel of perimeter, 2 · (120 + 90) = 420.
        let partial = frame.pixels.filter { ($0 >> 8 & 0xFF) > 0 && ($0 >> 8 & 0xFF) < 255 }.count
        #expect(abs(Double(partial) - 420) < 420 * 0.15, "\(partial) partial pixels around the edge")
    }

    @Test("an unturned photo on whole pixels draws exactly as the plain rectangle copy: photo inside, background outside, nothing between")
    func unturnedOnWholePixelsIsUnchanged() throws {
        for scale in [1.0, 2.0] {
            let quad = Scene.PhotoQuad(photo: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: Point(100, 80),
                                       size: Size(120, 90), rotation: 0, alpha: 1)
            let frame = try render(quad, scale: scale, name: "edge-unturned-\(Int(scale))x")
            // The rectangle 40…160 × 35…125 points, in drawable pixels.
            var wrong = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let inside = (40 * scale..<160 * scale).contains(Double(x) + 0.5) && (35 * scale..<125 * scale).contains(Double(y) + 0.5)
                    if frame.pixel(x, y) != (inside ? 0xFFFF_FFFF : 0xFF00_0000) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "scale \(scale): \(wrong) pixels differ from the rectangle")
        }
    }

    @Test("alpha 0.5 applies to the inside and to the feather alike: the inside is the 50 % blend, the band lies between it and the background, no seam drawn twice")
    func halfAlphaFeathersToo() throws {
        let quad = Self.turnedQuad(alpha: 0.5)
        let frame = try render(quad, name: "edge-turned-half-alpha")
        // Alpha 0.5 is byte 128; white over black at 128/255: 255 · 128 / 255 = 128.
        let half = 128
        let stray = strayPixels(in: frame, quad: quad, scale: 1, inside: half)
        #expect(stray.inside == 0 && stray.outside == 0, "\(stray)")
        let widths = bandWidths(in: frame, quad: quad, scale: 1, full: half)
        #expect(abs(mean(widths) - Self.bandAlongRow) < 0.25, "mean band width along a row \(mean(widths))")
        // A pixel blended twice (where the inside meets the strip) would be 128 + 127 · 128 / 255 = 192.
        let over = frame.pixels.filter { Int($0 >> 8 & 0xFF) > half }.count
        #expect(over == 0, "\(over) pixels brighter than the half blend")
    }

    @Test("an unturned photo at fractional points, alpha 0.5: one partial pixel across each edge instead of a snapped edge, the inside the 50 % blend, no seam drawn twice")
    func unturnedAtFractionalPoints() throws {
        // Edges at x = 40.3 and 160.3, y = 35.3 and 125.3: no pixel boundary.
        let quad = Scene.PhotoQuad(photo: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: Point(100.3, 80.3),
                                   size: Size(120, 90), rotation: 0, alpha: 0.5)
        let frame = try render(quad, name: "edge-unturned-fractional")
        let half = 128
        let stray = strayPixels(in: frame, quad: quad, scale: 1, inside: half)
        #expect(stray.inside == 0 && stray.outside == 0, "\(stray)")
        // Row 80 and column 100 cross two edges each; the band is one pixel across an unturned edge.
        let row = (0..<frame.width).filter { (1..<half).contains(frame.green($0, 80)) }
        let column = (0..<frame.height).filter { (1..<half).contains(frame.green(100, $0)) }
        #expect(row.count == 2 && column.count == 2, "partial pixels on row 80 at \(row), on column 100 at \(column)")
        let over = frame.pixels.filter { Int($0 >> 8 & 0xFF) > half }.count
        #expect(over == 0, "\(over) pixels brighter than the half blend")
    }

    @Test("at 2 pixels per point the feather is one drawable pixel wide, not two")
    func featherIsOneDrawablePixelAtTwoX() throws {
        let quad = Self.turnedQuad()
        let frame = try render(quad, scale: 2, name: "edge-turned-2x")
        let stray = strayPixels(in: frame, quad: quad, scale: 2, inside: 255)
        #expect(stray.inside == 0 && stray.outside == 0, "\(stray)")
        let widths = bandWidths(in: frame, quad: quad, scale: 2)
        // One point would be 2 / cos 10° ≈ 2.03 pixels along a row.
        #expect(abs(mean(widths) - Self.bandAlongRow) < 0.25, "mean band width along a row \(mean(widths)) drawable pixels")
    }

    @Test("a crop edge inside the texture: the feather fades the crop's own texels and samples nothing beyond it")
    func cropEdgeInsideTexture() throws {
        // A 64 × 48 photo shown as its square centre crop: x from 8/64 to 56/64.
        let texture = SolidPhotoTexture(crop: Rect(x: 0.125, y: 0, width: 0.75, height: 1))
        var quad = Self.turnedQuad(size: Size(90, 90))
        quad.crop = texture.crop
        let frame = try render(quad, texture: texture, name: "edge-turned-crop")
        // The frame around the crop is pure green: any sample of it makes a pixel greener than red.
        let framed = frame.pixels.filter { ($0 >> 8 & 0xFF) != ($0 >> 16 & 0xFF) }.count
        #expect(framed == 0, "\(framed) pixels show the texture beyond the crop")
        let widths = bandWidths(in: frame, quad: quad, scale: 1)
        #expect(abs(mean(widths) - Self.bandAlongRow) < 0.25, "mean band width along a row \(mean(widths))")
    }

    @Test("a window-filling photo from a 1200 × 800 texture turned 8° draws whole: inside the photo's colour, a feathered edge (the software renderer's 32-bit texel arithmetic overflows on photo-sized triangles)")
    func largeTurnedPhoto() throws {
        let texture = SolidPhotoTexture(width: 1200, height: 800)
        let quad = Scene.PhotoQuad(photo: 0, crop: Rect(x: 0.05, y: 0, width: 0.9, height: 1), center: Point(640, 400.3),
                                   size: Size(1080, 800), rotation: 8 * Double.pi / 180, alpha: 1)
        let frame = try render(quad, texture: texture, window: Size(1280, 800), name: "edge-large-turned")
        let stray = strayPixels(in: frame, quad: quad, scale: 1, inside: 255)
        #expect(stray.inside == 0 && stray.outside == 0, "\(stray)")
        let partial = frame.pixels.filter { ($0 >> 8 & 0xFF) > 0 && ($0 >> 8 & 0xFF) < 255 }.count
        #expect(partial > 1000, "\(partial) partial pixels along the edges on screen")
    }
}
