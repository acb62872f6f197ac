import FeelModel
/// Horizontal wheel paging on the presented photo: one page per wheel burst (a burst ends after the
/// feel's quiet spell), and a burst that turns the other way turns the page back.
package enum WheelPaging: Sendable {
    /// Horizontal travel gathered in the burst so far, wheel units, and the burst's last event.
    case gathering(accumulated: Double, lastTime: Double)
    /// The burst has turned its page by `step` (±1). More travel the same way is its tail (a
    /// trackpad's momentum) and turns nothing; travel the other way is gathered in `reversed` and
    /// turns the page back once it reaches the feel's page units, with or without a pause between.
    case spent(step: Int, reversed: Double, lastTime: Double)
    /// The burst began as a vertical wheel on the photo at its fit: it zooms to its end
    /// (`Viewer.wheelZoom`), and turns no page.
    case zooming(lastTime: Double)

    package static let quiet = WheelPaging.gathering(accumulated: 0, lastTime: -.infinity)

    package var lastTime: Double {
        switch self {
        case let .gathering(_, t), let .spent(_, _, t), let .zooming(t): t
        }
    }

    /// True when a wheel event at `time` belongs to a burst that zooms.
    package func zooms(at time: Double, feel: Feel) -> Bool {
        if case let .zooming(t) = self { time - t <= feel.wheelQuietSeconds } else { false }
    }

    /// One wheel event `(dx, dy)` at `time`: returns the page step (±1) when the burst's horizontal
    /// travel reaches the feel's page units (once per burst and direction); nil otherwise.
    package mutating func wheel(dx: Double, dy: Double, at time: Double, feel: Feel) -> Int? {
        if time - lastTime > feel.wheelQuietSeconds { self = .quiet }
        let horizontal = abs(dx) > abs(dy)
        switch self {
        case .zooming:
            self = .zooming(lastTime: time)
            return nil
        case let .spent(step, reversed, _):
            guard horizontal, (dx > 0) != (step > 0) else {
                // The tail of the swipe that turned the page (or a vertical step): it turns nothing,
                // and the way back starts again from nothing.
                self = .spent(step: step, reversed: horizontal ? 0 : reversed, lastTime: time)
                return nil
            }
            let back = reversed + dx
            guard abs(back) >= feel.wheelPageUnits else {
                self = .spent(step: step, reversed: back, lastTime: time)
                return nil
            }
            self = .spent(step: -step, reversed: 0, lastTime: time)
            return -step
        case let .gathering(accumulated, _):
            guard horizontal else {
                self = .gathering(accumulated: accumulated, lastTime: time)
                return nil
            }
            let total = accumulated + dx
            guard abs(total) >= feel.wheelPageUnits else {
                self = .gathering(accumulated: total, lastTime: time)
                return nil
            }
            let step = total > 0 ? 1 : -1
            self = .spent(step: step, reversed: 0, lastTime: time)
            return step
        }
    }
}
