import Geometry
import Motion
import Testing
@testable import Continuity
@testable import Viewing
import DrawnBounds

/// The continuity check's second version against planted faults: each rule is shown catching the
/// fault it exists for, and passing the motion it must allow (docs/continuity.md).
@Suite("Continuity check v2: hand-offs, grabs, resizes and photo-list changes are checked, not exempt")
struct ContinuityCheckTests {
    /// A sample of photo 0's centre (and a backdrop of 1), held or not, with the moving photo's rates.
    static func sample(_ t: Double, x: Double, held: Bool, rate: Double = 0, limit: Double = 0,
                       change: MotionSample.Change = .none, grabReach: Double = 0, window: Size = Size(1280, 800),
                       photo: Int = 0) -> MotionSample {
        let q = DrawnQuantity(kind: .center, photo: photo, value: [x, 400], speedLimit: limit, decayRate: 0, tolerance: 0.1)
        let b = DrawnQuantity(kind: .backdrop, photo: nil, value: [1], speedLimit: 0, decayRate: 0, tolerance: 0.001)
        return MotionSample(time: t, quantities: [b, q],
                            quads: [photo: MotionSample.Presence(depth: 300, alpha: 1, cellDistance: 500, fit: Size(window.width, window.height))],
                            isHeld: held, movingPhoto: photo, rates: [.center: [rate, 0]],
                            change: change, grabReach: held ? [.center: grabReach] : [:])
    }

    /// A hand moving photo 0 at 1,000 pt/s for 0.1 s (steps of 8 ms), then `pause` seconds still.
    static func held(pause: Double = 0) -> [MotionSample] {
        (0...12).map { i in sample(Double(i) * 0.008, x: 640 + Double(i) * 8, held: true) }
            + (pause > 0 ? [sample(0.096 + pause, x: 736, held: true)] : [])
    }

    @Test("a release handing the springs 3.7× the hand's rate is a jump; the hand's own rate is not")
    func injectedVelocity() {
        var injected = JumpDetector()
        for s in Self.held() { injected.observe(s) }
        injected.observe(Self.sample(0.1, x: 736, held: false, rate: 3700, limit: 3700))
        #expect(injected.jumps.count == 1 && injected.jumps.first?.isHandOff == true)
        #expect(injected.jumps.first?.description.contains("handed 3700") == true)
        var honest = JumpDetector()
        for s in Self.held() { honest.observe(s) }
        honest.observe(Self.sample(0.1, x: 736, held: false, rate: 1000, limit: 1000))
        #expect(honest.jumps.isEmpty, "\(honest.jumps.map(\.description))")
    }

    @Test("a release 0.16 s after the hand stopped hands over nothing: 200 pt/s is a jump, 0 is not")
    func stoppedHand() {
        var thrown = JumpDetector()
        for s in Self.held(pause: 0.16) { thrown.observe(s) }
        thrown.observe(Self.sample(0.26, x: 736, held: false, rate: 200, limit: 200))
        #expect(thrown.jumps.first?.description.contains("it had stopped") == true)
        var still = JumpDetector()
        for s in Self.held(pause: 0.16) { still.observe(s) }
        still.observe(Self.sample(0.26, x: 736, held: false, rate: 0))
        #expect(still.jumps.isEmpty)
    }

    @Test("a spring running on its own under a stopped hand (a photo refitting while the strip is held) may go on at its own rate at the release, no faster")
    func springRunningUnderHold() {
        // Seed 7215: the strip held, the photo refitting to its arrived size at 36 pt/s; Space closed it.
        func run(handing rate: Double) -> [JumpDetector.Jump] {
            var d = JumpDetector()
            var samples = Self.held(pause: 0.16)
            samples[samples.count - 1].quantities = samples[samples.count - 1].quantities.map { q in
                var q = q
                if q.kind == .center { q.speedLimit = 40 }
                return q
            }
            for s in samples { d.observe(s) }
            d.observe(Self.sample(0.26, x: 736, held: false, rate: rate, limit: 200))
            return d.jumps
        }
        #expect(run(handing: 36).isEmpty)
        #expect(run(handing: 200).contains { $0.isHandOff && $0.size == 200 })
    }

