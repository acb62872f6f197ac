import Testing
import Geometry
import Gestures
import Motion
@testable import Viewing
import FeelModel

@Suite("The photo transition: opens on a spring, reverses at any instant, never jumps")
struct TransitionTests {
    @Test("the opening follows the closed-form spring and ends exactly on the aspect-fit frame")
    func openingPath() throws {
        var s = ViewerScript()
        let cell = s.viewer.layout.cellRect(9, scroll: 0)
        s.click(cell.center)
        let tapTime = s.now
        #expect(s.phase == .opening)
        // Photo 9 is 800×1200 (2:3): fit in 1280×800 is 533.33×800, centred.
        let fit = Size(800, 1200).fitting(in: Size(1280, 800))
        let spring = Feel.defaults.openSpring
        var worst = 0.0
        s.frame()
        // The frame after the click names it; later frames hold no gesture.
        #expect(s.snapshot.gesture == .tap)
        for _ in 0..<59 {
            s.frame()
            let image = try #require(s.snapshot.image)
            // Every component rides the same spring from the cell to the full frame with no
            // initial velocity: x(t) = F + (C − F)·xx(t).
            let k = spring.coefficients(at: s.now - tapTime)
            let cx = 640 + (cell.center.x - 640) * k.xx
            let cy = 400 + (cell.center.y - 400) * k.xx
            let w = fit.width + (cell.width - fit.width) * k.xx
            let h = fit.height + (cell.height - fit.height) * k.xx
            if s.phase == .opening {
                worst = max(worst, abs(image.center.x - cx), abs(image.center.y - cy), abs(image.size.width - w), abs(image.size.height - h))
                // Progress is the fraction of the way travelled (1 − |xx|), the backdrop its eased value.
                #expect(abs(s.snapshot.progress - min(1, max(0, 1 - abs(k.xx)))) < 1e-9)
                #expect(abs(s.snapshot.backdrop - Feel.defaults.backdropCurve.value(at: s.snapshot.progress)) < 1e-12)
            }
        }
        report("opening: largest deviation from the closed-form spring \(worst) pt")
        #expect(worst < 1e-6)
        s.settle()
        #expect(s.phase == .presented)
        let image = try #require(s.snapshot.image)
        #expect(image.center == Point(640, 400))
        #expect(image.size == fit)
        #expect(s.snapshot.progress == 1 && s.snapshot.backdrop == 1)
        report("opening settled \(s.now - tapTime) s after the click")
        let quad = try #require(s.viewer.scene().photos.last)
        #expect(quad.crop == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(s.notes.contains(.opened(photo: 9, trigger: .click, time: tapTime)))
        #expect(s.notes.contains { if case .settled(.presented, _) = $0 { true } else { false } })
    }

    @Test("the flying photo's cell is hidden and its crop opens from the square to the whole photo")
    func cropAndHiddenCell() throws {
        var s = ViewerScript()
        let cell = s.viewer.layout.cellRect(0, scroll: 0)
        s.click(cell.center)
        let first = try #require(s.viewer.scene().photos.last)
        // Photo 0 is 1200×800: its square crop is the middle two thirds of the width.
        #expect(first.size == cell.size)
        #expect(abs(first.crop.width - 400.0 / 600) < 1e-12 && abs(first.crop.minX - 1.0 / 6) < 1e-12)
        #expect(!s.viewer.scene().cells.contains { $0.photo == 0 })
        var lastWidth = first.crop.width
        for _ in 0..<20 {
            s.frame()
            let quad = try #require(s.viewer.scene().photos.last)
            // The crop has the quad's aspect ratio at every instant: no distortion.
            let cropAspect = quad.crop.width * 600 / (quad.crop.height * 400)
            #expect(abs(cropAspect - quad.size.width / quad.size.height) < 1e-9)
            #expect(quad.crop.width >= lastWidth - 1e-12)
            lastWidth = quad.crop.width
        }
        s.settle()
        s.key("escape")
        s.settle()
        #expect(s.phase == .grid)
        #expect(s.viewer.scene().cells.contains { $0.photo == 0 })
    }

