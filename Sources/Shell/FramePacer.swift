import CSDL2
import Foundation

/// Keeps the live loop at the display's frame rate on frames that present nothing: presenting
/// with vsync is what paces a drawn frame, so a frame whose picture is already on screen waits
/// out the rest of its interval instead (an idle window then costs a few microseconds of work a
/// frame, not a spin).
struct FramePacer {
    private var start: UInt64 = 0
    private let frequency = Double(SDL_GetPerformanceFrequency())

    /// Marks the start of a frame.
    mutating func frameStarts() { start = SDL_GetPerformanceCounter() }

    /// Sleeps until `interval` seconds after the frame's start (at once when that has passed).
    func waitForNextFrame(interval: Double) {
        let elapsed = Double(SDL_GetPerformanceCounter() &- start) / frequency
        let remaining = interval - elapsed
        if remaining > 0 { usleep(UInt32(remaining * 1_000_000)) }
    }
}
