import Foundation
import Plotting
import Viewing
import Testing
import TestSupport

/// The plot's velocity strips read the motion, not the spacing of frames: a state log written
/// under Xvfb without vsync has frames 0.2–0.5 ms apart, and a backward difference across one of
/// them turns the hand's 8 pt step between two inputs into tens of thousands of pt/s.
@Suite("Plot velocity strips: a fit over a fixed window, within 1.5× of the hand's speed however close the frames")
struct PlotVelocityTests {
    /// A drag at `speed` pt/s to the right whose photo moves in 8 pt steps (an input every 8 ms),
    /// drawn in frame pairs 0.3 ms apart every 16.7 ms (Xvfb without vsync).
    static func xvfbLog(speed: Double) -> String {
        var lines: [String] = []
        var frame = 0
        for cycle in 0..<30 {
            for offset in [0.0, 0.0003] {
                let t = 0.5 + Double(cycle) / 60 + offset
                // The photo is where the last input put it: the hand's position at the last 8 ms tick.
                let x = 300 + speed * ((t - 0.5) / 0.008).rounded(.down) * 0.008
                frame += 1
                lines.append("{\"frame\":\(frame),\"t\":\(t),\"phase\":\"interacting\",\"photo\":3,\"image\":{\"x\":\(x),\"y\":400,"
                             + "\"w\":600,\"h\":400,\"rotation\":0},\"backdrop\":1,\"progress\":1,\"scroll\":0,\"gesture\":\"pan\"}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a 1000 pt/s drag drawn in frames 0.3 ms apart plots at most 1500 pt/s, and about 1000 pt/s on average")
    func closeFrames() throws {
        let log = try PlotLog.parse(Self.xvfbLog(speed: 1000), name: "xvfb", file: "xvfb")
        let speeds = log.samples.compactMap(\.centerSpeed)
        #expect(speeds.count >= 50)
        #expect(speeds.max()! <= 1500, "peak \(speeds.max()!) pt/s")
        let mean = speeds.dropFirst(4).reduce(0, +) / Double(speeds.count - 4)
        #expect(abs(mean - 1000) < 150, "mean \(mean) pt/s")
    }

    /// A live session's state log (Tests/DesktopTests/Fixtures/xvfb-drag.states.jsonl, written by
    /// PacedDragTests under Xvfb): drags of 3 pt every 4 ms (750 pt/s), frames 0.5–17 ms apart.
    @Test("a live Xvfb drag at 750 pt/s plots within 1.5× of it, at the pick-up too (frame-to-frame: 22 514 pt/s)")
    func liveXvfbDrag() throws {
        let file = Repository.path("Tests/DesktopTests/Fixtures/xvfb-drag.states.jsonl")
        let log = try PlotLog.parse(String(contentsOf: file, encoding: .utf8), name: "xvfb-drag", file: file.path)
        let dragging = log.samples.filter { $0.phase == .interacting }
        // Each drag's start: the first interacting frame after another phase.
        let starts = zip(log.samples, log.samples.dropFirst()).filter { $0.phase != .interacting && $1.phase == .interacting }.map(\.1.time)
        #expect(!starts.isEmpty)
        // The pick-up: the photo takes the 12 pt the hand moved before the drag was recognised in
        // one frame, drawn 0.6 ms after a frame at rest; the fit spans at least 1/60 s of motion, so
        // that step is read over the time the hand took, not over the frames bunched after it.
        let steady = dragging.filter { s in !starts.contains { s.time >= $0 && s.time < $0 + 0.05 } }.compactMap(\.centerSpeed)
        #expect(steady.count > 30)
        #expect(steady.max()! <= 1.5 * 750, "steady drag: peak \(steady.max()!) pt/s")
        let all = dragging.compactMap(\.centerSpeed)
        #expect(all.max()! <= 1.5 * 750, "with the pick-up: peak \(all.max()!) pt/s")
    }

    @Test("frames a display interval apart keep their velocities: a steady 16 ms log reads its speed exactly")
    func evenFrames() throws {
        let lines = (0..<20).map { i in
            "{\"frame\":\(i + 1),\"t\":\(0.5 + Double(i) * 0.016),\"phase\":\"interacting\",\"photo\":3,\"image\":{\"x\":\(300 + Double(i) * 16),\"y\":400,"
                + "\"w\":600,\"h\":400,\"rotation\":0},\"backdrop\":1,\"progress\":1,\"scroll\":0,\"gesture\":\"pan\"}"
        }
        let log = try PlotLog.parse(lines.joined(separator: "\n") + "\n", name: "even", file: "even")
        // 16 pt every 16 ms: 1000 pt/s at every frame after the first.
        for s in log.samples.dropFirst() {
            #expect(abs((s.centerSpeed ?? 0) - 1000) < 1e-6, "\(s.time): \(s.centerSpeed ?? .nan)")
        }
    }
}
