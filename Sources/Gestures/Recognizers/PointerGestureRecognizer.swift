import Geometry
import Events

/// Mouse presses and drags: taps with any button, and with the left button manipulations made
/// from the modifier keys (see `PointerDragMode`). A state machine over one press at a time.
///
/// Modifiers are read from every pointer event and every key event. When they change the drag's
/// mode mid-drag, the session is re-gripped at the pointer's last position (the modifier went
/// down before the motion that reports it), then the motion is applied in the new mode: the
/// manipulation goes on as one, its transform continuous, so the photo never jumps.
struct PointerGestureRecognizer: Sendable {
    private struct Press: Sendable {
        var button: PointerButton
        var downPosition: Point
        var position: Point
        var mode: PointerDragMode
        /// The manipulation of a left-button press; nil for other buttons, or once cancelled.
        var session: ManipulationSession?
    }

    /// The settings in force (a session under way keeps its own copy).
    var settings: GestureSettings
    private var press: Press?
    /// Buttons pressed while another press was held: their releases are expected and ignored.
    private var ignoredButtons: Set<PointerButton> = []

    init(settings: GestureSettings) {
        self.settings = settings
    }

    /// True while a button is held.
    var isPressed: Bool { press != nil }

    /// Where the held press was last seen, window points; nil when nothing is held.
    var lastPosition: Point? { press?.position }

    /// True while a left-button press holds a manipulation (reported or still possible).
    var holdsSession: Bool { press?.session != nil }

    /// True while a reported manipulation is in progress.
    var isManipulating: Bool { press?.session?.state.isActive ?? false }

    // MARK: - Events

    mutating func handle(_ phase: PressPhase, at position: Point, button: PointerButton?, modifiers: Modifiers,
                         time: Double, context: GestureContext, taps: inout TapRecognizer,
                         output: inout RecognizerOutput) {
        switch phase {
        case .down:
            guard let button else { return output.note(.pressWithoutButton) }
            guard press == nil else {
                ignoredButtons.insert(button)
                return output.note(.secondPress)
            }
            taps.press(at: position, time: time, button: button, modifiers: modifiers)
            var newPress = Press(button: button, downPosition: position, position: position, mode: .plain, session: nil)
            if button == .left {
                newPress.mode = PointerDragMode.plain.entering(PointerDragMode.family(for: modifiers),
                                                              pointer: position, mirrorPivot: context.mirrorPivot)
                newPress.session = ManipulationSession(grip: newPress.mode.grip(pointer: position), time: time,
                                                       settings: settings)
            }
            press = newPress
        case .move:
            guard press != nil else {
                if button != nil { output.note(.moveWithoutPress) }
                return
            }
            guard button != nil else {
                // No button held any more: the release happened where we could not see it.
                output.note(.releaseLost)
                return finish(time: time, taps: &taps, output: &output)
            }
            track(to: position, modifiers: modifiers, time: time, context: context, taps: &taps, output: &output)
        case .up:
            if let held = press, button == nil || button == held.button {
                // A duplicate press of the held button meant a release was lost: this one ends it.
                ignoredButtons.remove(held.button)
                track(to: position, modifiers: modifiers, time: time, context: context, taps: &taps, output: &output)
                return finish(time: time, taps: &taps, output: &output)
            }
            if let button, ignoredButtons.remove(button) != nil { return }
            output.note(.releaseWithoutPress)
        }
    }

    /// A key event: its modifiers may change the drag's mode.
    mutating func modifiersChanged(to modifiers: Modifiers, time: Double, context: GestureContext,
                                   output: inout RecognizerOutput) {
        guard var held = press, held.session != nil else { return }
        switchMode(&held, to: modifiers, context: context, time: time)
        press = held
        reportChange(time: time, output: &output)
    }

    /// A Ctrl or Ctrl + Shift wheel step while the left button holds a manipulation: folded into
    /// it as a pinch or rotation about the pointer (the press can no longer be a tap).
    mutating func apply(_ step: WheelStep, at _: Point, time: Double, taps: inout TapRecognizer,
                        output: inout RecognizerOutput) {
        guard var held = press, var session = held.session else { return }
        taps.fail()
        // About the pointer as the drag last saw it: a wheel event's own position can lag or lead
        // the drag's motion (another device, a queue between them), and the pivot must not leap.
        session.apply(step: step.motion(about: held.position), pinch: step.isPinch, rotate: step.isRotate, time: time)
        held.session = session
        press = held
        if session.state == .possible {
            beginSession(time: time, output: &output)
        } else {
            reportChange(time: time, output: &output)
        }
    }

    /// Cancels the manipulation (the press stays held but does nothing more until released).
    mutating func cancel(time: Double, taps: inout TapRecognizer, output: inout RecognizerOutput) {
        guard var held = press else { return }
        taps.fail()
        if var session = held.session, session.state.isActive {
            output.emit(session.report(.cancelled, at: time))
        }
        held.session = nil
        press = held
    }

    // MARK: - Steps

    private mutating func track(to position: Point, modifiers: Modifiers, time: Double, context: GestureContext,
                                taps: inout TapRecognizer, output: inout RecognizerOutput) {
        guard var held = press else { return }
        if held.session != nil { switchMode(&held, to: modifiers, context: context, time: time) }
        held.position = position
        if var session = held.session {
            session.move(to: held.mode.grip(pointer: position), time: time)
            held.session = session
        }
        press = held
        taps.move(to: position)
        if held.session?.state == .possible {
            if position.distance(to: held.downPosition) > settings.clickSlopPoints {
                beginSession(time: time, output: &output)
            }
        } else {
            reportChange(time: time, output: &output)
        }
    }

    private func switchMode(_ held: inout Press, to modifiers: Modifiers, context: GestureContext, time: Double) {
        let family = PointerDragMode.family(for: modifiers)
        guard family != held.mode.family, var session = held.session else { return }
        let mode = held.mode.entering(family, pointer: held.position, mirrorPivot: context.mirrorPivot)
        guard mode != held.mode else { return }
        held.mode = mode
        session.regrip(mode.grip(pointer: held.position), time: time)
        held.session = session
    }

    private mutating func beginSession(time: Double, output: inout RecognizerOutput) {
        guard var held = press, var session = held.session else { return }
        output.emit(session.report(.began, at: time))
        held.session = session
        press = held
    }

    private mutating func reportChange(time: Double, output: inout RecognizerOutput) {
        guard var held = press, var session = held.session, session.state.isActive,
              session.hasUnreportedChange else { return }
        output.emit(session.report(.changed, at: time))
        held.session = session
        press = held
    }

    private mutating func finish(time: Double, taps: inout TapRecognizer, output: inout RecognizerOutput) {
        guard let held = press else { return }
        press = nil
        if var session = held.session, session.state.isActive {
            taps.fail()
            output.emit(session.report(.ended, at: time))
        } else if let tap = taps.release(time: time) {
            output.emit(tap)
        }
    }
}
