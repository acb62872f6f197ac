import Geometry
import Motion

/// Something that happened in the viewer, noted for summaries, plots and the jump detector
/// (drained with `Viewer.takeNotes()`; the jump detector reads the event's own, `Viewer.eventNotes`). Times are seconds on the trace clock (the instant of the input that
/// caused it, which may fall between frames).
///
/// A reversal without a gesture is noted twice: first `interrupted(from:to:)`, then the
/// `closing` or `opened` of the motion it started (a click mid-opening gives
/// `interrupted(opening → closing)` then `closing("click")`; a click mid-closing gives
/// `interrupted(closing → opening)` then `opened("reopen")`; the second click of a double-click
/// on the presented photo gives `interrupted(closing → zoomed)`).
public enum ViewerNote: Hashable, Sendable {
    /// A photo started opening; `trigger` names the input: `.click` (a click or tap on a cell),
    /// `.key` (Enter or Space on the focused cell), `.reopen` (a click during the closing).
    case opened(photo: Int, trigger: Trigger, time: Double)
    /// A photo started closing without a gesture: `.click` (a tap on the photo, or mid-opening),
    /// `.escape`, `.key` (Enter or Space).
    case closing(photo: Int, trigger: Trigger, time: Double)
    /// A gesture took hold of the photo; `gesture` is pan, pinch, rotate, pinch+rotate (dismissal
    /// or zoom) or page; `from` is the phase it interrupted (opening, closing, presented, zoomed,
    /// paging).
    case grabbed(photo: Int, gesture: GestureName, from: Phase, time: Double)
    /// A gesture let go and the viewer decided what happens next.
    case released(Release)
    /// A motion in flight was reversed or redirected without a gesture (a click mid-flight).
    case interrupted(photo: Int, from: Phase, to: Phase, time: Double)
    /// Paging moved from one photo to another (a drag, Left/Right, a horizontal wheel swipe).
    case paged(from: Int, to: Int, time: Double)
    /// Every motion came to rest in `phase` (grid, presented or zoomed) and no gesture is held.
    case settled(phase: Phase, time: Double)
    /// The frame of reference the drawn quantities are measured in changed at `time` (the window,
    /// the photo list, a photo's size or turn): the jump detector compares through it.
    case referenceChanged(ReferenceChange, time: Double)
    /// A gesture that time alone ended (a wheel's quiet spell) let go at `time`, between the input
    /// before and the one that found it over: the pose and velocity the springs started from there
    /// (the jump detector judges the hand-off at that instant, not at the next sample).
    case releasedByTime(time: Double, pose: PhotoPose, velocity: PhotoPose)
    /// An input the viewer took and did nothing with, and why, in the words of the input × phase
    /// table (docs/phases.md): nothing a hand does is dropped without a reason.
    case inputIgnored(IgnoredInput)
    /// Time alone started a motion at `time`, inside the step to the next input or frame: a key
    /// that waited for its photo to land acted, or the slideshow turned its page. The jump
    /// detector allows what the new motion can have done since.
    case actedByTime(time: Double)

    /// A change of the frame of reference: the window, the photo list, a photo's size or turn.
    public enum ReferenceChange: Hashable, Sendable {
        /// The window changed size.
        case resized(from: Size, to: Size)
        /// Photos left or joined the list: `renumbered[old]` is the old photo's index as drawn now
        /// (nil when it left, or when its quad fades out at its old place and in at its new one).
        case photoList(renumbered: [Int?])
        /// Photo `index`'s pixel size became known.
        case photoSize(index: Int)
        /// Photo `index` turned by `quarterTurns` × 90° clockwise: its picture is the old one turned.
        case photoTurned(index: Int, quarterTurns: Int)
    }

    /// An input that had no effect in the phase it met (`inputIgnored`).
    public struct IgnoredInput: Hashable, Sendable {
        /// The input as the table names it: a key's SDL name with its modifiers (`ctrl+r`,
        /// `right`), or `wheel`, `ctrl+wheel`, `drop`.
        public var input: String
        /// The phase it met.
        public var phase: Phase
        public var reason: IgnoreReason
        public var time: Double

