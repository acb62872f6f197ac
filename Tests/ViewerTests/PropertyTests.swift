import Foundation
import Testing
@testable import Continuity
import Geometry
import Gestures
import Motion
@testable import Viewing
import TestSupport
import Trace
import DrawnBounds
import Drawing
import Events
import FeelModel

/// Random input, seeded: any sequence of clicks, drags, pinches, keys, wheels, resizes, photo sizes
/// and feel changes, at any timing, keeps every number the viewer shows finite and in range, and
/// everything comes to rest in the grid or on the photo within 3 s of the last input.
@Suite("Property: any input keeps the viewer sane and lets it settle")
struct PropertyTests {
    /// Sequences run by default: enough to visit every phase, quick enough for `scripts/test`.
    static let defaultCount = 1_000
    /// Sequences run with `PHOTOZOOM_PROPERTY_FULL=1` (CI may run the full set).
    static let fullCount = 10_000
    /// `PHOTOZOOM_PROPERTY_SEQUENCES=N` runs N while working on the viewer; else the full set or the default.
    static var sequenceCount: Int {
        let environment = ProcessInfo.processInfo.environment
        if let n = environment["PHOTOZOOM_PROPERTY_SEQUENCES"].flatMap({ Int($0) }) { return max(0, n) }
        return environment["PHOTOZOOM_PROPERTY_FULL"] == "1" ? fullCount : defaultCount
    }
    /// Seeds per block; the blocks run in parallel, each on its own seeds, so the result is the same
    /// whatever the order they finish in.
    static let blockSize = 250
    static let settleLimitSeconds = 3.0
    /// `PHOTOZOOM_PROPERTY_HANDS=1` turns the main run's generator to the hand-shaped actions
    /// (photo-list changes during every phase, a trackpad's sideways swipe that reverses, quick
    /// flicks faster than a page settles) for its 1,000 sequences. Against continuity v2 they found
    /// 121 jumps in 1,000 sequences, then 2 (seeds 165 and 713, fixed: `PropertyRegressionTests`),
    /// now none. The main run's default generator keeps its sequences (and the seeds that name
    /// them); the hand-shaped ones also run by default, in a test of their own
    /// (`handShapedDefaultCount`).
    static let handShaped = ProcessInfo.processInfo.environment["PHOTOZOOM_PROPERTY_HANDS"] == "1"
    /// Hand-shaped sequences run by default beside the main run (seeds from 0, every tenth through
    /// the rate check): a few seconds more. `PHOTOZOOM_PROPERTY_HAND_SEQUENCES=N` runs N.
    static let handShapedDefaultCount = 200
    static var handShapedCount: Int {
        let environment = ProcessInfo.processInfo.environment
        if let n = environment["PHOTOZOOM_PROPERTY_HAND_SEQUENCES"].flatMap({ Int($0) }) { return max(0, n) }
        return handShapedDefaultCount
    }
    /// Every how many sequences one is also replayed through the rate check (`FrameRateCheck`: 30,
    /// 60, 120, 144, 240 fps, 0.25× and 0.1×): one in 10 by default (a replay draws the sequence
    /// seven times over, the slowest at 600 frames a second), every one with
    /// `PHOTOZOOM_PROPERTY_FULL=1`; `PHOTOZOOM_PROPERTY_RATES=N` checks one in N (0: none).
    static var rateEvery: Int {
        let environment = ProcessInfo.processInfo.environment
        if let n = environment["PHOTOZOOM_PROPERTY_RATES"].flatMap({ Int($0) }) { return max(0, n) }
        return environment["PHOTOZOOM_PROPERTY_FULL"] == "1" ? 1 : 10
    }

    /// What one block of seeds found.
    struct BlockResult: Sendable {
        var settleTimes: [Double] = []
        var failures: [String] = []
        var endPhases: [Phase: Int] = [:]
        var framesPerPhase: [Phase: Int] = [:]
        var largest: [DrawnQuantity.Kind: JumpDetector.Largest] = [:]
        var jumpCount = 0
        var jumpExamples: [String] = []
        /// Sequences replayed through the rate check, and what it found out of bounds.
        var rateChecked = 0
        var rateFailures: [String] = []
        /// The seeds of the sequences with a quantity out of bounds.
        var rateFailureSeeds: [Int] = []
        var rateLargest: [DrawnQuantity.Kind: Double] = [:]
    }

