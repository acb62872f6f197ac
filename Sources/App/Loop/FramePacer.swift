/// When the live loop starts its next frame, and whether an input may start it sooner (issue 28;
/// docs/pipeline.md "Input to pixels"). Times are seconds on the session clock, given.
///
/// - **A display without a vblank to wait for** (`waitsForVBlank` false: Xvfb, where a present
///   with vsync waits for the Present extension's simulated 60 Hz vblank and nothing else, and any
///   display whose refresh rate SDL cannot read): draw at once. An input starts a frame as soon
///   as it arrives; while something moves, a frame also starts every `interval` without one.
/// - **A display with vblanks** (presents wait for them): latch late, present on time. A frame
///   that will be drawn starts `lead` seconds before the vblank it aims at, reading its input
///   then, so the input is as fresh as the frame's own work allows; the lead is the recent
///   frames' work (p90) plus a margin for the renderer to finish after the present call, widened
///   when a present misses its vblank and narrowed slowly while they keep hitting.
/// - **Nothing moving, nothing recent**: the loop waits on input alone, with no timeout (`until`
///   infinite): news from other threads (a photo folder or the feel file changed) comes as an
///   event too (`DescriptorWatch`), so nothing is polled; within `settleSeconds` of the last input
///   or drawn frame it still steps every interval, for the viewer's timed chrome (a caption held
///   2 s and faded in 0.35 s, the lab's notices for 3 s), which no input announces.
struct FramePacer {
    /// Seconds between the display's refreshes.
    let interval: Double
    /// True when a present waits for the display's vblank.
    let waitsForVBlank: Bool
    /// Seconds after the last input or drawn frame during which the loop steps every interval.
    package static let settleSeconds = 4.0
    /// The margin after the present call: its least, its first value, and its most (seconds).
    static let leastMargin = 0.002, firstMargin = 0.004
    /// Presents in a row on time after which the margin narrows by `narrowStep`.
    static let hitsToNarrow = 60, narrowStep = 0.00025, widenStep = 0.001

    /// What the loop does before its next frame.
    struct Wait: Equatable {
        /// When the frame starts at the latest; infinite when only an input (or news) starts it.
        package var until: Double
        /// True when an input arriving before `until` starts the frame at once.
        var wakesOnInput: Bool
    }

    private var lastFrameStart = -Double.infinity
    private var lastActivity = -Double.infinity
    /// When the last present that waited for its vblank returned: the vblanks' phase.
    private var lastVBlank: Double?
    /// The vblank the frame under way aims at (vblank displays).
    private var aimedVBlank: Double?
    /// The recent frames' work, frame start to present call (seconds), newest last.
    private var works: [Double] = []
    /// The recent frames' start to their present's return (seconds), newest last.
    private var presents: [Double] = []
    private static let workCount = 30
    /// The margin for the renderer after the present call (seconds), and the hits in a row.
    private(set) var margin = firstMargin
    private var hits = 0

    /// A pacer for a display refreshing every `interval` seconds; `activeSince`: when the window
    /// opened (its first frames come with no input: it settles from then).
    init(interval: Double, waitsForVBlank: Bool, activeSince: Double = -.infinity) {
        self.interval = interval
        self.waitsForVBlank = waitsForVBlank
        lastActivity = activeSince
    }

    /// Seconds from the latch to the vblank: the recent frames' work (p90) plus the margin, at most an interval.
    var lead: Double {
        min(interval, (FrameWork.percentile(works, 0.9) ?? 0) + margin)
    }

    /// The vblank a frame latched now at the earliest would be shown at, and when it should latch
    /// for it; nil when no vblank has been seen (the first frames start at once).
    func nextVBlank(after now: Double) -> (vblank: Double, latch: Double)? {
        guard waitsForVBlank, let last = lastVBlank else { return nil }
        // A microsecond's tolerance: a frame that latches exactly at its latch point aims at that vblank.
        let k = max(1, ((now + lead - last - 1e-6) / interval).rounded(.up))
        let vblank = last + k * interval
        return (vblank, vblank - lead)
    }

    /// Seconds from a frame starting at `now` to its picture reaching the screen (pointer
    /// prediction's horizon): to the vblank it aims at on a display with vblanks, else the recent
    /// frames' start to their present's return (the median); nil before a frame was presented.
    func horizon(at now: Double) -> Double? {
        if let aim = nextVBlank(after: now) { return max(0, aim.vblank - now) }
        return FrameWork.percentile(presents, 0.5)
    }

    /// How to wait before the next frame, at `now`: `moving` when the picture changes with time
    /// alone (an animation, a gesture held, decodes under way), `inputPending` when an input is
    /// waiting to be read.
    package func next(now: Double, moving: Bool, inputPending: Bool) -> Wait {
        let settling = now - lastActivity < Self.settleSeconds
        if waitsForVBlank, moving || inputPending, let aim = nextVBlank(after: now) {
            // Latch late: inputs that arrive meanwhile are read at the latch, in the same frame.
            return Wait(until: max(now, aim.latch), wakesOnInput: false)
        }
        if inputPending { return Wait(until: now, wakesOnInput: true) }
        if moving || settling { return Wait(until: max(now, lastFrameStart + interval), wakesOnInput: true) }
        return Wait(until: .infinity, wakesOnInput: true)
    }

    /// A frame starts at `now` (its input is read now); `hadInput` when it reads some.
    mutating func frameStarts(at now: Double, hadInput: Bool) {
        lastFrameStart = now
        if hadInput { lastActivity = now }
        aimedVBlank = nextVBlank(after: now)?.vblank
    }

    /// The frame that started at `start` called present at `call`, which returned at `returned`.
    package mutating func presented(start: Double, call: Double, returned: Double) {
        lastActivity = returned
        works.append(call - start)
        if works.count > Self.workCount { works.removeFirst(works.count - Self.workCount) }
        presents.append(returned - start)
        if presents.count > Self.workCount { presents.removeFirst(presents.count - Self.workCount) }
        guard waitsForVBlank else { return }
        if let aim = aimedVBlank, returned > aim + interval / 2 {
            // Missed its vblank: the renderer needs more time after the call.
            margin = min(interval / 2, margin + Self.widenStep)
            hits = 0
        } else {
            hits += 1
            if hits >= Self.hitsToNarrow {
                margin = max(Self.leastMargin, margin - Self.narrowStep)
                hits = 0
            }
        }
        lastVBlank = returned
        aimedVBlank = nil
    }
}
