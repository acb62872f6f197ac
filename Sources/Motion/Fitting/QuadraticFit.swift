import Geometry
/// Least-squares polynomial fits for the velocity trackers.
enum QuadraticFit {
    /// One point of a fit: the mean time and value of `weight` samples.
    struct Point {
        var time: Double
        var value: Double
        var weight: Double
    }

    /// How precise the samples are, for deciding whether their bend is real.
    struct Noise {
        /// The grain of the sample times, seconds (the window system's 1 ms).
        var timeResolution: Double
        /// The grain of the values, in their units (1 for whole window points; 0 when exact).
        var valueResolution: Double
    }

    /// The slope at `time` of the weighted least-squares fit through `points`: the degree-2 fit
    /// when the points bend by more than their noise explains, else the line (0 for fewer than two
    /// points, or when the times do not determine a fit).
    ///
    /// Why not always degree 2: the slope of a parabola at the end of its data amplifies noise
    /// four to ten times more than a line's slope. A timestamp off by half its 1 ms grain is a
    /// value error of `v · 0.5 ms`; over a 32 ms stroke the parabola turns that into errors of
    /// up to 16 %, the line into under 5 %. So the bend (the degree-2 coefficient) is used only
    /// when it exceeds three standard deviations of what the noise alone gives: `σ_y = √((v·σ_t)²
    /// + σ_v²)`, with `σ = grain/√12` for times and values and `v` the line's slope. A curved or
    /// decelerating stroke keeps the parabola; a straight one at any report rate gets the line.
    ///
    /// Times are measured from `time` and divided by `timeScale` (so they lie in about −1...0), and
    /// values are measured from the newest point's, which keeps the normal equations well
    /// conditioned. Their matrix is symmetric positive definite, so they are solved by an LDLᵀ
    /// factorisation; when a pivot is negligible (three points crowded into a nanosecond), the line
    /// fit is used.
    static func slope(_ points: [Point], at time: Double, timeScale: Double, noise: Noise) -> Double {
        derivatives(points, at: time, timeScale: timeScale, noise: noise).slope
    }

    /// The slope and the second derivative at `time` of the same fit as `slope` (the second
    /// derivative is 0 where the line is used), and the parabola's own slope and second
    /// derivative whether or not its bend passes the noise (the line's slope and 0 for fewer than
    /// three points).
    static func derivatives(_ points: [Point], at time: Double, timeScale: Double, noise: Noise)
        -> (slope: Double, bend: Double, parabola: (slope: Double, bend: Double)) {
        guard points.count >= 2, let origin = points.last?.value else { return (0, 0, (0, 0)) }
        // Sᵏ = Σw·uᵏ (k = 0...4) and Yᵏ = Σw·uᵏ·y (k = 0...2).
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var y0 = 0.0, y1 = 0.0, y2 = 0.0
        for p in points {
            let u = (p.time - time) / timeScale
            let y = p.value - origin
            let w = p.weight
            let u2 = u * u
            s0 += w; s1 += w * u; s2 += w * u2; s3 += w * u2 * u; s4 += w * u2 * u2
            y0 += w * y; y1 += w * u * y; y2 += w * u2 * y
        }
        // Line: slope = (n·Σuy − Σu·Σy) / (n·Σu² − (Σu)²).
        let denominator = s0 * s2 - s1 * s1
        guard denominator > 1e-12 * s0 * s2 else { return (0, 0, (0, 0)) }
        let line = (s0 * y1 - s1 * y0) / denominator / timeScale
        guard points.count >= 3 else { return (line, 0, (line, 0)) }
        // [s0 s1 s2; s1 s2 s3; s2 s3 s4]·[c0 c1 c2]ᵀ = [y0 y1 y2]ᵀ, A = L·D·Lᵀ.
        let d0 = s0
        let l10 = s1 / d0, l20 = s2 / d0
        let d1 = s2 - l10 * s1
        guard d1 > 1e-12 * s2 else { return (line, 0, (line, 0)) }
        let l21 = (s3 - l20 * s1) / d1
        let d2 = s4 - l20 * s2 - l21 * l21 * d1
        guard d2 > 1e-12 * s4 else { return (line, 0, (line, 0)) }
        let z0 = y0, z1 = y1 - l10 * z0, z2 = y2 - l20 * z0 - l21 * z1
        // c2 = z2 / d2 has variance σ_y² / d2 (unit weights are single samples).
        let sigmaTime = noise.timeResolution / 12.0.squareRoot()
        let sigmaValue = noise.valueResolution / 12.0.squareRoot()
        let sigmaY = ((line * sigmaTime) * (line * sigmaTime) + sigmaValue * sigmaValue).squareRoot()
        let c2 = z2 / d2
        let c1 = z1 / d1 - l21 * c2
        let parabola = (slope: c1 / timeScale, bend: 2 * c2 / (timeScale * timeScale))
        guard z2 * z2 > 9 * sigmaY * sigmaY * d2 else { return (line, 0, parabola) }
        return (parabola.slope, parabola.bend, parabola)
    }
}
