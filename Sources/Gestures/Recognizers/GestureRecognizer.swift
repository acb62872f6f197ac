import Geometry
import Motion
import Events

/// Turns input events into taps, manipulations and scrolls: every recognizer of PhotoZoom behind
/// one entry point. Feed it every event, `.frame` included (time passing ends wheel gestures).
/// Pure and deterministic: the same events give the same gesture events, bit for bit.
///
/// - Taps and double taps (`TapRecognizer`), from any mouse button or one finger.
/// - Mouse drags with the left button (`PointerGestureRecognizer`): plain = pan; Alt = two
///   fingers mirrored through `context.mirrorPivot`; Alt + Shift = the pair travels; modifier
///   changes mid-drag re-grip without a jump. A Ctrl / Ctrl + Shift wheel step during a drag is
///   folded into it.
/// - Wheel gestures (`WheelGestureRecognizer`): Ctrl + wheel pinches, Ctrl + Shift + wheel rotates,
///   about the pointer; any other wheel event is a `.scroll`.
/// - Touch (`TouchGestureRecognizer`): one finger pans, two pinch and rotate.
///
/// One manipulation at a time: a press while fingers are down cancels the touch gesture and goes
/// ahead (those fingers are ignored until they lift); a touch while a button is held is ignored;
/// a press or touch ends a wheel gesture first.
///
/// Bad input never stops it and never puts a NaN out (each case is an `InputAnomaly`, counted in
/// `anomalyCounts`): times that go backwards or are not finite are taken as the last good time;
/// events with NaN, infinite or absurd (beyond ±10⁹) coordinates or wheel deltas are ignored,
/// except releases and lifts, which happen where the pointer or finger was last seen (a mirror
/// pivot like that is treated as none: Alt + drag then pans); a release, a move with a button, or a touch
/// id that was never pressed is ignored; a second press while one is held is ignored with its
/// release; a duplicate touch down is ignored; motion without a button during a press means the
/// release was lost, and the press ends where it was last seen.
package struct GestureRecognizer: Sendable {
    /// The settings in force. Changing them (a tuned feel) takes effect at the next event; a
    /// manipulation already under way keeps the velocity, finger-span and kind numbers it began with.
    package var settings: GestureSettings {
        didSet {
            taps.settings = settings
            pointer.settings = settings
            touch.settings = settings
            wheel.settings = settings
        }
    }
    /// How many of each anomaly the recognizer has set aside since it was made.
    package private(set) var anomalyCounts: [InputAnomaly: Int] = [:]
    /// The most recent anomaly, if any.
    package private(set) var lastAnomaly: InputAnomaly?
    /// The time of the last event taken (after clamping), seconds.
    package private(set) var time: Double = -.infinity

    private var taps: TapRecognizer
    private var pointer: PointerGestureRecognizer
    private var touch: TouchGestureRecognizer
    private var wheel: WheelGestureRecognizer

    package init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
        taps = TapRecognizer(settings: settings)
        pointer = PointerGestureRecognizer(settings: settings)
        touch = TouchGestureRecognizer(settings: settings)
        wheel = WheelGestureRecognizer(settings: settings)
    }

    /// The next instant at which time passing alone ends a gesture (a wheel gesture's quiet spell);
    /// nil when nothing waits. The viewer steps to it exactly and feeds a `.frame` there, so the
    /// release happens at the same instant whatever the frame rate.
    package var nextDeadline: Double? { wheel.quietDeadline }

    /// True while a manipulation has been reported as begun and has not ended.
    package var isManipulating: Bool {
        pointer.isManipulating || touch.isManipulating || wheel.isManipulating
    }

    /// Feeds one event; returns what it completes, in order (a wheel gesture ended by the quiet
    /// spell comes before anything the event itself makes).
    ///
    /// - Parameters:
    ///   - event: the input event, in time order.
    ///   - viewerContext: what the viewer knows now; its `mirrorPivot` is read when Alt goes
    ///     down (at a press or mid-drag).
    package mutating func handle(_ event: InputEvent, context viewerContext: GestureContext) -> [GestureEvent] {
        var output = RecognizerOutput()
        let t = takeTime(event.time, output: &output)
        var context = viewerContext
        if !Self.isUsable(context.mirrorPivot) { context.mirrorPivot = Point(.nan, .nan) }
        wheel.endIfQuiet(at: t, output: &output)
        switch event.kind {
        case let .pointer(phase, eventPosition, button, modifiers):
            var position = eventPosition
            if !Self.isUsable(position) {
                output.note(.nonFiniteCoordinates)
                // A release still releases (where the pointer was last seen), so nothing stays held.
                guard phase == .up, let last = pointer.lastPosition else { break }
                position = last
            }
            if phase == .down {
                if touch.isTouching {
                    // The mouse takes over: a finger whose lift was lost must not block it.
                    output.note(.pressDuringTouch)
                    touch.cancel(time: t, taps: &taps, output: &output)
                }
                wheel.end(at: t, output: &output)
            }
            pointer.handle(phase, at: position, button: button, modifiers: modifiers, time: t, context: context,
                           taps: &taps, output: &output)
        case let .wheel(position, delta, modifiers):
            guard Self.isUsable(position), Self.isUsable(delta) else {
                output.note(.nonFiniteCoordinates)
                break
            }
            guard let step = WheelStep(modifiers: modifiers, delta: delta, settings: settings) else {
                wheel.end(at: t, output: &output)
                output.emit(.scroll(location: position, delta: delta, modifiers: modifiers, time: t))
                break
            }
            if step.isEmpty || touch.isTouching { break }
            if pointer.isPressed { taps.fail() }
            if pointer.holdsSession {
                pointer.apply(step, at: position, time: t, taps: &taps, output: &output)
            } else {
                wheel.apply(step, at: position, time: t, output: &output)
            }
        case let .key(_, _, modifiers):
            pointer.modifiersChanged(to: modifiers, time: t, context: context, output: &output)
        case let .touch(phase, id, eventPosition):
            var position = eventPosition
            if !Self.isUsable(position) {
                output.note(.nonFiniteCoordinates)
                // A lift or cancel still lifts (where the finger was last seen), so no finger stays down.
                guard phase == .up || phase == .cancel, let last = touch.position(of: id) else { break }
                position = last
            }
            if pointer.isPressed {
                if phase == .down {
                    output.note(.touchDuringPress)
                    touch.ignore(id: id)
                }
                break
            }
            if phase == .down { wheel.end(at: t, output: &output) }
            touch.handle(phase, id: id, at: position, time: t, taps: &taps, output: &output)
        case .frame, .resize, .feel, .photoSize, .photos, .effect, .horizon:
            break
        case .touchpad:
            // A touchpad gesture comes as the touches it stands for (`TouchpadFingers`, fed by the viewer).
            break
        }
        record(output.anomalies)
        return output.events
    }

    /// Cancels whatever manipulation is in progress (the viewer's Escape, a lost window focus):
    /// reports `cancelled` with zero velocities; the press or fingers still down do nothing more
    /// until released.
    package mutating func cancel(time eventTime: Double) -> [GestureEvent] {
        var output = RecognizerOutput()
        let t = takeTime(eventTime, output: &output)
        pointer.cancel(time: t, taps: &taps, output: &output)
        touch.cancel(time: t, taps: &taps, output: &output)
        wheel.cancel(at: t, output: &output)
        record(output.anomalies)
        return output.events
    }

    // MARK: - Bad input

    /// Coordinates and wheel deltas beyond ±10⁹ are taken as not finite: no window is that large,
    /// and keeping far below `Double`'s range means no sum or product downstream can overflow.
    static let coordinateLimit = 1e9

    /// True when `p` is finite and within `coordinateLimit`.
    static func isUsable(_ p: Point) -> Bool {
        p.isFinite && abs(p.x) <= coordinateLimit && abs(p.y) <= coordinateLimit
    }

    /// `eventTime`, or the last good time when it goes backwards or is not finite.
    private mutating func takeTime(_ eventTime: Double, output: inout RecognizerOutput) -> Double {
        guard eventTime.isFinite else {
            output.note(.nonFiniteTime)
            return time.isFinite ? time : 0
        }
        if eventTime < time {
            output.note(.timeWentBackwards)
            return time
        }
        time = eventTime
        return eventTime
    }

    private mutating func record(_ anomalies: [InputAnomaly]) {
        for anomaly in anomalies {
            anomalyCounts[anomaly, default: 0] += 1
            lastAnomaly = anomaly
        }
    }
}
