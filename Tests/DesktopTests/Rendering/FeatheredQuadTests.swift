import CSDL2
import Geometry
import Testing
@testable import Rendering

@Suite("FeatheredQuad: the photo's triangles, a one-pixel strip centred on each edge")
struct FeatheredQuadTests {
    /// Corners (pixels, clockwise from the top-left) of a `size` rectangle centred on `center`, turned
    /// by `radians`.
    func corners(_ center: Point, _ size: Size, _ radians: Double) -> [Point] {
        [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { center + Point($0.0 * size.width, $0.1 * size.height).rotated(by: radians) }
    }

    func point(_ v: SDL_Vertex) -> Point { Point(Double(v.position.x), Double(v.position.y)) }

    @Test("at any turn, the inner corners lie half a pixel inside every edge and the outer corners half a pixel outside")
    func stripIsCentredOnTheEdge() throws {
        for degrees in [0.0, 10, 33, 90, 135, -20] {
            let c = corners(Point(200.3, 150.7), Size(100, 60), degrees * Double.pi / 180)
            let quad = try #require(FeatheredQuad(corners: c, crop: Rect(x: 0, y: 0, width: 1, height: 1), alpha: 255))
            for k in 0..<4 {
                let a = c[k], b = c[(k + 1) % 4]
                let along = (b - a) / (b - a).length
                // Clockwise on screen (y down), the outward normal is the edge direction turned −90°.
                let outward = Point(along.y, -along.x)
                for j in [k, (k + 1) % 4] {
                    let inner = (point(quad.vertices[j]) - a).dot(outward), outer = (point(quad.vertices[4 + j]) - a).dot(outward)
                    #expect(abs(inner + 0.5) < 1e-3 && abs(outer - 0.5) < 1e-3, "\(degrees)°, edge \(k), corner \(j): inner \(inner), outer \(outer)")
                }
            }
        }
    }

    @Test("texture coordinates: the outer corners on the crop's corners, the inner corners on the crop points under them")
    func textureCoordinatesStayInTheCrop() throws {
        let crop = Rect(x: 0.2, y: 0.1, width: 0.5, height: 0.8)
        let quad = try #require(FeatheredQuad(corners: corners(Point(60, 35), Size(100, 50), 0), crop: crop, alpha: 200))
        func uv(_ i: Int) -> Point { Point(Double(quad.vertices[i].tex_coord.x), Double(quad.vertices[i].tex_coord.y)) }
        // Inner top-left: half a pixel in on a 100 × 50 px quad is 0.5/100 and 0.5/50 of the crop:
        // (0.2 + 0.5 · 0.005, 0.1 + 0.8 · 0.01) = (0.2025, 0.108).
        #expect((uv(0) - Point(0.2025, 0.108)).length < 1e-6)
        // Inner bottom-right: (0.7 − 0.0025, 0.9 − 0.008).
        #expect((uv(2) - Point(0.6975, 0.892)).length < 1e-6)
        let cropCorners = [Point(crop.minX, crop.minY), Point(crop.maxX, crop.minY), Point(crop.maxX, crop.maxY), Point(crop.minX, crop.maxY)]
        for k in 0..<4 { #expect((uv(4 + k) - cropCorners[k]).length < 1e-6, "outer corner \(k)") }
        #expect(quad.vertices[0..<4].allSatisfy { $0.color.a == 200 } && quad.vertices[4..<8].allSatisfy { $0.color.a == 0 })
    }

    @Test("for a renderer on whole pixels, every vertex is on a whole pixel and each outer corner one diagonal pixel step from its inner corner (at 10°)")
    func wholePixelVertices() throws {
        let quad = try #require(FeatheredQuad(corners: corners(Point(100.3, 80.6), Size(120, 90), 10 * Double.pi / 180),
                                              crop: Rect(x: 0, y: 0, width: 1, height: 1), alpha: 255, wholePixelVertices: true))
        #expect(quad.vertices.allSatisfy { $0.position.x == $0.position.x.rounded() && $0.position.y == $0.position.y.rounded() })
        // The outward offset of corner k is (±cos 10° ± sin 10°, …) ≈ (±0.81 or ±1.16, …): one pixel each way rounded.
        for k in 0..<4 {
            let step = point(quad.vertices[4 + k]) - point(quad.vertices[k])
            #expect(abs(step.x) == 1 && abs(step.y) == 1, "corner \(k): step \(step)")
        }
    }

