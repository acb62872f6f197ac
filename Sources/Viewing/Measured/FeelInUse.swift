import Motion
import FeelModel

/// The feel the viewer runs on, with what is derived from it kept beside it: set together, so the
/// derived figures cannot disagree with the feel (they are not the viewer's state, only the feel's).
package struct FeelInUse: Sendable {
    package let feel: Feel
    /// The backdrop curve's largest slope (`CubicBezier.largestSlope`: 1,001 samples), the jump
    /// detector's bound on how fast the backdrop may change per unit of progress. Derived once per
    /// feel, not per sample.
    package let backdropSlope: Double

    package init(_ feel: Feel) {
        self.feel = feel
        self.backdropSlope = feel.backdropCurve.largestSlope
    }

    /// `newFeel` in use; the slope is derived again only when the backdrop curve changed.
    package func retuned(to newFeel: Feel) -> FeelInUse {
        newFeel.backdropCurve == feel.backdropCurve ? FeelInUse(newFeel, backdropSlope: backdropSlope) : FeelInUse(newFeel)
    }

    private init(_ feel: Feel, backdropSlope: Double) {
        self.feel = feel
        self.backdropSlope = backdropSlope
    }
}