    @Test("a grab that moves the photo 363 pt with the hand 10 pt from its press is a jump; a 10 pt catch-up is not")
    func grab() {
        var clamped = JumpDetector()
        clamped.observe(Self.sample(0, x: 640, held: false))
        clamped.observe(Self.sample(0.008, x: 640 + 363, held: true, grabReach: 10))
        #expect(clamped.jumps.count == 1)
        var caughtUp = JumpDetector()
        caughtUp.observe(Self.sample(0, x: 640, held: false))
        caughtUp.observe(Self.sample(0.008, x: 650, held: true, grabReach: 10))
        #expect(caughtUp.jumps.isEmpty)
    }

    @Test("a resize is judged in the window's terms: a photo that keeps its share of the window passes, one that keeps its points jumps")
    func resize() {
        let from = Size(1280, 800), to = Size(900, 800)
        var kept = JumpDetector()
        kept.observe(Self.sample(0, x: 1000, held: false, window: from))
        // The moving photo keeps its offset from the window's centre times the fit's ratio (900/1280).
        kept.observe(Self.sample(0, x: 450 + (1000 - 640) * 900 / 1280, held: false, change: .resized(from: from, to: to), window: to))
        #expect(kept.jumps.isEmpty, "\(kept.jumps.map(\.description))")
        var points = JumpDetector()
        points.observe(Self.sample(0, x: 1000, held: false, window: from))
        points.observe(Self.sample(0, x: 1000, held: false, change: .resized(from: from, to: to), window: to))
        #expect(points.jumps.count == 1)
    }

    @Test("a photo that leaves the list vanishing at once is a jump; the same photo renumbered is not")
    func photoList() {
        var vanished = JumpDetector()
        vanished.observe(Self.sample(0, x: 640, held: false, photo: 3))
        var gone = Self.sample(0.001, x: 640, held: false, change: .photoList(renumbered: [0, 1, 2, nil]), photo: 3)
        gone.quantities.removeAll { $0.photo != nil }
        gone.quads = [:]
        gone.movingPhoto = nil
        vanished.observe(gone)
        #expect(vanished.jumps.contains { $0.isPresenceChange })
        var renumbered = JumpDetector()
        renumbered.observe(Self.sample(0, x: 640, held: false, photo: 3))
        renumbered.observe(Self.sample(0.001, x: 640, held: false, change: .photoList(renumbered: [nil, 0, 1, 2]), photo: 2))
        #expect(renumbered.jumps.isEmpty, "\(renumbered.jumps.map(\.description))")
    }

    @Test("a photo that left drawn as −1 − its index where it was passes; the same picture moved 100 pt, or renumbered by a later change, is a jump")
    func leavingPicture() {
        // Photo 3 leaves; its picture stays under −4, where it was, and keeps that number when
        // photo 0 leaves next (a renumbering must not take −4 for photo 3 of the new list).
        var faded = JumpDetector()
        faded.observe(Self.sample(0, x: 640, held: false, photo: 3))
        faded.observe(Self.sample(0.008, x: 640, held: false, change: .photoList(renumbered: [0, 1, 2, nil]), photo: -4))
        faded.observe(Self.sample(0.016, x: 640, held: false, change: .photoList(renumbered: [nil, 0, 1]), photo: -4))
        #expect(faded.jumps.isEmpty, "\(faded.jumps.map(\.description))")
        var moved = JumpDetector()
        moved.observe(Self.sample(0, x: 640, held: false, photo: 3))
        moved.observe(Self.sample(0.008, x: 740, held: false, change: .photoList(renumbered: [0, 1, 2, nil]), photo: -4))
        #expect(moved.jumps.contains { $0.photo == -4 && !$0.isPresenceChange && $0.size > 99 })
        // A ghost renumbered as if it were a photo of the list would vanish: −4 → 3, which is not drawn.
        var renamed = JumpDetector()
        renamed.observe(Self.sample(0, x: 640, held: false, photo: -4))
        renamed.observe(Self.sample(0.008, x: 640, held: false, change: .photoList(renumbered: [nil, 0, 1, 2, 3]), photo: 3))
        #expect(renamed.jumps.contains { $0.isPresenceChange })
    }

