import Testing
@testable import Continuity
import Geometry
import Gestures
import Motion
@testable import LabUI
@testable import Viewing
import Trace
import Drawing
import Events
import FeelModel

/// A hand on the viewer: events at their own instants, frames at a chosen rate in between, the jump
/// detector reading the viewer after every event and every frame (issue 27's paging cases).
struct Hand {
    var lab: LabViewer
    var viewer: Viewer { lab.viewer }
    var now = 0.0
    let frameInterval: Double
    var nextFrame: Double
    var detector = JumpDetector()
    var notes: [ViewerNote] = []
    /// Called after every frame (the caption check of case 12).
    var everyFrame: ((Viewer) -> Void)?

    /// `count` photos of `pixels` named `p0.jpg`, `p1.jpg`, …
    static func photos(_ count: Int, pixels: Size = Size(4000, 3000)) -> [Photo] {
        (0..<count).map { Photo(name: "p\($0).jpg", pixelSize: pixels) }
    }

    init(photos: [Photo] = Hand.photos(32), window: Size = Size(1280, 800), fps: Double = 60, feel: Feel = .defaults) {
        lab = LabViewer(Viewer(photos: photos, windowSize: window, feel: feel))
        frameInterval = 1 / fps
        nextFrame = frameInterval
        detector.observe(lab.viewer.motionSample)
    }

    mutating func look() {
        detector.observe(lab.viewer.motionSample)
        notes += lab.viewer.takeNotes()
    }

    /// Every frame due up to `t`.
    mutating func run(until t: Double) {
        while nextFrame <= t + 1e-12 {
            now = nextFrame
            lab.handle(.frame(now))
            look()
            everyFrame?(lab.viewer)
            nextFrame += frameInterval
        }
        now = max(now, t)
    }

    /// Frames until nothing moves (at most `limit` seconds).
    mutating func settle(limit: Double = 5) {
        let end = now + limit
        while nextFrame <= end {
            run(until: nextFrame)
            if viewer.isAtRest { break }
        }
    }

    mutating func send(_ kind: InputEvent.Kind, at t: Double) {
        run(until: t)
        lab.handle(InputEvent(time: now, kind: kind))
        look()
    }

    mutating func pointer(_ phase: PressPhase, _ p: Point, at t: Double) {
        send(.pointer(phase: phase, position: p, button: .left, modifiers: []), at: t)
    }

    mutating func key(_ name: String, at t: Double) {
        send(.key(phase: .down, key: name, modifiers: []), at: t)
        send(.key(phase: .up, key: name, modifiers: []), at: t)
    }

    /// A click lifted at `t` (pressed 40 ms before).
    mutating func click(_ p: Point, at t: Double) {
        pointer(.down, p, at: t - 0.04)
        pointer(.up, p, at: t)
    }

    /// A straight drag pressed at `start`, at constant velocity for `duration`, moves at `rate` Hz,
    /// lifted where the last move left the pointer; `observe` is called after each event with the
    /// pointer's position.
    mutating func drag(from: Point, to: Point, start: Double, duration: Double, rate: Double = 120, release: Bool = true,
                       observe: ((inout Hand, Point) -> Void)? = nil) {
        pointer(.down, from, at: start)
        observe?(&self, from)
        let steps = max(1, Int((duration * rate).rounded()))
        for j in 1...steps {
            let f = Double(j) / Double(steps)
            let p = from + (to - from) * f
            pointer(.move, p, at: start + duration * f)
            observe?(&self, p)
        }
        if release {
            pointer(.up, to, at: now)
            observe?(&self, to)
        }
    }

    /// `count` horizontal wheel steps of `dx` (a trackpad swipe), 8 ms apart from `start`; returns
    /// the time after the last.
    @discardableResult
    mutating func wheelSwipe(dx: Double, count: Int, start: Double) -> Double {
        var t = start
        for _ in 0..<count {
            send(.wheel(position: Point(640, 400), delta: Point(dx, 0), modifiers: []), at: t)
            t += 0.008
        }
        return t
    }