    @Test("a click at 40 % of the opening reverses with continuous velocity and lands on the cell")
    func reverseOpening() throws {
        var s = ViewerScript()
        let cell = s.viewer.layout.cellRect(12, scroll: 0)
        s.click(cell.center)
        s.run(until: { $0.progress >= 0.4 })
        report("click at progress \(s.viewer.progress)")
        s.click(Point(640, 400))
        #expect(s.phase == .closing)
        let pose = try #require(s.viewer.transition?.pose)
        #expect(pose.target == PhotoPose(center: cell.center, size: cell.size))
        let reach = (pose.value.center - pose.target.center).length
        s.frame()
        s.frame()
        // Frame-to-frame velocity across the reversal (the frame before the click against the
        // second after it): it changes by no more than the close spring's pull over the 2 frames
        // between them, |a| ≤ ω²·|x| + 2ζω·|v| (x: the photo's distance to the cell at the click).
        let trail = s.snapshots.suffix(4).compactMap(\.image?.center)
        try #require(trail.count == 4)
        let dt = s.frameInterval
        let v1 = (trail[1] - trail[0]) / dt, v2 = (trail[3] - trail[2]) / dt
        let close = Feel.defaults.closeSpring
        let w = close.angularFrequency
        let bound = (w * w * (reach + 50) + 2 * close.dampingRatio * w * (pose.velocity.center.length + 500)) * 2 * dt
        report("click at 40 %: \(v1) pt/s before, \(v2) pt/s after (allowed change \(bound))")
        #expect((v2 - v1).length < bound)
        s.settle()
        #expect(s.phase == .grid)
        #expect(s.notes.contains { if case .interrupted(12, .opening, .closing, _) = $0 { true } else { false } })
        #expect(s.notes.contains { if case .closing(12, .click, _) = $0 { true } else { false } })
        #expect(s.viewer.scene().cells.contains { $0.photo == 12 && $0.frame == cell })
    }

    @Test("the reversal keeps value and velocity exactly at the click's instant")
    func reversalIsContinuous() throws {
        var s = ViewerScript()
        s.click(s.cellCenter(5))
        s.run(until: { $0.progress >= 0.4 })
        // Advance the spring to the click's own instant, then compare with the state after the click.
        var probe = s.viewer
        let clickTime = s.now + 0.005
        probe.step(to: clickTime)
        let expected = try #require(probe.transition?.pose)
        s.viewer.handle(gesture: .tap(location: Point(640, 400), count: 1, button: .left, modifiers: [], time: clickTime))
        let got = try #require(s.viewer.transition?.pose)
        #expect(got.value == expected.value)
        #expect(got.velocity == expected.velocity)
        #expect(got.velocity.center.length > 100)
        #expect(s.viewer.phase == .closing)
    }

    @Test("a click during the closing opens the photo again from where it is")
    func reopen() throws {
        var s = ViewerScript()
        s.openAndSettle(3)
        s.key("escape")
        #expect(s.phase == .closing)
        s.run(0.1)
        let mid = try #require(s.viewer.transition?.pose)
        #expect(mid.velocity.center.length > 50)
        // On the flying photo (a click on another cell would open that one).
        s.click(mid.value.center)
        #expect(s.phase == .opening)
        #expect(s.notes.contains { if case .opened(3, .reopen, _) = $0 { true } else { false } })
        s.settle()
        #expect(s.phase == .presented)
        #expect(s.snapshot.image?.center == Point(640, 400))
    }

