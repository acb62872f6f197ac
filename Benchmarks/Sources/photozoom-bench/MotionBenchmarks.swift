import Benchmark
import Geometry
import Motion

/// Evaluations per benchmark iteration: divide the reported time by this for nanoseconds per
/// evaluation (the runner's time column is per iteration).
let motionEvaluationsPerIteration = 1000

/// The cost of the physics every frame rides on. Each iteration performs
/// `motionEvaluationsPerIteration` evaluations, so "time / 1000" is the cost of one.
let motionBenchmarks = BenchmarkSuite(name: "Motion") { suite in
    let open = Spring(responseSeconds: 0.45, dampingRatio: 0.85)
    let close = Spring(responseSeconds: 0.35, dampingRatio: 1.0)
    let cell = PhotoPose(center: Point(120, 90), size: Size(150, 100), scale: 1, rotation: 0)
    let frame = PhotoPose(center: Point(640, 400), size: Size(1200, 800), scale: 1, rotation: 0)
    let detour = PhotoPose(center: Point(500, 650), size: Size(600, 400), scale: 0.7, rotation: 0.2)
    // Zero tolerances: the animation never comes to rest inside an iteration, so every advance
    // does the full closed-form evaluation.
    let never = PhotoPose(center: .zero, size: .zero, scale: 0, rotation: 0)
    let flight = SpringAnimation(value: cell, target: frame, velocity: .zero, spring: open,
                                 restTolerance: never, restVelocityTolerance: never)

    suite.benchmark("spring coefficients, under-damped (×1000)") {
        var t = 0.0, sum = 0.0
        for _ in 0..<motionEvaluationsPerIteration {
            t += 0.001
            sum += open.coefficients(at: t).xx
        }
        blackHole(sum)
    }

    suite.benchmark("spring coefficients, critically damped (×1000)") {
        var t = 0.0, sum = 0.0
        for _ in 0..<motionEvaluationsPerIteration {
            t += 0.001
            sum += close.coefficients(at: t).xx
        }
        blackHole(sum)
    }

    suite.benchmark("SpringAnimation<PhotoPose>.advance, 1 ms frames (×1000)") {
        var animation = flight
        for _ in 0..<motionEvaluationsPerIteration {
            animation.advance(by: 0.001)
        }
        blackHole(animation.value)
    }

    suite.benchmark("SpringAnimation<PhotoPose> retarget + advance, 8 ms frames (×1000)") {
        var animation = flight
        for i in 0..<motionEvaluationsPerIteration {
            animation.retarget(to: i & 8 == 0 ? detour : frame, spring: i & 16 == 0 ? open : close)
            animation.advance(by: 0.008)
        }
        blackHole(animation.value)
    }

    suite.benchmark("SpringAnimation<Double>.advance, 1 ms frames (×1000)") {
        var animation = SpringAnimation<Double>(value: 0, target: 1, spring: open,
                                                restTolerance: 0, restVelocityTolerance: 0)
        for _ in 0..<motionEvaluationsPerIteration {
            animation.advance(by: 0.001)
        }
        blackHole(animation.value)
    }

    suite.benchmark("CubicBezier.easeInEaseOut.value (×1000)") {
        let curve = CubicBezier.easeInEaseOut
        var x = 0.0, sum = 0.0
        for _ in 0..<motionEvaluationsPerIteration {
            x += 0.000999
            sum += curve.value(at: x)
        }
        blackHole(sum)
    }

    suite.benchmark("PointVelocityTracker add + velocity, 13 samples in the fit (×1000)") {
        var tracker = PointVelocityTracker()
        var sum = 0.0
        for i in 0..<motionEvaluationsPerIteration {
            let t = Double(i) * 0.008
            tracker.add(time: t, point: Point(1000 * t, 500 * t * t))
            sum += tracker.velocity(at: t).x
        }
        blackHole(sum)
    }
}
