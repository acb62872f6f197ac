import Testing
@testable import Motion
import TestSupport

@Suite("Cubic-bezier timing curves")
struct CubicBezierTests {
    /// x(s) and y(s) of the curve straight from the Bernstein form (independent of the solver's
    /// polynomial form): p(s) = 3(1 − s)²s·p₁ + 3(1 − s)s²·p₂ + s³.
    static func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }

    @Test("ease-in-ease-out (0.42, 0, 0.58, 1) at x = 0.25, 0.5, 0.75 is 0.129162, 0.5, 0.870838")
    func easeInEaseOutFigures() {
        let curve = CubicBezier.easeInEaseOut
        // y(s) = 3s² − 2s³ (y₁ = 0, y₂ = 1). Solving x(s) = 0.25 gives s = 0.2703…, y = 0.129162;
        // x = 0.5 gives s = 0.5 by symmetry, y = 0.5; x = 0.75 mirrors x = 0.25: 1 − 0.129162.
        for (x, expected) in [(0.25, 0.129162), (0.5, 0.5), (0.75, 0.870838)] {
            let y = curve.value(at: x)
            #expect(abs(y - expected) < 5e-7, "x = \(x): y = \(y)")
            // The parameter behind y meets |x(s) − x| < 1e-7 (the bound).
            let s = curve.parameter(forProgress: x)
            #expect(abs(Self.bernstein(0.42, 0.58, s) - x) < 1e-7)
            #expect(abs(Self.bernstein(0, 1, s) - y) < 1e-15)
        }
        // The curve is point-symmetric about (½, ½): y(1 − x) = 1 − y(x).
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            #expect(abs(curve.value(at: 1 - x) - (1 - curve.value(at: x))) < 1e-12)
        }
    }

    @Test("the named curves are CSS's: linear, ease, ease-in, ease-out, ease-in-out")
    func namedCurves() {
        #expect(CubicBezier.linear == CubicBezier(0, 0, 1, 1))
        #expect(CubicBezier.ease == CubicBezier(0.25, 0.1, 0.25, 1))
        #expect(CubicBezier.easeIn == CubicBezier(0.42, 0, 1, 1))
        #expect(CubicBezier.easeOut == CubicBezier(0, 0, 0.58, 1))
        #expect(CubicBezier.easeInEaseOut == CubicBezier(0.42, 0, 0.58, 1))
        #expect(CubicBezier.named.map(\.name) == ["linear", "ease", "ease-in", "ease-out", "ease-in-out"])
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(CubicBezier.linear.value(at: x) - x) < 1e-13)
        }
        // ease-in starts slower than linear, ease-out faster; both end at the ends.
        #expect(CubicBezier.easeIn.value(at: 0.3) < 0.3 && CubicBezier.easeOut.value(at: 0.3) > 0.3)
        #expect(CubicBezier.ease.value(at: 0) == 0 && CubicBezier.ease.value(at: 1) == 1)
    }

    @Test("Newton with bisection fallback solves |x(s) − x| < 1e-13 on every curve, flat spots included")
    func solverPrecision() {
        var generator = SplitMix64(seed: 1986)
        var curves: [CubicBezier] = [.linear, .ease, .easeIn, .easeOut, .easeInEaseOut,
                                     CubicBezier(1, 0, 0, 1),     // x′(½) = 0: Newton stalls mid-curve
                                     CubicBezier(0, 0, 0, 0),     // x = s³: flat at the start
                                     CubicBezier(1, 1, 1, 1),     // x = 1 − (1 − s)³: flat at the end
                                     CubicBezier(0.5, -0.8, 0.5, 1.8)]  // overshoot in y
        for _ in 0..<200 {
            curves.append(CubicBezier(generator.uniform(0...1), generator.uniform(-1...2),
                                      generator.uniform(0...1), generator.uniform(-1...2)))
        }
        for curve in curves {
            for i in 0...200 {
                let x = Double(i) / 200
                let s = curve.parameter(forProgress: x)
                let error = abs(Self.bernstein(curve.x1, curve.x2, s) - x)
                #expect(error < 1e-13, "\(curve) at x = \(x): error \(error)")
                #expect(s >= 0 && s <= 1)
                let y = curve.value(at: x)
                #expect(abs(y - Self.bernstein(curve.y1, curve.y2, s)) < 1e-12 || x == 0 || x == 1)
            }
        }
    }

    @Test("the slope dy/dx matches a central difference, and progress outside 0...1 is clamped")
    func slopeAndClamping() {
        let curve = CubicBezier.easeInEaseOut
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-6
            let difference = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(abs(curve.slope(at: x) - difference) < 1e-6)
        }
        // At the ends dy/dx = y′(s)/x′(s) = 3y₁/3x₁ = 0/1.26 and 3(1 − y₂)/3(1 − x₂) = 0/1.26.
        #expect(curve.slope(at: 0) == 0 && curve.slope(at: 1) == 0)
        #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1 && curve.value(at: .nan) == 0)
        #expect(CubicBezier(0.5, 0.5, .nan, 1).value(at: 0.3).isFinite)
    }

}
