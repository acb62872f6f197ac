import Benchmark

/// Keeps a benchmark's result alive so the optimiser cannot delete the work.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

// Each area registers its suite in its own file; `scripts/bench` runs them all in one release build.
Benchmark.main([
    motionBenchmarks,
    viewerBenchmarks,
    replayBenchmarks,
    playerBenchmarks,
])
