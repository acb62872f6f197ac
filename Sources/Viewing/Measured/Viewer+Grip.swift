import Geometry
import Gestures
import Motion
import DrawnBounds


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
