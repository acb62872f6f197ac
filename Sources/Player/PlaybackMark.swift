import FeelModel
import JSON
import Trace
import Viewing

/// A moment the trace player's timeline marks, taken from the viewer's notes (the ones the
/// summary reads): where a gesture began, where one was released, where a flight was interrupted.
public struct PlaybackMark: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Something the person did that set the photo moving: a gesture took hold of it, or a
        /// click or key opened or closed it.
        case gesture
        /// A gesture let go and the viewer decided (close, return, page, zoom).
        case release
        /// A motion in flight reversed or redirected without a gesture.
        case interruption
    }

    public var kind: Kind
    /// The frame whose handling made the note (the first frame that shows its effect).
    public var frame: Int
    /// The note's own time, seconds on the trace clock (may fall between frames).
    public var time: Double
    /// A few words for the timeline: "pan", "close", "opening → closing".
    public var label: String

    package init(kind: Kind, frame: Int, time: Double, label: String) {
        self.kind = kind
        self.frame = frame
        self.time = time
        self.label = label
    }

    /// The marks the notes drained at `frame` make, in order. A reversal noted twice (an
    /// interruption and then the closing or opening it started) marks only the interruption.
    public static func marks(of notes: [ViewerNote], frame: Int) -> [PlaybackMark] {
        var out: [PlaybackMark] = []
        for note in notes {
            switch note {
            case let .opened(_, trigger, time) where trigger != .reopen:
                out.append(PlaybackMark(kind: .gesture, frame: frame, time: time, label: "open (\(trigger.rawValue))"))
            case let .closing(_, trigger, time):
                if out.last.map({ $0.kind == .interruption && $0.time == time }) == true { continue }
                out.append(PlaybackMark(kind: .gesture, frame: frame, time: time, label: "close (\(trigger.rawValue))"))
            case let .grabbed(_, gesture, _, time):
                out.append(PlaybackMark(kind: .gesture, frame: frame, time: time, label: gesture.rawValue))
            case let .released(release):
                out.append(PlaybackMark(kind: .release, frame: frame, time: release.time, label: "\(release.gesture.rawValue) → \(release.decision.rawValue)"))
            case let .interrupted(_, from, to, time):
                out.append(PlaybackMark(kind: .interruption, frame: frame, time: time, label: "\(from.rawValue) → \(to.rawValue)"))
            case .opened, .paged, .settled, .referenceChanged, .releasedByTime, .inputIgnored, .actedByTime:
                break
            }
        }
        return out
    }
}
