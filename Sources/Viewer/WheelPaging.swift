/// Horizontal wheel paging on the presented photo: one page per wheel burst (a burst ends after the
/// feel's quiet spell).
enum WheelPaging: Sendable {
    /// Horizontal travel gathered in the burst so far, wheel units, and the burst's last event.
    case gathering(accumulated: Double, lastTime: Double)
    /// The burst has turned its page; the rest of it is ignored.
    case spent(lastTime: Double)

    static let quiet = WheelPaging.gathering(accumulated: 0, lastTime: -.infinity)

    var lastTime: Double {
        switch self {
        case let .gathering(_, t), let .spent(t): t
        }
    }

    /// One wheel event `(dx, dy)` at `time`: returns the page step (±1) when the burst's horizontal
    /// travel reaches the feel's page units, once per burst; nil otherwise.
    mutating func wheel(dx: Double, dy: Double, at time: Double, feel: Feel) -> Int? {
        if time - lastTime > feel.wheelQuietSeconds { self = .quiet }
        switch self {
        case .spent:
            self = .spent(lastTime: time)
            return nil
        case let .gathering(accumulated, _):
            guard abs(dx) > abs(dy) else {
                self = .gathering(accumulated: accumulated, lastTime: time)
                return nil
            }
            let total = accumulated + dx
            guard abs(total) >= feel.wheelPageUnits else {
                self = .gathering(accumulated: total, lastTime: time)
                return nil
            }
            self = .spent(lastTime: time)
            return total > 0 ? 1 : -1
        }
    }
}