        package init(input: String, phase: Phase, reason: IgnoreReason, time: Double) {
            self.input = input; self.phase = phase; self.reason = reason; self.time = time
        }
    }

    /// Why an input did nothing: the table's words (raw values as summaries print them).
    public enum IgnoreReason: String, Hashable, Sendable, CaseIterable {
        /// A photo key (zoom, page, file action, turn) in the grid.
        case noPhotoOpen = "no photo is open"
        /// Left/Right (or a swipe) at the first or last photo, or past a zoomed photo's edge with
        /// no neighbour.
        case noPhotoThatWay = "no photo that way"
        /// A gesture holds the photo: the key would move it from under the hand.
        case heldByHand = "a hand holds the photo; let go first"
        /// The photo is on its way back to the grid.
        case closing = "the photo is closing"
        /// Zoom out or back to the fit on a photo already at its fit.
        case atFit = "the photo is at its fit already"
        /// `1` on a photo its fit shows at one photo pixel per screen pixel or larger.
        case atActualPixels = "the photo is shown at 1:1 or larger at its fit"
        /// A drop on an open photo.
        case photoOpen = "a photo is open; close it first"
        /// The queued key's photo was caught or closed before it landed.
        case overtaken = "another input took the photo before it landed"
        /// Up/Down on a photo that is not zoomed.
        case notZoomed = "the photo is not zoomed"
        /// The turn prompt or another file action is waiting, or the photo shown is not the
        /// session's (a page turning between two).
        case photoInTransit = "the photo is passing to its neighbour"
        /// A plain wheel while the photo flies to its frame or turns, a vertical one while a page turns
        /// (noted once per wheel burst).
        case stillFlying = "the photo is still on its way"
        /// A single click on a zoomed photo (a double-click zooms back to the fit).
        case zoomedClick = "one click does nothing on a zoomed photo; a double-click zooms back"
        /// A pan (wheel, arrow key) toward an edge the zoomed photo already shows.
        case atZoomEdge = "the zoomed photo shows its edge that way"
        /// A Shift + wheel (sideways) on the grid, which scrolls only up and down.
        case gridScrollsVertically = "the grid scrolls only up and down"
    }

    /// The input that opened or closed a photo without a gesture (raw values as summaries print them).
    public enum Trigger: String, Hashable, Sendable {
        case click, key, escape, reopen
        /// The session started on this photo (`photozoom photo.jpg`).
        case start
    }

    /// The figures of one release.
    public struct Release: Hashable, Sendable {
        public var photo: Int
        /// pan, pinch, rotate, pinch+rotate (dismissal or zoom) or page.
        public var gesture: GestureName
        public var time: Double
        /// The gesture's velocity at release, pt/s.
        public var velocity: Point
        public var scaleVelocity: Double
        public var rotationVelocity: Double
        /// The figure the decision was made on: for a dismissal the projected drag distance (pt),
        /// or the projected pinch scale for a pure pinch; for paging the projected offset (pt); for
        /// a zoom gesture the scale at release.
        public var projected: Double
        /// Dismissal: close or return; paging: next, previous or stay; zoom: zoom (stays zoomed) or
        /// return (back to the fit).
        public var decision: ReleaseVerdict

        package init(photo: Int, gesture: GestureName, time: Double, velocity: Point, scaleVelocity: Double,
                    rotationVelocity: Double, projected: Double, decision: ReleaseVerdict) {
            self.photo = photo; self.gesture = gesture; self.time = time; self.velocity = velocity
            self.scaleVelocity = scaleVelocity; self.rotationVelocity = rotationVelocity
            self.projected = projected; self.decision = decision
        }
    }
}

/// What a release does: dismissal close or return, paging next, previous or stay, zoom stays zoomed
/// (raw values as summaries and the decision overlay print them).
public enum ReleaseVerdict: String, Hashable, Sendable {
    case close, `return`, next, previous, stay, zoom
}
