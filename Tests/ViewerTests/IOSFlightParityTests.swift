import Foundation
import Geometry
import Gestures
import Motion
import Testing
@testable import Viewing
import FeelModel

/// The `ios` preset's cancels and landings against the springs swift_transitions published for iOS
/// 27's zoom dismissal (JakeThomson/swift_transitions, docs/parity-plan.md, stages 4 and 6), by the
/// parity rule of `photozoom match` (`MotionParity`: RMS ≤ 2 pt and the 50 % and 90 % times within
/// 17 ms): the photo's four edges from the release, at the frames drawn, against the same edges on
/// the published spring from rest, from where the photo was let go to where it comes to rest.
@Suite("ios flights: cancels on ω 22.5 ζ 0.9, pan landings on the flight spring, pinch landings on ω 17 ζ 0.7, matched")
struct IOSFlightParityTests {
    static let window = Size(402, 874)
    static let photo = 12
    static var ios: Feel { Feel.preset(named: "ios")! }

    /// The flight after a release: ours from the drawn frames, the reference from `spring`.
    struct Flight {
        var ours: SampledMotion
        var reference: SampledMotion
        var verdict: ReleaseVerdict
    }

    static func edges(_ p: PhotoPose) -> [Double] {
        let c = p.center, s = p.displayedSize
        return [c.x - s.width / 2, c.y - s.height / 2, c.x + s.width / 2, c.y + s.height / 2]
    }

    /// Releases `gesture` on the presented photo (it ends held at rest, the follow spring settled),
    /// then draws 0.8 s of frames.
    static func flight(feel: Feel = ios, on spring: Spring, _ gesture: (inout ViewerScript, Point) -> Void) throws -> Flight {
        var s = ViewerScript(window: window, feel: feel)
        s.openAndSettle(photo)
        let centre = try #require(s.viewer.transition?.pose.value.center)
        gesture(&s, centre)
        let released = try #require(s.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }.last)
        let start = try #require(s.viewer.transition?.pose)
        #expect(start.velocity.center.length < 1e-3 && abs(start.velocity.size.width) < 1e-3, "let go at rest")
        let target = edges(start.target), from = edges(start.value)
        let t0 = s.now
        var times = [t0], values = [from]
        s.snapshots.removeAll()
        s.run(0.8)
        for snapshot in s.snapshots {
            guard let image = snapshot.image, snapshot.photo == photo else { break }
            times.append(snapshot.time)
            values.append(edges(PhotoPose(center: image.center, size: image.size, scale: 1, rotation: image.rotation)))
        }
        let names = ["left", "top", "right", "bottom"]
        let ours = SampledMotion(times: times, quantities: names.indices.map { i in .init(name: names[i], values: values.map { $0[i] }) })
        let step = SpringStepResponse(spring: spring)
        let reference = SampledMotion(times: times, quantities: names.indices.map { i in
            .init(name: names[i], values: times.map { from[i] + (target[i] - from[i]) * step.progress(at: $0 - t0) })
        })
        return Flight(ours: ours, reference: reference, verdict: released.decision)
    }

    static func parity(_ f: Flight) throws -> MotionParity {
        let p = try #require(MotionParity.compare(f.ours, with: f.reference))
        for q in p.quantities {
            report("\(q.name): RMS \(q.rms) pt, largest \(q.largest), 50 % \(q.ours50 ?? -1) vs \(q.reference50 ?? -1), 90 % \(q.ours90 ?? -1) vs \(q.reference90 ?? -1)")
        }
        return p
    }

    /// A pan held at rest at scale `scale` (18 pt dead zone, then 0.67 of the scale per height), let go.
    static func pan(toScale scale: Double) -> (inout ViewerScript, Point) -> Void {
        { s, centre in
            let travel = 18 + (1 - scale) * window.height / 0.67
            s.drag(through: [centre, centre + Point(0, travel), centre + Point(0, travel)], durations: [0.4, 0.3])
        }
    }