    /// A hand on photo `index`, opened by a click lifted at 0.25 s and settled.
    static func presented(_ index: Int, photos: [Photo] = Hand.photos(32), fps: Double = 60) -> Hand {
        var h = Hand(photos: photos, fps: fps)
        h.open(index, at: 0.25)
        h.settle()
        return h
    }

    /// Opens photo `index` with a click lifted at `t`.
    mutating func open(_ index: Int, at t: Double) {
        click(viewer.layout.cellRect(index, scroll: viewer.scrollOffset).center, at: t)
    }

    var jumps: [String] { detector.jumps.map(\.description) }
    /// Closes started: by a key or click (`closing`) or by a gesture's release.
    var closes: Int {
        notes.filter {
            switch $0 {
            case .closing: true
            case let .released(r): r.decision == .close
            default: false
            }
        }.count
    }
    var pages: [(from: Int, to: Int)] { notes.compactMap { if case let .paged(f, t, _) = $0 { (f, t) } else { nil } } }

    /// The strip's position: where photo 0's slot would be drawn, relative to the window's middle
    /// (every quad of the strip is drawn at `position + index·slot`), nil unless a photo is out.
    var strip: Double? {
        guard let s = viewer.session else { return nil }
        return s.quad.center.x - viewer.windowSize.width / 2 + Double(s.photo) * viewer.slotWidth
    }

    /// The photo drawn largest (its quad's area inside the window), worked out from the scene.
    static func drawnLargest(_ v: Viewer) -> Int? {
        let w = v.windowSize
        var best: (photo: Int, area: Double)?
        for q in v.scene().photos where q.alpha > 0 {
            let half = Size(abs(q.size.width) / 2, abs(q.size.height) / 2)
            let x = max(0, min(q.center.x + half.width, w.width) - max(q.center.x - half.width, 0))
            let y = max(0, min(q.center.y + half.height, w.height) - max(q.center.y - half.height, 0))
            if x * y > (best?.area ?? 0) { best = (q.photo, x * y) }
        }
        return best?.photo
    }
}

@Suite("Paging under a real hand (issue 27: cases 1, 2, 5, 6, 8, 9, 12)")
struct PagingUnderHandTests {
    static let rates = [30.0, 60, 144, 240]

    // MARK: - 1. Direction decides, not phase

    /// Photo 0 (4000×3000, fit 1066.7×800) opened by a click at 0.25 s; a 350 pt leftward swipe in
    /// 0.12 s starting `delay` after the click.
    static func swipeAfterOpening(delay: Double, fps: Double, vertical: Bool = false) -> Hand {
        var h = Hand(fps: fps)
        h.open(0, at: 0.25)
        let start = 0.25 + delay
        let to = vertical ? Point(640, 750) : Point(550, 400)
        h.drag(from: vertical ? Point(640, 400) : Point(900, 400), to: to, start: start, duration: 0.12)
        h.settle()
        return h
    }

    @Test("a swipe 0.3–0.9 s after a click opened the photo pages, at 30, 60, 144 and 240 fps")
    func swipeRightAfterOpeningPages() {
        for fps in Self.rates {
            var closed: [Double] = []
            for delay in stride(from: 0.30, through: 0.901, by: 0.05) {
                let h = Self.swipeAfterOpening(delay: delay, fps: fps)
                if h.closes > 0 || h.viewer.phase == .grid { closed.append(delay) }
                #expect(h.viewer.phase == .presented && h.viewer.snapshot.photo == 1, "\(fps) fps, \(delay) s: \(h.viewer.phase)")
                #expect(h.jumps.isEmpty, "\(fps) fps, \(delay) s: \(h.jumps)")
            }
            report("case 1: swipes 0.30–0.90 s after the click at \(Int(fps)) fps that closed: \(closed.count) of 13 \(closed)")
        }
    }

