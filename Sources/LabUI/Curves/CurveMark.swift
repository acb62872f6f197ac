import Viewing

/// An instant worth marking on a curve of the photo's motion.
package struct CurveMark: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        /// A gesture holding the photo let go (the velocity hand-off).
        case release
        /// A motion in flight was reversed or caught before it ended.
        case interruption
    }

    package var kind: Kind
    /// Seconds, on the clock of the snapshots it was found in.
    package var time: Double

    package init(kind: Kind, time: Double) {
        self.kind = kind
        self.time = time
    }

    /// Gestures that hold the photo; their end is a release (a tap or a grid scroll is not).
    static let holdingGestures: Set<GestureName> = [.pan, .pinch, .rotate, .pinchRotate, .page]

    /// Where a moving phase naturally ends; leaving it for anything else is an interruption.
    static let naturalEnds: [Phase: Set<Phase>] = [
        .opening: [.presented, .zoomed],
        .closing: [.grid],
        .paging: [.presented],
    ]

    /// The mark between two consecutive frames, read from the state alone (so live curves and
    /// plots of state logs agree): a holding gesture ending is a release; an opening, closing or
    /// paging turning into anything but its natural end (a reversal, a grab mid-flight) is an
    /// interruption, stamped at the later frame.
    package static func between(_ previous: StateSnapshot, _ current: StateSnapshot) -> CurveMark? {
        between(previousPhase: previous.phase, previousGesture: previous.gesture,
                phase: current.phase, gesture: current.gesture, time: current.time)
    }

    /// The same rule on the fields a state-log line carries.
    package static func between(previousPhase: Phase, previousGesture: GestureName, phase: Phase,
                               gesture: GestureName, time: Double) -> CurveMark? {
        if holdingGestures.contains(previousGesture), gesture == .none {
            return CurveMark(kind: .release, time: time)
        }
        if let ends = naturalEnds[previousPhase], phase != previousPhase, !ends.contains(phase) {
            return CurveMark(kind: .interruption, time: time)
        }
        return nil
    }
}
