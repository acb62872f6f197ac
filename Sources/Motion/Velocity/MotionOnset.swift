/// Where a recorded motion starts: the first sample at which any quantity has left its first value
/// by more than its noise, so two recordings can be aligned on it (one frame's grain).
package enum MotionOnset {
    /// How far a quantity must have moved from its first value to count as moving: the larger of
    /// `floorPoints` (a recording's pixel grain and tracker noise: 1 pt) and `travelFraction` (2 %)
    /// of its travel.
    package static func threshold(travel: Double, floorPoints: Double = 1, travelFraction: Double = 0.02) -> Double {
        max(floorPoints, travelFraction * abs(travel))
    }

    /// The index of the first sample at which any quantity that travels (more than its threshold)
    /// lies farther than its threshold from its first value; nil when nothing moves. A recording
    /// that begins in motion (`beginsInMotion`) moves from its first sample.
    package static func firstMovingIndex(of motion: SampledMotion) -> Int? {
        var first: Int?
        for quantity in motion.quantities {
            guard let start = quantity.values.first else { continue }
            let limit = threshold(travel: quantity.travel)
            guard abs(quantity.travel) > limit else { continue }
            if let i = quantity.values.firstIndex(where: { abs($0 - start) > limit }) {
                first = min(first ?? i, i)
            }
        }
        return motion.beginsInMotion && first != nil ? 0 : first
    }
}