    @Test("a photo paged away before it reached its frame settles in its slot; the jump detector catches it snapping there")
    func settlingInTheStrip() throws {
        var h = Hand()
        h.open(0, at: 0.25)
        h.drag(from: Point(900, 400), to: Point(550, 400), start: 0.75, duration: 0.12)
        // The open spring overshoots: photo 0, caught at 100.4 % of its fit, turned out still off it.
        guard case let .paging(pager) = h.viewer.session?.driver else { Issue.record("not paging"); return }
        let leaving = try #require(pager.leavingPose(of: 0))
        let fit = h.viewer.fitSize(0)
        report("case 1: photo 0 paged away at \(leaving.value.displayedSize.width / fit.width * 100) % of its fit width")
        #expect(leaving.value.displayedSize.width != fit.width)
        // Planted fault: the settling pose dropped, photo 0 drawn at its fit at once. The detector,
        // reading the viewer as it is, finds nothing; reading the fault, a size jump of photo 0.
        var faulty = h.viewer
        if case .photo(var s) = faulty.mode, case .paging(var p) = s.driver {
            p.leaving.removeAll()
            s.driver = .paging(p)
            faulty.mode = .photo(s)
        }
        var honest = h.detector, planted = h.detector
        #expect(honest.observe(h.viewer.motionSample).isEmpty)
        let caught = planted.observe(faulty.motionSample)
        #expect(caught.contains { $0.photo == 0 && $0.kind == .size }, "\(caught.map(\.description))")
        h.settle()
        #expect(h.jumps.isEmpty, "\(h.jumps)")
        #expect(h.viewer.snapshot.photo == 1 && h.viewer.phase == .presented)
    }

    @Test("a vertical swipe right after opening dismisses; a drag in the early flight takes hold of the photo")
    func verticalAndEarlySwipes() {
        let down = Self.swipeAfterOpening(delay: 0.5, fps: 60, vertical: true)
        #expect(down.closes == 1 && down.viewer.phase == .grid)
        #expect(down.jumps.isEmpty, "\(down.jumps)")
        // 0.05 s into the flight the photo is far from its fit: the drag holds it (to dismiss it).
        var early = Hand()
        early.open(0, at: 0.25)
        early.drag(from: Point(640, 400), to: Point(560, 400), start: 0.30, duration: 0.1, release: false)
        #expect(early.viewer.phase == .interacting)
    }

    @Test("a swipe while a cancelled pull returns pages")
    func swipeAfterCancelledPull() {
        for fps in Self.rates {
            var missed: [Double] = []
            for delay in stride(from: 0.25, through: 0.501, by: 0.05) {
                var h = Hand.presented(0, fps: fps)
                // A slow pull down of 100 pt, held still 0.1 s, let go: it returns.
                let t0 = h.now + 0.1
                h.drag(from: Point(640, 400), to: Point(640, 500), start: t0, duration: 0.5, release: false)
                h.pointer(.up, Point(640, 500), at: t0 + 0.6)
                let released = h.now
                #expect(h.closes == 0)
                h.drag(from: Point(900, 400), to: Point(550, 400), start: released + delay, duration: 0.12)
                h.settle()
                if h.viewer.snapshot.photo != 1 { missed.append(delay) }
                #expect(h.viewer.phase == .presented && h.viewer.snapshot.photo == 1, "\(fps) fps, \(delay) s")
                #expect(h.jumps.isEmpty, "\(fps) fps, \(delay) s: \(h.jumps)")
            }
            report("case 1: swipes 0.25–0.50 s after a cancelled pull's release at \(Int(fps)) fps that did not page: \(missed.count) of 6 \(missed)")
        }
    }

    // MARK: - 2. Quick flicks

