import CSDL2
import Geometry

/// A textured quad as triangles for `SDL_RenderGeometry`, with anti-aliased edges: the inside
/// drawn at full alpha and a feather strip one pixel wide along each edge, centred on it, whose alpha
/// falls from full on its inner side to 0 on its outer side.
///
/// A pixel's coverage by a straight edge, for an edge along a pixel row or column, is
/// `clamp(d + ½, 0, 1)` where `d` is the signed distance (pixels, positive inside) from the edge to
/// the pixel's centre; the strip's alpha, interpolated at the pixel centre, is exactly that ramp. An
/// edge at any other angle is approximated by the same ramp across its normal (the exact coverage
/// differs by at most 1/8 at 45°). Centring the strip on the edge (rather than putting it all
/// outside) keeps the photo's area where it was, and an edge on a pixel boundary gives every pixel
/// alpha 0 or 1: no halo, no blur.
///
/// The texture coordinates of the strip's outer corners are the crop's corners (the strip samples
/// no texel beyond the crop, wherever the crop lies in the texture); those of the inner corners are
/// the crop's points under them, so the inside maps exactly as an untouched quad would.
///
/// SDL's software renderer (replay frames, pixel tests) truncates every vertex to whole pixels.
/// Truncating a strip's inner and outer corners apart leaves it anywhere from 0 to 2 pixels wide,
/// differently on each edge (measured at 10°: 0.47 px on one edge, 1.08 on the opposite one); with
/// `wholePixelVertices` each inner corner is rounded to the nearest pixel and its outer corner put a
/// whole-pixel step away (the corner's offset, rounded), so every edge's strip has the same width at
/// both ends, within a fifth of a pixel of one pixel at small turns. That renderer also works out
/// texel positions in 32-bit integers as texel coordinate × 8 × triangle area (pixels²), which
/// overflows for a photo-sized triangle of a large texture (a 1080 × 800 px quad of a 1200-px
/// texture crashed it); `largestCellArea` splits the inside into a grid of cells small enough, and
/// the strips at the same points, so no edge meets another in its middle.
struct FeatheredQuad {
    /// Half the strip's width, pixels: the feather reaches this far inside and outside each edge.
    static let featherHalfWidth = 0.5

    /// Inner corners 0…3, then outer corners 4…7, each list clockwise from the photo's top-left;
    /// then, for a quad split into cells, the other grid points and their outer points.
    var vertices: [SDL_Vertex]
    /// Triangles: the inside (2 a cell), then the strips along the edges (2 a cell side).
    package var indices: [Int32]
    /// How many of `indices` are the inside's (the first ones): at full alpha throughout, drawn
    /// without blending when the quad and its texture are opaque (the same pixels, less work).
    private(set) var insideIndexCount = 0

    /// The largest cell (pixels²) whose triangles SDL's software renderer maps without overflow for
    /// a texture whose longer side is `textureSide` texels: its texel arithmetic is 32-bit, texel
    /// coordinate × 8 × triangle area < 2³¹, with a factor 2 to spare (a cell is 2 triangles).
    static func softwareCellAreaLimit(textureSide: Int) -> Double {
        Double(Int32.max) / (8 * Double(max(1, textureSide)))
    }

