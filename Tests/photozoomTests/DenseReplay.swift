import Foundation
import Testing

/// A recorded trace replayed with a frame every 1/60 s added between its first and last events:
/// the state log the viewer would have written had the window drawn every frame on time.
///
/// A live state log holds the frames the window drew, and a loaded machine draws few (CI saw one
/// frame wait 5 s): a motion of a few tenths of a second can fall between two of them. What the
/// viewer did with the input does not depend on when frames fell (the replay draws the same
/// viewer at any instants, `replay --rates`), so a check that a phase was shown, or that a
/// motion passed through states between its ends, reads this log instead of the live one.
enum DenseReplay {
    /// The frames added per second.
    static let rate = 60.0

    /// The trace's lines with a `frame` event added every `1 / rate` s from its first event's time
    /// to its last's, each before the first line at a later time.
    static func withFrames(_ trace: String, rate: Double = rate) -> String {
        let lines = trace.split(separator: "\n")
        guard let header = lines.first else { return trace }
        let events = lines.dropFirst()
        let times = events.map(time)
        guard let start = times.compactMap({ $0 }).first, let end = times.compactMap({ $0 }).last else { return trace }
        var out = [String(header)]
        var k = 1
        for (line, t) in zip(events, times) {
            while let t, start + Double(k) / rate < t, start + Double(k) / rate < end {
                out.append(#"{"t":"# + String(format: "%.6f", start + Double(k) / rate) + #","type":"frame"}"#)
                k += 1
            }
            out.append(String(line))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The time of a trace line (`{"t":…,`), seconds.
    static func time(_ line: Substring) -> Double? {
        guard line.hasPrefix(#"{"t":"#) else { return nil }
        return Double(line.dropFirst(5).prefix { $0 != "," && $0 != "}" })
    }

    /// `folder/live.trace.jsonl` with frames added (`dense.trace.jsonl`) replayed into
    /// `dense.states.jsonl`; its lines.
    static func states(in folder: URL, trace name: String = "live.trace.jsonl") async throws -> [Substring] {
        let trace = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let dense = folder.appendingPathComponent("dense.trace.jsonl"), states = folder.appendingPathComponent("dense.states.jsonl")
        for file in [dense, states] { try? FileManager.default.removeItem(at: file) }
        try withFrames(trace).write(to: dense, atomically: false, encoding: .utf8)
        let replay = try await PhotoZoomProcess.run(["replay", dense.path, "--states", states.path])
        try #require(replay.status == 0, "the replay with a frame every \(1 / rate) s failed: \(replay.stderr)")
        return try String(contentsOf: states, encoding: .utf8).split(separator: "\n")
    }
}