    @Test("four quick flicks turn four pages, the strip held where it is drawn at every grab")
    func quickFlicks() {
        for fps in Self.rates {
            var h = Hand.presented(10, fps: fps)
            let t0 = h.now + 0.1
            // The strip under a held drag moves exactly as the pointer does; a grab of the moving
            // strip holds it where it is (a drag from rest catches up with the pointer's travel).
            var worst = 0.0
            var last: (strip: Double, pointer: Point, held: Bool)?
            var press = (x: 0.0, atRest: true)
            for k in 0..<4 {
                press = (900, h.viewer.isAtRest)
                h.drag(from: Point(900, 400), to: Point(650, 400), start: t0 + 0.09 * Double(k), duration: 0.08) { h, p in
                    let held: Bool = if case let .paging(pager) = h.viewer.session?.driver { pager.isHeld } else { false }
                    let strip = h.strip ?? 0
                    if held, let l = last {
                        let expected = l.held ? p.x - l.pointer.x : press.atRest ? p.x - press.x : 0
                        worst = max(worst, abs((strip - l.strip) - expected))
                    }
                    last = (strip, p, held)
                }
            }
            h.settle()
            let back = h.pages.filter { $0.to < $0.from }.count
            report("case 2: four flicks at \(Int(fps)) fps: photo 10 → \(h.viewer.snapshot.photo ?? -1), pages turned back \(back), "
                   + "largest strip step off the pointer while held \(worst) pt")
            #expect(h.viewer.snapshot.photo == 14 && back == 0, "\(fps) fps: \(h.pages)")
            #expect(worst < 1e-6, "\(fps) fps")
            #expect(h.jumps.isEmpty, "\(fps) fps: \(h.jumps)")
        }
    }

    // MARK: - 12. The caption names the photo drawn largest

    @Test("caption and title name the photo drawn largest through quick flicks and a single flick")
    func captionFollowsWhatIsDrawn() {
        for fps in [60.0, 144] {
            var h = Hand.presented(10, fps: fps)
            var wrong = 0, frames = 0, example = "", logWrong = 0, logNamed = 0
            h.everyFrame = { v in
                guard v.session != nil, let largest = Hand.drawnLargest(v) else { return }
                frames += 1
                // The state log's line names it too: `shown` when it is not the moving `photo`.
                let line = StateLogFormat.line(v.snapshot)
                let logged = line.contains(",\"shown\":") ? (v.snapshot.shown ?? -1) : (v.snapshot.photo ?? -1)
                if logged != largest { logWrong += 1 }
                if v.snapshot.shown != nil { logNamed += 1 }
                let name = PhotoName.displayed(v.photos[largest].name)
                if v.caption?.hasPrefix(name + "   \(largest + 1) / ") != true || v.titleSubject != name {
                    wrong += 1
                    if example.isEmpty { example = "\(v.caption ?? "nil") while \(name) is drawn largest" }
                }
            }
            let t0 = h.now + 0.1
            for k in 0..<4 {
                h.drag(from: Point(900, 400), to: Point(650, 400), start: t0 + 0.09 * Double(k), duration: 0.08)
            }
            h.settle()
            h.drag(from: Point(900, 400), to: Point(800, 400), start: h.now + 0.1, duration: 0.05)
            h.settle()
            report("case 12 at \(Int(fps)) fps: frames whose caption or title named another photo than the one drawn largest: "
                   + "\(wrong) of \(frames) \(example); state log lines naming another: \(logWrong), lines with `shown`: \(logNamed)")
            #expect(wrong == 0, "\(example)")
            #expect(logWrong == 0 && logNamed > 0)
        }
    }

    // MARK: - 5. A zoomed photo's edge

    /// Photo 3 zoomed by three `=` presses (1.25³) and panned by Right presses to its right edge.
    static func zoomedAtRightEdge(fps: Double = 60) -> Hand {
        var h = Hand.presented(3, fps: fps)
        for _ in 0..<3 { h.key("=", at: h.now + 0.05) }
        h.settle()
        while h.viewer.phase == .zoomed && !h.viewer.zoomShowsEdge(toward: 1) {
            h.key("right", at: h.now + 0.05)
            h.settle()
        }
        return h
    }