    /// - Parameters:
    ///   - corners: the quad's corners in drawable pixels, clockwise from the photo's top-left (top-left,
    ///     top-right, bottom-right, bottom-left); a rectangle, turned by any angle.
    ///   - crop: the texture region shown, in the texture's unit coordinates (0…1 on each axis).
    ///   - alpha: the quad's opacity, 0…255; the feather fades from it to 0.
    ///   - wholePixelVertices: the renderer places vertices on whole pixels only (the software one).
    ///   - largestCellArea: the inside is split into cells of at most this many pixels² (see
    ///     `softwareCellAreaLimit`); an inside that is an unturned rectangle stays whole, as the software
    ///     renderer copies two triangles that make one as a rectangle.
    /// Returns nil when the corners are not finite or the quad has no area.
    init?(corners: [Point], crop: Rect, alpha: UInt8, wholePixelVertices: Bool = false, largestCellArea: Double = .infinity) {
        guard corners.count == 4, corners.allSatisfy(\.isFinite), crop.origin.isFinite,
              crop.width.isFinite, crop.height.isFinite else { return nil }
        let width = (corners[1] - corners[0]).length, height = (corners[3] - corners[0]).length
        guard width > 1e-9, height > 1e-9 else { return nil }
        // The photo's own axes, in pixels: along its width and along its height.
        let ex = (corners[1] - corners[0]) / width, ey = (corners[3] - corners[0]) / height
        let h = Self.featherHalfWidth
        // A quad thinner than the strip is inset to its midline, and never reaches full coverage.
        let insetX = min(h, width / 2), insetY = min(h, height / 2)
        let innerAlpha = UInt8((Double(alpha) * min(1, width / (2 * h)) * min(1, height / (2 * h))).rounded())
        func snapped(_ p: Point) -> Point { wholePixelVertices ? Point(p.x.rounded(), p.y.rounded()) : p }
        func vertex(_ p: Point, _ uv: Point, _ a: UInt8) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: SDL_Color(r: 255, g: 255, b: 255, a: a),
                       tex_coord: SDL_FPoint(x: Float(uv.x), y: Float(uv.y)))
        }
        // Unit positions (0…1 across the quad) of the inside's edges.
        let fx0 = insetX / width, fx1 = 1 - insetX / width, fy0 = insetY / height, fy1 = 1 - insetY / height
        func position(_ fx: Double, _ fy: Double) -> Point { corners[0] + ex * (fx * width) + ey * (fy * height) }
        func textureCoordinate(_ fx: Double, _ fy: Double) -> Point { Point(crop.minX + fx * crop.width, crop.minY + fy * crop.height) }

        // The grid: columns × rows cells; an inside that is an unturned rectangle after snapping stays whole.
        let innerCorners = [position(fx0, fy0), position(fx1, fy0), position(fx1, fy1), position(fx0, fy1)].map(snapped)
        let unturned = innerCorners[0].y == innerCorners[1].y && innerCorners[0].x == innerCorners[3].x
        let side = largestCellArea.isFinite && largestCellArea > 0 && !unturned ? largestCellArea.squareRoot() : .infinity
        let columns = max(1, Int(((fx1 - fx0) * width / side).rounded(.up)))
        let rows = max(1, Int(((fy1 - fy0) * height / side).rounded(.up)))

        var vertices: [SDL_Vertex] = []
        // Grid point (i, j) → its vertex; the corners are 0…3 and their outer points 4…7.
        var gridVertex: [Int: Int32] = [:]
        func key(_ i: Int, _ j: Int) -> Int { j * (columns + 1) + i }
        let cornerGrid = [(0, 0), (columns, 0), (columns, rows), (0, rows)]
        // Outward normals of the edges, top, right, bottom, left; and the inset across each.
        let outward = [-ey, ex, ey, -ex]
        let insetAcross = [insetY, insetX, insetY, insetX]
        for (k, g) in cornerGrid.enumerated() {
            let fx = g.0 == 0 ? fx0 : fx1, fy = g.1 == 0 ? fy0 : fy1
            gridVertex[key(g.0, g.1)] = Int32(vertices.count)
            vertices.append(vertex(innerCorners[k], textureCoordinate(fx, fy), innerAlpha))
        }
        for k in 0..<4 {
            // Half a pixel out across both edges that meet here, the texture coordinate on the crop's corner.
            let across = outward[k] * (insetAcross[k] + h) + outward[(k + 3) % 4] * (insetAcross[(k + 3) % 4] + h)
            let p = position(cornerGrid[k].0 == 0 ? fx0 : fx1, cornerGrid[k].1 == 0 ? fy0 : fy1)
            let outer = wholePixelVertices ? innerCorners[k] + snapped(across) : p + across
            vertices.append(vertex(outer, Point(k == 0 || k == 3 ? crop.minX : crop.maxX, k < 2 ? crop.minY : crop.maxY), 0))
        }
        func fraction(_ i: Int, of n: Int, _ a: Double, _ b: Double) -> Double { a + (b - a) * Double(i) / Double(n) }
        for j in 0...rows {
            for i in 0...columns where gridVertex[key(i, j)] == nil {
                let fx = fraction(i, of: columns, fx0, fx1), fy = fraction(j, of: rows, fy0, fy1)
                gridVertex[key(i, j)] = Int32(vertices.count)
                vertices.append(vertex(snapped(position(fx, fy)), textureCoordinate(fx, fy), innerAlpha))
            }
        }

        var indices: [Int32] = []
        // The inside. Split, all first halves of the cells then all second halves: two triangles
        // in a row never make one rectangle, which the software renderer would copy on its own.
        var firstHalves: [Int32] = [], secondHalves: [Int32] = []
        for j in 0..<rows {
            for i in 0..<columns {
                let a = gridVertex[key(i, j)]!, b = gridVertex[key(i + 1, j)]!
                let c = gridVertex[key(i + 1, j + 1)]!, d = gridVertex[key(i, j + 1)]!
                firstHalves += [a, b, c]
                secondHalves += [a, c, d]
            }
        }
        indices += columns * rows == 1 ? [0, 1, 2, 0, 2, 3] : firstHalves + secondHalves
        insideIndexCount = indices.count

        // The strips, edge k from corner k to corner k + 1 through the grid points between.
        for k in 0..<4 {
            let from = cornerGrid[k], to = cornerGrid[(k + 1) % 4]
            let steps = max(abs(to.0 - from.0), abs(to.1 - from.1))
            var previous: (inner: Int32, outer: Int32) = (gridVertex[key(from.0, from.1)]!, Int32(4 + k))
            for step in 1...steps {
                let i = from.0 + (to.0 - from.0) * step / steps, j = from.1 + (to.1 - from.1) * step / steps
                let inner = gridVertex[key(i, j)]!
                let outer: Int32
                if step == steps {
                    outer = Int32(4 + (k + 1) % 4)
                } else {
                    let fx = fraction(i, of: columns, fx0, fx1), fy = fraction(j, of: rows, fy0, fy1)
                    let p = position(fx, fy), across = outward[k] * (insetAcross[k] + h)
                    let q = wholePixelVertices ? snapped(p) + snapped(across) : p + across
                    // The texture coordinate on the crop's edge.
                    let uv = textureCoordinate(k == 1 ? 1 : k == 3 ? 0 : fx, k == 0 ? 0 : k == 2 ? 1 : fy)
                    outer = Int32(vertices.count)
                    vertices.append(vertex(q, uv, 0))
                }
                indices += [previous.outer, outer, inner, previous.outer, inner, previous.inner]
                previous = (inner, outer)
            }
        }
        self.vertices = vertices
        self.indices = indices
    }

    /// True when `corners` (drawable pixels, clockwise from the photo's top-left) make an unturned
    /// rectangle whose edges all lie on pixel boundaries: every pixel is then wholly inside or wholly
    /// outside, and there is nothing to feather.
    static func isUnturnedOnWholePixels(_ corners: [Point]) -> Bool {
        guard corners.count == 4 else { return false }
        let tolerance = 1.0 / 1024
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < tolerance }
        let unturned = abs(corners[0].y - corners[1].y) < tolerance && abs(corners[0].x - corners[3].x) < tolerance
            && corners[1].x > corners[0].x && corners[3].y > corners[0].y
        return unturned && corners.allSatisfy { whole($0.x) && whole($0.y) }
    }
}
