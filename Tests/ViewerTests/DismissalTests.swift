import Testing
import Geometry
import Gestures
import Motion
@testable import Viewing
import FeelModel

@Suite("Dismissal by gesture: paused springs, projected decisions, velocity hand-off")
struct DismissalTests {
    /// Photo 12 is 1200×800: presented at 1200×800 centred at (640, 400).
    static let photo = 12
    static let centre = Point(640, 400)

    static func presented() -> ViewerScript {
        var s = ViewerScript()
        s.openAndSettle(photo)
        return s
    }

    @Test("a drag held still leaves the photo still: the springs are paused, not slowed")
    func heldStill() throws {
        // On the presented photo.
        var s = DismissalTests.presented()
        s.drag(from: DismissalTests.centre, to: DismissalTests.centre + Point(0, 120), duration: 0.1, release: false)
        #expect(s.phase == .interacting)
        let held = try #require(s.viewer.transition?.pose.value)
        s.run(1.0)
        #expect(s.viewer.transition?.pose.value == held)
        #expect(s.snapshots.suffix(50).allSatisfy { $0.image?.center == held.center && $0.phase == .interacting })

        // Caught mid-flight: the photo stops where it was caught and stays there.
        var m = ViewerScript()
        m.click(m.cellCenter(DismissalTests.photo))
        m.run(0.12)
        let flying = try #require(m.viewer.transition?.pose)
        #expect(flying.velocity.center.length > 100)
        let grabPoint = flying.value.center
        m.drag(from: grabPoint, to: grabPoint + Point(0, 30), duration: 0.05, release: false)
        #expect(m.phase == .interacting)
        let caught = try #require(m.viewer.transition?.pose.value)
        m.run(1.0)
        #expect(m.viewer.transition?.pose.value == caught)
        #expect(m.notes.contains { if case .grabbed(DismissalTests.photo, .pan, .opening, _) = $0 { true } else { false } })
    }

