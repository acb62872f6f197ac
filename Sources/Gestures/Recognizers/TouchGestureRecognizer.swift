import Geometry
import Events

/// Real touch-screen fingers (already in window points): one finger pans, two pinch and rotate
/// while their centroid pans, a third or later finger is ignored until it lifts.
///
/// A finger landing or lifting re-grips the manipulation where it stands, so going from one
/// finger to two and back never makes the photo jump. The manipulation begins when any finger
/// moves farther than the slop from where it went down; a single finger that lifts before that
/// is a tap (a second finger rules the tap out). A `cancel` for any held finger cancels the
/// manipulation and forgets every finger.
struct TouchGestureRecognizer: Sendable {
    private struct Finger: Sendable {
        var id: Int
        var downPosition: Point
        var position: Point
    }

    /// The settings in force (a session under way keeps its own copy).
    var settings: GestureSettings
    /// The fingers that drive the gesture, at most two, in the order they went down.
    private var fingers: [Finger] = []
    /// Fingers down beyond the first two (or left over from a cancelled gesture): ignored until they lift.
    private var ignored: Set<Int> = []
    private var session: ManipulationSession?

    init(settings: GestureSettings) {
        self.settings = settings
    }

    /// True while a finger drives a gesture.
    var isTouching: Bool { !fingers.isEmpty }

    /// Where finger `id` was last seen, if it drives the gesture.
    func position(of id: Int) -> Point? {
        fingers.first { $0.id == id }?.position
    }

    /// True while a reported manipulation is in progress.
    var isManipulating: Bool { session?.state.isActive ?? false }

    mutating func handle(_ phase: TouchPhase, id: Int, at position: Point, time: Double,
                         taps: inout TapRecognizer, output: inout RecognizerOutput) {
        switch phase {
        case .down:
            guard !ignored.contains(id), !fingers.contains(where: { $0.id == id }) else {
                return output.note(.duplicateTouch)
            }
            guard fingers.count < 2 else {
                ignored.insert(id)
                return
            }
            fingers.append(Finger(id: id, downPosition: position, position: position))
            if fingers.count == 1 {
                taps.press(at: position, time: time, button: .left, modifiers: [])
                session = ManipulationSession(grip: grip, time: time, settings: settings)
            } else {
                taps.fail()
                let newGrip = grip
                session?.regrip(newGrip, time: time)
                reportChange(time: time, output: &output)
            }
        case .move:
            if ignored.contains(id) { return }
            guard let index = fingers.firstIndex(where: { $0.id == id }) else { return output.note(.unknownTouch) }
            move(index, to: position, time: time, taps: &taps, output: &output)
        case .up:
            if ignored.remove(id) != nil { return }
            guard let index = fingers.firstIndex(where: { $0.id == id }) else { return output.note(.unknownTouch) }
            move(index, to: position, time: time, taps: &taps, output: &output)
            fingers.remove(at: index)
            if fingers.isEmpty {
                finish(time: time, taps: &taps, output: &output)
            } else {
                let newGrip = grip
                session?.regrip(newGrip, time: time)
                reportChange(time: time, output: &output)
            }
        case .cancel:
            if ignored.remove(id) != nil { return }
            guard fingers.contains(where: { $0.id == id }) else { return output.note(.unknownTouch) }
            cancel(time: time, taps: &taps, output: &output)
            // The other finger, if any, is still on the glass: ignore it until it lifts.
            fingers.removeAll()
        }
    }

    /// A finger that was refused (the mouse held a press): its later events are ignored quietly.
    mutating func ignore(id: Int) {
        if !fingers.contains(where: { $0.id == id }) { ignored.insert(id) }
    }

    /// Cancels the manipulation; every finger still down is ignored until it lifts.
    mutating func cancel(time: Double, taps: inout TapRecognizer, output: inout RecognizerOutput) {
        taps.fail()
        if var active = session, active.state.isActive {
            output.emit(active.report(.cancelled, at: time))
        }
        session = nil
        for finger in fingers { ignored.insert(finger.id) }
        fingers.removeAll()
    }

    // MARK: - Steps

    private var grip: Grip {
        Grip(tracked: fingers.map(\.position), source: .touch)
    }

    private mutating func move(_ index: Int, to position: Point, time: Double,
                               taps: inout TapRecognizer, output: inout RecognizerOutput) {
        fingers[index].position = position
        guard var active = session else { return }
        active.move(to: grip, time: time)
        session = active
        taps.move(to: position)
        if active.state == .possible {
            let beyondSlop = fingers.contains { $0.position.distance(to: $0.downPosition) > settings.clickSlopPoints }
            if beyondSlop {
                taps.fail()
                output.emit(active.report(.began, at: time))
                session = active
            }
        } else {
            reportChange(time: time, output: &output)
        }
    }

    private mutating func reportChange(time: Double, output: inout RecognizerOutput) {
        guard var active = session, active.state.isActive, active.hasUnreportedChange else { return }
        output.emit(active.report(.changed, at: time))
        session = active
    }

    private mutating func finish(time: Double, taps: inout TapRecognizer, output: inout RecognizerOutput) {
        defer { session = nil }
        if var active = session, active.state.isActive {
            taps.fail()
            output.emit(active.report(.ended, at: time))
        } else if let tap = taps.release(time: time) {
            output.emit(tap)
        }
    }
}
