/// PhotoZoom's one tween: a value in 0...1 moving linearly toward 0 or 1 at `1 / durationSeconds`
/// per second, stepped by the frame's elapsed time. Reversible at any instant from where it is (a
/// reversal takes as long as the way back is, at the same pace); never leaves 0...1. Reduced
/// motion's stand-in for a flight: the viewer cross-fades the photo with it.
///
/// It carries two numbers, the progress (the backdrop) and the photo's opacity, which are the same
/// except after a dismissal held with reduced motion: a held photo keeps some opacity however far
/// it is dragged (see `DismissInteraction.heldOpacity`), so it is let go more opaque than the
/// progress, and both fade out from where they are.
package struct CrossFade: Hashable, Sendable {
    /// Progress now, 0 (grid) ... 1 (presented).
    package private(set) var value: Double
    /// The photo's opacity now, 0...1.
    package private(set) var alpha: Double
    /// 0 or 1.
    package private(set) var target: Double
    package var durationSeconds: Double

    package init(value: Double, target: Double, durationSeconds: Double) {
        self.value = min(max(value.isFinite ? value : 0, 0), 1)
        self.alpha = self.value
        self.target = min(max(target, 0), 1)
        self.durationSeconds = durationSeconds
    }

    package var isAtRest: Bool { value == target && alpha == target }

    /// Heads toward `newTarget` from the present value.
    package mutating func retarget(to newTarget: Double) { target = min(max(newTarget, 0), 1) }

    /// Places the progress (a gesture released at this progress) and, when given, the opacity
    /// (else it stays as it is).
    package mutating func set(_ newValue: Double, alpha newAlpha: Double? = nil) {
        if newValue.isFinite { value = min(max(newValue, 0), 1) }
        if let newAlpha, newAlpha.isFinite { alpha = min(max(newAlpha, 0), 1) }
    }

    package mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite, !isAtRest else { return }
        let step = durationSeconds > 0 ? dt / durationSeconds : 1
        func toward(_ x: Double) -> Double { x < target ? min(target, x + step) : max(target, x - step) }
        value = toward(value)
        alpha = toward(alpha)
    }
}