    /// Plays the sequences of `seeds` (from the hand-shaped generator when `handShaped`); stops at
    /// the fifth failure.
    static func play(_ seeds: Range<Int>, handShaped: Bool) -> BlockResult {
        var result = BlockResult()
        for seed in seeds {
            var session = RandomSession(seed: UInt64(seed), handShaped: handShaped)
            let failure = session.play()
            for (kind, l) in session.detector.largest {
                result.largest[kind] = largest(result.largest[kind], l)
            }
            result.jumpCount += session.detector.jumps.count
            if let j = session.firstJump, result.jumpExamples.count < 12 { result.jumpExamples.append("seed \(seed): \(j)") }
            if let failure {
                result.failures.append("seed \(seed): \(failure)")
                if result.failures.count >= 5 { break }
            } else {
                result.settleTimes.append(session.settleTime)
                result.endPhases[session.viewer.phase, default: 0] += 1
                result.framesPerPhase.merge(session.framesPerPhase, uniquingKeysWith: +)
                if rateEvery > 0, seed % rateEvery == 0 {
                    let report = session.rateReport()
                    result.rateChecked += 1
                    result.rateFailures += report.failures.map { "seed \(seed): \($0.description)" }
                    if !report.failures.isEmpty { result.rateFailureSeeds.append(seed) }
                    for kind in DrawnQuantity.Kind.allCases {
                        result.rateLargest[kind] = max(result.rateLargest[kind] ?? 0, report.largest(kind))
                    }
                }
            }
        }
        return result
    }

    /// The larger step and share of two records of one quantity.
    static func largest(_ a: JumpDetector.Largest?, _ b: JumpDetector.Largest) -> JumpDetector.Largest {
        var m = a ?? JumpDetector.Largest()
        m.step = max(m.step, b.step)
        m.shareOfAllowance = max(m.shareOfAllowance, b.shareOfAllowance)
        return m
    }

    @Test("seeded random event sequences (1,000; 10,000 with PHOTOZOOM_PROPERTY_FULL=1): no NaN, no negative size, opacities in 0...1, no jump, at rest within 3 s, and the same picture at 30–240 fps and in slow motion (one in 10; every one under FULL)")
    func randomSequences() async {
        await Self.runAndCheck(count: Self.sequenceCount, handShaped: Self.handShaped, label: "property")
    }

    @Test("hand-shaped sequences (200): flicks faster than a page settles, trackpad swipes that reverse, photo-list changes in every phase keep the same rules, the same picture at every rate (one in 10)")
    func handShapedSequences() async {
        await Self.runAndCheck(count: Self.handShapedCount, handShaped: true, label: "property, hand-shaped")
    }