    @Test("at a zoomed photo's right edge a Right press pages on")
    func arrowAtZoomedEdgePages() {
        var h = Self.zoomedAtRightEdge()
        #expect(h.viewer.phase == .zoomed && h.viewer.snapshot.photo == 3)
        let edge = h.viewer.transition!.pose.value
        // Right edge: the photo's right side at the window's: x = W − w/2.
        #expect(abs(edge.center.x - (1280 - edge.displayedSize.width / 2)) < 1e-6)
        h.detector.restart()
        h.look()
        for _ in 0..<3 { h.key("right", at: h.now + 0.1) }
        h.settle()
        report("case 5: three Right presses at the zoomed photo's right edge: photo 3 → \(h.viewer.snapshot.photo ?? -1)")
        #expect(h.viewer.snapshot.photo == 6 && h.viewer.phase == .presented)
        #expect(h.jumps.isEmpty, "\(h.jumps)")
    }

    @Test("at a zoomed photo's right edge a flick onward pages on, at 30, 60, 144 and 240 fps")
    func flickAtZoomedEdgePages() {
        for fps in Self.rates {
            var h = Self.zoomedAtRightEdge(fps: fps)
            h.detector.restart()
            h.look()
            // 210 pt leftward in 50 ms: 4,200 pt/s.
            h.drag(from: Point(900, 400), to: Point(690, 400), start: h.now + 0.1, duration: 0.05)
            h.settle()
            report("case 5: a 4,200 pt/s flick at the zoomed photo's right edge at \(Int(fps)) fps: photo 3 → \(h.viewer.snapshot.photo ?? -1)")
            #expect(h.viewer.snapshot.photo == 4 && h.viewer.phase == .presented, "\(fps) fps")
            #expect(h.jumps.isEmpty, "\(fps) fps: \(h.jumps)")
        }
        // A slow drag at the edge that comes back is no flick: the photo stays zoomed.
        var slow = Self.zoomedAtRightEdge()
        slow.drag(from: Point(900, 400), to: Point(860, 400), start: slow.now + 0.1, duration: 0.5)
        slow.settle()
        #expect(slow.viewer.snapshot.photo == 3 && slow.viewer.phase == .zoomed)
    }

    // MARK: - 6. A reversed trackpad swipe

    @Test("a trackpad swipe the other way turns the page back, with no pause or after 100 ms")
    func reversedWheelSwipe() {
        for pause in [0.0, 0.1] {
            var h = Hand.presented(5)
            let t = h.wheelSwipe(dx: 0.15, count: 20, start: h.now + 0.1)
            let forward = h.viewer.snapshot.photo
            h.wheelSwipe(dx: -0.15, count: 20, start: t + pause)
            h.settle()
            report("case 6: twenty wheel steps right then twenty left, pause \(pause) s: photo 5 → \(forward ?? -1) → \(h.viewer.snapshot.photo ?? -1)")
            #expect(forward == 6 && h.viewer.snapshot.photo == 5)
            #expect(h.jumps.isEmpty, "\(h.jumps)")
        }
        // A swipe's own tail (more steps the same way) still turns one page only.
        var h = Hand.presented(5)
        h.wheelSwipe(dx: 0.15, count: 60, start: h.now + 0.1)
        h.settle()
        #expect(h.viewer.snapshot.photo == 6)
    }

    // MARK: - 8. A resize during a page turn

    @Test("a resize keeps a page turn's progress as a share of the slot")
    func resizeKeepsShare() {
        var h = Hand(photos: Hand.photos(32, pixels: Size(600, 400)))
        h.open(5, at: 0.25)
        h.settle()
        h.key("right", at: h.now + 0.1)
        h.run(until: h.now + 2 * h.frameInterval)
        let slot = h.viewer.slotWidth, offset = h.viewer.pagingOffset
        h.send(.resize(Size(900, 600)), at: h.now)
        let newSlot = h.viewer.slotWidth, newOffset = h.viewer.pagingOffset
        report("case 8: resize 1280 → 900 during a page turn: offset \(offset) pt of a \(slot) pt slot (\(offset / slot)) → "
               + "\(newOffset) pt of \(newSlot) (\(newOffset / newSlot))")
        #expect(abs(newOffset / newSlot - offset / slot) < 1e-9)
        h.settle()
        #expect(h.viewer.snapshot.photo == 6 && h.viewer.phase == .presented)
        #expect(h.jumps.isEmpty, "\(h.jumps)")
    }