    /// Two fingers 300 pt apart closed to held scale `scale` (`distance / (300 − 8.7)`), held, lifted.
    static func pinch(toScale scale: Double) -> (inout ViewerScript, Point) -> Void {
        { s, centre in
            var fingers = TwoFingers(centre: centre, distance: 300)
            s.touchDown(fingers)
            s.moveFingers(&fingers, to: TwoFingers(centre: centre, distance: scale * 291.3), duration: 0.4)
            s.holdFingers(0.3)
            s.liftFingers(fingers)
        }
    }

    static let cancel = Spring(responseSeconds: 2 * Double.pi / 22.5, dampingRatio: 0.9)
    static let flightSpring = Spring(responseSeconds: 2 * Double.pi / 19, dampingRatio: 1)
    static let pinchLanding = Spring(responseSeconds: 2 * Double.pi / 17, dampingRatio: 0.7)

    @Test("a pan let go at 0.914 returns on ω 22.5, ζ 0.9, matched")
    func panCancel() throws {
        let f = try Self.flight(on: Self.cancel, Self.pan(toScale: 0.914))
        #expect(f.verdict == .return)
        #expect(try Self.parity(f).matched)
    }

    @Test("a pinch let go at 0.515 returns on ω 22.5, ζ 0.9, matched")
    func pinchCancel() throws {
        let f = try Self.flight(on: Self.cancel, Self.pinch(toScale: 0.515))
        #expect(f.verdict == .return)
        #expect(try Self.parity(f).matched)
    }

    @Test("a pan let go at 0.88 lands on the flight spring (ω 19, ζ 1), matched; 98 % of the way in 306 ms (the reference's 310–350, within a frame)")
    func panLanding() throws {
        let f = try Self.flight(on: Self.flightSpring, Self.pan(toScale: 0.88))
        #expect(f.verdict == .close)
        #expect(try Self.parity(f).matched)
        // 1 − (1 + ωt)·e^{−ωt} = 0.98 at ωt = 5.834: t = 307 ms for ω 19.
        let width = zip(f.ours.quantities[2].values, f.ours.quantities[0].values).map { $0 - $1 }
        let t98 = try #require(TravelTime.firstCrossing(0.98, times: f.ours.times, values: width, from: width[0], to: width.last!))
        let seconds = t98 - f.ours.times[0]
        report("ios pan landing: 98 % of the width's travel at \(seconds * 1000) ms")
        #expect(seconds > 0.310 - 0.017 && seconds < 0.350 + 0.017, "\(seconds)")
    }

    @Test("a pinch let go at 0.412 lands on ω 17, ζ 0.7 (first at the cell at 193 ms, 4.6 % overshoot), matched; on the flight spring (today's landing) it is not")
    func pinchLanding() throws {
        let f = try Self.flight(on: Self.pinchLanding, Self.pinch(toScale: 0.412))
        #expect(f.verdict == .close)
        #expect(try Self.parity(f).matched)
        // The instrument against the fault: the same pinch landing on the close spring, as before
        // the pinch had its own, is not matched to ω 17, ζ 0.7.
        var today = Self.ios
        today.pinchLandingSpring = .unset
        let fault = try Self.flight(feel: today, on: Self.pinchLanding, Self.pinch(toScale: 0.412))
        #expect(fault.verdict == .close)
        #expect(try !Self.parity(fault).matched)
        // The published spring's own figures: first at the target where ω_d·t = π − atan(√(1−ζ²)/ζ),
        // overshoot e^{−πζ/√(1−ζ²)}.
        let z = 0.7, wd = 17 * (1 - z * z).squareRoot()
        let reach = (Double.pi - atan((1 - z * z).squareRoot() / z)) / wd
        #expect(abs(reach - 0.193) < 0.001)
        #expect(abs(SpringStepResponse(spring: Self.pinchLanding).overshootFraction - exp(-Double.pi * z / (1 - z * z).squareRoot())) < 1e-6)
    }
}
