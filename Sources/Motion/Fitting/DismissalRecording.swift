/// A recorded drag-to-dismiss session as `DismissalFit` reads it: each time the hand held the photo,
/// the grabbed point's downward travel and the photo's scale over its scale at the grab, frame by
/// frame, the release instant and whether the release closed the photo.
///
/// Built by the shell from a state log (runs of `interacting` frames; the phase after the release
/// says closed or returned) or a CSV; the photo's centre stands for the grabbed point (exact for a
/// grab at the centre).
package struct DismissalRecording: Hashable, Sendable {
    /// One hold, from the grab to the release.
    package struct Hold: Hashable, Sendable {
        /// Seconds, the frames drawn while the hand held the photo (increasing).
        package var times: [Double]
        /// Downward travel of the grabbed point since the grab, points, one per time.
        package var travel: [Double]
        /// The photo's width over its width at the grab, one per time.
        package var scale: [Double]
        /// Seconds: the instant the hand let go (at or after the last time).
        package var releaseTime: Double
        /// True when the release closed the photo, false when it returned.
        package var closes: Bool

        package init(times: [Double], travel: [Double], scale: [Double], releaseTime: Double, closes: Bool) {
            self.times = times; self.travel = travel; self.scale = scale
            self.releaseTime = releaseTime; self.closes = closes
        }

        /// The downward velocity at the release, pt/s: the least-squares slope of the travel over
        /// the frames in the last `window` seconds before the release (a fit over a fixed time
        /// window, never the difference of two nearly equal instants); 0 for a hand that had not
        /// moved in that window, nil with fewer than two frames in it.
        package func releaseVelocity(window: Double = DismissalFit.velocityWindowSeconds) -> Double? {
            let kept = times.indices.filter { times[$0] >= releaseTime - window - 1e-9 }
            guard kept.count >= 2 else { return nil }
            let n = Double(kept.count)
            let meanT = kept.reduce(0) { $0 + times[$1] } / n, meanX = kept.reduce(0) { $0 + travel[$1] } / n
            var sxy = 0.0, sxx = 0.0
            for i in kept {
                sxy += (times[i] - meanT) * (travel[i] - meanX)
                sxx += (times[i] - meanT) * (times[i] - meanT)
            }
            return sxx > 0 ? sxy / sxx : nil
        }

        /// The downward travel at the release instant, points: the last frame's, carried on at the
        /// release velocity to the release (the hand moves between the last frame and the release).
        package func releaseTravel(velocity: Double) -> Double {
            guard let last = travel.last, let t = times.last else { return 0 }
            return last + velocity * max(0, releaseTime - t)
        }
    }

    package var holds: [Hold]
    /// Points: the window's height, against which the knee is a fraction.
    package var windowHeight: Double

    package init(holds: [Hold], windowHeight: Double) {
        self.holds = holds
        self.windowHeight = windowHeight
    }
}
