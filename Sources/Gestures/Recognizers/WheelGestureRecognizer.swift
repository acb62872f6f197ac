import Geometry

/// Wheel gestures with no button held: Ctrl + wheel pinches about the pointer, Ctrl + Shift +
/// wheel rotates about it (see `WheelStep`), one step per wheel event, each about the pointer
/// where it is then.
///
/// The first step begins the manipulation (with the step already applied, so one notch acts at
/// once); later steps change it; switching between Ctrl and Ctrl + Shift keeps it going (its kind
/// becomes `pinchRotate`). It ends when no step has come for `wheelQuietSeconds` (at that instant,
/// `quietDeadline`: the viewer steps to it exactly, whatever the frame rate), or at once when a plain
/// wheel event, a press or a touch comes. Its end velocities are the trackers' figures at the end,
/// as for a pointer let go: a wheel that has been still for the stop gap (`velocityStopGapSeconds`,
/// shorter than the quiet spell) hands over nothing, so a zoom or a turn that had stopped stays
/// where the hand left it; a press 10 ms after a notch hands over the wheel's rate.
struct WheelGestureRecognizer: Sendable {
    /// The settings in force (a session under way keeps its own copy).
    var settings: GestureSettings
    private var session: ManipulationSession?
    /// Time of the last step, seconds.
    private var lastStepTime = -Double.infinity

    init(settings: GestureSettings) {
        self.settings = settings
    }

    /// True while a wheel manipulation is in progress.
    var isManipulating: Bool { session != nil }

    /// Applies a step at `pointer`, beginning the manipulation if none is in progress.
    mutating func apply(_ step: WheelStep, at pointer: Point, time: Double, output: inout RecognizerOutput) {
        let grip = Grip(tracked: [], fixedCentre: pointer, source: .wheel)
        // The unmoved start and the first step share an instant, so the step's result replaces
        // the start as the first velocity sample.
        var active = session ?? ManipulationSession(grip: grip, time: time, settings: settings)
        active.regrip(grip, time: time)
        active.apply(step: step.motion(about: pointer), pinch: step.isPinch, rotate: step.isRotate, time: time)
        output.emit(active.report(active.state == .possible ? .began : .changed, at: time))
        session = active
        lastStepTime = time
    }

    /// The instant the quiet spell ends the manipulation in progress; nil when none is.
    var quietDeadline: Double? { session != nil ? lastStepTime + settings.wheelQuietSeconds : nil }

    /// Ends the manipulation if the wheel has been quiet for `wheelQuietSeconds` at `time`.
    mutating func endIfQuiet(at time: Double, output: inout RecognizerOutput) {
        // The same sum as `quietDeadline`, so the step to that instant ends it (a difference
        // `time − lastStepTime` can fall an ulp short of the quiet spell).
        guard session != nil, time >= lastStepTime + settings.wheelQuietSeconds else { return }
        end(at: time, output: &output)
    }

    /// Ends the manipulation now, if one is in progress.
    mutating func end(at time: Double, output: inout RecognizerOutput) {
        guard var active = session else { return }
        session = nil
        output.emit(active.report(.ended, at: time))
    }

    /// Cancels the manipulation, if one is in progress.
    mutating func cancel(at time: Double, output: inout RecognizerOutput) {
        guard var active = session else { return }
        session = nil
        output.emit(active.report(.cancelled, at: time))
    }
}
