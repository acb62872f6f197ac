import Geometry
import Motion

/// Turns input events into taps, manipulations and scrolls: every recognizer of PhotoZoom behind
/// one entry point, fed every event including `.frame` (time passing ends wheel gestures).
///
/// PROVISIONAL (foundation): plain-mouse tap and pan only. The Gestures issue builds the full set.
public struct GestureRecognizer: Sendable {
    public var settings: GestureSettings
    private var down: (start: Point, last: Point, time: Double, button: PointerButton, mods: Modifiers)?
    private var panning = false
    private var tracker = PointVelocityTracker()

    public init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
    }

    /// True while a manipulation is in progress.
    public var isManipulating: Bool { panning }

    public mutating func handle(_ event: InputEvent, context: GestureContext) -> [GestureEvent] {
        switch event.kind {
        case let .pointer(.down, p, button?, mods):
            down = (p, p, event.time, button, mods)
            panning = false
            tracker.reset()
            tracker.add(time: event.time, point: p)
            return []
        case let .pointer(.move, p, _, _):
            guard var d = down else { return [] }
            d.last = p
            down = d
            tracker.add(time: event.time, point: p)
            if !panning && p.distance(to: d.start) > settings.clickSlopPoints { panning = true
                return [.manipulation(Manipulation(phase: .began, kind: .pan, source: .mouse, startPivot: d.start,
                                                   translation: p - d.start, fingers: [p], time: event.time))]
            }
            guard panning else { return [] }
            return [.manipulation(Manipulation(phase: .changed, kind: .pan, source: .mouse, startPivot: d.start,
                                               translation: p - d.start, velocity: tracker.velocity(),
                                               fingers: [p], time: event.time))]
        case let .pointer(.up, p, _, _):
            guard let d = down else { return [] }
            down = nil
            if panning {
                panning = false
                tracker.add(time: event.time, point: p)
                return [.manipulation(Manipulation(phase: .ended, kind: .pan, source: .mouse, startPivot: d.start,
                                                   translation: p - d.start, velocity: tracker.velocity(at: event.time),
                                                   fingers: [p], time: event.time))]
            }
            return [.tap(location: p, count: 1, button: d.button, modifiers: d.mods, time: event.time)]
        case let .wheel(p, delta, mods):
            return [.scroll(location: p, delta: delta, modifiers: mods, time: event.time)]
        default:
            return []
        }
    }
}
