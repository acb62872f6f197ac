import FeelModel
/// The rule that decided what a release does, with the figures it compared.
///
/// Made by the same functions that decide a release (`DismissInteraction.decision(feel:cancelled:)`
/// and `Viewer.pagingDecision`), so what the decision overlay says is what a release does.
/// Distances are points, speeds points per second, scales multiples of the scale at the grab.
public enum DecisionReason: Hashable, Sendable {
    // MARK: Dismissal

    /// Returns: the release moves back toward the start at `speed`, faster than `limit`
    /// (`cancelReversalSpeedPointsPerSecond`).
    case movingBack(speed: Double, limit: Double)
    /// Closes: the pinch scale plus the projection of its velocity, `projectedScale`, is below
    /// `threshold` (`dismissPinchCloseScale`).
    case projectedScaleBelow(projectedScale: Double, threshold: Double)
    /// Closes: the offset plus the projection of the velocity, `projectedDistance` from the start,
    /// passes the drag `radius`.
    case projectedPastRadius(projectedDistance: Double, radius: Double)
    /// Closes: the rotation plus the projection of its angular velocity, `projectedRotation`
    /// (radians), is past `threshold` (`dismissRotationRadians`) either way.
    case projectedRotationPast(projectedRotation: Double, threshold: Double)
    /// Returns: the projected offset, `projectedDistance` from the start, would pass the `radius`
    /// but heads a way that does not dismiss (within `halfAngleDegrees` of down, or of up too when
    /// `upward`), so it counts only `counted`.
    case awayFromDismissal(projectedDistance: Double, counted: Double, radius: Double, halfAngleDegrees: Double, upward: Bool)
    /// Returns: the projected distance (as it counts by direction) stays within the radius, the
    /// projected scale at or above the threshold and the projected rotation within its threshold
    /// (`projectedScale` is nil when the gesture has not pinched, `projectedRotation` when it has
    /// not turned: those rules cannot close it).
    case shortOfClosing(projectedDistance: Double, radius: Double, projectedScale: Double?, threshold: Double,
                        projectedRotation: Double? = nil, rotationThreshold: Double = 0)
    /// A pan under a projection rule (`dismissReleaseProjectionSeconds`): the held scale its
    /// downward travel would give `seconds` ahead at the release velocity, `projectedScale`, against
    /// `threshold` (`dismissPanCommitScale`): below closes, at or above returns.
    case heldScaleProjected(projectedScale: Double, threshold: Double, seconds: Double)
    /// A pinch under a dead zone (`dismissPinchDeadZonePoints`, iOS's): where the fingers hold the
    /// scale now, no projection and not where the photo trailing them is, against `threshold`
    /// (`dismissPinchCloseScale`): below closes, at or above returns.
    case fingersScale(scale: Double, threshold: Double)

    // MARK: Paging

    /// Pages: the displayed offset plus the projection of the release velocity, `projectedOffset`,
    /// passes `distance` (`pagingDistanceFraction` of the window width) toward a neighbour.
    case projectedPastPageDistance(projectedOffset: Double, distance: Double)
    /// Pages: a flick toward a neighbour at `speed` (signed, pt/s), faster than `limit`
    /// (`pagingFlickSpeedPointsPerSecond`).
    case flick(speed: Double, limit: Double)
    /// Stays: the projected offset stays within `distance` either side and the speed in the drag's
    /// direction, `speed` (0 when moving against the offset), is at most `limit`.
    case shortOfPaging(projectedOffset: Double, distance: Double, speed: Double, limit: Double)
    /// Stays: the drag heads past the first or last photo (`isNext`: past the last).
    case noNeighbour(isNext: Bool)
    /// Stays: the projected offset passes `distance` toward a neighbour, but the hand's own travel
    /// since it took hold plus its projected momentum, `handTravel`, went the other way (or
    /// nowhere): a strip caught behind the page it heads for turns back only when the hand goes back.
    case handWentOtherWay(projectedOffset: Double, distance: Double, handTravel: Double)

    // MARK: Either

    /// The gesture was cancelled (a window lost its focus, a touch was taken away): the photo goes
    /// back where it was, without the gesture's velocity.
    case cancelled

    /// The rule and its figures in words, for the decision overlay: "projected scale 0.62 < 0.75",
    /// "moving back toward start at 140 pt/s > 100", "projected 980 pt > radius 150".
    package var text: String {
        func n(_ v: Double) -> String { FeelNumber.fixed(v, places: 0) }
        func s(_ v: Double) -> String { FeelNumber.fixed(v, places: 2) }
        func degrees(_ radians: Double) -> String { FeelNumber.fixed(radians * 180 / Double.pi, places: 0) }
        switch self {
        case let .movingBack(speed, limit):
            return "moving back toward start at \(n(speed)) pt/s > \(n(limit))"
        case let .projectedScaleBelow(scale, threshold):
            return "projected scale \(s(scale)) < \(s(threshold))"
        case let .heldScaleProjected(scale, threshold, seconds):
            let ms = FeelNumber.fixed(seconds * 1000, places: 0)
            return "scale in \(ms) ms \(FeelNumber.fixed(scale, places: 3)) \(scale < threshold ? "<" : "≥") \(FeelNumber.fixed(threshold, places: 3))"
        case let .fingersScale(scale, threshold):
            return "fingers' scale \(FeelNumber.fixed(scale, places: 3)) \(scale < threshold ? "<" : "≥") \(FeelNumber.fixed(threshold, places: 3))"
        case let .projectedPastRadius(distance, radius):
            return "projected \(n(distance)) pt > radius \(n(radius))"
        case let .projectedRotationPast(rotation, threshold):
            return "projected turn \(degrees(rotation))° past ±\(degrees(threshold))°"
        case let .awayFromDismissal(distance, counted, _, halfAngle, upward):
            let ways = upward ? "up or down" : "down"
            return "wrong way: projected \(n(distance)) pt counts \(n(counted)) (±\(n(halfAngle))° of \(ways))"
        case let .shortOfClosing(distance, radius, scale, threshold, rotation, rotationThreshold):
            var parts: [String] = []
            if let scale { parts.append("scale \(s(scale)) ≥ \(s(threshold))") }
            if let rotation { parts.append("turn \(degrees(rotation))° within ±\(degrees(rotationThreshold))°") }
            let distanceText = parts.isEmpty ? "projected \(n(distance)) pt" : "\(n(distance)) pt"
            return (parts + ["\(distanceText) ≤ radius \(n(radius))"]).joined(separator: ", ")
        case let .projectedPastPageDistance(offset, distance):
            return "projected \(n(offset)) pt past \(offset < 0 ? "-" : "")\(n(distance))"
        case let .flick(speed, limit):
            return "flick \(n(abs(speed))) pt/s > \(n(limit))"
        case let .shortOfPaging(offset, distance, speed, limit):
            return "projected \(n(offset)) pt within ±\(n(distance)), flick \(n(speed)) ≤ \(n(limit))"
        case let .handWentOtherWay(offset, distance, hand):
            return "projected \(n(offset)) pt past \(offset < 0 ? "-" : "")\(n(distance)), but the hand went \(n(hand)) pt"
        case let .noNeighbour(isNext):
            return isNext ? "no photo after the last" : "no photo before the first"
        case .cancelled:
            return "gesture cancelled"
        }
    }
}
