/// A CSS-style timing curve through (0,0), (x1,y1), (x2,y2), (1,1).
///
/// PROVISIONAL solver (bisection only); the Motion issue adds Newton's method and the named curves.
public struct CubicBezier: Hashable, Sendable, Codable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// Material's and CSS's ease-in-ease-out.
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    public static let linear = CubicBezier(0, 0, 1, 1)

    private func sample(_ a1: Double, _ a2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a1 + 3 * u * s * s * a2 + s * s * s
    }

    /// The curve's y for a progress `x` in 0...1.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if sample(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return sample(y1, y2, (lo + hi) / 2)
    }
}