    // MARK: - Held means under the finger

    /// A held sample of the paging strip: the hand's coordinate as the mapping takes it, the strip's
    /// drawn offset and the band's slope there.
    static func strip(_ t: Double, hand: Double, drawn: Double, slope: Double = 1, reference: Double = 0,
                      grabReach: Double = 0) -> MotionSample {
        var s = sample(t, x: 640 + drawn, held: true, grabReach: grabReach)
        s.grip = GripReading(reference: [2, reference], axes: [
            .init(name: "strip offset", quantity: .centre, hand: hand, drawn: drawn, slope: slope),
        ])
        return s
    }

    @Test("a strip that freezes under a moving hand is caught at every step; one that follows it, or its rubber band, is not")
    func frozenStrip() {
        // The hand moves 8 pt every 8 ms (1,000 pt/s) for 0.1 s.
        var frozen = JumpDetector(), honest = JumpDetector(), banded = JumpDetector()
        for i in 0...12 {
            let t = Double(i) * 0.008, hand = -Double(i) * 8
            frozen.observe(Self.strip(t, hand: hand, drawn: 0))
            honest.observe(Self.strip(t, hand: hand, drawn: hand))
            // Past the last photo the strip follows through the band: offset = band(raw), slope band′(raw).
            let raw = 40 + Double(i) * 8
            banded.observe(Self.strip(t, hand: raw, drawn: RubberBand.band(raw, dimension: 1280, coefficient: 0.55),
                                      slope: RubberBand.slope(raw, dimension: 1280, coefficient: 0.55)))
        }
        #expect(frozen.jumps.count == 12)
        report("held check, planted freeze: \(frozen.jumps.first?.description ?? "none")")
        #expect(frozen.jumps.first?.description == "0.008 s photo 0 strip offset moved 0 pt under a hand that moved -8.0 pt "
                + "(held: the mapping allows -8.0 to -8.0 pt in 8.0 ms)")
        #expect(honest.jumps.isEmpty, "\(honest.jumps.map(\.description))")
        #expect(banded.jumps.isEmpty, "\(banded.jumps.map(\.description))")
    }

    @Test("a held strip jumping 363 pt with the hand 10 pt on is caught; a new hold is judged as a grab by its reach")
    func heldJump() {
        var jumped = JumpDetector()
        jumped.observe(Self.strip(0, hand: 0, drawn: 0))
        jumped.observe(Self.strip(0.008, hand: -10, drawn: -10 - 363))
        #expect(jumped.jumps.count == 1 && jumped.jumps.first?.held?.handStep == -10, "\(jumped.jumps.map(\.description))")
        report("held check, planted 363 pt held jump: \(jumped.jumps.first?.description ?? "none")")
        // A different reference (a pending press becoming paging): a grab, allowed its reported reach.
        var regrabbed = JumpDetector(), caughtUp = JumpDetector()
        regrabbed.observe(Self.strip(0, hand: 0, drawn: 0, reference: 1))
        regrabbed.observe(Self.strip(0.008, hand: -10, drawn: -363, reference: 2, grabReach: 10))
        caughtUp.observe(Self.strip(0, hand: 0, drawn: 0, reference: 1))
        caughtUp.observe(Self.strip(0.008, hand: -10, drawn: -10, reference: 2, grabReach: 10))
        #expect(regrabbed.jumps.count == 1 && regrabbed.jumps.first?.held == nil, "\(regrabbed.jumps.map(\.description))")
        #expect(caughtUp.jumps.isEmpty, "\(caughtUp.jumps.map(\.description))")
    }

    @Test("the viewer's own holds: four quick flicks, a pull down and a zoomed pan stay under the finger; the same holds with the strip jumped 363 pt, frozen, or the photo moved under the hand are caught")
    func viewerHolds() {
        // Issue 27 case 2's four quick flicks: the fourth grab catches the strip more than a slot behind.
        var h = Hand.presented(10)
        let t0 = h.now + 0.1
        var planted: [String] = [], frozen: [String] = []
        var previous: Viewer?
        for k in 0..<4 {
            h.drag(from: Point(900, 400), to: Point(650, 400), start: t0 + 0.09 * Double(k), duration: 0.08) { h, _ in
                guard k == 3, case .photo(var s) = h.viewer.mode, case .paging(var p) = s.driver, p.isHeld else {
                    previous = nil
                    return
                }
                // Planted: the strip 363 pt on from where the hand holds it (issue 27's clamp at a grab, held).
                var detector = h.detector
                var faulty = h.viewer
                p.offset.hold(at: p.offset.value - 363)
                s.driver = .paging(p)
                faulty.mode = .photo(s)
                detector.restart()
                if let previous { detector.observe(previous.motionSample) }
                if previous != nil { planted += detector.observe(faulty.motionSample).map(\.description) }
                // Planted: the strip left where it was at the event before (frozen under the moving hand).
                if let previous, case .photo(let before) = previous.mode, case .paging(let was) = before.driver,
                   case .photo(var now) = h.viewer.mode, case .paging(var p) = now.driver {
                    var still = JumpDetector()
                    still.observe(previous.motionSample)
                    p.offset.hold(at: was.offset.value)
                    now.driver = .paging(p)
                    var stuck = h.viewer
                    stuck.mode = .photo(now)
                    frozen += still.observe(stuck.motionSample).map(\.description)
                }
                previous = h.viewer
            }
        }
        h.settle()
        #expect(h.jumps.isEmpty, "\(h.jumps)")
        #expect(planted.contains { $0.contains("strip offset moved") }, "\(planted)")
        #expect(frozen.contains { $0.contains("strip offset moved 0 pt under a hand that moved") }, "\(frozen)")
        report("held check on the viewer, quick flicks: honest \(h.jumps.count) jumps; planted 363 pt: \(planted.first ?? "none"); "
               + "planted freeze: \(frozen.first ?? "none")")

        // A slow pull down: the grabbed point stays under the pointer; a photo moved 50 pt under the hand is caught.
        var pull = Hand.presented(3)
        var moved: [String] = []
        pull.drag(from: Point(640, 400), to: Point(640, 600), start: pull.now + 0.1, duration: 0.4, release: false) { h, _ in
            guard case .photo(var s) = h.viewer.mode, case .dismissing = s.driver else { return }
            var detector = h.detector
            var pose = s.transition.pose.value
            pose.center.y += 50
            s.transition.pose.hold(at: pose)
            var faulty = h.viewer
            faulty.mode = .photo(s)
            moved += detector.observe(faulty.motionSample).map(\.description)
        }
        #expect(pull.jumps.isEmpty, "\(pull.jumps)")
        #expect(moved.contains { $0.contains("grabbed point y moved") }, "\(moved)")
        report("held check on the viewer, pull down: honest \(pull.jumps.count) jumps; planted 50 pt: \(moved.first ?? "none")")
    }

    // MARK: - Calibrations from the full run, each against its fault

    /// The samples of one property sequence, as the check read them.
    static func recorded(seed: UInt64, handShaped: Bool) -> [MotionSample] {
        var session = RandomSession(seed: seed, handShaped: handShaped)
        session.recorded = []
        _ = session.play()
        return session.recorded ?? []
    }

    /// Photo `photo`'s centre in `sample` moved by `by`.
    static func moving(_ sample: MotionSample, photo: Int, by: Point) -> MotionSample {
        var out = sample
        out.quantities = sample.quantities.map { q in
            guard q.kind == .center, q.photo == photo else { return q }
            var q = q
            q.value = [q.value[0] + by.x, q.value[1] + by.y]
            return q
        }
        return out
    }

    @Test("a zoom's grab may move the centre by its pan band's pull besides the hand's reach (property seed 5978: 0.77 pt sideways in a 26.3 pt catch-up); without the pull that motion read as a jump, and 1 pt past it is one")
    func zoomGrabBandPull() throws {
        let samples = Self.recorded(seed: 5978, handShaped: false)
        let i = try #require(samples.indices.dropFirst().first {
            samples[$0].isHeld && !samples[$0 - 1].isHeld && (samples[$0].grip?.bandPull ?? 0) > 0.1
        })
        let a = samples[i - 1], b = samples[i]
        let photo = try #require(b.movingPhoto)
        let pull = try #require(b.grip?.bandPull)
        #expect(pull > 0.5 && pull < 1, "pull \(pull) pt")
        var passes = JumpDetector()
        passes.observe(a)
        passes.observe(b)
        #expect(passes.jumps.isEmpty, "\(passes.jumps.map(\.description))")
        // The reach without the band's pull (the check before): the mapping's own motion is reported.
        var withoutPull = b
        withoutPull.grabReach[.center] = (b.grabReach[.center] ?? 0) - pull
        var before = JumpDetector()
        before.observe(a)
        before.observe(withoutPull)
        #expect(before.jumps.contains { $0.kind == .center && $0.photo == photo }, "\(before.jumps.map(\.description))")
        // A grab that moves the photo 1 pt further than the mapping along its step is caught.
        let centre = { (s: MotionSample) in s.quantities.first { $0.kind == .center && $0.photo == photo }!.value }
        let step = Point(centre(b)[0] - centre(a)[0], centre(b)[1] - centre(a)[1])
        var planted = JumpDetector()
        planted.observe(a)
        planted.observe(Self.moving(b, photo: photo, by: step / step.length * (pull + 1)))
        #expect(planted.jumps.contains { $0.kind == .center && $0.photo == photo })
    }

    @Test("a listed photo pushed out of the window by a photo added before it fades where it was (property seed 713, hand-shaped); the same picture vanishing, or fading faster than the cross-fade, is a jump")
    func pushedOutPhotoFades() throws {
        let samples = Self.recorded(seed: 713, handShaped: true)
        var all = JumpDetector()
        for s in samples { all.observe(s) }
        #expect(all.jumps.isEmpty, "\(all.jumps.map(\.description))")
        // The change, and the photo whose picture stays behind: drawn before under another number,
        // now fading out where it was.
        let i = try #require(samples.indices.dropFirst().first { j in
            guard case let .photoList(renumbered) = samples[j].change else { return false }
            return renumbered.indices.contains { old in
                guard let new = renumbered[old], new > old, samples[j - 1].quads[old] != nil else { return false }
                return samples[j].quads[new] != nil
            }
        })
        guard case let .photoList(renumbered) = samples[i].change else { return }
        let old = try #require(renumbered.indices.first { o in
            renumbered[o].map { $0 > o && samples[i - 1].quads[o] != nil && samples[i].quads[$0] != nil } ?? false
        })
        let pushed = try #require(renumbered[old])
        print("seed 713: at \(samples[i].time) s photo \(old) became \(pushed), its picture fading where it was")
        // Vanishing at the change (the viewer before: it left the window 307 pt in).
        var gone = samples[i]
        gone.quantities.removeAll { $0.photo == pushed }
        gone.quads[pushed] = nil
        var vanished = JumpDetector()
        vanished.observe(samples[i - 1])
        vanished.observe(gone)
        #expect(vanished.jumps.contains { $0.isPresenceChange && $0.photo == pushed })
        // Fading out at once in the next step, faster than the cross-fade.
        let next = try #require(samples.indices.first { $0 > i && samples[$0].time > samples[i].time && samples[$0].quads[pushed] != nil })
        var faded = samples[next]
        faded.quantities = faded.quantities.map { q in
            guard q.kind == .alpha, q.photo == pushed else { return q }
            var q = q
            q.value = [0]
            return q
        }
        faded.quads[pushed]?.alpha = 0
        var fast = JumpDetector()
        for s in samples[(i - 1)..<next] { fast.observe(s) }
        fast.observe(faded)
        #expect(fast.jumps.contains { $0.kind == .alpha && $0.photo == pushed }, "\(fast.jumps.map(\.description))")
    }
}
