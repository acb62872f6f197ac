/// Least-squares polynomial fits for the velocity trackers.
enum QuadraticFit {
    /// The slope at `time` of the degree-2 least-squares fit through the samples (the line through
    /// two samples; 0 for fewer, or when the times do not determine a fit).
    ///
    /// Times are measured from `time` and divided by `timeScale` (so they lie in about −1...0), and
    /// values are measured from the newest one, which keeps the normal equations well conditioned.
    /// Their matrix is symmetric positive definite, so they are solved by an LDLᵀ factorisation;
    /// when a pivot is negligible (three samples crowded into a nanosecond), the line fit is used.
    static func slope(times: ArraySlice<Double>, values: ArraySlice<Double>, at time: Double,
                      timeScale: Double) -> Double {
        guard times.count >= 2, let origin = values.last else { return 0 }
        // Sᵏ = Σuᵏ (k = 0...4) and Yᵏ = Σuᵏ·y (k = 0...2).
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var y0 = 0.0, y1 = 0.0, y2 = 0.0
        for (t, v) in zip(times, values) {
            let u = (t - time) / timeScale
            let y = v - origin
            let u2 = u * u
            s0 += 1; s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
            y0 += y; y1 += u * y; y2 += u2 * y
        }
        if times.count >= 3 {
            // [s0 s1 s2; s1 s2 s3; s2 s3 s4]·[c0 c1 c2]ᵀ = [y0 y1 y2]ᵀ, A = L·D·Lᵀ.
            let d0 = s0
            let l10 = s1 / d0, l20 = s2 / d0
            let d1 = s2 - l10 * s1
            if d1 > 1e-12 * s2 {
                let l21 = (s3 - l20 * s1) / d1
                let d2 = s4 - l20 * s2 - l21 * l21 * d1
                if d2 > 1e-12 * s4 {
                    let z0 = y0, z1 = y1 - l10 * z0, z2 = y2 - l20 * z0 - l21 * z1
                    let c2 = z2 / d2
                    let c1 = z1 / d1 - l21 * c2
                    return c1 / timeScale
                }
            }
        }
        // Line: slope = (n·Σuy − Σu·Σy) / (n·Σu² − (Σu)²).
        let denominator = s0 * s2 - s1 * s1
        guard denominator > 1e-12 * s0 * s2 else { return 0 }
        return (s0 * y1 - s1 * y0) / denominator / timeScale
    }
}