    @Test("a quad thinner than the strip is inset to its midline and never reaches full alpha")
    func thinQuad() throws {
        let quad = try #require(FeatheredQuad(corners: corners(Point(50, 50), Size(0.6, 40), 0), crop: Rect(x: 0, y: 0, width: 1, height: 1), alpha: 255))
        #expect(abs(quad.vertices[0].position.x - 50) < 1e-4 && abs(quad.vertices[1].position.x - 50) < 1e-4)
        // Coverage at most its width: 255 · 0.6 = 153.
        #expect(quad.vertices[0].color.a == 153)
        #expect(FeatheredQuad(corners: corners(Point(50, 50), Size(0, 40), 0), crop: Rect(x: 0, y: 0, width: 1, height: 1), alpha: 255) == nil)
        #expect(FeatheredQuad(corners: corners(Point(.nan, 50), Size(10, 40), 0), crop: Rect(x: 0, y: 0, width: 1, height: 1), alpha: 255) == nil)
    }

    @Test("only an unturned rectangle with every edge on a pixel boundary counts as drawn on whole pixels")
    func unturnedOnWholePixels() {
        #expect(FeatheredQuad.isUnturnedOnWholePixels(corners(Point(100, 80), Size(120, 90), 0)))
        #expect(!FeatheredQuad.isUnturnedOnWholePixels(corners(Point(100.5, 80), Size(120, 90), 0)))
        #expect(!FeatheredQuad.isUnturnedOnWholePixels(corners(Point(100, 80), Size(120, 90), 0.001)))
        // Turned a quarter: whole pixels, but the texture would have to turn too.
        #expect(!FeatheredQuad.isUnturnedOnWholePixels(corners(Point(100, 80), Size(120, 90), Double.pi / 2)))
    }

    @Test("split for the software renderer: every triangle small enough for its 32-bit texel arithmetic, and every edge's strip still one pixel wide")
    func splitForTheSoftwareRenderer() throws {
        let c = corners(Point(640, 400.3), Size(1080, 800), 8 * Double.pi / 180)
        let limit = FeatheredQuad.softwareCellAreaLimit(textureSide: 1200)
        let quad = try #require(FeatheredQuad(corners: c, crop: Rect(x: 0.05, y: 0, width: 0.9, height: 1), alpha: 255,
                                              wholePixelVertices: true, largestCellArea: limit))
        // 2³¹ / (8 · 1200) ≈ 223,700 px² a cell: ⌈1079 / 473⌉ × ⌈799 / 473⌉ = 3 × 2 cells.
        #expect(quad.indices.count == 3 * (2 * 3 * 2 + 2 * (3 + 2 + 3 + 2)))
        var largest = 0.0
        for t in stride(from: 0, to: quad.indices.count, by: 3) {
            let a = point(quad.vertices[Int(quad.indices[t])]), b = point(quad.vertices[Int(quad.indices[t + 1])])
            let d = point(quad.vertices[Int(quad.indices[t + 2])])
            let area = abs((b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x)) / 2
            largest = max(largest, area)
        }
        // texel coordinate (≤ 1200) × 8 × area must stay under 2³¹.
        #expect(1200 * 8 * largest < Double(Int32.max), "largest triangle \(largest) px²")
        // Every vertex on a whole pixel, as the software renderer puts it anyway.
        #expect(quad.vertices.allSatisfy { $0.position.x == $0.position.x.rounded() && $0.position.y == $0.position.y.rounded() })
    }
}
