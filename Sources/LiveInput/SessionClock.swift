/// The session clock the frame loop stamps frames and inputs with: seconds since the session
/// began, never going backwards. `MonotonicClock` live; tests set the time by hand.
package protocol SessionClock {
    /// Seconds since the session began.
    func now() -> Double
}

extension MonotonicClock: SessionClock {}