    @Test("Esc closes from opening, presented, paging and zoomed; the photo lands on its cell")
    func escapeFromAnywhere() throws {
        for setUp in 0..<4 {
            var s = ViewerScript()
            s.click(s.cellCenter(2))
            switch setUp {
            case 0: s.run(0.1)
            case 1: s.settle()
            case 2: s.settle(); s.key("right"); s.run(0.05)
            default: s.settle(); s.key("="); s.run(0.05)
            }
            s.key("escape")
            #expect(s.phase == .closing)
            s.settle()
            #expect(s.phase == .grid, "set-up \(setUp)")
            let photo = setUp == 2 ? 3 : 2
            #expect(s.viewer.scene().cells.contains { $0.photo == photo })
            #expect(s.snapshot.image == nil && s.snapshot.photo == photo)
        }
    }

    @Test("a resize mid-flight keeps the photo in the window's terms and retargets the spring; it lands on the new fit frame")
    func resizeMidFlight() throws {
        var s = ViewerScript()
        s.click(s.cellCenter(4))
        s.run(0.15)
        let before = try #require(s.viewer.transition?.pose)
        let progress = s.snapshot.progress
        s.send(.resize(Size(1024, 768)), after: 0)
        let after = try #require(s.viewer.transition?.pose)
        // Photo 4 is 1200×800: its fit goes from 1200×800 to 1024×682.67, r = 1024/1200. The flight
        // keeps its offset from the window's centre and its size as shares of the fit, r times
        // (its velocity too), so what shows moves with the window; progress stays where it was.
        let r = 1024.0 / 1200
        let expected = Point(512, 384) + (before.value.center - Point(640, 400)) * r
        #expect(after.value.center.distance(to: expected) < 1e-9)
        #expect(abs(after.value.size.width - before.value.size.width * r) < 1e-9)
        #expect(after.velocity.center.distance(to: before.velocity.center * r) < 1e-9)
        #expect(abs(s.snapshot.progress - progress) < 1e-4)
        #expect(after.target.center == Point(512, 384))
        s.settle()
        let image = try #require(s.snapshot.image)
        // Photo 4 is 1200×800: fit in 1024×768 is 1024×682.67.
        #expect(image.center == Point(512, 384))
        #expect(image.size == Size(1200, 800).fitting(in: Size(1024, 768)))
        // Closing after the resize lands on the reflowed cell.
        s.key("escape")
        s.run(0.1)
        s.send(.resize(Size(900, 700)))
        s.settle()
        #expect(s.phase == .grid)
        let cell = s.viewer.layout.cellRect(4, scroll: s.viewer.scrollOffset)
        #expect(s.viewer.scene().cells.contains { $0.photo == 4 && $0.frame == cell })
    }

    @Test("a resize in the grid keeps the top-left photo in view")
    func resizeGridKeepsAnchor() {
        var s = ViewerScript(photos: 200)
        s.send(.wheel(position: Point(600, 400), delta: Point(0, -20), modifiers: []))
        s.settle()
        let top = s.viewer.layout.visibleRange(scroll: s.viewer.scrollOffset).lowerBound
        s.send(.resize(Size(700, 800)))
        s.settle()
        #expect(s.viewer.layout.visibleRange(scroll: s.viewer.scrollOffset).contains(top))
    }

    @Test("a new feel applies to the motion in flight: same value and velocity, the new spring from there on")
    func feelRetargetsInFlight() throws {
        var s = ViewerScript()
        s.click(s.cellCenter(6))
        s.run(0.1)
        let before = try #require(s.viewer.transition?.pose)
        var feel = Feel.defaults
        feel.openSpring = Spring(responseSeconds: 0.2, dampingRatio: 1)
        s.viewer.apply(feel: feel)
        let after = try #require(s.viewer.transition?.pose)
        #expect(after.value == before.value && after.velocity == before.velocity)
        #expect(after.spring == feel.openSpring)
        // From here the path is the new spring's closed form.
        let t0 = s.now
        s.frame()
        let k = feel.openSpring.coefficients(at: s.now - t0)
        let expected = after.target.center + (after.value.center - after.target.center) * k.xx + after.velocity.center * k.xv
        #expect((try #require(s.snapshot.image).center - expected).length < 1e-9)
        s.settle()
        #expect(s.phase == .presented)
    }
}
