import Testing
@testable import Motion

@Suite("Dismissal fit: the threshold, the deceleration rate and the knee recovered from recorded holds")
struct DismissalFitTests {
    /// The gesture the synthetic holds are made under: radius 180 pt, rate 0.995 per ms
    /// (k = 0.995 / (1000 · 0.005) = 0.199 s), slope 0.6 / 480 per pt (floor 0.4 reached at 0.6 of
    /// 800 pt), knee at 0.3 of the height (240 pt).
    static let radius = 180.0, rate = 0.995, height = 800.0
    static let slope = 0.6 / 480, floor = 0.4, knee = 240.0

    /// A hold: travel at `speed` pt/s from the grab to `distance`, then still until the release
    /// (`speed` kept to the release when `thrown`), a frame every 1/60 s; closes as the rule says.
    static func hold(distance: Double, speed: Double, thrown: Bool, knee: Double? = knee) -> DismissalRecording.Hold {
        let travelTime = distance / speed
        let release = thrown ? travelTime : travelTime + 0.2
        var times: [Double] = [], travel: [Double] = [], scale: [Double] = []
        var t = 1.0 / 60
        while t < release {
            let x = min(distance, speed * t)
            times.append(t); travel.append(x)
            scale.append(DismissalFit.shrinkModel(x, slope: slope, floor: floor, knee: knee))
            t += 1.0 / 60
        }
        let v = thrown ? speed : 0
        let projected = distance + v * DismissalFit.projectionSeconds(rate: rate)
        return .init(times: times, travel: travel, scale: scale, releaseTime: release, closes: projected > radius)
    }

    static var session: DismissalRecording {
        var holds: [DismissalRecording.Hold] = []
        // At rest: bracket the radius (176 returns, 184 closes), and travel past the knee.
        for d in [120.0, 150, 170, 176, 184, 190, 210, 300, 380] { holds.append(hold(distance: d, speed: 600, thrown: false)) }
        // Thrown short: 60 pt crosses 180 at 120 / 0.199 = 603 pt/s; 120 pt at 60 / 0.199 = 302 pt/s.
        for v in [450.0, 550, 660, 800] { holds.append(hold(distance: 60, speed: v, thrown: true)) }
        for v in [250.0, 350] { holds.append(hold(distance: 120, speed: v, thrown: true)) }
        return DismissalRecording(holds: holds, windowHeight: height)
    }

    @Test("releases at rest and thrown ones: the radius within 5 % (within its allowed range), the rate's range holds 0.995")
    func thresholdAndRate() throws {
        let fit = DismissalFit.fit(Self.session)
        let radius = try #require(fit.threshold), rate = try #require(fit.decelerationRate)
        #expect(!fit.inconsistent)
        // At rest 176 returned and 184 closed: R ∈ [176, 184), within 5 % of 180 either way.
        #expect(radius.boundedBelow && radius.boundedAbove)
        #expect(radius.lower >= 176 - 1e-6 && radius.upper <= 184 + 1e-6, "\(radius)")
        #expect(abs(radius.value - Self.radius) / Self.radius < 0.05, "\(radius.value)")
        #expect(rate.lower <= Self.rate && Self.rate <= rate.upper, "\(rate)")
        #expect(rate.boundedBelow && rate.boundedAbove)
        // k's range is bounded by 60 + 550k ≤ R < 60 + 660k: within (116/660, 124/550) s.
        let k = DismissalFit.projectionSeconds(rate: rate.value)
        #expect(k > 116.0 / 660 - 1e-9 && k < 124.0 / 550 + 1e-9, "\(k)")
    }

    @Test("the held scale's knee, floor and slope come back within 1 % from exact samples")
    func knee() throws {
        let shrink = try #require(DismissalFit.fit(Self.session).shrink)
        let knee = try #require(shrink.knee)
        #expect(abs(knee.value * Self.height - Self.knee) / Self.knee < 0.01, "\(knee)")
        #expect(knee.lower <= Self.knee / Self.height + 1e-9 && Self.knee / Self.height <= knee.upper + 1e-9, "\(knee) \(shrink)")
        #expect(abs(shrink.minimumScale - Self.floor) / Self.floor < 0.01, "\(shrink.minimumScale)")
        #expect(abs(shrink.slopePerPoint - Self.slope) / Self.slope < 0.01, "\(shrink.slopePerPoint)")
        // reach = (1 − m) / (g·H) = 0.6 / (0.6/480 · 800) = 0.6.
        #expect(abs(shrink.reachFraction - 0.6) < 0.006)
        #expect(shrink.rmsError < 1e-4)
    }

    @Test("a linear shrink to the floor is not given a knee")
    func noKnee() throws {
        let holds = [150.0, 300, 420, 500].map { Self.hold(distance: $0, speed: 600, thrown: false, knee: nil) }
        let shrink = try #require(DismissalFit.fit(DismissalRecording(holds: holds, windowHeight: Self.height)).shrink)
        #expect(shrink.knee == nil)
        #expect(abs(shrink.minimumScale - Self.floor) < 0.004 && abs(shrink.reachFraction - 0.6) < 0.006, "\(shrink)")
        #expect(shrink.floorSeen)
        // Holds that stop short of the floor (480 pt) show no floor: any below the smallest scale fits.
        let short = [150.0, 300, 420].map { Self.hold(distance: $0, speed: 600, thrown: false, knee: nil) }
        let unseen = try #require(DismissalFit.fit(DismissalRecording(holds: short, windowHeight: Self.height)).shrink)
        #expect(!unseen.floorSeen && unseen.knee == nil, "\(unseen)")
        #expect(abs(unseen.slopePerPoint - Self.slope) / Self.slope < 0.01)
    }

    @Test("no closed release leaves the radius open above; decisions no radius explains are said to be so")
    func openAndInconsistent() throws {
        let returns = [100.0, 150].map { Self.hold(distance: $0, speed: 600, thrown: false) }
        let open = try #require(DismissalFit.fit(DismissalRecording(holds: returns, windowHeight: Self.height)).threshold)
        #expect(open.boundedBelow && !open.boundedAbove && open.lower >= 150 - 1e-9)
        var contradicting = returns
        contradicting[0].closes = true   // 100 pt at rest closed, 150 at rest returned
        let fit = DismissalFit.fit(DismissalRecording(holds: contradicting, windowHeight: Self.height))
        #expect(fit.inconsistent && fit.threshold == nil)
    }

    @Test("the release velocity is a fit over the last 50 ms: exact for a steady hand, 0 for a still one, however close the frames")
    func releaseVelocity() {
        let steady = Self.hold(distance: 60, speed: 660, thrown: true)
        #expect(abs((steady.releaseVelocity() ?? 0) - 660) < 1e-6)
        #expect(Self.hold(distance: 184, speed: 600, thrown: false).releaseVelocity() == 0)
        // Frames 0.3 ms apart with ±0.0005 pt of rounding: still within 1 % of 600 pt/s.
        let times = (0..<400).map { Double($0) * 0.0003 }
        let travel = times.enumerated().map { i, t in (600 * t * 1000).rounded() / 1000 + (i % 2 == 0 ? 0.0005 : -0.0005) }
        let dense = DismissalRecording.Hold(times: times, travel: travel, scale: times.map { _ in 1 },
                                            releaseTime: times.last!, closes: false)
        #expect(abs((dense.releaseVelocity() ?? 0) - 600) < 6)
    }
}
