/// PhotoZoom's one tween: a value in 0...1 moving linearly toward 0 or 1 at `1 / durationSeconds`
/// per second, stepped by the frame's elapsed time. Reversible at any instant from where it is (a
/// reversal takes as long as the way back is, at the same pace); never leaves 0...1. Reduced
/// motion's stand-in for a flight: the viewer cross-fades the photo with it.
package struct CrossFade: Hashable, Sendable {
    /// Progress now, 0 (grid) ... 1 (presented).
    package private(set) var value: Double
    /// 0 or 1.
    package private(set) var target: Double
    package var durationSeconds: Double

    package init(value: Double, target: Double, durationSeconds: Double) {
        self.value = min(max(value.isFinite ? value : 0, 0), 1)
        self.target = min(max(target, 0), 1)
        self.durationSeconds = durationSeconds
    }

    package var isAtRest: Bool { value == target }

    /// Heads toward `newTarget` from the present value.
    package mutating func retarget(to newTarget: Double) { target = min(max(newTarget, 0), 1) }

    /// Places the value (a gesture released at this progress).
    package mutating func set(_ newValue: Double) {
        if newValue.isFinite { value = min(max(newValue, 0), 1) }
    }

    package mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite, value != target else { return }
        let step = durationSeconds > 0 ? dt / durationSeconds : 1
        value = value < target ? min(target, value + step) : max(target, value - step)
    }
}
