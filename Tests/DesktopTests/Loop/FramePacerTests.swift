import Testing
@testable import App

/// `FramePacer`: when the live loop starts its next frame (issue 28). Times are seconds on the
/// session clock; a 60 Hz display unless said otherwise.
@Suite("The live loop starts a frame at once for an input, late before a vblank, and sleeps on input when nothing moves")
struct FramePacerTests {
    static let interval = 1.0 / 60

    @Test("without a vblank (Xvfb): an input starts a frame at once; a motion steps every interval, waking on input")
    func drawsAtOnceWithoutVBlank() {
        var pacer = FramePacer(interval: Self.interval, waitsForVBlank: false)
        #expect(pacer.next(now: 10, moving: false, inputPending: true) == .init(until: 10, wakesOnInput: true))
        pacer.frameStarts(at: 10, hadInput: true)
        pacer.presented(start: 10, call: 10.002, returned: 10.0021)
        // An animation: the next frame an interval after this one's start, sooner for an input.
        #expect(pacer.next(now: 10.003, moving: true, inputPending: false) == .init(until: 10 + Self.interval, wakesOnInput: true))
        // An input arriving mid-interval is drawn then, not at the interval's end.
        #expect(pacer.next(now: 10.005, moving: true, inputPending: true) == .init(until: 10.005, wakesOnInput: true))
        // Presents that return at once never set a vblank phase.
        #expect(pacer.nextVBlank(after: 10.005) == nil)
    }

    @Test("nothing moving: within 4 s of the last input it steps every interval (timed captions); then it waits on input alone, with no timeout")
    func sleepsOnInputWhenIdle() {
        var pacer = FramePacer(interval: Self.interval, waitsForVBlank: false)
        pacer.frameStarts(at: 20, hadInput: true)
        let settling = pacer.next(now: 22, moving: false, inputPending: false)
        #expect(settling == .init(until: 22, wakesOnInput: true))  // the interval after 20 passed long ago: at once
        pacer.frameStarts(at: 22, hadInput: false)
        #expect(pacer.next(now: 22.001, moving: false, inputPending: false) == .init(until: 22 + Self.interval, wakesOnInput: true))
        // A frame without input does not extend the settling time: 4 s after the input, idle.
        pacer.frameStarts(at: 23.99, hadInput: false)
        let idle = pacer.next(now: 24 + 0.001, moving: false, inputPending: false)
        #expect(idle == .init(until: .infinity, wakesOnInput: true))
        // A drawn frame (a caption's fade step) extends it from when its present returned.
        pacer.presented(start: 24.1, call: 24.102, returned: 24.103)
        #expect(pacer.next(now: 28.0, moving: false, inputPending: false) == .init(until: 28.0, wakesOnInput: true))
        #expect(pacer.next(now: 24.103 + 4.001, moving: false, inputPending: false)
            == .init(until: .infinity, wakesOnInput: true))
    }

    @Test("with vblanks: a frame latches its input the lead before the vblank it aims at, the lead being the work's p90 plus the margin")
    func latchesLate() {
        var pacer = FramePacer(interval: Self.interval, waitsForVBlank: true)
        // The first frame starts at once: no vblank seen yet.
        #expect(pacer.next(now: 1, moving: false, inputPending: true) == .init(until: 1, wakesOnInput: true))
        // Frames of 3 ms of work whose presents return at vblanks 1 + k/60.
        let work = 0.003
        var vblank = 1 + Self.interval
        for _ in 0..<10 {
            let start = vblank - Self.interval + 0.001
            pacer.frameStarts(at: start, hadInput: true)
            pacer.presented(start: start, call: start + work, returned: vblank)
            vblank += Self.interval
        }
        let last = vblank - Self.interval
        let lead = work + FramePacer.firstMargin
        #expect(abs(pacer.lead - lead) < 1e-9)
        // Right after a vblank, an animation frame waits, not woken by input, until the lead before the next.
        let wait = pacer.next(now: last + 0.0005, moving: true, inputPending: false)
        #expect(!wait.wakesOnInput)
        #expect(abs(wait.until - (last + Self.interval - lead)) < 1e-9)
        // An input pending latches at the same point: read then, in that frame, with what came meanwhile.
        #expect(pacer.next(now: last + 0.0005, moving: false, inputPending: true) == wait)
        // Too late for the next vblank's latch: the one after.
        let late = pacer.next(now: last + Self.interval - lead + 0.001, moving: true, inputPending: false)
        #expect(abs(late.until - (last + 2 * Self.interval - lead)) < 1e-9)
        // Nothing moving, no input: woken by input as without vblanks.
        #expect(pacer.next(now: last + 0.0005, moving: false, inputPending: false).wakesOnInput)
    }

    @Test("a present that misses its vblank widens the margin by 1 ms; 60 on time narrow it by 0.25 ms, never below 2 ms")
    func marginFollowsMisses() {
        var pacer = FramePacer(interval: Self.interval, waitsForVBlank: true)
        pacer.frameStarts(at: 0, hadInput: true)
        pacer.presented(start: 0, call: 0.002, returned: Self.interval)  // the first vblank: the phase
        var vblank = Self.interval
        func frame(missing: Bool) {
            let aim = pacer.nextVBlank(after: vblank + 0.0001)!
            pacer.frameStarts(at: aim.latch, hadInput: true)
            let returned = missing ? aim.vblank + Self.interval : aim.vblank
            pacer.presented(start: aim.latch, call: aim.latch + 0.002, returned: returned)
            vblank = returned
        }
        frame(missing: true)
        #expect(abs(pacer.margin - (FramePacer.firstMargin + FramePacer.widenStep)) < 1e-12)
        for _ in 0..<FramePacer.hitsToNarrow { frame(missing: false) }
        #expect(abs(pacer.margin - (FramePacer.firstMargin + FramePacer.widenStep - FramePacer.narrowStep)) < 1e-12)
        for _ in 0..<(FramePacer.hitsToNarrow * 40) { frame(missing: false) }
        #expect(pacer.margin == FramePacer.leastMargin)
    }

    @Test("a window just opened settles from its opening: its first frames, which no input starts, come every interval for 4 s")
    func settlesFromOpening() {
        let pacer = FramePacer(interval: Self.interval, waitsForVBlank: false, activeSince: 5)
        #expect(pacer.next(now: 5.001, moving: false, inputPending: false) == .init(until: 5.001, wakesOnInput: true))
        #expect(pacer.next(now: 8.9, moving: false, inputPending: false).until == 8.9)
        #expect(pacer.next(now: 9.001, moving: false, inputPending: false) == .init(until: .infinity, wakesOnInput: true))
    }
}