    // MARK: - 9. Deleting the open photo

    @Test("deleting the open photo hands over to its neighbour; the backdrop never cuts")
    func deletingOpenPhoto() throws {
        for (name, open, removed, expected) in [("presented", 3, 3, 3), ("the last photo", 9, 9, 8)] {
            var h = Hand(photos: Hand.photos(10))
            h.open(open, at: 0.25)
            h.settle()
            let nameAfter = PhotoName.displayed(h.viewer.photos[open == 9 ? 8 : 4].name)
            var backdrops = [h.viewer.backdrop]
            // The deleted photo's picture (numbered −1 − its index) and the photo taking over, each frame.
            var ghostAlphas: [Double] = [], newcomerAlphas: [Double] = []
            let changeTime = h.now + 0.1
            h.everyFrame = { v in
                backdrops.append(v.backdrop)
                guard v.time > changeTime else { return }
                let quads = v.scene().photos
                ghostAlphas.append(quads.first { $0.photo == -1 - removed }?.alpha ?? 0)
                newcomerAlphas.append(quads.first { $0.photo == expected }?.alpha ?? 0)
            }
            let opaque = try #require(h.viewer.scene().photos.first { $0.photo == open })
            h.send(.photos(PhotoListChange(removed: [removed])), at: changeTime)
            backdrops.append(h.viewer.backdrop)
            // At the change the deleted picture is still drawn where it was, whole.
            let ghost = try #require(h.viewer.scene().photos.first { $0.photo == -1 - removed })
            #expect(ghost.center == opaque.center && ghost.size == opaque.size && ghost.alpha == 1)
            h.settle()
            let step = zip(backdrops, backdrops.dropFirst()).map { abs($1 - $0) }.max() ?? 0
            report("case 9 (\(name)): deleting the open photo: largest backdrop step \(step), then \(h.viewer.phase) on "
                   + "\(h.viewer.caption ?? "no caption")")
            #expect(step < 1e-9)
            #expect(h.viewer.phase == .presented && h.viewer.snapshot.photo == expected)
            #expect(h.viewer.titleSubject == nameAfter)
            // It fades out over the cross-fade time while the photo taking over fades in, each
            // monotonically; the continuity check (which does not exempt photo-list changes) finds nothing.
            let fadeFrames = Int((h.viewer.feel.crossFadeSeconds / h.frameInterval).rounded(.up))
            report("case 9 (\(name)): the deleted picture's opacity over the first frames \(ghostAlphas.prefix(fadeFrames + 1).map { ($0 * 100).rounded() / 100 }), "
                   + "the newcomer's \(newcomerAlphas.prefix(fadeFrames + 1).map { ($0 * 100).rounded() / 100 })")
            #expect(zip(ghostAlphas, ghostAlphas.dropFirst()).allSatisfy { $1 <= $0 } && ghostAlphas.first! > 0.8 && ghostAlphas.last == 0)
            #expect(zip(newcomerAlphas, newcomerAlphas.dropFirst()).allSatisfy { $1 >= $0 } && newcomerAlphas.first! < 0.2 && newcomerAlphas.last == 1)
            #expect(ghostAlphas.firstIndex(of: 0).map { $0 <= fadeFrames + 1 } == true)
            #expect(h.jumps.isEmpty, "\(h.jumps)")
        }
        // Mid page turn: photo 4, which a Right press is bringing in, is removed. Photo 3, still on
        // screen, stays where it is drawn; photo 5 fills the slot and the strip comes home to it.
        var h = Hand.presented(3, photos: Hand.photos(10))
        h.key("right", at: h.now + 0.1)
        h.run(until: h.now + 3 * h.frameInterval)
        func drawn(_ v: Viewer) -> [String: Point] {
            Dictionary(uniqueKeysWithValues: v.scene().photos.map { ($0.photo >= 0 ? v.photos[$0.photo].name : "gone \($0.photo)", $0.center) })
        }
        let before = drawn(h.viewer)
        h.send(.photos(PhotoListChange(removed: [4])), at: h.now)
        let after = drawn(h.viewer)
        report("case 9 (mid page turn): drawn before \(before.keys.sorted()), after \(after.keys.sorted()); p3.jpg at "
               + "\(before["p3.jpg"].map { "\($0.x)" } ?? "-") → \(after["p3.jpg"].map { "\($0.x)" } ?? "-")")
        let kept = try #require(before["p3.jpg"])
        #expect((after["p3.jpg"].map { ($0 - kept).length } ?? .infinity) < 1e-9)
        h.settle()
        #expect(h.viewer.phase == .presented && h.viewer.titleSubject == "p5.jpg")
        #expect(h.jumps.isEmpty, "\(h.jumps)")
    }
}

