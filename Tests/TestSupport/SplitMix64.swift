import Geometry

/// A seeded random number generator (Steele, Lea and Flood's SplitMix64) for the property and
/// sweep tests: the same seed gives the same sequence on every machine, so every sweep is the same
/// on every run and a failing case can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in `range`: 53 random bits make a multiple of 2⁻⁵³ in [0, 1).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// A log-uniform double in `range` (both ends positive): lo·(hi/lo)^u with u uniform in 0...1.
    public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        let lo = range.lowerBound, hi = range.upperBound
        return lo * power(hi / lo, uniform(0...1))
    }

    /// A uniform integer in `range`.
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    public mutating func pick<T>(_ items: [T]) -> T { items[integer(0...(items.count - 1))] }
}