    /// Plays `count` sequences from seed 0 in parallel blocks and checks every rule over them,
    /// reporting each figure under `label`.
    static func runAndCheck(count: Int, handShaped: Bool, label: String) async {
        let blocks = stride(from: 0, to: count, by: PropertyTests.blockSize).map { $0..<min(count, $0 + PropertyTests.blockSize) }
        let results = await withTaskGroup(of: (Int, BlockResult).self) { group in
            for (i, seeds) in blocks.enumerated() { group.addTask { (i, PropertyTests.play(seeds, handShaped: handShaped)) } }
            var all: [(Int, BlockResult)] = []
            for await r in group { all.append(r) }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let failures = results.flatMap(\.failures)
        var settleTimes = results.flatMap(\.settleTimes)
        var endPhases: [Phase: Int] = [:]
        var framesPerPhase: [Phase: Int] = [:]
        var largest: [DrawnQuantity.Kind: JumpDetector.Largest] = [:]
        for r in results {
            endPhases.merge(r.endPhases, uniquingKeysWith: +)
            framesPerPhase.merge(r.framesPerPhase, uniquingKeysWith: +)
            for (kind, l) in r.largest { largest[kind] = PropertyTests.largest(largest[kind], l) }
        }
        let rateChecked = results.map(\.rateChecked).reduce(0, +)
        let rateFailures = results.flatMap(\.rateFailures)
        var rateLargest: [DrawnQuantity.Kind: Double] = [:]
        for r in results { rateLargest.merge(r.rateLargest, uniquingKeysWith: max) }
        let jumpCount = results.map(\.jumpCount).reduce(0, +)
        let jumpExamples = results.flatMap(\.jumpExamples).prefix(12)
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
        let steps = DrawnQuantity.Kind.allCases.compactMap { kind in
            largest[kind].map { "\(kind.rawValue) \(JumpDetector.Jump.figure($0.step))\(kind.unit.isEmpty ? "" : " " + kind.unit) (\(JumpDetector.Jump.figure($0.shareOfAllowance * 100)) % of its allowance)" }
        }
        report("\(label): jump detector: \(jumpCount) jumps; largest step per quantity: \(steps.joined(separator: ", "))")
        // The jump detector finds no jump in any sequence; the examples name seed, time, quantity and
        // size (`PHOTOZOOM_PROPERTY_SEED=N` prints that sequence sample by sample).
        #expect(jumpCount == 0, "\(jumpExamples.joined(separator: "\n"))")
        let rateFigures = DrawnQuantity.Kind.allCases.map { kind in
            "\(kind.rawValue) \(JumpDetector.Jump.figure(rateLargest[kind] ?? 0))\(kind.unit.isEmpty ? "" : " " + kind.unit)"
        }
        let rateSeeds = results.flatMap(\.rateFailureSeeds)
        report("\(label): rate check over \(rateChecked) sequences: \(rateFailures.count) quantities out of bounds in \(rateSeeds.count) sequences\(rateSeeds.isEmpty ? "" : " (seeds \(rateSeeds.map(String.init).joined(separator: ", ")))"); largest difference per quantity: \(rateFigures.joined(separator: ", "))")
        // Each sequence checked draws the same at every cadence (`PHOTOZOOM_PROPERTY_SEED=N`
        // prints that sequence's rate report).
        #expect(rateFailures.isEmpty, "\(rateFailures.prefix(12).joined(separator: "\n"))")
        settleTimes.sort()
        if !settleTimes.isEmpty {
            let median = settleTimes[settleTimes.count / 2]
            let p99 = settleTimes[min(settleTimes.count - 1, settleTimes.count * 99 / 100)]
            report("\(label): \(settleTimes.count) sequences; settle after last input: median \(median) s, 99th percentile \(p99) s, max \(settleTimes.last!) s; end phases \(endPhases.map { "\($0.key.rawValue) \($0.value)" }.sorted()); frames per phase \(framesPerPhase.map { "\($0.key.rawValue) \($0.value)" }.sorted())")
        }
        // Every phase was visited: the generator reaches the whole behaviour (asserted whatever the
        // sequences' settle times, which only the report above needs).
        #expect(Set(framesPerPhase.keys) == [.grid, .opening, .presented, .interacting, .closing, .paging, .zoomed])
    }
}

/// Sequences of the full run (`PHOTOZOOM_PROPERTY_FULL=1`) that found a jump, each fixed where the
/// mechanism was wrong: they run on every `scripts/test`.
@Suite("Property: the sequences that found jumps in the full run")
struct PropertyRegressionTests {
    @Test("each sequence plays with no jump", arguments: [
        // A Ctrl + wheel event at another place than the drag's pointer (the pivot leapt 470 pt).
        UInt64(5964),
        // A zoom gesture held while its photo's size arrived (the release moved the centre 48 pt).
        6107, 8000,
        // A feel change, or another photo's size, while the strip held a photo still settling.
        3812, 7526, 9906, 1677,
        // A spring refitting the photo under a held strip, then Space: it went on at its own rate.
        7215,
        // A resize while a photo landed on its cell under the opening one (it vanished 168 pt in).
        5529,
        // A press caught a closing photo just after its click's gentle start handed over to the
        // close spring (the check bounded the step by the gentle spring alone).
        8406,
        // The window grew while a drag held the strip past a slot: the next move snapped the strip
        // 293 pt (the hold's raw offset was scaled, not what was drawn past the band).
        3797,
        // A photo caught 0.4 s into its opening and dragged sideways: paging set the progress to 1
        // at once, the backdrop stepping 0.824 → 1.
        4129,
        // A photo landing 1 pt from its cell vanished when a wheel swipe paged from the photo
        // opening beside it: it gave way to a strip neighbour that was not drawn.
        6800,
        // Two touch fingers reported one event each, 4 ms apart: the fit through the half-moved
        // states handed 2.5× the drawn rate of size (now one sample per complete update).
        1568, 3609,
        // A Ctrl + wheel or a touch pinch caught a photo still opening off its frame: the zoom read
        // the flight's offset as a band's stretch and let it go as the scale grew (27 pt from
        // under the pointer); and a photo narrower than the window zoomed about a point off its
        // centre line is held toward its bounds by the band (0.77 pt sideways, now in the reach).
        2833, 3516, 5978,
    ])
    func noJump(seed: UInt64) {
        Self.expectNoJump(seed: seed, handShaped: false)
    }

    /// Plays the sequence of `seed` and expects it to keep every rule, with no jump.
    static func expectNoJump(seed: UInt64, handShaped: Bool) {
        var session = RandomSession(seed: seed, handShaped: handShaped)
        let failure = session.play()
        #expect(failure == nil)
        #expect(session.detector.jumps.isEmpty, "\(session.firstJump ?? "")")
    }

    @Test("each hand-shaped sequence plays with no jump", arguments: [
        // A pointer jittering across the start of the dismissal's shrink handed 215 pt/s of size
        // for a drawn 12 (the release now passes on the hand's path through the shrink).
        UInt64(165),
        // A photo added between the current photo and its neighbour on screen mid-page pushed the
        // neighbour out of the window 307 pt in (its picture now fades out where it was).
        713,
    ])
    func noJumpHandShaped(seed: UInt64) {
        Self.expectNoJump(seed: seed, handShaped: true)
    }

