import Benchmark
import Foundation
import Geometry
import Gestures
import Trace
import Viewing
import Drawing
import Events

/// Headless replay throughput: frames per second replayed from a trace's text, without and with the
/// state log, on a grid of 100 photos (targets: > 100,000 frames/s without the log, > 20,000 with).
///
/// The trace is 100 s at 60 Hz (6,000 frames) of a person's use: every 2 s a click opens a cell,
/// half a second later a drag of 10 moves pulls it down, a second later Escape; a wheel scroll now
/// and then. Each measurement reads the text, parses every line and drives a `Session`, exactly as
/// `photozoom replay` does; the `frames/s` column is frames replayed over the time measured.
let replayBenchmarks = BenchmarkSuite(name: "Replay") { suite in
    let trace = ReplayWorkload.traceText(photoCount: 100, seconds: 100)
    let events = ReplayWorkload.events(of: trace)
    let frames = Double(events.filter { $0.kind == .frame }.count)

    suite.benchmark("replay 100 photos, no state log") { state in
        let rate = RateCounter()
        try state.measure {
            rate.time(frames: frames) {
                let reader = try! TraceReader(text: trace, name: "bench", warn: { _ in })
                let session = try! TraceReplay.session(for: reader)
                blackHole(try! TraceReplay.run(reader, through: session))
            }
        }
        state.counters["frames/s"] = rate.perSecond
    }

    suite.benchmark("replay 100 photos, state log to /dev/null") { state in
        let rate = RateCounter()
        try state.measure {
            rate.time(frames: frames) {
                let reader = try! TraceReader(text: trace, name: "bench", warn: { _ in })
                let log = try! FileLineSink(path: "/dev/null", flushesEachLine: false)
                let session = try! TraceReplay.session(for: reader, states: log)
                blackHole(try! TraceReplay.run(reader, through: session))
            }
        }
        state.counters["frames/s"] = rate.perSecond
    }

    suite.benchmark("session only (events parsed beforehand), no state log") { state in
        let rate = RateCounter()
        let header = try! TraceReader(text: trace, name: "bench", warn: { _ in }).header
        try state.measure {
            rate.time(frames: frames) {
                let session = try! Session(header: header)
                for e in events { try! session.handle(e) }
                blackHole(session.frameCount)
            }
        }
        state.counters["frames/s"] = rate.perSecond
    }
}

/// Frames over seconds, accumulated across a benchmark's iterations.
final class RateCounter {
    private var frames = 0.0
    private var seconds = 0.0

    func time(frames n: Double, _ body: () -> Void) {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        seconds += Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        frames += n
    }

    var perSecond: Double { seconds > 0 ? (frames / seconds).rounded() : 0 }
}

/// The benchmark's trace, written as `photozoom run --record` would write it.
enum ReplayWorkload {
    static func traceText(photoCount: Int, seconds: Double) -> String {
        let window = Size(1280, 800)
        let photos: [Photo] = (0..<photoCount).map { (i: Int) -> Photo in
            let w = Double(400 + i % 5 * 100), h = Double(300 + i % 3 * 150)
            return Photo(name: "photo-\(i).jpg", pixelSize: Size(w, h))
        }
        let layout = GridLayout(windowSize: window, photoCount: photoCount)
        var lines = [TraceHeader(windowSize: window, photos: photos, feel: nil).line]
        let frameCount = Int(seconds * 60)
        for k in 1...frameCount {
            let t = Double(k) / 60
            let phase = k % 120
            var input: [InputEvent] = []
            switch phase {
            case 10:
                let c = layout.cellRect((k / 120) % min(photoCount, 24), scroll: 0).center
                input = [.pointer(.down, t - 0.005, c.x, c.y), .pointer(.up, t - 0.002, c.x, c.y)]
            case 40:
                input = [.pointer(.down, t - 0.004, 640, 400)]
            case 41...50:
                input = [.pointer(.move, t - 0.004, 640 + Double(phase - 40), 400 + Double(phase - 40) * 20)]
            case 51:
                input = [.pointer(.up, t - 0.004, 650, 600)]
            case 100:
                input = [.key(.down, t - 0.003, "escape"), .key(.up, t - 0.001, "escape")]
            case 110 where k % 600 == 110:
                input = [.wheel(t - 0.002, 600, 400, dy: -2)]
            default:
                break
            }
            for e in input { lines.append(TraceEventFormat.line(e)) }
            lines.append(TraceEventFormat.line(.frame(t)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func events(of text: String) -> [InputEvent] {
        let reader = try! TraceReader(text: text, name: "bench", warn: { _ in })
        var out: [InputEvent] = []
        while let e = try! reader.next() { out.append(e) }
        return out
    }
}
