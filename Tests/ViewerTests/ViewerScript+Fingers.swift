import Foundation
import Geometry
import Gestures

/// Two touch-screen fingers on a line through `centre` at `angle` (radians), `distance` apart.
struct TwoFingers: Hashable {
    var centre: Point
    var distance: Double
    var angle = 0.0

    var points: [Point] {
        let half = Point(cos(angle), sin(angle)) * (distance / 2)
        return [centre - half, centre + half]
    }
}

extension ViewerScript {
    /// Both fingers down (finger 1, then finger 2 a millisecond later).
    mutating func touchDown(_ f: TwoFingers) {
        for (i, p) in f.points.enumerated() { send(.touch(phase: .down, id: i + 1, position: p)) }
    }

    /// Both fingers move together from `f` to `g` in `duration` seconds, at constant rates of
    /// distance, angle and centre: both touch moves every 1/120 s, frames in between. `f` becomes `g`.
    mutating func moveFingers(_ f: inout TwoFingers, to g: TwoFingers, duration: Double) {
        let steps = max(1, Int((duration * 120).rounded()))
        let dt = duration / Double(steps)
        var nextFrame = now + frameInterval
        for j in 1...steps {
            let u = Double(j) / Double(steps)
            let at = TwoFingers(centre: f.centre + (g.centre - f.centre) * u, distance: f.distance + (g.distance - f.distance) * u,
                                angle: f.angle + (g.angle - f.angle) * u)
            frames(until: now + dt, next: &nextFrame)
            for (i, p) in at.points.enumerated() { lab.handle(.touch(.move, now, id: i + 1, p.x, p.y)) }
            notes += viewer.takeNotes()
        }
        f = g
    }

    /// The fingers held still for `seconds` (frames run).
    mutating func holdFingers(_ seconds: Double) {
        var nextFrame = now + frameInterval
        frames(until: now + seconds, next: &nextFrame)
    }

    /// Both fingers lift where they are, 1 ms apart.
    mutating func liftFingers(_ f: TwoFingers) {
        for (i, p) in f.points.enumerated() { send(.touch(phase: .up, id: i + 1, position: p)) }
    }
}
