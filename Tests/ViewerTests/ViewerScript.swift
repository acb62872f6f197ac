import Geometry
import Gestures
import Motion
@testable import LabUI
@testable import Viewing
import Drawing
import Events
import FeelModel

/// A scripted session: a viewer in the feel lab, a clock and helpers that feed it events and frames
/// the way the shell does (events time-stamped between frames, a `.frame` at each frame instant).
struct ViewerScript {
    var lab: LabViewer
    /// The viewer inside the lab.
    var viewer: Viewer {
        get { lab.viewer }
        set { lab.viewer = newValue }
    }
    /// The time of the last event or frame fed, seconds.
    var now = 0.0
    /// Seconds between frames.
    var frameInterval = 1.0 / 60
    /// Every snapshot taken at a frame, in order.
    var snapshots: [StateSnapshot] = []
    var notes: [ViewerNote] = []

    /// Four shapes in turn: 3:2 landscape, 2:3 portrait, square, 16:9, none smaller than the
    /// 1280 × 800 window's fit of it (a smaller photo opens at 100 %, `maximumUpscale`), so each
    /// opens at its aspect fit: 1200 × 800, 533.3 × 800, 800 × 800, 1280 × 720.
    static let shapes = [Size(1200, 800), Size(800, 1200), Size(1000, 1000), Size(1600, 900)]

    static func photos(_ count: Int) -> [Photo] {
        (0..<count).map { Photo(name: "p\($0).png", pixelSize: shapes[$0 % shapes.count]) }
    }

    init(photos count: Int = 60, window: Size = Size(1280, 800), feel: Feel = .defaults) {
        lab = LabViewer(Viewer(photos: ViewerScript.photos(count), windowSize: window, feel: feel))
        frame()
    }

    var snapshot: StateSnapshot { viewer.snapshot }
    var phase: Phase { viewer.phase }
    var pose: PhotoPose? { viewer.transition?.pose.value }

    // MARK: - Time

    /// One frame at `now + frameInterval`.
    mutating func frame() {
        now += frameInterval
        lab.handle(.frame(now))
        snapshots.append(viewer.snapshot)
        notes += viewer.takeNotes()
    }

    /// Frames for `seconds`.
    mutating func run(_ seconds: Double) {
        let end = now + seconds
        while now + frameInterval <= end + 1e-9 { frame() }
    }

    /// Frames until the viewer is at rest (at most `limit` seconds); returns the seconds it took.
    @discardableResult
    mutating func settle(limit: Double = 5) -> Double {
        let start = now
        while now - start < limit {
            frame()
            if viewer.isAtRest { break }
        }
        return now - start
    }

    /// Frames until `condition` holds (at most `limit` seconds).
    mutating func run(until condition: (Viewer) -> Bool, limit: Double = 5) {
        let start = now
        while !condition(viewer) && now - start < limit { frame() }
    }

    // MARK: - Input

    /// An input event `after` seconds from now (the clock moves to it).
    mutating func send(_ kind: InputEvent.Kind, after: Double = 0.001) {
        now += after
        lab.handle(InputEvent(time: now, kind: kind))
        notes += viewer.takeNotes()
    }

    mutating func press(_ p: Point, mods: Modifiers = []) {
        send(.pointer(phase: .down, position: p, button: .left, modifiers: mods))
    }

    mutating func move(_ p: Point, after: Double = 0.001, mods: Modifiers = []) {
        send(.pointer(phase: .move, position: p, button: .left, modifiers: mods), after: after)
    }

    mutating func lift(_ p: Point, after: Double = 0.001, mods: Modifiers = []) {
        send(.pointer(phase: .up, position: p, button: .left, modifiers: mods), after: after)
    }

    /// A click: press and release 40 ms apart at the same point.
    mutating func click(_ p: Point) {
        press(p)
        send(.pointer(phase: .up, position: p, button: .left, modifiers: []), after: 0.04)
    }

    mutating func key(_ name: String, mods: Modifiers = []) {
        send(.key(phase: .down, key: name, modifiers: mods))
        send(.key(phase: .up, key: name, modifiers: mods))
    }

