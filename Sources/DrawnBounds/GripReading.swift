/// What a hold looks like to the continuity check (`JumpDetector`, "Held means under the finger"):
/// coordinate by coordinate, where the hand is in the terms the gesture's mapping takes it, where
/// the thing it grabbed is drawn, and how the mapping passes the hand on there.
///
/// Read from state: the hand from the held manipulation, the drawn side from the pose or the strip
/// as drawn, the grabbed point from the pose and pivot at the grab (what the mapping is measured
/// from). Nothing here is kept for the check; the mapping's slopes are the ones its release hands
/// over with.
package struct GripReading: Hashable, Sendable {
    /// Which drawn quantity a coordinate belongs to (for the report).
    package enum Quantity: Hashable, Sendable { case centre, size, rotation }

    /// One coordinate of a hold.
    package struct Axis: Hashable, Sendable {
        /// What it is ("grabbed point x", "strip offset", "zoom log scale", …).
        package var name: String
        package var quantity: Quantity
        /// The hand's coordinate, as the mapping takes it (points, radians, or the log of a scale).
        package var hand: Double
        /// The drawn coordinate, in the mapping's output terms (the same unit).
        package var drawn: Double
        /// `d drawn / d hand` now: 1 where it follows, a rubber band's or a follow's slope, 0 where
        /// the mapping holds it still by design (a gesture still waiting for its axis).
        package var slope: Double
        /// What rounding may leave of an exact mapping, in the unit (nil: the check's own, 0.01 pt
        /// or 1e-6 rad); larger where a coordinate is read back through a band's inverse.
        package var tolerance: Double?
        /// With a follow spring: where the mapping alone puts the coordinate (the spring's target,
        /// which follows the hand through `slope`) and the drawn coordinate's rate (per second);
        /// `drawn` rides the spring toward the target. Nil without one.
        package var follow: Follow?

        /// A coordinate a follow spring draws (`Feel.followSpring`).
        package struct Follow: Hashable, Sendable {
            package var target: Double
            package var rate: Double
            /// The spring's angular frequency `ω₀`, rad/s: its pull is `ω₀²` per unit of gap.
            package var angularFrequency: Double

            package init(target: Double, rate: Double, angularFrequency: Double) {
                self.target = target; self.rate = rate; self.angularFrequency = angularFrequency
            }
        }

        package init(name: String, quantity: Quantity, hand: Double, drawn: Double, slope: Double, tolerance: Double? = nil,
                     follow: Follow? = nil) {
            self.name = name; self.quantity = quantity; self.hand = hand; self.drawn = drawn; self.slope = slope
            self.tolerance = tolerance; self.follow = follow
        }
    }

    /// What the mapping is measured from (its kind, the pose and pivot at the grab): a different
    /// reference between two held samples is a new grab (a pending press becoming a dismissal, a
    /// zoom held afresh after a resize).
    package var reference: [Double]
    package var axes: [Axis]
    /// How far a band holds the drawn centre from where the hand alone puts it, points: a zoom's
    /// pan band pulling the centre toward its bounds at the scale drawn (0 for other holds). A
    /// grab's first report may move the photo by that much besides the hand's own reach.
    package var bandPull: Double

    package init(reference: [Double], axes: [Axis], bandPull: Double = 0) {
        self.reference = reference; self.axes = axes; self.bandPull = bandPull
    }
}