    @Test("each sequence the rate check found draws the same at 30–240 fps and in slow motion", arguments: [
        // A grid's overshoot settled from the end of the step in which the wheel's quiet spell
        // ended, not from its end: the cell a click opened was 8.3 pt apart at 30 and 144 fps.
        UInt64(190),
        // A photo landing on its cell under an opening one followed the cell (a drag scrolling
        // the grid) with a target written once a frame: 5.24 pt of centre between 30 fps and 0.1×
        // (`Landing.advance(by:ontoCellAt:scrollVelocity:)` now chases it in closed form).
        484,
        // Reduced motion: the cross-fade stood still under a zoom spring and ran again from the
        // frame at which the spring's rest check handed over to a flight (a double tap's return
        // to the fit: backdrop 0.029 apart between 60 and 144 fps; a pinch let go below the fit:
        // 5.14 pt of size, opacity 0.099 apart between 30 and 60/120 fps).
        1365, 1577,
        // A side springing through zero: its quad's crop was read at `Size.aspectRatio`'s 1 for a
        // zero side, flipping between a tall and a wide strip (crop 1.55 apart); and the floor at
        // zero stopped the side at the step's end, so it stood at zero for a frame's length (up to
        // 1.5 pt of size, 103 and 167 pt once a later decision came out differently). The crop
        // now takes the shape's limit and the side stops at the instant it reaches zero.
        2869, 4257, 4521, 6003, 6350, 7046, 7205, 7352,
        // The scale springing through zero after a wheel zoom's release (35.2 pt of size between
        // 120 and 144 fps): it stops at the instant it reaches zero, as a side does.
        3229,
        // A close or a landing while a wheel or a fling scrolled the grid: the flight followed its
        // cell's path between a step's ends to fourth order, so a 30 fps step left it up to 3 pt
        // from 0.1× (0.54–2.98 pt of centre); the step is now cut on a 1/240 s grid of instants
        // while the grid scrolls under such a flight.
        4865, 5766, 6784, 7178, 7358, 7907, 9866,
        // Reduced motion: the cross-fade stood still while a zoom coasted after a pan and ran
        // again from the frame at which the coast's rest check handed over to its spring
        // (backdrop 0.086 apart between 30 and 240 fps; and 1.0 once a later decision differed).
        3042, 6840,
    ])
    func ratesHold(seed: UInt64) {
        Self.expectSameAtEveryRate(seed: seed, handShaped: false)
    }

    /// Plays the sequence of `seed` and expects it to draw the same at every cadence.
    static func expectSameAtEveryRate(seed: UInt64, handShaped: Bool) {
        var session = RandomSession(seed: seed, handShaped: handShaped)
        #expect(session.play() == nil)
        let report = session.rateReport()
        #expect(report.failures.isEmpty, "\(report.failures.map(\.description))")
    }

    @Test("each hand-shaped sequence the rate check found draws the same at 30–240 fps and in slow motion", arguments: [
        // An opening photo 0.11 pt from its frame was at rest at 60 fps and still opening at 30:
        // a spring's rest was a box on displacement and speed looked at on frames, which a lively
        // spring enters and leaves between two frames. A press caught it at one rate and not the
        // other, and the click closed it on two different springs (531 pt of size apart). Rest is
        // now read from the energy speed, which only falls (`SpringAnimation`).
        UInt64(138),
        // A photo landing on its cell while the grid scrolled under it (the landing's target
        // written once a frame: 1.24 and 2.55 pt of centre between 30 fps and 0.1×).
        211, 735,
        // A photo joining the list before a landing photo moved its cell at that instant; chased
        // in closed form from where the cell had been, the jump was spread over the next step,
        // whose length is the frame's (12.35 and 8.95 pt of centre between 30 fps and 0.1× or
        // 120 fps): the landing now starts each step from its cell as it is at the step's start.
        925, 987,
        // The cross-fade held under a zoom spring (reduced motion: backdrop 0.114 apart between 30
        // and 60 fps).
        736,
    ])
    func ratesHoldHandShaped(seed: UInt64) {
        Self.expectSameAtEveryRate(seed: seed, handShaped: true)
    }
}

/// `PHOTOZOOM_PROPERTY_SEED=N` replays one sequence and prints every sample around it (a jump's
/// example names its seed): the way to look at one jump while working on the viewer.
@Suite("Property: one seed, printed")
struct PropertySeedTests {
    @Test("the sequence of PHOTOZOOM_PROPERTY_SEED, printed sample by sample", .enabled(if: ProcessInfo.processInfo.environment["PHOTOZOOM_PROPERTY_SEED"] != nil))
    func printedSeed() {
        let seed = ProcessInfo.processInfo.environment["PHOTOZOOM_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0
        var session = RandomSession(seed: seed)
        session.debug = true
        let failure = session.play()
        print("seed \(seed): \(failure ?? "no failure"); first jump: \(session.firstJump ?? "none")")
        if failure == nil { print(session.rateReport().text) }
    }
}

/// One random session: its generator, the viewer, and the checks run after every event and frame.
struct RandomSession {
    var rng: SplitMix64
    var viewer: Viewer
    var now = 0.0
    var pointer: Point?
    var pinch: Manipulation?
    /// The pinch as it stood one step before (its release rates are measured from it).
    var pinchBefore: Manipulation?
    var settleTime = 0.0
    var failure: String?
    var step = 0
    var framesPerPhase: [Phase: Int] = [:]
    /// Reads the viewer after every event and frame (`JumpDetector`).
    var detector = JumpDetector()
    /// The first jump found, with the phases and the event around it.
    var firstJump: String?
    var lastPhase: Phase = .grid
    var debug = false
    var lastSample: MotionSample?
    /// Every sample the check read, when set (the continuity check's tests replay them).
    var recorded: [MotionSample]?
    /// The viewer before the first input: photos, window and feel.
    let start: (photos: [Photo], window: Size, feel: Feel)
    /// Every input of the sequence at its instant, as the viewer took it, for the rate check.
    var inputs: [RecordedInput] = []

