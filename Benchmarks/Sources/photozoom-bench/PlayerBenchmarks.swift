import Benchmark
import Foundation
import Geometry
import Gestures
import Player
import Trace
import Viewing
import Drawing
import Events

/// The trace player's scrub: the replay work to show any frame of a 10-minute session (target:
/// under 50 ms). The session is 600 s at 60 Hz (36,000 frames) with a 1000 Hz mouse: every 3 s a
/// click opens a cell, a 300 ms drag pulls the photo down (300 moves, in bursts of 16–17 per frame)
/// and lets go, Escape closes it; about 100,000 events in all.
///
/// - "scrub to random points": each iteration scrubs to the next of 1,000 seeded times across the
///   session (from wherever the last left the playhead).
/// - "scrub, worst case": each iteration scrubs from the start to the frame just before a
///   checkpoint, which replays the whole stretch between two checkpoints.
/// - "play one window frame at 4×": what playing costs per drawn frame at the fastest speed.
/// `events/scrub` is the replay work counted in events; the time column is the cost.
let playerBenchmarks = BenchmarkSuite(name: "Player") { suite in
    let trace = PlayerWorkload.trace(seconds: 600)
    let player = try! TracePlayer(trace: trace)
    // The frames whose reaching costs most: just before each checkpoint after the first.
    let worst = PlayerWorkload.framesBeforeCheckpoints(of: trace, interval: player.a.checkpointInterval)

    suite.benchmark("scrub to random points of a 10-minute trace") { state in
        var generator = SystemRandomNumberGenerator()
        let times = (0..<1000).map { _ in Double.random(in: 0...trace.duration, using: &generator) }
        var k = 0
        let before = player.a.replayedEvents
        var scrubs = 0
        try state.measure {
            try! player.scrub(toTime: times[k % times.count])
            k += 1
            scrubs += 1
        }
        state.counters["events/scrub"] = Double(player.a.replayedEvents - before) / Double(max(1, scrubs))
        state.counters["events"] = Double(trace.eventCount)
    }

    suite.benchmark("scrub, worst case (a whole stretch between checkpoints)") { state in
        var k = 0
        let before = player.a.replayedEvents
        var scrubs = 0
        try state.measure {
            try! player.seek(toFrame: 1)
            let start = player.a.replayedEvents
            try! player.seek(toFrame: worst[k % worst.count])
            blackHole(player.a.replayedEvents - start)
            k += 1
            scrubs += 1
        }
        state.counters["events/scrub"] = Double(player.a.replayedEvents - before) / Double(max(1, scrubs))
        state.counters["longest stretch"] = Double(player.a.longestStretch)
    }

    suite.benchmark("play one window frame (1/60 s) at 4×") { state in
        try! player.seek(toFrame: 1)
        player.doubleSpeed()
        player.doubleSpeed()
        var frames = 0
        let before = player.a.replayedEvents
        try state.measure {
            if !player.isPlaying { player.togglePlaying() }
            try! player.advance(wallSeconds: 1.0 / 60)
            frames += 1
        }
        state.counters["events/frame"] = Double(player.a.replayedEvents - before) / Double(max(1, frames))
        player.halveSpeed()
        player.halveSpeed()
    }

    suite.benchmark("load a 10-minute trace (one replay, checkpoints and marks)") { state in
        try state.measure {
            blackHole(try! TracePlayer(trace: trace))
        }
    }
}

enum PlayerWorkload {
    static func trace(seconds: Double) -> PlaybackTrace {
        let window = Size(1280, 800)
        let photos: [Photo] = (0..<100).map { (i: Int) -> Photo in
            Photo(name: "photo-\(i).jpg", pixelSize: Size(Double(400 + i % 5 * 100), Double(300 + i % 3 * 150)))
        }
        let layout = GridLayout(windowSize: window, photoCount: photos.count)
        var input: [InputEvent] = []
        var cycle = 0
        while Double(cycle + 1) * 3 < seconds {
            let t0 = Double(cycle) * 3 + 0.5
            let c = layout.cellRect(cycle % 24, scroll: 0).center
            input += [.pointer(.down, t0, c.x, c.y), .pointer(.up, t0 + 0.06, c.x, c.y)]
            let start = t0 + 0.9
            input.append(.pointer(.down, start, 640, 400))
            for k in 1...300 {
                input.append(.pointer(.move, start + Double(k) / 1000, 640 + Double(k) * 0.1, 400 + Double(k) * (cycle % 2 == 0 ? 1.2 : 0.3),
                                      button: .left))
            }
            input.append(.pointer(.up, start + 0.301, 670, 760))
            input += [.key(.down, t0 + 2.2, "escape"), .key(.up, t0 + 2.25, "escape")]
            cycle += 1
        }
        var events: [InputEvent] = []
        var i = 0
        for k in 1...Int(seconds * 60) {
            let t = Double(k) / 60
            while i < input.count, input[i].time <= t { events.append(input[i]); i += 1 }
            events.append(.frame(t))
        }
        return PlaybackTrace(name: "bench", header: TraceHeader(windowSize: window, photos: photos, feel: nil), events: events)
    }

    /// The frame just before each checkpoint a run with `interval` takes (see `PlaybackRun`).
    static func framesBeforeCheckpoints(of trace: PlaybackTrace, interval: Int) -> [Int] {
        var out: [Int] = []
        var last = 0
        for (n, index) in trace.frameEventIndices.enumerated() where index + 1 - last >= interval {
            // Frame n + 1 ends the stretch; frame n is the last one reached from the previous checkpoint.
            if n > 0 { out.append(n) }
            last = index + 1
        }
        return out
    }
}
