import Testing
@testable import Continuity
import Geometry
import Gestures
import Motion
@testable import Viewing
import Events
import FeelModel

/// The jumps the property test found (issue #13), each reproduced with the figures of the sequence
/// that found it: the jump detector reads the viewer after every event and frame and finds none.
@Suite("Continuity: interruptions the property test caught jumping")
struct InterruptionJumpTests {
    /// A script whose every event and frame is read by a jump detector.
    struct Watched {
        var s: ViewerScript
        var detector = JumpDetector()

        init(_ script: ViewerScript) {
            s = script
            detector.observe(s.viewer.motionSample)
        }

        mutating func look() { detector.observe(s.viewer.motionSample) }
        /// Starts reading afresh (after a setup that was not watched).
        mutating func restart() {
            detector.restart()
            look()
        }
        mutating func frame() { s.frame(); look() }
        mutating func settle() {
            let start = s.now
            while !s.viewer.isAtRest && s.now - start < 5 { frame() }
        }
        var jumps: [String] { detector.jumps.map(\.description) }
    }

    @Test("a page key during a page flight keeps the outgoing photo on screen while the photo two pages on comes in")
    func pageKeyDuringPageFlight() {
        var w = Watched(ViewerScript())
        w.s.openAndSettle(4)
        w.restart()
        w.s.key("right")
        w.look()
        w.frame()
        // Seed 527: one frame (16.6 ms) into the flight a second key showed photo 6 while photo 4,
        // still 366 pt into a 445 pt window, vanished. Here: 1280 pt, one frame after the first key.
        w.s.key("right")
        w.look()
        // Photo 4 is one frame from home (a slot and a frame's travel to the left of photo 5, two
        // slots from photo 6, both still out at the right).
        let shown = w.s.viewer.scene().photos.map(\.photo)
        #expect(shown.contains(4), "\(shown)")
        w.settle()
        #expect(w.jumps.isEmpty, "\(w.jumps)")
        #expect(w.s.phase == .presented && w.s.snapshot.photo == 6)
    }

    /// Photo 0 presented, pinched ×2 about (900, 300) and held; `during` is sent 0.05 s later; the
    /// pinch is let go still 10 ms after the next frame. Returns how far the centre moved at the
    /// release and the jumps the detector found from the pinch on.
    static func heldPinch(through during: InputEvent.Kind) -> (moved: Double, jumps: [String], phase: Phase) {
        var w = Watched(ViewerScript())
        w.s.openAndSettle(0)
        w.restart()
        let pivot = Point(900, 300)
        w.s.manipulate(pivot: pivot, scale: 2, duration: 0.25, kind: .pinch, end: false)
        w.look()
        w.s.send(during, after: 0.05)
        w.look()
        let held = w.s.viewer.scene().photos.last!.center
        w.frame()
        let release = Manipulation(phase: .ended, kind: .pinch, source: .mouseMirrored, startPivot: pivot, scale: 2,
                                   fingers: [pivot + Point(-40, 0), pivot + Point(40, 0)], time: w.s.now + 0.01)
        w.s.now += 0.01
        w.s.gesture(.manipulation(release))
        w.look()
        let after = w.s.viewer.scene().photos.last!.center
        w.settle()
        return ((after - held).length, w.jumps, w.s.phase)
    }

    @Test("a zoom pinch held through a resize lets go where it is drawn (no centre jump at the release)")
    func zoomPinchHeldThroughResize() {
        // Seeds 678, 1669, 1820: held zoomed, the window resized, then the release moved the centre
        // by 151, 278 and 123 pt in one event.
        let r = Self.heldPinch(through: .resize(Size(900, 500)))
        // Released still (no velocity) 10 ms after a frame: the zoom spring starts from rest, so the
        // centre moves at most its energy speed × 10 ms; the detector holds it to that.
        report("zoom pinch released after a resize: centre moved \(r.moved) pt at the release")
        #expect(r.jumps.isEmpty, "\(r.jumps)")
        #expect(r.phase == .zoomed)
    }

    @Test("a zoom pinch held while the photo's real size arrives lets go where it is drawn (no centre jump at the release)")
    func zoomPinchHeldThroughPhotoSize() {
        // Seed 6107: held zoomed at ×1.21 when the photo's size arrived (a placeholder of 611 × 634 pt
        // became a 3661 × 1592 photo); the release re-read the gesture against the new fit's bounds
        // and moved the centre 48.4 pt in one event. Here a 3:2 photo turns out 10:1: 48.5 pt before.
        let r = Self.heldPinch(through: .photoSize(index: 0, size: Size(6000, 600)))
        report("zoom pinch released after its photo's size arrived: centre moved \(r.moved) pt at the release")
        #expect(r.jumps.isEmpty, "\(r.jumps)")
        #expect(r.phase == .zoomed)
    }

    @Test("a click on another cell while a photo lands: the landing photo finishes its flight and the clicked one opens")
    func clickAnotherCellWhileLanding() {
        var w = Watched(ViewerScript())
        w.s.openAndSettle(1)
        w.restart()
        w.s.key("escape")
        w.look()
        // Within the click slop (6 pt) of its cell but not landed: seeds 874 and 1934 snapped 2.6
        // and 3.2 pt onto the cell in one event.
        while let session = w.s.viewer.session, !session.isLanding(within: w.s.viewer.feel.clickSlopPoints / 2) { w.frame() }
        #expect(w.s.phase == .closing)
        let other = w.s.cellCenter(6)
        w.s.now += 0.005
        w.s.gesture(.tap(location: other, count: 1, button: .left, modifiers: [], time: w.s.now))
        w.look()
        #expect(w.s.snapshot.photo == 6 && w.s.phase == .opening)
        #expect(w.s.viewer.scene().photos.map(\.photo).contains(1))
        w.settle()
        #expect(w.jumps.isEmpty, "\(w.jumps)")
        #expect(w.s.viewer.landing == nil && w.s.phase == .presented)
    }

    @Test("reduced motion: Esc during a page flight fades the departing neighbour with the photo, on after the photo has gone")
    func reducedMotionDepartingNeighboursFade() {
        var feel = Feel.defaults
        feel.reducedMotion = true
        var w = Watched(ViewerScript(feel: feel))
        w.s.openAndSettle(4)
        w.restart()
        w.s.key("right")
        w.look()
        w.s.run(0.05)
        w.look()
        w.s.key("escape")
        w.look()
        #expect(w.s.viewer.departing?.fade != nil)
        var alphas: [Double] = []
        let start = w.s.now
        while !w.s.viewer.isAtRest && w.s.now - start < 5 {
            w.frame()
            if let q = w.s.viewer.scene().photos.first(where: { $0.photo == 4 }) { alphas.append(q.alpha) }
        }
        // Seed 2170: the neighbour went 0.046 → 1 when the photo landed. It fades at the cross-fade's
        // rate: at most one frame / crossFadeSeconds per frame.
        let steps = zip(alphas, alphas.dropFirst()).map { abs($1 - $0) }
        #expect((steps.max() ?? 0) <= w.s.frameInterval / feel.crossFadeSeconds + 1e-9)
        #expect(w.jumps.isEmpty, "\(w.jumps)")
        #expect(w.s.phase == .grid)
    }
}