    /// One input of a sequence: an input event, a recognizer's output fed directly (it carries
    /// its instant, and the viewer steps there first), or a feel put in force at an instant.
    enum RecordedInput {
        case event(InputEvent)
        case gesture(GestureEvent, time: Double)
        case feel(Feel, time: Double)

        var time: Double {
            switch self {
            case let .event(e): e.time
            case let .gesture(_, t), let .feel(_, t): t
            }
        }

        /// Hands the input to `viewer`, as the sequence did.
        func apply(to viewer: inout Viewer) {
            switch self {
            case let .event(e): viewer.handle(e)
            case let .gesture(g, _): viewer.handle(gesture: g)
            case let .feel(feel, t):
                viewer.step(to: t)
                viewer.apply(feel: feel)
            }
        }
    }

    /// The generator's hand-shaped actions are on (`PropertyTests.handShaped`).
    let handShaped: Bool

    init(seed: UInt64, handShaped: Bool = PropertyTests.handShaped) {
        self.handShaped = handShaped
        rng = SplitMix64(seed: seed)
        let count = rng.pick([1, 2, 3, 12, 60, 400])
        var photos: [Photo] = []
        for i in 0..<count {
            let size = rng.chance(0.1) ? Size.zero : Size(rng.uniform(40...4000).rounded(), rng.uniform(40...4000).rounded())
            photos.append(Photo(name: "p\(i)", pixelSize: size))
        }
        var feel = Feel.defaults
        feel.reducedMotion = rng.chance(0.15)
        let window = Size(rng.uniform(160...1600).rounded(), rng.uniform(120...1000).rounded())
        viewer = Viewer(photos: photos, windowSize: window, feel: feel)
        start = (photos, window, feel)
    }

    /// The sequence's input replayed at 30–240 fps and in slow motion (`FrameRateCheck`), drawn on
    /// until half a second after it came to rest.
    func rateReport() -> FrameRateCheck.Report {
        let start = start
        return FrameRateCheck.run(input: inputs, time: \.time,
                                  start: { Viewer(photos: start.photos, windowSize: start.window, feel: start.feel) },
                                  apply: { viewer, input in input.apply(to: &viewer) },
                                  settleSeconds: min(PropertyTests.settleLimitSeconds, settleTime + 0.5),
                                  // A sequence is at rest within its settle limit, or failed already: a
                                  // slideshow it started runs on unchecked past it.
                                  restLimit: 0.5)
    }

    /// Feeds a recognizer's output directly, as the recognizers would report it.
    mutating func feed(_ gesture: GestureEvent, at time: Double) {
        inputs.append(.gesture(gesture, time: time))
        viewer.handle(gesture: gesture)
    }

    /// Plays the session; returns the first broken rule, or nil.
    mutating func play() -> String? {
        let steps = rng.integer(4...60)
        for i in 0..<steps {
            step = i
            act()
            if let failure { return failure }
        }
        // The last input: whatever is held lets go.
        if let p = pointer { send(.pointer(phase: .up, position: p, button: .left, modifiers: []), after: 0.01) }
        pointer = nil
        if var m = pinch {
            now += 0.01
            m.phase = .ended
            // Still since its last step (its rates as of then; nothing after the stop gap).
            if now - m.time >= viewer.feel.velocityStopGapSeconds {
                m.velocity = .zero
                m.scaleVelocity = 0
                m.rotationVelocity = 0
            }
            m.time = now
            feed(.manipulation(m), at: now)
            pinch = nil
            check("end pinch")
        }
        if let failure { return failure }
        let lastInput = now
        while now - lastInput < PropertyTests.settleLimitSeconds {
            frame()
            if let failure { return failure }
            if viewer.isAtRest { break }
        }
        settleTime = now - lastInput
        guard viewer.isAtRest else {
            return "not at rest \(settleTime) s after the last input (phase \(viewer.phase), \(viewer.snapshot))"
        }
        guard [.grid, .presented, .zoomed].contains(viewer.phase) else { return "came to rest in \(viewer.phase)" }
        return nil
    }

    // MARK: - Actions

