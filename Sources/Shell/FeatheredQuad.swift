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
/// both ends, within a fifth of a pixel of one pixel at small turns.
struct FeatheredQuad {
    /// Half the strip's width, pixels: the feather reaches this far inside and outside each edge.
    static let featherHalfWidth = 0.5

    /// Inner corners 0…3, then outer corners 4…7, each list clockwise from the photo's top-left.
    var vertices: [SDL_Vertex]
    /// Triangles: the inside (2), then a strip of 2 along each edge (8).
    var indices: [Int32]

    /// - Parameters:
    ///   - corners: the quad's corners in drawable pixels, clockwise from the photo's top-left (top-left,
    ///     top-right, bottom-right, bottom-left); a rectangle, turned by any angle.
    ///   - crop: the texture region shown, in the texture's unit coordinates (0…1 on each axis).
    ///   - alpha: the quad's opacity, 0…255; the feather fades from it to 0.
    ///   - wholePixelVertices: the renderer places vertices on whole pixels only (the software one).
    /// Returns nil when the corners are not finite or the quad has no area.
    init?(corners: [Point], crop: Rect, alpha: UInt8, wholePixelVertices: Bool = false) {
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
        // Corner k's sides: −1 toward the top-left, +1 toward the bottom-right, along each axis.
        let sides: [(x: Double, y: Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        func vertex(_ p: Point, _ u: Double, _ v: Double, _ a: UInt8) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: SDL_Color(r: 255, g: 255, b: 255, a: a),
                       tex_coord: SDL_FPoint(x: Float(u), y: Float(v)))
        }
        var inner: [Point] = [], outer: [Point] = []
        for (k, s) in sides.enumerated() {
            let p = corners[k] - ex * (s.x * insetX) - ey * (s.y * insetY)
            let q = corners[k] + ex * (s.x * h) + ey * (s.y * h)
            if wholePixelVertices {
                let rounded = Point(p.x.rounded(), p.y.rounded())
                inner.append(rounded)
                outer.append(rounded + Point((q.x - p.x).rounded(), (q.y - p.y).rounded()))
            } else {
                inner.append(p)
                outer.append(q)
            }
        }
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(8)
        for (k, s) in sides.enumerated() {
            // Unit position of the inner corner within the quad (0…1), mapped into the crop.
            let fx = s.x < 0 ? insetX / width : 1 - insetX / width
            let fy = s.y < 0 ? insetY / height : 1 - insetY / height
            vertices.append(vertex(inner[k], crop.minX + fx * crop.width, crop.minY + fy * crop.height, innerAlpha))
        }
        for (k, s) in sides.enumerated() {
            vertices.append(vertex(outer[k], s.x < 0 ? crop.minX : crop.maxX, s.y < 0 ? crop.minY : crop.maxY, 0))
        }
        var indices: [Int32] = [0, 1, 2, 0, 2, 3]
        for k in Int32(0)..<4 {
            let next = (k + 1) % 4
            indices += [4 + k, 4 + next, next, 4 + k, next, k]
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
