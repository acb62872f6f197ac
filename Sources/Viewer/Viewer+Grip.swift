import Geometry
import Gestures
import Motion

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

extension Viewer {
    /// The hold now, as the continuity check reads it; nil when no gesture holds the photo or the strip.
    package var gripReading: GripReading? {
        guard let s = session, s.isHeldByGesture else { return nil }
        let pose = s.transition.pose.value
        switch s.driver {
        case let .pending(m):
            // Waiting for its axis the photo stays where it was caught, whatever the hand does.
            let hand = m.startPivot + m.translation
            return GripReading(reference: [0, m.startPivot.x, m.startPivot.y], axes: [
                .init(name: "photo centre x (waiting for the axis)", quantity: .centre, hand: hand.x, drawn: pose.center.x, slope: 0),
                .init(name: "photo centre y (waiting for the axis)", quantity: .centre, hand: hand.y, drawn: pose.center.y, slope: 0),
            ])
        case let .dismissing(d):
            let m = d.gesture, grab = d.grabPose
            let hand = m.startPivot + m.translation
            // The point under the pivot at the grab, in the pose's own terms, carried by the pose drawn now.
            let local = (m.startPivot - grab.center).rotated(by: -grab.rotation) * (grab.scale != 0 ? 1 / grab.scale : 0)
            func grabbedPoint(_ p: PhotoPose) -> Point { p.center + (local * p.scale).rotated(by: p.rotation) }
            let grabbed = grabbedPoint(pose)
            let slope = d.pivotSlope(windowHeight: windowSize.height, feel: feel)
            // With a follow spring the pose drawn rides the spring toward the hand's: the mapping is
            // judged on the spring's target, the drawn side on the spring's own pace.
            var follows: (x: GripReading.Axis.Follow, y: GripReading.Axis.Follow, turn: GripReading.Axis.Follow)?
            if let follow = d.follow {
                let target = d.pose(windowHeight: windowSize.height, feel: feel)
                let w = follow.spring.angularFrequency, v = follow.velocity, eps = 1e-4
                var ahead = pose
                ahead.center = pose.center + v.center * eps
                ahead.scale = pose.scale + v.scale * eps
                ahead.rotation = pose.rotation + v.rotation * eps
                let rate = (grabbedPoint(ahead) - grabbed) * (1 / eps), aimed = grabbedPoint(target)
                follows = (.init(target: aimed.x, rate: rate.x, angularFrequency: w),
                           .init(target: aimed.y, rate: rate.y, angularFrequency: w),
                           .init(target: target.rotation - grab.rotation, rate: v.rotation, angularFrequency: w))
            }
            return GripReading(reference: [1, grab.center.x, grab.center.y, grab.scale, grab.rotation, m.startPivot.x, m.startPivot.y], axes: [
                .init(name: "grabbed point x", quantity: .centre, hand: hand.x, drawn: grabbed.x, slope: slope.x, follow: follows?.x),
                .init(name: "grabbed point y", quantity: .centre, hand: hand.y, drawn: grabbed.y, slope: slope.y, follow: follows?.y),
                .init(name: "turn", quantity: .rotation, hand: m.rotation, drawn: pose.rotation - grab.rotation, slope: 1,
                      follow: follows?.turn),
            ])
        case let .paging(pager):
            guard let h = pager.hold else { return nil }
            let g = h.gesture
            // The strip's offset before its bands: where the hand has carried it from where it took
            // hold. Past a slot from there it follows through one band (`Pager.limited`), past the
            // first or last photo through another.
            let hand = h.startRaw + g.translation.x
            let frame = pagerFrame(s.photo)
            let c = feel.rubberBandCoefficient
            let raw = Pager.limited(hand, start: h.startRaw, slot: frame.slot, dimension: frame.width, coefficient: c)
            let banded = raw > 0 && !frame.hasPrevious || raw < 0 && !frame.hasNext
            let slope = Pager.limitedSlope(hand, start: h.startRaw, slot: frame.slot, dimension: frame.width, coefficient: c)
                * (banded ? RubberBand.slope(raw, dimension: max(1, frame.width), coefficient: c) : 1)
            return GripReading(reference: [2, h.startRaw, g.startPivot.x, g.startPivot.y], axes: [
                .init(name: "strip offset", quantity: .centre, hand: hand, drawn: pager.offset.value, slope: slope),
            ])
        case let .zooming(zoom):
            guard case let .gesture(hold) = zoom.drive else { return nil }
            let g = hold.gesture
            let fit = fitSize(s.photo)
            // The pinch's scale before its band (log space; a key's zoom running on under a pan is
            // part of what the mapping takes), and the centre that keeps the photo point under the
            // pivot at the scale drawn, before the pan's band.
            let rawScale = hold.rawScale(feel: feel)
            let ratio = hold.grab.scale > 0 ? pose.scale / hold.grab.scale : 1
            let raw = g.startPivot + g.translation + (hold.rawGrab.center - g.startPivot) * ratio
            // The pan's band depends on the scale drawn (its bounds move with it): the drawn centre is
            // read back through the band's inverse at that scale, and must be the hand's centre.
            // A photo caught off its frame carries its slack (`ZoomInteraction.Hold.slack`): the band
            // starts past it.
            let b = ZoomInteraction.centerBounds(fit: fit, scale: pose.scale, window: windowSize)
            let e = hold.slack(atRatio: ratio)
            let unbanded = Point(ZoomInteraction.unband(pose.center.x - e.x, b.x, dimension: windowSize.width, feel: feel) + e.x,
                                 ZoomInteraction.unband(pose.center.y - e.y, b.y, dimension: windowSize.height, feel: feel) + e.y)
            let slope = Point(ZoomInteraction.bandSlope(unbanded.x - e.x, b.x, dimension: windowSize.width, feel: feel),
                              ZoomInteraction.bandSlope(unbanded.y - e.y, b.y, dimension: windowSize.height, feel: feel))
            let reference = [3, hold.grab.center.x, hold.grab.center.y, hold.grab.scale, g.startPivot.x, g.startPivot.y]
            return GripReading(reference: reference, axes: [
                .init(name: "zoom log scale", quantity: .size, hand: rawScale > 0 ? logarithm(rawScale) : 0,
                      drawn: pose.scale > 0 ? logarithm(pose.scale) : 0,
                      slope: ZoomInteraction.scaleBandSlope(atRaw: rawScale, feel: feel)),
                .init(name: "zoomed centre x (unbanded)", quantity: .centre, hand: raw.x, drawn: unbanded.x, slope: 1,
                      tolerance: 0.01 / max(slope.x, 1e-6)),
                .init(name: "zoomed centre y (unbanded)", quantity: .centre, hand: raw.y, drawn: unbanded.y, slope: 1,
                      tolerance: 0.01 / max(slope.y, 1e-6)),
            ], bandPull: (unbanded - pose.center).length)
        case .flight, .caught:
            return nil
        }
    }
}