    mutating func act() {
        switch rng.integer(0...(handShaped ? 17 : 14)) {
        case 0, 1:
            frames(rng.integer(1...12))
        case 2:
            // A click: on a cell, on the photo, anywhere (one pointing device at a time, as in life).
            guard pointer == nil, pinch == nil else { return frame() }
            let p = randomPoint()
            send(.pointer(phase: .down, position: p, button: .left, modifiers: []), after: rng.uniform(0.001...0.05))
            send(.pointer(phase: .up, position: p + Point(rng.uniform(-3...3), rng.uniform(-3...3)), button: .left, modifiers: []),
                 after: rng.uniform(0.01...0.2))
        case 3:
            guard pointer == nil, pinch == nil else { return frame() }
            let p = randomPoint()
            pointer = p
            send(.pointer(phase: .down, position: p, button: .left, modifiers: rng.chance(0.2) ? [.alt] : []), after: rng.uniform(0.001...0.05))
        case 4, 5, 6:
            // A drag segment: moves at 120 Hz with frames between, at up to 4000 pt/s.
            guard var p = pointer else { return frame() }
            let velocity = Point(rng.uniform(-4000...4000), rng.uniform(-4000...4000)) * (rng.chance(0.5) ? 0.1 : 1)
            for _ in 0..<rng.integer(1...20) {
                p = p + velocity / 120
                send(.pointer(phase: .move, position: p, button: .left, modifiers: []), after: 1.0 / 120)
                if rng.chance(0.5) { frame() }
            }
            pointer = p
        case 7:
            guard let p = pointer else { return frame() }
            pointer = nil
            send(.pointer(phase: .up, position: p, button: .left, modifiers: []), after: rng.uniform(0.001...0.06))
        case 8:
            let key = rng.pick(["escape", "left", "right", "up", "down", "return", "space", "=", "+", "-", "0", "keypad +", "x"])
            send(.key(phase: .down, key: key, modifiers: []), after: rng.uniform(0.001...0.2))
            send(.key(phase: .up, key: key, modifiers: []), after: 0.01)
        case 9:
            var mods: Modifiers = rng.pick([[], [], [.shift], [.ctrl]])
            if pinch != nil { mods = [] }
            for _ in 0..<rng.integer(1...8) {
                send(.wheel(position: randomPoint(), delta: Point(rng.uniform(-3...3), rng.uniform(-6...6)), modifiers: mods),
                     after: rng.uniform(0.005...0.05))
            }
        case 10:
            if rng.chance(0.3) {
                send(.resize(Size(rng.uniform(160...1600).rounded(), rng.uniform(120...1000).rounded())), after: rng.uniform(0.001...0.1))
            } else {
                frames(rng.integer(1...4))
            }
        case 11:
            // One device at a time: no pinch begins while a pointer or a wheel gesture holds the viewer.
            guard pointer == nil, pinch != nil || viewer.heldManipulation == nil else { return frame() }
            pinchStep()
        case 14:
            // Real touches: one or two fingers land, move together or apart, and lift.
            guard pointer == nil, pinch == nil else { return frame() }
            let fingers = rng.integer(1...2)
            var points = (0..<fingers).map { _ in randomPoint() }
            for (id, p) in points.enumerated() { send(.touch(phase: .down, id: id, position: p), after: rng.uniform(0.001...0.03)) }
            let drift = Point(rng.uniform(-2000...2000), rng.uniform(-2000...2000))
            let spread = rng.uniform(-600...600)
            for _ in 0..<rng.integer(1...15) {
                for id in 0..<fingers {
                    let away = fingers == 2 ? (points[id] - points[1 - id]) : .zero
                    let unit = away.length > 0 ? away / away.length : .zero
                    points[id] = points[id] + drift / 120 + unit * (spread / 120)
                    send(.touch(phase: .move, id: id, position: points[id]), after: 1.0 / 240)
                }
                if rng.chance(0.5) { frame() }
            }
            for id in 0..<fingers {
                send(.touch(phase: rng.chance(0.9) ? .up : .cancel, id: id, position: points[id]), after: rng.uniform(0.001...0.05))
            }
        case 15:
            // The folder changes under the hand: the open photo or a neighbour deleted, or a photo
            // added beside it, during whatever phase this is.
            let count = viewer.photos.count
            guard count > 1 else { return frame() }
            let open = viewer.snapshot.photo ?? rng.integer(0...(count - 1))
            let change: PhotoListChange
            switch rng.integer(0...2) {
            case 0: change = PhotoListChange(removed: [min(open, count - 1)])
            case 1: change = PhotoListChange(removed: [min(count - 1, max(0, open + (rng.chance(0.5) ? 1 : -1)))])
            default:
                change = PhotoListChange(added: [.init(index: min(count, open + 1), name: "new\(step).jpg",
                                                       size: Size(rng.uniform(100...4000).rounded(), rng.uniform(100...4000).rounded()))])
            }
            send(.photos(change), after: rng.uniform(0.001...0.05))
        case 16:
            // A trackpad's sideways swipe: many small horizontal wheel steps at 120 Hz, then the
            // other way, with or without a pause between.
            guard pointer == nil, pinch == nil else { return frame() }
            let p = randomPoint()
            let way: Double = rng.chance(0.5) ? 1 : -1
            for burst in 0..<2 {
                for _ in 0..<rng.integer(5...20) {
                    send(.wheel(position: p, delta: Point(0.15 * way * (burst == 0 ? 1 : -1), 0), modifiers: []), after: 1.0 / 120)
                    if rng.chance(0.5) { frame() }
                }
                if rng.chance(0.5) { frames(rng.integer(1...8)) }
            }
        case 17:
            // Quick flicks, faster than a page settles: 250 pt in 80 ms, 90 ms apart, one way.
            guard pointer == nil, pinch == nil else { return frame() }
            let way: Double = rng.chance(0.5) ? 1 : -1
            let w = viewer.windowSize
            for _ in 0..<rng.integer(2...4) {
                var p = Point(w.width / 2 + rng.uniform(-40...40), w.height / 2 + rng.uniform(-40...40))
                send(.pointer(phase: .down, position: p, button: .left, modifiers: []), after: rng.uniform(0.005...0.02))
                for _ in 0..<10 {
                    p = p + Point(25 * way, rng.uniform(-2...2))
                    send(.pointer(phase: .move, position: p, button: .left, modifiers: []), after: 0.008)
                    if rng.chance(0.5) { frame() }
                }
                send(.pointer(phase: .up, position: p, button: .left, modifiers: []), after: 0.001)
                now += 0.01
            }
        case 12:
            // A double tap (the recognizer's count 2), as the Gestures issue reports it.
            guard pointer == nil, pinch == nil else { return frame() }
            let p = randomPoint()
            now += rng.uniform(0.001...0.1)
            feed(.tap(location: p, count: 1, button: .left, modifiers: [], time: now), at: now)
            check("tap")
            if rng.chance(0.5) { frames(rng.integer(1...10)) }
            now += rng.uniform(0.05...0.3)
            feed(.tap(location: p, count: 2, button: .left, modifiers: [], time: now), at: now)
            check("double tap")
        default:
            if rng.chance(0.5) {
                let i = rng.integer(0...max(0, viewer.photos.count - 1))
                send(.photoSize(index: i, size: Size(rng.uniform(10...5000).rounded(), rng.uniform(10...5000).rounded())), after: 0.001)
            } else {
                var feel = viewer.feel
                // Springs in the range a feel designer uses (the 3 s bound is for settings like
                // these: a 2 s response settles in no 3 s).
                feel.openSpring = Spring(responseSeconds: rng.uniform(0.15...0.6), dampingRatio: rng.uniform(0.5...1.2))
                feel.closeSpring = Spring(responseSeconds: rng.uniform(0.15...0.6), dampingRatio: rng.uniform(0.7...1.2))
                feel.zoomSpring = Spring(responseSeconds: rng.uniform(0.15...0.6), dampingRatio: rng.uniform(0.6...1.2))
                inputs.append(.feel(feel, time: now))
                viewer.apply(feel: feel)
                check("feel")
            }
        }
    }

