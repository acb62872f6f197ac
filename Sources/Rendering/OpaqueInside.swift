import CSDL2
import Geometry

/// The whole pixels an opaque photo's quad is sure to cover at full alpha, at any turn: the
/// largest axis-aligned rectangle inside the quad less its feathered edge and a safety margin,
/// shrunk to whole pixels. The grid copied under a held photo skips them (issue 28): the photo
/// writes each of them without reading what was under it, so the grid's pixels there never show.
///
/// **The rectangle.** A rectangle of half-sizes `a` (along its width) and `b` turned by θ, centred
/// at the origin, holds the axis-aligned rectangle of half-sizes (p, q) centred there when all four
/// of its corners (±p, ±q) are inside, that is, with c = |cos θ| and s = |sin θ|:
///
///     c·p + s·q ≤ a        (across the turned rectangle's width)
///     s·p + c·q ≤ b        (across its height)
///
/// The largest such rectangle can be taken centred: the turned rectangle is convex and symmetric
/// about its centre, so a rectangle inside it, its mirror image and their average (the same size,
/// centred) are all inside. Its area 4·p·q, over the two lines, is largest
/// - on the first line alone at its middle, p = a / (2c), q = a / (2s), if that point keeps the
///   second: s·a/(2c) + c·a/(2s) ≤ b, i.e. a ≤ b · 2sc = b · sin 2θ (a long, thin photo turned far);
/// - on the second alone at p = b / (2s), q = b / (2c), if b ≤ a · sin 2θ;
/// - else where both meet: p = (c·a − s·b) / (c² − s²), q = (c·b − s·a) / (c² − s²).
/// Unturned (s = 0) it is the rectangle itself; turned a quarter (c = 0), its sides swapped.
enum OpaqueInside {
    /// Pixels kept clear of the feathered edge's inner side, beyond it: SDL's software renderer
    /// rounds the quad's vertices to whole pixels (an edge moves up to √2/2 px across itself), and
    /// OpenGL fills a pixel by its centre; a pixel this far inside the full-alpha inside is filled
    /// by either.
    static let marginPixels = 1.0

    /// Half-sizes of the largest axis-aligned rectangle centred in a rectangle of half-sizes
    /// `halfWidth` × `halfHeight` turned by `rotation` radians about its centre (the formulas above);
    /// nil when it has no area. Every corner of the answer is checked against both lines, so a
    /// rounding error can only make it nil, never too large.
    static func inscribedHalfSize(halfWidth a: Double, halfHeight b: Double, rotation: Double) -> (x: Double, y: Double)? {
        guard a > 0, b > 0, a.isFinite, b.isFinite, rotation.isFinite else { return nil }
        let c = abs(cosine(rotation)), s = abs(sine(rotation))
        func fits(_ p: Double, _ q: Double) -> Bool {
            p > 0 && q > 0 && p.isFinite && q.isFinite && c * p + s * q <= a && s * p + c * q <= b
        }
        var candidates: [(x: Double, y: Double)] = []
        if s == 0 { candidates.append((a, b)) }
        if c == 0 { candidates.append((b, a)) }
        if c > 0, s > 0 {
            candidates.append((a / (2 * c), a / (2 * s)))
            candidates.append((b / (2 * s), b / (2 * c)))
            let d = c * c - s * s
            if abs(d) > 1e-12 { candidates.append(((c * a - s * b) / d, (c * b - s * a) / d)) }
        }
        // Rounding may put an exact answer a hair outside: a millionth of a pixel in.
        let inside = candidates.map { (x: $0.x * (1 - 1e-9) - 1e-6, y: $0.y * (1 - 1e-9) - 1e-6) }.filter { fits($0.x, $0.y) }
        return inside.max { $0.x * $0.y < $1.x * $1.y }
    }

    /// The whole drawable pixels of a quad `size` pixels large, centred at `center` (pixels) and
    /// turned by `rotation`, that its opaque inside covers: inside the quad less
    /// `FeatheredQuad.featherHalfWidth` and `marginPixels` on every side. Nil when none is.
    static func pixels(center: Point, size: Size, rotation: Double) -> SDL_Rect? {
        let inset = FeatheredQuad.featherHalfWidth + marginPixels
        guard center.isFinite, let half = inscribedHalfSize(halfWidth: size.width / 2 - inset, halfHeight: size.height / 2 - inset,
                                                            rotation: rotation) else { return nil }
        let x0 = (center.x - half.x).rounded(.up), x1 = (center.x + half.x).rounded(.down)
        let y0 = (center.y - half.y).rounded(.up), y1 = (center.y + half.y).rounded(.down)
        let limit = Double(Int32.max / 2)
        guard x1 > x0, y1 > y0, [x0, x1, y0, y1].allSatisfy({ abs($0) < limit }) else { return nil }
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }
}
