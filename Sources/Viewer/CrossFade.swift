/// Reduced motion's stand-in for a flight: the transition's progress moves linearly toward 0 or 1
/// at `1 / durationSeconds` per second. Reversible at any instant from where it is; never leaves 0...1.
struct CrossFade: Hashable, Sendable {
    /// Progress now, 0 (grid) ... 1 (presented).
    private(set) var value: Double
    /// 0 or 1.
    private(set) var target: Double
    var durationSeconds: Double

    init(value: Double, target: Double, durationSeconds: Double) {
        self.value = min(max(value.isFinite ? value : 0, 0), 1)
        self.target = min(max(target, 0), 1)
        self.durationSeconds = durationSeconds
    }

    var isAtRest: Bool { value == target }

    /// Heads toward `newTarget` from the present value.
    mutating func retarget(to newTarget: Double) { target = min(max(newTarget, 0), 1) }

    /// Places the value (a gesture released at this progress).
    mutating func set(_ newValue: Double) {
        if newValue.isFinite { value = min(max(newValue, 0), 1) }
    }

    mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite, value != target else { return }
        let step = durationSeconds > 0 ? dt / durationSeconds : 1
        value = value < target ? min(target, value + step) : max(target, value - step)
    }
}