    /// Begins, continues or ends a two-finger manipulation fed as the recognizers would report it.
    mutating func pinchStep() {
        now += rng.uniform(0.004...0.03)
        if var m = pinch {
            if rng.chance(0.25) {
                // Let go with the rates of its last step, as a velocity tracker measures them: the
                // hand's own motion, and nothing once it had been still for the stop gap.
                m.phase = rng.chance(0.9) ? .ended : .cancelled
                let gap = now - m.time
                if let previous = pinchBefore, gap < viewer.feel.velocityStopGapSeconds, m.time > previous.time {
                    let dt = m.time - previous.time
                    m.velocity = (m.translation - previous.translation) / dt
                    m.scaleVelocity = (m.scale - previous.scale) / dt
                    m.rotationVelocity = (m.rotation - previous.rotation) / dt
                } else {
                    m.velocity = .zero
                    m.scaleVelocity = 0
                    m.rotationVelocity = 0
                }
                pinch = nil
                pinchBefore = nil
            } else {
                let previous = m
                m.phase = .changed
                m.scale = min(max(m.scale * Double.exp(rng.uniform(-0.4...0.4)), 0.05), 20)
                m.rotation += rng.uniform(-0.8...0.8)
                m.translation = m.translation + Point(rng.uniform(-60...60), rng.uniform(-60...60))
                // The rates of this step, as a tracker would measure them.
                let dt = now - previous.time
                m.velocity = dt > 0 ? (m.translation - previous.translation) / dt : .zero
                m.scaleVelocity = dt > 0 ? (m.scale - previous.scale) / dt : 0
                m.rotationVelocity = dt > 0 ? (m.rotation - previous.rotation) / dt : 0
                m.time = now
                pinchBefore = previous
                pinch = m
            }
            m.time = now
            feed(.manipulation(m), at: now)
        } else {
            let kind: ManipulationKind = rng.pick([.pinch, .rotate, .pinchRotate, .pan])
            let source: GestureSource = rng.pick([.mouseMirrored, .mouseTranslated, .wheel, .touch])
            let pivot = randomPoint()
            let m = Manipulation(phase: .began, kind: kind, source: source, startPivot: pivot,
                                 scale: Double.exp(rng.uniform(-0.2...0.2)), rotation: rng.uniform(-0.2...0.2),
                                 fingers: [pivot + Point(-30, 0), pivot + Point(30, 0)], time: now)
            pinch = m
            feed(.manipulation(m), at: now)
        }
        check("pinch")
    }

