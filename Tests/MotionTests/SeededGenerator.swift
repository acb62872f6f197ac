import Geometry

/// SplitMix64 (Steele, Lea & Flood 2014): a small, fast generator whose sequence depends only on
/// its seed, so every sweep below is the same on every run and every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        // 53 random bits → a multiple of 2⁻⁵³ in [0, 1).
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// A log-uniform double in `range` (both ends positive).
    mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        // lo·(hi/lo)^u with u uniform in 0...1.
        let lo = range.lowerBound, hi = range.upperBound
        return lo * power(hi / lo, uniform(0...1))
    }
}
