import Foundation

/// A trace written the way a person's session records it: the golden traces' window and photos,
/// a frame every 16 ms, and the hand's events (pointer moves every 8 ms while a button is held,
/// keys pressed and let go) at their instants.
struct HandMadeTrace {
    private var events: [(t: Double, line: String)] = []
    /// Seconds of frames.
    var duration: Double

    init(duration: Double) { self.duration = duration }

    static func time(_ t: Double) -> String {
        String(format: "%.3f", t).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    /// A pointer event; `held` adds the left button (a press, a release, a move while held).
    mutating func pointer(_ t: Double, _ phase: String, _ x: Double, _ y: Double, held: Bool = true) {
        let button = held ? #","button":"left""# : ""
        events.append((t, #"{"t":\#(Self.time(t)),"type":"pointer","phase":"\#(phase)","x":\#(x),"y":\#(y)\#(button),"mods":[]}"#))
    }

    /// A key pressed at `t` and let go 50 ms later.
    mutating func key(_ t: Double, _ name: String) {
        events.append((t, #"{"t":\#(Self.time(t)),"type":"key","phase":"down","key":"\#(name)","mods":[]}"#))
        events.append((t + 0.05, #"{"t":\#(Self.time(t + 0.05)),"type":"key","phase":"up","key":"\#(name)","mods":[]}"#))
    }

    /// A click on the grid cell of photo 3 (chelsea.jpg), opening it (the golden traces' click).
    mutating func clickPhoto3(at t: Double) {
        pointer(t - 0.03, "move", 560.25, 81.75, held: false)
        pointer(t, "down", 560.25, 81.75)
        pointer(t + 0.06, "up", 560.25, 81.75)
    }

    /// A drag of the open photo from the window's centre `distance` pt straight down over 0.3 s,
    /// held still for 0.1 s and let go (no velocity left at the release): pressed at `t`.
    mutating func heldDrag(at t: Double, distance: Double) {
        pointer(t, "down", 640, 400)
        for i in 1...38 { pointer(t + Double(i) * 0.008, "move", 640, 400 + distance * min(1, Double(i) / 37.5)) }
        pointer(t + 0.4, "up", 640, 400 + distance)
    }

    /// A drag of the open photo from the window's centre straight down at `speed` pt/s, let go
    /// while still moving once it has gone `distance` pt (moves every 8 ms): pressed at `t`.
    mutating func thrownDrag(at t: Double, distance: Double, speed: Double) {
        pointer(t, "down", 640, 400)
        let duration = distance / speed
        var i = 1
        while Double(i) * 0.008 < duration - 1e-9 {
            pointer(t + Double(i) * 0.008, "move", 640, 400 + speed * Double(i) * 0.008)
            i += 1
        }
        pointer(t + duration, "up", 640, 400 + distance)
    }

    /// The trace's text: the header of the golden pan dismissal (window, photos, its feel), then
    /// frames and events in time order (a frame before an event at the same instant).
    func text() throws -> String {
        let golden = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/TraceTests/Golden/pan-dismissal.trace.jsonl")
        let header = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n")[0]
        var all: [(t: Double, line: String)] = []
        var k = 1
        while Double(k) * 0.016 <= duration + 1e-9 {
            all.append((Double(k) * 0.016, #"{"t":\#(Self.time(Double(k) * 0.016)),"type":"frame"}"#))
            k += 1
        }
        all += events
        let ordered = all.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element.line)
        return ([String(header)] + ordered).joined(separator: "\n") + "\n"
    }
}