/// The same expectations under other traces than the issue's figures.
@Suite("Paging under a real hand: variations")
struct PagingUnderHandVariationTests {
    @Test("a rightward swipe right after opening a portrait photo pages back, at 30 and 144 fps")
    func portraitSwipeBack() {
        for fps in [30.0, 144] {
            var h = Hand(photos: Hand.photos(12, pixels: Size(3000, 4000)), fps: fps)
            h.open(5, at: 0.25)
            // 0.4 s after the click, 300 pt rightward in 0.1 s.
            h.drag(from: Point(500, 300), to: Point(800, 320), start: 0.65, duration: 0.1)
            h.settle()
            #expect(h.viewer.phase == .presented && h.viewer.snapshot.photo == 4, "\(fps) fps")
            #expect(h.jumps.isEmpty, "\(fps) fps: \(h.jumps)")
        }
    }

    @Test("quick rightward flicks, and leftward flicks that reach the last photo: one page each, none back")
    func flicksBothWays() {
        for fps in [60.0, 240] {
            var back = Hand.presented(20, fps: fps)
            let t0 = back.now + 0.1
            // Three flicks of 300 pt in 70 ms, 100 ms apart.
            for k in 0..<3 { back.drag(from: Point(300, 400), to: Point(600, 400), start: t0 + 0.1 * Double(k), duration: 0.07) }
            back.settle()
            #expect(back.viewer.snapshot.photo == 17 && back.pages.allSatisfy { $0.to < $0.from }, "\(back.pages)")
            #expect(back.jumps.isEmpty, "\(back.jumps)")

            var end = Hand.presented(28, fps: fps)
            let t1 = end.now + 0.1
            for k in 0..<5 { end.drag(from: Point(900, 400), to: Point(650, 400), start: t1 + 0.09 * Double(k), duration: 0.08) }
            end.settle()
            #expect(end.viewer.snapshot.photo == 31 && end.pages.allSatisfy { $0.to > $0.from }, "\(end.pages)")
            #expect(end.viewer.phase == .presented)
            #expect(end.jumps.isEmpty, "\(end.jumps)")
        }
    }

    @Test("a slow drag while a zoom returns to the fit pages, as on the presented photo")
    func swipeWhileZoomReturns() {
        for fps in [30.0, 144] {
            var h = Hand.presented(3, fps: fps)
            for _ in 0..<3 { h.key("=", at: h.now + 0.05) }
            h.settle()
            h.key("0", at: h.now + 0.1)
            // 0.3 s into the zoom spring's way back (0.35 s, 0.9) the photo is within 5 % of its fit.
            h.run(until: h.now + 0.3)
            #expect(h.viewer.phase == .zoomed)
            // 700 pt left in 1 s, let go still: past half the width on the presented photo.
            h.drag(from: Point(1100, 400), to: Point(400, 400), start: h.now + 0.01, duration: 1.0, release: false)
            h.pointer(.up, Point(400, 400), at: h.now + 0.1)
            h.settle()
            #expect(h.viewer.phase == .presented && h.viewer.snapshot.photo == 4, "\(fps) fps")
            #expect(h.jumps.isEmpty, "\(fps) fps: \(h.jumps)")
        }
    }

