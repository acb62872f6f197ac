import Testing
@testable import Motion

@Suite("CrossFade: linear in time, reversible at any instant, never outside 0...1")
struct CrossFadeTests {
    @Test("60 Hz frames and an uneven burst move it by elapsed time over the duration; it lands exactly")
    func linearSteps() {
        var fade = CrossFade(value: 0, target: 1, durationSeconds: 0.25)
        // 0.25 s at 1/60 s a frame: 15 frames; after 14 the value is 14/15 (to rounding).
        for _ in 0..<14 { fade.advance(by: 1.0 / 60) }
        #expect(abs(fade.value - 14.0 / 15) < 1e-12 && !fade.isAtRest)
        // The 15th step sums to 1 to within rounding; the next frame at the latest clamps it to 1 exactly.
        fade.advance(by: 1.0 / 60)
        #expect(abs(fade.value - 1) < 1e-12)
        fade.advance(by: 1.0 / 60)
        #expect(fade.value == 1 && fade.isAtRest)
        // Uneven gaps (ms-rounded, one long stall) sum to the same: 0.004 + 0.017 + 0.1 = 0.121 s → 0.484.
        var uneven = CrossFade(value: 0, target: 1, durationSeconds: 0.25)
        for dt in [0.004, 0.017, 0.1] { uneven.advance(by: dt) }
        #expect(abs(uneven.value - 0.121 / 0.25) < 1e-12)
    }

    @Test("reversed halfway it heads back from where it is, at the same pace")
    func reversal() {
        var fade = CrossFade(value: 0, target: 1, durationSeconds: 0.2)
        fade.advance(by: 0.1)                       // 0.1 / 0.2 = 0.5
        fade.retarget(to: 0)
        #expect(fade.value == 0.5)                  // no jump
        fade.advance(by: 0.05)                      // 0.5 − 0.05 / 0.2 = 0.25
        #expect(abs(fade.value - 0.25) < 1e-12)
        fade.advance(by: 1)
        #expect(fade.value == 0 && fade.isAtRest)
    }

    @Test("bad input: NaN, infinite and negative steps, targets outside 0...1, a zero duration")
    func badInput() {
        var fade = CrossFade(value: .nan, target: 7, durationSeconds: 0.2)
        #expect(fade.value == 0 && fade.target == 1)
        for dt in [Double.nan, -1, .infinity] { fade.advance(by: dt) }
        #expect(fade.value == 0)
        fade.set(.nan)
        #expect(fade.value == 0)
        fade.set(3)
        #expect(fade.value == 1)
        var instant = CrossFade(value: 0, target: 1, durationSeconds: 0)
        instant.advance(by: 0.001)
        #expect(instant.value == 1)
    }
}
