import Geometry
import Gestures
import Motion
import Testing
@testable import Viewing
import FeelModel

/// A pan that takes hold of a photo while a key's or a double-click's zoom is still running
/// (docs/phases.md, "zoomed"): the zoom carries on to its target while the hand moves the photo,
/// the point pressed staying under the pointer as the photo grows about it.
@Suite("A pan on a running zoom: the zoom carries on to its target, the grabbed point under the pointer")
struct ZoomUnderAPanTests {
    /// Photo 0's fit in 1280×800: 4000×3000 is height-bound, 800 × 4/3 = 1066.67 pt wide.
    static let fitWidth = 800.0 * 4 / 3

    /// The scale shown now (drawn width over the fit's).
    static func scale(_ s: ViewerScript) -> Double { (s.snapshot.image?.size.width ?? 0) / fitWidth }

    /// Photo 0 presented, `key` pressed, and `after` seconds later a mouse drag of `travel` in
    /// `duration` seconds from `start`; returns the script and the largest distance between the
    /// grabbed point and the pointer while the drag held the photo. The point grabbed is the one
    /// under the pointer when the drag took hold (past the recognizer's slop): the zoom runs on
    /// about the window's centre between the press and then, as it does with no press.
    /// `prelude`: keys pressed and settled before `key` (a zoom from a zoomed photo).
    static func keyThenPan(_ key: String, after: Double, fps: Double = 60, prelude: [String] = [], start: Point = Point(700, 450),
                           travel: Point = Point(-40, -80), duration: Double = 0.2) -> (ViewerScript, Double) {
        var s = WhereFeaturesMeetTests.script(fps: fps)
        s.openAndSettle(0)
        for k in prelude {
            s.key(k)
            s.settle()
        }
        s.key(key)
        s.run(after)
        s.press(start)
        var grabbed: Point?
        var worst = 0.0
        var next = s.now + s.frameInterval
        let steps = Int((duration * 120).rounded())
        var last = start
        for i in 1...steps {
            let pointer = start + travel * (Double(i) / Double(steps))
            s.frames(until: s.now + 1.0 / 120, next: &next)
            // The frames ran with the pointer still: the zoom ran on under it.
            if let u = grabbed, s.viewer.session?.isHeldByGesture == true, let image = s.viewer.snapshot.image {
                worst = max(worst, CaughtUnderThePointerTests.drawn(u, in: image).distance(to: last))
            }
            s.move(pointer, after: 0)
            last = pointer
            guard s.viewer.session?.isHeldByGesture == true, let image = s.viewer.snapshot.image else { continue }
            let u = grabbed ?? CaughtUnderThePointerTests.local(pointer, in: image)
            grabbed = u
            worst = max(worst, CaughtUnderThePointerTests.drawn(u, in: image).distance(to: pointer))
        }
        if grabbed == nil { worst = .infinity }
        s.lift(start + travel)
        return (s, worst)
    }

    @Test("`1` then a pan 150 ms later lands at 1:1, 3.75× (was stopped at 3.26×, 87 % of it)",
          arguments: [30.0, 60, 144, 240])
    func actualPixelsThenPan(fps: Double) {
        var (s, _) = Self.keyThenPan("1", after: 0.15, fps: fps)
        s.settle()
        // 1:1 is 4000 px over the 1066.67 pt fit.
        let expected = 4000 / Self.fitWidth
        let shown = Self.scale(s)
        report("`1` then a pan at \(fps) fps: rests at \(shown)× (1:1 is \(expected)×)")
        #expect(s.phase == .zoomed)
        #expect(abs(shown - expected) < 1e-3 * expected, "rests at \(shown)×")
    }

    @Test("`+` then a pan lands at the keyboard step's scale, at several instants into the zoom",
          arguments: [0.03, 0.08, 0.15, 0.25])
    func zoomKeyThenPan(after: Double) {
        var (s, _) = Self.keyThenPan("+", after: after)
        s.settle()
        let shown = Self.scale(s)
        report("`+` then a pan \(after) s later: rests at \(shown)×")
        #expect(abs(shown - Feel.defaults.keyboardZoomStep) < 1e-3, "rests at \(shown)×")
    }

    @Test("a double-click's 2.5x zoom then a pan 100 ms later lands at 2.5x, about the point clicked")
    func doubleClickThenPan() {
        var s = WhereFeaturesMeetTests.script()
        s.openAndSettle(0)
        let at = Point(700, 450)
        s.click(at)
        s.run(0.05)
        s.click(at)
        s.run(0.1)
        #expect(s.phase == .zoomed)
        s.drag(from: at, to: at + Point(-30, -60), duration: 0.2)
        s.settle()
        let shown = Self.scale(s)
        report("double-click then a pan: rests at \(shown)x")
        #expect(abs(shown - Feel.defaults.doubleClickZoomScale) < 1e-3, "rests at \(shown)x")
    }

    @Test("while the zoom carries on, the grabbed point stays under the pointer within 0.01 pt (within the photo's bounds: `1` from the fit, `+` from 1:1)",
          arguments: [("1", [String]()), ("+", ["1"])])
    func grabbedPointStaysUnderThePointer(key: String, prelude: [String]) {
        let (_, worst) = Self.keyThenPan(key, after: 0.1, prelude: prelude)
        report("`\(key)` then a pan: grabbed point at most \(worst) pt from the pointer")
        #expect(worst <= 0.01)
    }

    /// The largest frame-to-frame ratio of the drawn width over `s`'s frames from `from` on.
    static func largestScaleStep(_ s: ViewerScript, from: Int) -> Double {
        let widths = s.snapshots[from...].compactMap { $0.image?.size.width }
        var largest = 1.0
        for (a, b) in zip(widths, widths.dropFirst()) where a > 0 { largest = max(largest, b / a, a / b) }
        return largest
    }

    @Test("the zoom grows no faster under the pan than alone: its largest frame-to-frame step is the zoom spring's own")
    func noStepAtTheGrab() {
        var (s, _) = Self.keyThenPan("1", after: 0.15)
        s.settle()
        var alone = WhereFeaturesMeetTests.script()
        alone.openAndSettle(0)
        let fromAlone = alone.snapshots.count
        alone.key("1")
        alone.settle()
        let opened = s.snapshots.firstIndex { $0.phase == .zoomed } ?? 0
        let withPan = Self.largestScaleStep(s, from: opened), spring = Self.largestScaleStep(alone, from: fromAlone)
        report("largest frame-to-frame scale step: \(withPan) under the pan, \(spring) alone")
        #expect(withPan <= spring + 1e-9)
    }
}