    @Test("a caught strip let go still goes on to its page; a hand going back turns it back")
    func heldAndLetGo() {
        var h = Hand.presented(10)
        h.drag(from: Point(900, 400), to: Point(650, 400), start: h.now + 0.1, duration: 0.08)
        // Caught 20 ms later, moved 20 pt right and back, let go still: the page it was heading for
        // stays (the strip, caught more than half a slot behind it, does not turn back).
        h.drag(from: Point(700, 400), to: Point(720, 400), start: h.now + 0.02, duration: 0.1, release: false)
        for i in 1...12 { h.pointer(.move, Point(720 - 20 * Double(i) / 12, 400), at: h.now + 0.1 / 12) }
        h.pointer(.up, Point(700, 400), at: h.now + 0.1)
        let release = h.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }.last
        #expect(release?.decision == .stay)
        h.settle()
        #expect(h.viewer.phase == .presented && h.viewer.snapshot.photo == 11 && h.pages.count == 1)
        // A flick on and a slow drag back past the middle: on, then back.
        h.drag(from: Point(900, 400), to: Point(650, 400), start: h.now + 0.1, duration: 0.08)
        h.drag(from: Point(400, 400), to: Point(1000, 400), start: h.now + 0.02, duration: 1.0)
        h.settle()
        #expect(h.viewer.snapshot.photo == 11)
        #expect(h.pages.map(\.to) == [11, 12, 11])
        #expect(h.jumps.isEmpty, "\(h.jumps)")
    }

    @Test("at a zoomed photo's left edge Left pages back; a double-click zoom flicked past its right edge pages on")
    func otherEdges() {
        var h = Hand.presented(3)
        for _ in 0..<2 { h.key("=", at: h.now + 0.05) }
        h.settle()
        while h.viewer.phase == .zoomed && !h.viewer.zoomShowsEdge(toward: -1) {
            h.key("left", at: h.now + 0.05)
            h.settle()
        }
        #expect(h.viewer.phase == .zoomed)
        h.key("left", at: h.now + 0.1)
        h.settle()
        #expect(h.viewer.snapshot.photo == 2 && h.viewer.phase == .presented)
        #expect(h.jumps.isEmpty, "\(h.jumps)")

        var d = Hand.presented(3)
        // A double-click near the right edge zooms 2.5× about it; drags left then show the right edge.
        d.click(Point(1100, 400), at: d.now + 0.1)
        d.click(Point(1100, 400), at: d.now + 0.1)
        d.settle()
        #expect(d.viewer.phase == .zoomed)
        while d.viewer.phase == .zoomed && !d.viewer.zoomShowsEdge(toward: 1) {
            d.drag(from: Point(1000, 400), to: Point(700, 400), start: d.now + 0.1, duration: 0.6)
            d.settle()
        }
        d.drag(from: Point(1000, 400), to: Point(700, 400), start: d.now + 0.1, duration: 0.06)
        d.settle()
        #expect(d.viewer.snapshot.photo == 4 && d.viewer.phase == .presented)
        #expect(d.jumps.isEmpty, "\(d.jumps)")
    }

    @Test("a resize while a drag holds the strip keeps its share; the drag goes on from there")
    func resizeWhileHeld() {
        var h = Hand.presented(5)
        // Held 700 pt left: past the half width in the wider window too (700·1624/1304 > 800).
        h.drag(from: Point(1100, 400), to: Point(400, 400), start: h.now + 0.1, duration: 0.5, release: false)
        let share = h.viewer.pagingOffset / h.viewer.slotWidth
        h.send(.resize(Size(1600, 1000)), at: h.now + 0.01)
        #expect(abs(h.viewer.pagingOffset / h.viewer.slotWidth - share) < 1e-9)
        let offset = h.viewer.pagingOffset
        h.pointer(.move, Point(380, 400), at: h.now + 0.01)
        #expect(abs(h.viewer.pagingOffset - (offset - 20)) < 1e-9)
        h.pointer(.up, Point(380, 400), at: h.now + 0.2)
        h.settle()
        #expect(h.viewer.snapshot.photo == 6 && h.viewer.phase == .presented)
        #expect(h.jumps.isEmpty, "\(h.jumps)")
    }
}
