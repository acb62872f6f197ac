import CSDL2
import Geometry
@testable import Rendering
import Testing
import TestSupport

@Suite("An opaque photo's inside: the largest axis-aligned rectangle in the turned quad, checked point by point")
struct OpaqueInsideTests {
    /// Signed distances from `p` to the four edges of the rectangle of half-sizes `a` × `b` turned
    /// by `rotation` about `center`, positive inside: the brute-force point-in-polygon test, from
    /// the polygon's corners (clockwise on screen) and the cross product along each edge.
    static func edgeDistances(_ p: Point, center: Point, halfWidth a: Double, halfHeight b: Double, rotation: Double) -> [Double] {
        let corners = [Point(-a, -b), Point(a, -b), Point(a, b), Point(-a, b)].map { center + $0.rotated(by: rotation) }
        return (0..<4).map { k in
            let from = corners[k], to = corners[(k + 1) % 4]
            let edge = to - from
            // Clockwise on screen (y down): the inside is to the right of each edge, a positive cross product.
            return (edge.x * (p.y - from.y) - edge.y * (p.x - from.x)) / edge.length
        }
    }

    /// The largest area 4·p·q of an axis-aligned rectangle centred in the turned one, by search:
    /// for 200 widths p, then 200 more around the best, the largest q whose four corners are inside
    /// the polygon (`edgeDistances`), by bisection.
    static func searchedLargestArea(halfWidth a: Double, halfHeight b: Double, rotation: Double) -> Double {
        let corners = [Point(-a, -b), Point(a, -b), Point(a, b), Point(-a, b)].map { $0.rotated(by: rotation) }
        func inside(_ x: Double, _ y: Double) -> Bool {
            for k in 0..<4 {
                let from = corners[k], to = corners[(k + 1) % 4]
                if (to.x - from.x) * (y - from.y) - (to.y - from.y) * (x - from.x) < -1e-9 { return false }
            }
            return true
        }
        func fits(_ p: Double, _ q: Double) -> Bool { inside(-p, -q) && inside(p, -q) && inside(p, q) && inside(-p, q) }
        func largestQ(_ p: Double) -> Double {
            var lo = 0.0, hi = a + b
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                if fits(p, mid) { lo = mid } else { hi = mid }
            }
            return lo
        }
        let reach = a + b
        var best = (p: 0.0, area: 0.0)
        for i in 1...200 {
            let p = reach * Double(i) / 200
            guard fits(p, 0) else { break }
            let area = 4 * p * largestQ(p)
            if area > best.area { best = (p, area) }
        }
        for i in -100...100 {
            let p = best.p + reach / 200 * Double(i) / 100
            guard p > 0, fits(p, 0) else { continue }
            best.area = max(best.area, 4 * p * largestQ(p))
        }
        return best.area
    }

    @Test("for 2° steps of turn and aspect ratios from 1:20 to 20:1, every point of the rectangle is inside and its area is the search's largest")
    func inscribedRectangleAgainstSearch() {
        let aspects = [1.0 / 20, 0.25, 0.6, 1, 1.5, 4 / 3.0, 16 / 9.0, 3, 20]
        var checked = 0
        for aspect in aspects {
            for degrees in stride(from: 0, through: 360, by: 2) {
                let rotation = Double(degrees) * Double.pi / 180
                let a = 100.0, b = 100 * aspect
                guard let half = OpaqueInside.inscribedHalfSize(halfWidth: a, halfHeight: b, rotation: rotation) else {
                    Issue.record("no rectangle for aspect \(aspect), \(degrees)°")
                    continue
                }
                // Every point of an 11 × 11 lattice over the rectangle, its corners included, is inside.
                var outside: [Point] = []
                for i in 0...10 {
                    for j in 0...10 {
                        let p = Point(half.x * (Double(i) / 5 - 1), half.y * (Double(j) / 5 - 1))
                        if Self.edgeDistances(p, center: .zero, halfWidth: a, halfHeight: b, rotation: rotation).contains(where: { $0 < 0 }) {
                            outside.append(p)
                        }
                    }
                }
                #expect(outside.isEmpty, "aspect \(aspect), \(degrees)°: \(outside.count) points outside, first \(outside.first.map { "\($0)" } ?? "")")
                // As large as the search finds, within its step (1/20000 of a + b in p, bisected q).
                let searched = Self.searchedLargestArea(halfWidth: a, halfHeight: b, rotation: rotation)
                let area = 4 * half.x * half.y
                #expect(area >= searched * (1 - 1e-3), "aspect \(aspect), \(degrees)°: area \(area), search \(searched)")
                checked += 1
            }
        }
        #expect(checked == aspects.count * 181)
    }

    @Test("the closed forms: unturned the rectangle itself, a quarter turn its sides swapped, 45° a square of side (a + b)·√2 / 2 when both lines bind")
    func closedForms() throws {
        let unturned = try #require(OpaqueInside.inscribedHalfSize(halfWidth: 300, halfHeight: 200, rotation: 0))
        #expect(abs(unturned.x - 300) < 1e-3 && abs(unturned.y - 200) < 1e-3)
        let quarter = try #require(OpaqueInside.inscribedHalfSize(halfWidth: 300, halfHeight: 200, rotation: Double.pi / 2))
        #expect(abs(quarter.x - 200) < 1e-3 && abs(quarter.y - 300) < 1e-3)
        // At 45° both lines are p + q ≤ √2·a and p + q ≤ √2·b: the square on the nearer one, p = q = √2·min(a, b) / 2.
        let diagonal = try #require(OpaqueInside.inscribedHalfSize(halfWidth: 300, halfHeight: 200, rotation: Double.pi / 4))
        #expect(abs(diagonal.x - 2.0.squareRoot() * 100) < 1e-3 && abs(diagonal.y - 2.0.squareRoot() * 100) < 1e-3)
        // A long thin photo (a = 300, b = 20) turned 30°: only the short side binds, sin 60° · 300 > 20,
        // so p = b / (2s) = 20 / (2 · 0.5) = 20 and q = b / (2c) = 20 / √3.
        let thin = try #require(OpaqueInside.inscribedHalfSize(halfWidth: 300, halfHeight: 20, rotation: Double.pi / 6))
        #expect(abs(thin.x - 20) < 1e-3 && abs(thin.y - 20 / 3.0.squareRoot()) < 1e-3)
        // Nothing when there is no area, or nothing finite.
        #expect(OpaqueInside.inscribedHalfSize(halfWidth: 0, halfHeight: 20, rotation: 0.3) == nil)
        #expect(OpaqueInside.inscribedHalfSize(halfWidth: 10, halfHeight: -1, rotation: 0.3) == nil)
        #expect(OpaqueInside.inscribedHalfSize(halfWidth: 10, halfHeight: 20, rotation: .nan) == nil)
    }

    @Test("the whole pixels: every pixel square lies 1.5 px (the feather's half and the margin) inside the quad, for 2000 seeded quads")
    func wholePixelsInsideTheQuad() {
        var random = SplitMix64(seed: 28)
        let keep = FeatheredQuad.featherHalfWidth + OpaqueInside.marginPixels
        #expect(keep == 1.5)
        var found = 0
        for trial in 0..<2000 {
            let center = Point(random.uniform(-200...1500), random.uniform(-200...900))
            let size = Size(random.logUniform(2...3000), random.logUniform(2...3000))
            let rotation = random.chance(0.2) ? random.pick([0, Double.pi / 2, Double.pi, Double.pi / 4, -Double.pi / 2]) : random.uniform(-7...7)
            guard let r = OpaqueInside.pixels(center: center, size: size, rotation: rotation) else {
                // None only when the quad less 1.5 px a side has no room for a pixel: its shorter inset side is under 2 px.
                #expect(min(size.width, size.height) - 2 * keep < 2 * 2.0.squareRoot() + 2,
                        "trial \(trial): \(size) at \(rotation) has no pixels")
                continue
            }
            found += 1
            let corners = [Point(Double(r.x), Double(r.y)), Point(Double(r.x + r.w), Double(r.y)),
                           Point(Double(r.x + r.w), Double(r.y + r.h)), Point(Double(r.x), Double(r.y + r.h))]
            let nearest = corners.map {
                Self.edgeDistances($0, center: center, halfWidth: size.width / 2, halfHeight: size.height / 2, rotation: rotation).min()!
            }.min()!
            #expect(nearest >= keep - 1e-9, "trial \(trial): centre \(center), size \(size), rotation \(rotation): a corner \(nearest) px in")
            // Shrunk to whole pixels loses at most a pixel a side.
            let half = OpaqueInside.inscribedHalfSize(halfWidth: size.width / 2 - keep, halfHeight: size.height / 2 - keep, rotation: rotation)!
            #expect(Double(r.w) >= 2 * half.x - 2 - 1e-9 && Double(r.h) >= 2 * half.y - 2 - 1e-9, "trial \(trial)")
        }
        #expect(found > 1500)
    }
}