    /// The derivative of the photo's observed path at the release instant: two frames placed
    /// `h/2` and `h` after the release and Richardson's extrapolation of the forward differences,
    /// `v ≈ 2·D(h/2) − D(h)`, which cancels the spring's pull `a·h/2` (error `j·h²/12`).
    static func leavingVelocity(_ s: ViewerScript, h: Double = 0.001) throws -> (center: Point, scale: Double, rotation: Double) {
        let p0 = try #require(s.viewer.transition?.pose.value)
        var half = s.viewer, full = s.viewer
        half.handle(.frame(s.now + h / 2))
        full.handle(.frame(s.now + h))
        let p1 = try #require(half.transition?.pose.value), p2 = try #require(full.transition?.pose.value)
        func derivative(_ a: Double, _ b: Double, _ c: Double) -> Double { 2 * (b - a) / (h / 2) - (c - a) / h }
        // The scale as drawn, relative to the presented (fit) size: a release folds the gesture
        // scale into the size (`PhotoTransition.foldScaleIntoSize`), so it is read from the drawn height.
        let fit = s.viewer.fitSize(try #require(s.viewer.transition?.photo)).height
        return (Point(derivative(p0.center.x, p1.center.x, p2.center.x), derivative(p0.center.y, p1.center.y, p2.center.y)),
                derivative(p0.displayedSize.height, p1.displayedSize.height, p2.displayedSize.height) / fit,
                derivative(p0.rotation, p1.rotation, p2.rotation))
    }

    static func lastRelease(_ s: ViewerScript) throws -> ViewerNote.Release {
        try #require(s.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }.last)
    }

    @Test("the photo leaves a closing release at the gesture's velocity (within 5 %)")
    func velocityHandOff() throws {
        var s = DismissalTests.presented()
        // 1000 pt/s straight down from the photo's centre for 0.15 s.
        s.drag(from: DismissalTests.centre, to: DismissalTests.centre + Point(0, 150), duration: 0.15)
        #expect(s.phase == .closing)
        let r = try DismissalTests.lastRelease(s)
        #expect(r.decision == .close)
        #expect(abs(r.velocity.y - 1000) < 1e-6)
        let release = try #require(s.viewer.transition?.pose)
        // The spring starts with exactly the gesture's velocity (grabbed at the centre, so the
        // centre moves with the pointer).
        let exact = (release.velocity.center - r.velocity).length / r.velocity.length
        report("close hand-off: spring velocity at release \(release.velocity.center) pt/s, error \(exact * 100) %")
        #expect(exact < 1e-9)

        let leaving = try DismissalTests.leavingVelocity(s)
        let error = (leaving.center - r.velocity).length / r.velocity.length
        report("close hand-off: photo path leaves at \(leaving.center) pt/s, error \(error * 100) %")
        #expect(error < 0.05)

        // The first 60 Hz frame: the close spring pulls toward its aim, which starts at the release
        // point and eases to the cell (`ThrownCarry`: the photo carries on before it turns). The
        // frame follows that moving aim in closed form: against an RK4 integration of
        // x″ = −2ζω₀x′ − ω₀²(x − aim(t)) in 1,667 steps it agrees within 1e-6 pt.
        guard case let .flight(f)? = s.viewer.session?.driver, let carry = f.carry else {
            Issue.record("a thrown close carries on: no carry"); return
        }
        var frame = s
        frame.viewer.handle(.frame(s.now + 1.0 / 60))
        let c60 = try #require(frame.viewer.snapshot.image?.center)
        let cell = try #require(frame.viewer.transition?.pose.target.center) - carry.aim(at: s.now + 1.0 / 60)
        let spring = Feel.defaults.closeSpring
        let w = spring.angularFrequency, z = spring.dampingRatio
        var x = release.value.center, v = release.velocity.center, t = s.now
        let steps = 1667
        let h = 1.0 / 60 / Double(steps)
        func accel(_ t: Double, _ x: Point, _ v: Point) -> Point { v * (-2 * z * w) - (x - (cell + carry.aim(at: t))) * (w * w) }
        for _ in 0..<steps {
            let k1x = v, k1v = accel(t, x, v)
            let k2x = v + k1v * (h / 2), k2v = accel(t + h / 2, x + k1x * (h / 2), v + k1v * (h / 2))
            let k3x = v + k2v * (h / 2), k3v = accel(t + h / 2, x + k2x * (h / 2), v + k2v * (h / 2))
            let k4x = v + k3v * h, k4v = accel(t + h, x + k3x * h, v + k3v * h)
            x = x + (k1x + k2x * 2 + k3x * 2 + k4x) * (h / 6)
            v = v + (k1v + k2v * 2 + k3v * 2 + k4v) * (h / 6)
            t += h
        }
        report("close hand-off: first 60 Hz frame ends at \(c60), integrated \(x); scroll \(s.viewer.scroller.offset) → \(frame.viewer.scroller.offset)")
        #expect((c60 - x).length < 1e-6)
    }

    @Test("the photo leaves a returning release at the gesture's velocity, and so do scale and rotation")
    func velocityHandOffOnReturnAndPinch() throws {
        var s = DismissalTests.presented()
        // Down 250 pt, then up at 1000 pt/s: returns, leaving upward at the recognizer's velocity.
        s.drag(through: [DismissalTests.centre, DismissalTests.centre + Point(0, 250), DismissalTests.centre + Point(0, 190)],
               durations: [0.4, 0.06])
        #expect(s.phase == .opening)
        let r = try DismissalTests.lastRelease(s)
        #expect(r.decision == .return && r.velocity.y < -100)
        let leaving = try DismissalTests.leavingVelocity(s)
        let error = (leaving.center - r.velocity).length / r.velocity.length
        report("return hand-off: gesture \(r.velocity) pt/s, photo path leaves at \(leaving.center) pt/s, error \(error * 100) %")
        #expect(error < 0.05)

        // A pinch-and-rotate let go while still turning: scale and rotation velocities carry over.
        var p = DismissalTests.presented()
        p.manipulate(pivot: DismissalTests.centre, scale: 0.7, rotation: 0.6, duration: 0.3, kind: .pinchRotate,
                     endScaleVelocity: -1.0, endRotationVelocity: 2.0)
        #expect(p.phase == .closing)
        let pose = try #require(p.viewer.transition?.pose)
        // The scale velocity (−1 /s of the fit) is handed on as the drawn size's: fit height × −1.
        let fit = p.viewer.fitSize(try #require(p.viewer.transition?.photo))
        #expect(abs(pose.velocity.size.height - -fit.height) < 1e-9 * fit.height && pose.velocity.scale == 0)
        #expect(abs(pose.velocity.rotation - 2.0) < 1e-9)
        let turning = try DismissalTests.leavingVelocity(p)
        report("pinch hand-off: rotation leaves at \(turning.rotation) rad/s (gesture 2.0), scale at \(turning.scale) /s (gesture −1.0)")
        #expect(abs(turning.rotation - 2.0) / 2.0 < 0.05)
        #expect(abs(turning.scale - -1.0) / 1.0 < 0.05)
    }

    @Test("a downward flick at 1000 pt/s closes and lands on the cell")
    func flickCloses() throws {
        var s = DismissalTests.presented()
        s.drag(from: DismissalTests.centre, to: DismissalTests.centre + Point(0, 50), duration: 0.05)
        #expect(s.phase == .closing)
        let released = s.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }
        let r = try #require(released.last)
        // Projected: 50 pt + 1000/1000 · 0.998/0.002 = 549 pt, past the 150 pt radius.
        #expect(r.decision == .close)
        #expect(abs(r.projected - 549) < 1)
        let settle = s.settle()
        report("flick close settled in \(settle) s")
        #expect(s.phase == .grid)
        let cell = s.viewer.layout.cellRect(DismissalTests.photo, scroll: s.viewer.scrollOffset)
        #expect(s.viewer.scene().cells.contains { $0.photo == DismissalTests.photo && $0.frame == cell })
    }

    @Test("a slow 40 pt drag returns to the full frame")
    func slowDragReturns() throws {
        var s = DismissalTests.presented()
        s.drag(from: DismissalTests.centre, to: DismissalTests.centre + Point(0, 40), duration: 0.5)
        #expect(s.phase == .opening)
        let settle = s.settle()
        report("slow drag return settled in \(settle) s")
        #expect(s.phase == .presented)
        #expect(s.snapshot.image?.center == DismissalTests.centre)
        #expect(s.snapshot.image?.size == Size(1200, 800))
        #expect(s.notes.contains { if case let .released(r) = $0 { r.decision == .return } else { false } })
    }

    @Test("a drag down then a flick up returns")
    func reversalReturns() throws {
        var s = DismissalTests.presented()
        // 400 pt down: far past the radius; then back up at 1000 pt/s: moving back along the path
        // toward the start faster than 100 pt/s.
        s.drag(through: [DismissalTests.centre, DismissalTests.centre + Point(0, 400), DismissalTests.centre + Point(0, 350)],
               durations: [0.5, 0.05])
        let r = try #require(s.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }.last)
        #expect(r.decision == .return)
        #expect(r.velocity.y < -100)
        s.settle()
        #expect(s.phase == .presented)
    }

    @Test("a pinch to 0.6 released closes; a pinch to 0.9 returns")
    func pinchDecides() throws {
        var s = DismissalTests.presented()
        s.manipulate(pivot: DismissalTests.centre, scale: 0.6, duration: 0.3, kind: .pinch)
        #expect(s.phase == .closing)
        s.settle()
        #expect(s.phase == .grid)

        var r = DismissalTests.presented()
        r.manipulate(pivot: DismissalTests.centre, scale: 0.9, duration: 0.3, kind: .pinch)
        #expect(r.phase == .opening)
        r.settle()
        #expect(r.phase == .presented)
    }

    @Test("a rotated close lands on the cell upright, turning the short way")
    func rotatedClose() throws {
        var s = DismissalTests.presented()
        // 4 rad clockwise (past π): the short way home is 2π − 4 ≈ 2.28 rad further clockwise.
        s.manipulate(pivot: DismissalTests.centre, scale: 0.8, rotation: 4.0, translation: Point(0, 200), duration: 0.4,
                     kind: .pinchRotate, endVelocity: Point(0, 600))
        #expect(s.phase == .closing)
        let start = try #require(s.viewer.transition?.pose.value)
        #expect(abs(start.rotation - (4.0 - 2 * Double.pi)) < 1e-9)
        var closing: [StateSnapshot] = []
        while s.phase == .closing {
            s.frame()
            if s.phase == .closing { closing.append(s.snapshot) }
        }
        #expect(s.phase == .grid)
        let last = try #require(closing.last?.image)
        let cell = s.viewer.layout.cellRect(DismissalTests.photo, scroll: s.viewer.scrollOffset)
        report("rotated close: last closing frame \(last.center) \(last.size) rot \(last.rotation); cell \(cell)")
        // The rest tolerances of PhotoPose: 0.5 pt, 0.001 rad; at rest the pose is the cell exactly.
        #expect(last.center.distance(to: cell.center) < 1)
        #expect(abs(last.rotation) < 0.002)
        #expect(closing.allSatisfy { $0.image!.rotation <= 1e-9 && $0.image!.rotation >= -Double.pi })
    }

    @Test("a downward drag shrinks toward half size over half the window; progress runs through the radius")
    func shrinkAndProgress() throws {
        var s = DismissalTests.presented()
        s.drag(from: DismissalTests.centre, to: DismissalTests.centre + Point(0, 75), duration: 0.2, release: false)
        s.frame()
        // f = 1 − 0.5·(75 / 400) = 0.90625; progress = 1 − 75/150 = 0.5.
        let image = try #require(s.snapshot.image)
        #expect(abs(image.size.width - 1200 * 0.90625) < 1e-9)
        #expect(abs(s.snapshot.progress - 0.5) < 1e-9)
        #expect(abs(s.snapshot.backdrop - Feel.defaults.backdropCurve.value(at: 0.5)) < 1e-12)
        #expect(s.snapshot.gesture == .pan)
        let preview = try #require(s.viewer.dismissPreview)
        #expect(preview.travel.start == DismissalTests.centre && preview.travel.current == DismissalTests.centre + Point(0, 75))
        #expect(preview.limits.dragRadiusPoints == 150)

        // A pinch to 0.75 with no drag: pinch amount (1 − 0.75)/(1 − 0.5) = 0.5, progress 0.5.
        var p = DismissalTests.presented()
        p.manipulate(pivot: DismissalTests.centre, scale: 0.75, duration: 0.2, kind: .pinch, end: false)
        p.frame()
        #expect(abs(p.snapshot.progress - 0.5) < 1e-9)
        #expect(p.snapshot.gesture == .pinch)
        #expect(abs((p.snapshot.image?.size.width ?? 0) - 900) < 1e-9)
    }

    @Test("a photo caught mid-opening stops exactly where it is, then follows the drag with the point pressed under the pointer, and a slow release returns it")
    func catchMidFlight() throws {
        var s = ViewerScript()
        s.click(s.cellCenter(DismissalTests.photo))
        s.run(0.1)
        let p = try #require(s.viewer.transition?.pose.value.center)
        s.press(p)
        // Slow moves, 1 pt every 1/120 s: the recognizer begins once past the 6 pt click slop.
        var caught: PhotoPose?
        for i in 1...30 {
            var probe = s.viewer
            probe.step(to: s.now + 1.0 / 120)
            let flying = probe.transition?.pose.value
            s.move(p + Point(0, Double(i)), after: 1.0 / 120)
            if caught == nil, s.phase == .interacting, let flying {
                // Held still since the press (the probe shows the caught photo unmoved), the photo
                // now catches up with the hand's travel since the press: the point pressed is under
                // the pointer (it trailed by the 6 pt slop for the whole drag before).
                caught = s.viewer.transition?.pose.value
                let pressed = flying.center
                let drawnSize = caught?.displayedSize ?? .zero, flyingSize = flying.displayedSize
                let share = Point((p.x - pressed.x) / flyingSize.width, (p.y - pressed.y) / flyingSize.height)
                let now = (caught?.center ?? .zero) + Point(share.x * drawnSize.width, share.y * drawnSize.height)
                #expect(now.distance(to: p + Point(0, Double(i))) < 1e-6, "grabbed point at \(now), pointer at \(p + Point(0, Double(i)))")
            }
            if i % 2 == 0 { s.frame() }
        }
        let held = try #require(caught)
        let now = try #require(s.viewer.transition?.pose.value)
        #expect(now.center.y > held.center.y)
        s.lift(p + Point(0, 30), after: 1.0 / 120)
        #expect(s.notes.contains { if case let .released(r) = $0 { r.decision == .return } else { false } })
        s.settle()
        #expect(s.phase == .presented)
    }
}