    /// A point on the photo, on a cell, or anywhere in (and a little beyond) the window.
    mutating func randomPoint() -> Point {
        let w = viewer.windowSize
        if rng.chance(0.5) {
            return Point(w.width / 2 + rng.uniform(-w.width / 4...w.width / 4), w.height / 2 + rng.uniform(-w.height / 4...w.height / 4))
        }
        return Point(rng.uniform(-20...(w.width + 20)), rng.uniform(-20...(w.height + 20)))
    }

    // MARK: - Feeding and checking

    mutating func send(_ kind: InputEvent.Kind, after: Double) {
        now += after
        inputs.append(.event(InputEvent(time: now, kind: kind)))
        viewer.handle(InputEvent(time: now, kind: kind))
        check("\(kind)")
    }

    mutating func frame() {
        now += rng.uniform(1.0 / 240...1.0 / 20)
        viewer.handle(.frame(now))
        _ = viewer.takeNotes()
        framesPerPhase[viewer.phase, default: 0] += 1
        check("frame", atFrame: true)
    }

    mutating func frames(_ n: Int) { for _ in 0..<n { frame() } }

    /// Checks the viewer after the step `context` names (spelled only when a message needs it: the
    /// description of an input event costs more than the step it describes); the scene is checked
    /// `atFrame`.
    mutating func check(_ context: @autoclosure () -> String, atFrame: Bool = false) {
        guard failure == nil else { return }
        let sample = viewer.motionSample
        recorded?.append(sample)
        let found = detector.observe(sample)
        if debug, !found.isEmpty, let a = lastSample {
            print("JUMP \(found.map(\.description)) after \(context())")
            print("  a: \(a)")
            print("  b: \(sample)")
            print("  pose \(String(describing: viewer.transition?.pose)) mode \(viewer.mode)")
        }
        if debug { print("  · \(viewer.time) \(viewer.phase) held \(viewer.heldManipulation != nil) \(context().prefix(120)) pose \(viewer.transition.map { "\($0.pose.value)" } ?? "-")") }
        lastSample = sample
        if firstJump == nil, let j = found.first {
            firstJump = "\(j.description): \(lastPhase.rawValue) → \(viewer.phase.rawValue) after \(context().prefix(90))"
        }
        lastPhase = viewer.phase
        let s = viewer.snapshot
        func fail(_ what: String) { failure = "step \(step) after \(context()): \(what)" }
        func unit(_ v: Double) -> Bool { v.isFinite && v >= 0 && v <= 1 }
        guard s.time.isFinite, s.scroll.isFinite else { return fail("time or scroll not finite: \(s)") }
        guard unit(s.backdrop), unit(s.progress) else { return fail("backdrop or progress out of 0...1: \(s)") }
        if let i = s.image {
            guard i.center.isFinite, i.size.isFinite, i.rotation.isFinite else { return fail("image not finite: \(s)") }
            guard i.size.width >= 0, i.size.height >= 0 else { return fail("negative size: \(s)") }
        }
        if let pose = viewer.transition?.pose.value {
            guard pose.isFinite else { return fail("pose not finite: \(pose)") }
            guard pose.displayedSize.width >= 0, pose.displayedSize.height >= 0 else { return fail("negative pose size: \(pose)") }
        }
        if let preview = viewer.dismissPreview {
            guard preview.travel.projected.isFinite, preview.travel.current.isFinite, preview.travel.velocity.isFinite else { return fail("preview \(preview)") }
        }
        // The scene is what a frame draws: checked at frames.
        guard atFrame else { return }
        let scene = viewer.scene()
        guard unit(scene.backdropAlpha) else { return fail("backdrop alpha \(scene.backdropAlpha)") }
        for c in scene.cells {
            guard c.frame.origin.isFinite, c.frame.size.isFinite, c.frame.width >= 0 else { return fail("cell \(c)") }
            guard c.crop.origin.isFinite, c.crop.size.isFinite, c.crop.minX >= -1e-9, c.crop.maxX <= 1 + 1e-9 else { return fail("cell crop \(c)") }
        }
        for q in scene.photos {
            guard q.center.isFinite, q.size.isFinite, q.rotation.isFinite else { return fail("quad not finite \(q)") }
            guard q.size.width >= 0, q.size.height >= 0 else { return fail("quad negative size \(q)") }
            guard unit(q.alpha) else { return fail("quad alpha \(q.alpha)") }
            guard q.crop.origin.isFinite, q.crop.size.isFinite, q.crop.minX >= -1e-9, q.crop.maxX <= 1 + 1e-9,
                  q.crop.minY >= -1e-9, q.crop.maxY <= 1 + 1e-9 else { return fail("quad crop \(q.crop)") }
        }
    }
}
