import Geometry
import JSON

/// Modifier keys held during an input event: the trace's `mods` ⊆ shift, ctrl, alt, gui.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let shift = Modifiers(rawValue: 1 << 0)
    package static let ctrl = Modifiers(rawValue: 1 << 1)
    package static let alt = Modifiers(rawValue: 1 << 2)
    package static let gui = Modifiers(rawValue: 1 << 3)

    /// The trace's names, in the trace's order.
    public static let names: [(String, Modifiers)] = [("shift", .shift), ("ctrl", .ctrl), ("alt", .alt), ("gui", .gui)]

    public var names: [String] { Self.names.filter { contains($0.1) }.map(\.0) }

    package init?(names: [String]) {
        var m = Modifiers()
        for n in names {
            guard let found = Self.names.first(where: { $0.0 == n }) else { return nil }
            m.insert(found.1)
        }
        self = m
    }
}

/// A mouse button.
public enum PointerButton: String, Hashable, Sendable, CaseIterable {
    case left, middle, right
}

/// The phase of a pointer or key event.
public enum PressPhase: String, Hashable, Sendable {
    case down, move, up
}

/// The phase of a touch-screen finger.
public enum TouchPhase: String, Hashable, Sendable {
    case down, move, up, cancel
}

/// One time-stamped input to the viewer, SDL-free: the event model of the gesture trace.
///
/// `time` is seconds since the session began on the shell's monotonic clock; positions are window
/// points, origin top-left.
public struct InputEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A frame is produced at this instant: the viewer advances to `time`.
        case frame
        /// Mouse button press, motion (with `button` held, or nil when none is) and release.
        case pointer(phase: PressPhase, position: Point, button: PointerButton?, modifiers: Modifiers)
        /// Wheel motion in wheel units (fractional where the device gives them); `delta.y > 0` is away from the user.
        case wheel(position: Point, delta: Point, modifiers: Modifiers)
        /// A key press or release; `key` is SDL's key name, lower-cased ("escape", "left", "q", "=").
        case key(phase: PressPhase, key: String, modifiers: Modifiers)
        /// A touch-screen finger, in window points.
        case touch(phase: TouchPhase, id: Int, position: Point)
        /// A touchpad pinch or swipe (`TouchpadGesture`), in window points.
        case touchpad(TouchpadGesture)
        /// The window's size in points changed.
        case resize(Size)
        /// The feel parameters changed while running (a reloaded or tuned feel file): `layer` is
        /// the feel file's JSON object as parsed (any subset of the parameters, laid over the
        /// defaults by `Feel(layers:)`); recorded so a replay applies it at the same instant.
        case feel(layer: JSONObject)
        /// The shell learned a photo's oriented pixel size (from its file header) after start-up.
        case photoSize(index: Int, size: Size)
        /// Photos appeared in or vanished from the watched folders (`PhotoListChange`).
        case photos(PhotoListChange)
        /// The result of saving the feel file, or a change of the feel file on disk.
        case effect(EffectResult)
        /// The frames from this instant on reach the screen `seconds` after their own instant: the
        /// live loop's estimate (its pacer's aim and the measured input-to-present time), recorded
        /// so a replay draws the held photo where the live window did (pointer prediction). Only
        /// where a held photo is drawn depends on it; the viewer's state never does.
        case horizon(seconds: Double)
    }

    public var time: Double
    public var kind: Kind

    package init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    // Convenience constructors used by tests, scripts and the shell.

    public static func frame(_ t: Double) -> InputEvent { InputEvent(time: t, kind: .frame) }

    public static func pointer(_ phase: PressPhase, _ t: Double, _ x: Double, _ y: Double,
                               button: PointerButton? = .left, mods: Modifiers = []) -> InputEvent {
        InputEvent(time: t, kind: .pointer(phase: phase, position: Point(x, y), button: button, modifiers: mods))
    }

    public static func wheel(_ t: Double, _ x: Double, _ y: Double, dx: Double = 0, dy: Double,
                             mods: Modifiers = []) -> InputEvent {
        InputEvent(time: t, kind: .wheel(position: Point(x, y), delta: Point(dx, dy), modifiers: mods))
    }

    public static func key(_ phase: PressPhase, _ t: Double, _ key: String, mods: Modifiers = []) -> InputEvent {
        InputEvent(time: t, kind: .key(phase: phase, key: key, modifiers: mods))
    }

    public static func touch(_ phase: TouchPhase, _ t: Double, id: Int, _ x: Double, _ y: Double) -> InputEvent {
        InputEvent(time: t, kind: .touch(phase: phase, id: id, position: Point(x, y)))
    }

    package static func resize(_ t: Double, _ w: Double, _ h: Double) -> InputEvent {
        InputEvent(time: t, kind: .resize(Size(w, h)))
    }
}
