/// A CSS-style timing curve through (0,0), (x1,y1), (x2,y2), (1,1): progress in time `x` maps to
/// progress in value `y`.
///
/// `value(at:)` solves `x(s) = x` for the curve parameter `s` with Newton's method, falling back to
/// bisection where the slope is too flat for Newton to be trusted, to `|x(s) − x| < 1e-14` (well
/// inside the 1e-7 asked of it), then returns `y(s)`. `x1` and `x2` are clamped into 0...1 as CSS
/// requires, which keeps `x(s)` monotonic; `y1` and `y2` are free (overshooting curves).
public struct CubicBezier: Hashable, Sendable, Codable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    // MARK: - Named curves (CSS Easing Functions Level 1)

    /// No easing: `y = x`.
    package static let linear = CubicBezier(0, 0, 1, 1)
    /// CSS `ease`: a quick start and a long gentle finish.
    package static let ease = CubicBezier(0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`: starts slowly.
    package static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// CSS `ease-out`: ends slowly.
    package static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// CSS `ease-in-out`, Material Motion's and Core Animation's ease-in-ease-out.
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)

    /// The named curves with their CSS names, for parsing and display.
    package static let named: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut),
        ("ease-in-out", .easeInEaseOut),
    ]

    /// True when every control value is finite (`x1`, `x2` are clamped, so any finite value works).
    public var isValid: Bool { x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite }

    // MARK: - Solving

    /// Polynomial form of one coordinate: `p(s) = ((a·s + b)·s + c)·s` for control values `p1`, `p2`.
    @usableFromInline
    struct Polynomial {
        @usableFromInline let a: Double, b: Double, c: Double
        @inlinable init(_ p1: Double, _ p2: Double) {
            c = 3 * p1
            b = 3 * (p2 - p1) - c
            a = 1 - c - b
        }
        @inlinable func value(_ s: Double) -> Double { ((a * s + b) * s + c) * s }
        @inlinable func slope(_ s: Double) -> Double { (3 * a * s + 2 * b) * s + c }
    }

    @inlinable var xPolynomial: Polynomial {
        Polynomial(x1.isNaN ? 0 : min(max(x1, 0), 1), x2.isNaN ? 1 : min(max(x2, 0), 1))
    }
    @inlinable var yPolynomial: Polynomial {
        Polynomial(y1.isFinite ? y1 : 0, y2.isFinite ? y2 : 1)
    }

    /// The curve parameter `s` in 0...1 with `x(s) = x`, for `x` in 0...1.
    @inlinable
    func parameter(forProgress x: Double) -> Double {
        let px = xPolynomial
        let tolerance = 1e-14
        // Newton from s = x (exact for the linear curve), accepted only while it stays in 0...1.
        var s = x
        for _ in 0..<8 {
            let error = px.value(s) - x
            if abs(error) < tolerance { return s }
            let slope = px.slope(s)
            if abs(slope) < 1e-6 { break }
            let next = s - error / slope
            if !(next >= 0 && next <= 1) { break }
            s = next
        }
        // Bisection: x(s) is non-decreasing on 0...1 since x1, x2 ∈ 0...1.
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<100 {
            let error = px.value(s) - x
            if abs(error) < tolerance { return s }
            if error < 0 { lo = s } else { hi = s }
            s = (lo + hi) / 2
            if hi - lo < 1e-16 { break }
        }
        return s
    }

    /// The curve's value progress `y` for a time progress `x`; 0 below 0 and 1 above 1.
    /// A NaN progress counts as 0.
    @inlinable
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return yPolynomial.value(parameter(forProgress: x))
    }

    /// The curve's slope `dy/dx` at time progress `x` (0...1; the end slopes outside it), for
    /// velocities: a tween's speed is `(to − from) / duration · slope`. 0 where the curve is
    /// vertical in x (a degenerate control polygon), never infinite.
    @inlinable
    public func slope(at x: Double) -> Double {
        let progress = x.isNaN ? 0 : min(max(x, 0), 1)
        let s = parameter(forProgress: progress)
        let dx = xPolynomial.slope(s), dy = yPolynomial.slope(s)
        guard abs(dx) > 1e-12 else { return 0 }
        return dy / dx
    }
}
