import Geometry
import Viewing

// The decision overlay's preview, read from the viewer's state.
extension Viewer {
    /// While a gesture holds the photo (dismissing or paging), what a release would do now and why;
    /// nil otherwise. Decided by the functions the release calls (`DismissInteraction.decision`,
    /// `pagingDecision`), so it says what a release now would do.
    public var dismissPreview: DismissPreview? {
        guard let session, session.isHeldByGesture else { return nil }
        // The point the virtual fingers turn about (the mirror pivot, the pair's midpoint, the wheel's
        // pointer, a touchpad pinch's centre).
        let virtualPivot: Point? = heldManipulation.flatMap {
            $0.source == .mouse || ($0.source == .touch && !isTouchpadPinch) ? nil : $0.fingerCentre
        }
        let fingers = heldManipulation?.fingers ?? []
        switch session.driver {
        case var .dismissing(d):
            d.gesture = releasedNow(d.gesture)
            let decision = d.decision(feel: feel, windowHeight: windowSize.height)
            let g = d.gesture
            return DismissPreview(
                gesture: GestureName(g.kind), verdict: decision.closes ? .close : .return, reason: decision.reason,
                travel: .init(start: g.startPivot, current: g.pivot, velocity: g.velocity,
                              projected: g.startPivot + decision.projectedOffset,
                              offset: g.translation, projectedOffset: decision.projectedOffset),
                scale: .init(value: g.scale, velocity: g.scaleVelocity, projected: decision.projectedScale,
                             threshold: feel.dismissPinchCloseScale),
                rotation: .init(value: g.rotation, velocity: g.rotationVelocity, projected: decision.projectedRotation,
                                threshold: feel.dismissRotationRadians),
                backSpeed: decision.backSpeed,
                limits: .init(dragRadiusPoints: feel.dragRadiusPoints,
                              reversalSpeedPointsPerSecond: feel.cancelReversalSpeedPointsPerSecond),
                fingers: fingers, pivot: virtualPivot)
        case let .paging(pager):
            guard let g = pager.hold.map({ releasedNow($0.gesture) }),
                  let decision = pager.decision(releasing: g, frame: pagerFrame(session.photo), cancelled: false) else { return nil }
            let travel = decision.projectedOffset - decision.offset
            return DismissPreview(
                gesture: .page, verdict: decision.verdict, reason: decision.reason,
                travel: .init(start: g.startPivot, current: g.pivot, velocity: Point(decision.velocity, 0),
                              projected: Point(g.pivot.x + travel, g.pivot.y),
                              offset: Point(decision.offset, 0), projectedOffset: Point(decision.projectedOffset, 0)),
                scale: .init(value: 1, threshold: feel.dismissPinchCloseScale),
                limits: .init(dragRadiusPoints: feel.dragRadiusPoints,
                              reversalSpeedPointsPerSecond: feel.cancelReversalSpeedPointsPerSecond,
                              pageDistancePoints: windowSize.width * feel.pagingDistanceFraction,
                              flickSpeedPointsPerSecond: feel.pagingFlickSpeedPointsPerSecond),
                fingers: fingers, pivot: virtualPivot)
        default:
            return nil
        }
    }
}
