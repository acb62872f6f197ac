import CSDL2
import Geometry
import Testing
@testable import Rendering
import Viewing
import Drawing

@Suite("HiDPI drawing: two pixels per point")
struct HiDPIRenderTests {
    /// Draws `scene` at `scale` pixels per point on a software renderer; the caller frees the surface.
    func render(_ scene: Scene, scale: Double) throws -> UnsafeMutablePointer<SDL_Surface> {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(scene.windowSize.width * scale),
                                                                  Int32(scene.windowSize.height * scale), 32,
                                                                  SDL_PIXELFORMAT_ARGB8888.rawValue))
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        let sceneRenderer = SceneRenderer(renderer: renderer, textures: NoTextures())
        sceneRenderer.pointScale = scale
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        sceneRenderer.draw(scene)
        SDL_RenderPresent(renderer)
        return surface
    }

    /// True when some pixel of column `x` between rows `y0` and `y1` is bright green.
    func columnHasLine(_ x: Int, _ y0: Int, _ y1: Int, in surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        return (y0...y1).contains { y in pixels[y * stride + x] >> 8 & 0xFF > 200 }
    }

    @Test("a curve with a vertex every 1.37 pt (as the live curves have) is one unbroken line at 2×, and at 1×")
    func curvesHaveNoGaps() throws {
        // A flat run and a gentle slope, vertices at fractional points.
        let points = (0...200).map { i in Point(10 + Double(i) * 1.37, i < 100 ? 40.3 : 40.3 + Double(i - 100) * 0.2) }
        let scene = Scene(windowSize: Size(300, 80), overlays: [.polyline(points, color: Color(0, 1, 0))])
        for scale in [2.0, 1.0] {
            let surface = try render(scene, scale: scale)
            defer { SDL_FreeSurface(surface) }
            // Every pixel column the curve spans, from its first point to its last (10 … 284 pt).
            let first = Int((11 * scale).rounded(.up)), last = Int((283 * scale).rounded(.down))
            let gaps = (first...last).filter { !columnHasLine($0, Int(30 * scale), Int(70 * scale), in: surface) }
            #expect(gaps.isEmpty, "scale \(scale): no line in pixel columns \(gaps.prefix(8))")
        }
    }

    @Test("a ring drawn at 2× is closed: every one of 72 directions from its centre meets it")
    func ringsAreClosed() throws {
        let center = Point(50, 50), radius = 30.0
        let surface = try render(Scene(windowSize: Size(100, 100), overlays: [.ring(center: center, radius: radius, color: Color(0, 1, 0))]),
                                 scale: 2)
        defer { SDL_FreeSurface(surface) }
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let rowPixels = Int(surface.pointee.pitch) / 4
        let open = (0..<72).filter { k in
            let a = Double(k) * Double.pi / 36
            // Walk out from radius − 2 pt to radius + 2 pt in quarter-pixel steps.
            return !stride(from: (radius - 2) * 2, through: (radius + 2) * 2, by: 0.25).contains { r in
                let x = Int(center.x * 2 + r * cosine(a)), y = Int(center.y * 2 + r * sine(a))
                return pixels[y * rowPixels + x] >> 8 & 0xFF > 200
            }
        }
        #expect(open.isEmpty, "directions (×5°) where the ring is open: \(open)")
    }
}