    /// Presses at `from` and drags along a straight line to `to` at constant velocity in `duration`
    /// seconds, one pointer move every 1/120 s with frames in between; `release` lifts at the end.
    mutating func drag(from: Point, to: Point, duration: Double, release: Bool = true) {
        drag(through: [from, to], durations: [duration], release: release)
    }

    /// Presses at the first point and drags through the others, each segment at constant velocity
    /// in its duration (pointer moves at 120 Hz, frames in between); lifts at the last point unless
    /// `release` is false.
    mutating func drag(through points: [Point], durations: [Double], release: Bool = true) {
        precondition(points.count == durations.count + 1)
        press(points[0])
        var nextFrame = now + frameInterval
        for (i, duration) in durations.enumerated() {
            let from = points[i], to = points[i + 1]
            let steps = max(1, Int((duration * 120).rounded()))
            let dt = duration / Double(steps)
            for j in 1...steps {
                let p = from + (to - from) * (Double(j) / Double(steps))
                frames(until: now + dt, next: &nextFrame)
                let last = release && i == durations.count - 1 && j == steps
                lab.handle(.pointer(last ? .up : .move, now, p.x, p.y))
                notes += viewer.takeNotes()
            }
        }
    }

    /// Runs the frames due before `target` (from `next`, one `frameInterval` apart, recording
    /// snapshots and notes), then sets the clock to `target` for the input that comes there.
    mutating func frames(until target: Double, next: inout Double) {
        while next < target {
            now = next
            lab.handle(.frame(now))
            snapshots.append(viewer.snapshot)
            notes += viewer.takeNotes()
            next += frameInterval
        }
        now = target
    }

    /// A recognized gesture fed straight to the viewer (pinches, rotations, double taps), at `now`.
    mutating func gesture(_ g: GestureEvent) {
        viewer.handle(gesture: g)
        notes += viewer.takeNotes()
    }

    /// A two-finger manipulation about `pivot`: scale and rotation change linearly to `scale` and
    /// `rotation`, the pivot travels by `translation`, over `duration` seconds with updates at
    /// 120 Hz and frames in between; ended with the given release velocities.
    mutating func manipulate(pivot: Point, scale: Double = 1, rotation: Double = 0, translation: Point = .zero,
                             duration: Double, kind: ManipulationKind, source: GestureSource = .mouseMirrored,
                             endVelocity: Point = .zero, endScaleVelocity: Double = 0, endRotationVelocity: Double = 0,
                             end: Bool = true) {
        let steps = max(1, Int((duration * 120).rounded()))
        let dt = duration / Double(steps)
        let vScale = (scale - 1) / duration, vRot = rotation / duration, vT = translation / duration
        func sample(_ phase: GesturePhase, _ f: Double, _ t: Double) -> Manipulation {
            Manipulation(phase: phase, kind: kind, source: source, startPivot: pivot, translation: translation * f,
                         scale: 1 + (scale - 1) * f, rotation: rotation * f, velocity: vT, scaleVelocity: vScale,
                         rotationVelocity: vRot, fingers: [pivot + Point(-40, 0), pivot + Point(40, 0)], time: t)
        }
        now += 0.001
        gesture(.manipulation(sample(.began, 0, now)))
        var nextFrame = now + frameInterval
        for i in 1...steps {
            frames(until: now + dt, next: &nextFrame)
            gesture(.manipulation(sample(.changed, Double(i) / Double(steps), now)))
        }
        if end {
            var last = sample(.ended, 1, now)
            last.velocity = endVelocity
            last.scaleVelocity = endScaleVelocity
            last.rotationVelocity = endRotationVelocity
            gesture(.manipulation(last))
        }
    }

    // MARK: - Places

    /// The centre of cell `index` in the window now.
    func cellCenter(_ index: Int) -> Point {
        viewer.layout.cellRect(index, scroll: viewer.scrollOffset).center
    }

    /// Opens photo `index` with a click and lets it settle.
    mutating func openAndSettle(_ index: Int) {
        click(cellCenter(index))
        settle()
    }
}

/// Prints a measured figure so it shows in the test log (`swift test --filter ViewerTests`).
func report(_ line: String) {
    print("[figure] \(line)")
}
