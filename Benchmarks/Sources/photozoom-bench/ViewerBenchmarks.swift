import Benchmark
import Geometry
import Gestures
import Viewing
import Drawing

/// A frame's core work (advance + scene) for a grid of `count` photos, mid-flight: opening photo 20
/// while the grid is scrolled. The figure must not grow with `count` (only visible cells are touched).
private func frameWork(photos count: Int) -> (inout BenchmarkState) throws -> Void {
    let photos = (0..<count).map { Photo(name: "p\($0)", pixelSize: $0 % 2 == 0 ? Size(600, 400) : Size(400, 600)) }
    var viewer = Viewer(photos: photos, windowSize: Size(1280, 800))
    viewer.handle(.wheel(0.01, 600, 400, dy: -3))
    viewer.handle(.frame(0.3))
    let cell = viewer.layout.cellRect(20, scroll: viewer.scrollOffset).center
    viewer.handle(.pointer(.down, 0.31, cell.x, cell.y))
    viewer.handle(.pointer(.up, 0.33, cell.x, cell.y))
    let start = viewer
    return { state in
        var v = start
        var t = 0.34
        try state.measure {
            for _ in 0..<100 {
                t += 1.0 / 600
                v.advance(to: t)
                blackHole(v.scene())
            }
        }
    }
}

let viewerBenchmarks = BenchmarkSuite(name: "Viewer frame (100 frames of advance + scene)") { suite in
    for count in [100, 10_000] {
        suite.benchmark("\(count) photos", function: frameWork(photos: count))
    }
}
