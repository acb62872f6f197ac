import CSDL2

/// Seconds since the clock was made, from SDL's performance counter (monotonic, sub-microsecond).
package struct MonotonicClock {
    private let start: UInt64
    private let frequency: Double

    package init() {
        start = SDL_GetPerformanceCounter()
        frequency = Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds elapsed, rounded to the microsecond so traces print short, exact times.
    package func now() -> Double {
        let ticks = SDL_GetPerformanceCounter() &- start
        return (Double(ticks) / frequency * 1_000_000).rounded() / 1_000_000
    }
}
