import Geometry
@testable import Gestures
import Events

/// A recognizer fed a scripted list of events, keeping everything it said.
struct GestureScript {
    var recognizer: GestureRecognizer
    var context: GestureContext
    private(set) var output: [GestureEvent] = []

    init(settings: GestureSettings = GestureSettings(), mirrorPivot: Point = Point(500, 400)) {
        recognizer = GestureRecognizer(settings: settings)
        context = GestureContext(mirrorPivot: mirrorPivot)
    }

    /// Feeds one event and returns what it made.
    @discardableResult
    mutating func feed(_ event: InputEvent) -> [GestureEvent] {
        let made = recognizer.handle(event, context: context)
        output += made
        return made
    }

    /// Feeds events in order and returns everything they made.
    @discardableResult
    mutating func feed(_ events: [InputEvent]) -> [GestureEvent] {
        events.flatMap { feed($0) }
    }

    var manipulations: [Manipulation] { output.compactMap(\.manipulation) }
    var taps: [GestureEvent] { output.filter { if case .tap = $0 { true } else { false } } }
    var last: Manipulation? { manipulations.last }

    func anomalies(_ kind: InputAnomaly) -> Int { recognizer.anomalyCounts[kind, default: 0] }
}

extension GestureEvent {
    var manipulation: Manipulation? {
        if case let .manipulation(m) = self { m } else { nil }
    }

    /// The tap's count, or nil when this is not a tap.
    var tapCount: Int? {
        if case let .tap(_, count, _, _, _) = self { count } else { nil }
    }

    var tapLocation: Point? {
        if case let .tap(location, _, _, _, _) = self { location } else { nil }
    }

    /// True when every number in the event is finite.
    var isFinite: Bool {
        switch self {
        case let .tap(location, _, _, _, time):
            return location.isFinite && time.isFinite
        case let .scroll(location, delta, _, time):
            return location.isFinite && delta.isFinite && time.isFinite
        case let .manipulation(m):
            return m.startPivot.isFinite && m.translation.isFinite && m.scale.isFinite && m.rotation.isFinite
                && m.velocity.isFinite && m.scaleVelocity.isFinite && m.rotationVelocity.isFinite
                && m.fingers.allSatisfy(\.isFinite) && m.fingerCentre.isFinite && m.time.isFinite
        }
    }
}

/// True when `a` and `b` differ by at most `tolerance` on each axis.
func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// True when `a` and `b` differ by at most `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
