import Trace

/// How long a trace file is, read ahead of a replay: its frame count and its last frame's time.
struct TraceExtent {
    var frameCount = 0
    var lastFrameTime = 0.0

    /// Reads the whole file once (streaming; warnings are left to the replay that follows).
    init(path: String) throws {
        let reader = try TraceReader(path: path, warn: { _ in })
        while let event = try reader.next() {
            if case .frame = event.kind {
                frameCount += 1
                lastFrameTime = reader.lastTime
            }
        }
    }
}
