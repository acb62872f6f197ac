import Benchmark
import Geometry
import Motion

/// Spring evaluation cost (the Motion issue refines these).
let motionBenchmarks = BenchmarkSuite(name: "Motion") { suite in
    let spring = Spring(responseSeconds: 0.45, dampingRatio: 0.85)
    suite.benchmark("spring coefficients") {
        var t = 0.0
        var sum = 0.0
        for _ in 0..<1000 {
            t += 0.001
            sum += spring.coefficients(at: t).xx
        }
        blackHole(sum)
    }
}
