/// How near its target, and how slow, one property must be for its animation to count as at rest
/// and snap exactly onto the target.
///
/// The presets are chosen so that the final snap cannot be seen: a tenth of a point is under half
/// a pixel on a 2× display; a scale or rotation step of 1e-4 moves the edge of a 1000-point photo
/// by a tenth of a point. Each speed threshold is about 20 × its displacement, so that for the
/// app's springs (ω₀ ≈ 14–18 rad/s) both conditions are met at about the same moment.
public struct RestThreshold: Hashable, Sendable, Codable {
    /// The largest |value − target| at rest, in the property's unit.
    public var displacement: Double
    /// The largest |velocity| at rest, in the property's unit per second.
    public var speed: Double

    package init(displacement: Double, speed: Double) {
        self.displacement = displacement
        self.speed = speed
    }

    /// Positions and lengths in points: 0.1 pt, 2 pt/s.
    public static let points = RestThreshold(displacement: 0.1, speed: 2)
    /// Scale factors: 1e-4, 2e-3 per second.
    public static let scale = RestThreshold(displacement: 1e-4, speed: 2e-3)
    /// Angles in radians: 1e-4 rad, 2e-3 rad/s.
    package static let radians = RestThreshold(displacement: 1e-4, speed: 2e-3)
    /// Opacity and progress fractions (0...1): 1e-3 (a quarter of one 8-bit level), 2e-2 per second.
    public static let opacity = RestThreshold(displacement: 1e-3, speed: 2e-2)
}
