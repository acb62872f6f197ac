import CSDL2
import Foundation
import Geometry

/// The X server's time and modifier state of each SDL event, on SDL's X11 driver.
///
/// SDL 2 stamps its events in whole milliseconds when it pumps them, so every input of a frame
/// carries nearly the same time, and `SDL_GetModState()` tells the modifiers after the whole batch.
/// The X server stamps every input event with its own millisecond time and the modifier state of
/// that instant; SDL passes each X event on as an `SDL_SYSWMEVENT` when asked to:
/// - a core event (keys, buttons, wheel clicks, pointer motion while a button is held, the motion
///   SDL makes on entering the window) comes just *before* the SDL event made from it;
/// - an XInput2 event (pointer motion with no button held, touches) comes just *after* it, and its
///   data is freed before the app could poll it — so it is read here, in an event watch, which SDL
///   calls synchronously for every event it queues.
///
/// The watch keeps one record per queued SDL event, in queue order, with the server time and state
/// of the X event it came from (paired by type: MotionNotify or XI_Motion ↔ SDL_MOUSEMOTION,
/// ButtonPress ↔ button down or wheel, …). `stamp(for:)` takes the record of an event just polled;
/// records of events SDL dropped from its queue (coalesced window events) are skipped by matching
/// type and SDL timestamp. An SDL event no X event made gets no stamp (the frame loop's fallback).
///
/// Touchpad gestures (XInput 2.4 pinch and swipe, which SDL 2 does not translate) are read on the
/// same connection: selected on the window (`pz_x11_select_gestures`), they reach the watch as
/// SDL_SYSWMEVENTs of their own, in the server's order among the other inputs, with the
/// server's time. The watch keeps what each SDL_SYSWMEVENT held (a gesture or nothing), and
/// `windowManagerEvent(for:)` hands it out when that event is polled, so a gesture takes its place
/// in the frame's inputs exactly where the server put it.
///
/// Positions are the server's too. SDL puts a pointer outside the window on the window's edge and
/// drops its motions there unless the mouse is captured as it pumps them; a press read late (the
/// frame loop held a second) is captured after the whole drag was pumped, so a drag that left the
/// window would end at its edge. Each stamp carries the X event's own position, which pointer
/// events take over SDL's; a MotionNotify SDL made no event of comes back as the move it was
/// (`WindowManagerEvent.droppedMotion`), in its place among the inputs; a motion SDL made up
/// with no X event behind it (its focus bookkeeping) is no input.
final class XEventStamps {
    /// What the X server said about one event.
    struct Stamp: Hashable, Sendable {
        /// Server milliseconds (wraps at 2³²).
        package var time: UInt32
        /// Core modifier state mask (ShiftMask, ControlMask, Mod1Mask, Mod4Mask, …).
        package var state: UInt32
        /// The pointer's position in the window as the server reported it (buttons, motion),
        /// outside the window too: SDL clamps it to the window's edge unless the mouse is captured
        /// when it pumps the event, and a press read late is captured after the moves pumped with
        /// it (`HeldButtonCapture`). Nil for events without one.
        package var position: Point?
    }

    private struct Record {
        var type: UInt32
        var ticks: UInt32
        var stamp: Stamp?
    }

    /// One SDL_SYSWMEVENT queued: its SDL timestamp and the gesture it held, if any.
    private struct WindowManagerRecord {
        var serial: Int
        var ticks: UInt32
        var gesture: PZXGesture?
        /// The stamp of the pointer motion it held (a core MotionNotify), if any.
        var motion: Stamp?
        /// True once SDL queued an event of its own made from it.
        var madeEvent = false
    }

    /// What an SDL_SYSWMEVENT polled held: a touchpad gesture, or a pointer motion SDL made no
    /// event of.
    package struct WindowManagerEvent {
        package var gesture: PZXGesture?
        /// A pointer motion SDL dropped: SDL keeps no motion outside the window unless the mouse is
        /// captured as it pumps it (it takes the pointer for gone), yet the server reports the
        /// moves of a drag that left the window, and a press read late is captured only after the
        /// moves pumped with it (`HeldButtonCapture`).
        package var droppedMotion: Stamp?
    }

    private let xiOpcode: Int32
    /// Every SDL_SYSWMEVENT queued and not yet polled, oldest first.
    private var windowManagerRecords: [WindowManagerRecord] = []
    /// True when the server sends the window touchpad gestures (X server 21.1 and later).
    let selectsGestures: Bool
    private let lock = NSLock()
    private var records: [Record] = []
    private var head = 0
    /// The stamp of the core X event just seen, for the SDL event SDL makes from it next, and the
    /// serial of its SDL_SYSWMEVENT's record.
    private var pendingCore: (type: Int32, stamp: Stamp, serial: Int)?
    private var nextSerial = 0
    /// Index of the first record queued since the last SDL_SYSWMEVENT.
    private var sinceLastX = 0

    /// Starts watching the events of `window`'s display; nil unless SDL's video driver is X11.
    init?(window: OpaquePointer) {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return nil }
        xiOpcode = pz_x11_xinput_opcode(window)
        selectsGestures = pz_x11_select_gestures(window) == 0
        _ = SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
        SDL_AddEventWatch(xEventStampsWatch, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        SDL_DelEventWatch(xEventStampsWatch, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The SDL event types a core X event (`KeyPress` …) turns into.
    static func sdlTypes(ofCore type: Int32) -> [SDL_EventType] {
        switch type {
        case KeyPress: return [SDL_KEYDOWN]
        case KeyRelease: return [SDL_KEYUP]
        case ButtonPress: return [SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL]
        case ButtonRelease: return [SDL_MOUSEBUTTONUP]
        // SDL makes a motion of a crossing too (clamped to the window's edge when leaving it).
        case MotionNotify, EnterNotify, LeaveNotify: return [SDL_MOUSEMOTION]
        default: return []
        }
    }

    /// The SDL event type an XInput2 event (`XI_Motion` …) turns into.
    static func sdlType(ofXInput2 evtype: Int32) -> SDL_EventType? {
        switch evtype {
        case XI_Motion: return SDL_MOUSEMOTION
        case XI_TouchBegin: return SDL_FINGERDOWN
        case XI_TouchUpdate: return SDL_FINGERMOTION
        case XI_TouchEnd: return SDL_FINGERUP
        default: return nil
        }
    }

    /// Called by SDL for every event it queues (on the thread that queues it).
    fileprivate func watched(_ event: UnsafeMutablePointer<SDL_Event>) {
        lock.lock()
        defer { lock.unlock() }
        let type = event.pointee.type
        guard type == SDL_SYSWMEVENT.rawValue else {
            var stamp: Stamp?
            if let core = pendingCore, Self.sdlTypes(ofCore: core.type).contains(where: { $0.rawValue == type }) {
                stamp = core.stamp
                pendingCore = nil
                if let i = windowManagerRecords.lastIndex(where: { $0.serial == core.serial }) { windowManagerRecords[i].madeEvent = true }
            }
            records.append(Record(type: type, ticks: event.pointee.common.timestamp, stamp: stamp))
            return
        }
        let x = pz_x11_event_stamp(event, xiOpcode)
        let gesture = pz_x11_gesture(event, xiOpcode)
        let stamp = Stamp(time: UInt32(truncatingIfNeeded: x.time), state: x.state,
                          position: x.hasPosition != 0 ? Point(x.x, x.y) : nil)
        let serial = nextSerial
        nextSerial += 1
        windowManagerRecords.append(WindowManagerRecord(serial: serial, ticks: event.pointee.common.timestamp,
                                                        gesture: gesture.kind == 0 ? nil : gesture,
                                                        motion: x.type == MotionNotify ? stamp : nil))
        pendingCore = nil
        if x.type >= Int32(PZ_XI_BASE) {
            // SDL queued its own event first: the newest unstamped record of the matching type.
            if let sdlType = Self.sdlType(ofXInput2: x.type - Int32(PZ_XI_BASE)),
               let i = records[max(sinceLastX, head)...].lastIndex(where: { $0.type == sdlType.rawValue && $0.stamp == nil }) {
                records[i].stamp = stamp
            }
        } else if x.type != 0 {
            pendingCore = (x.type, stamp, serial)
        }
        sinceLastX = records.count
    }

    /// What `event`, an SDL_SYSWMEVENT just polled from SDL's queue, held (nil: nothing of
    /// note). Records of SDL_SYSWMEVENTs SDL dropped from its queue are skipped by their SDL
    /// timestamp. SDL queues the event it makes from an X event in the same dispatch as the
    /// SDL_SYSWMEVENT before it, so by the time that is polled, a motion SDL made nothing of was
    /// dropped.
    package func windowManagerEvent(for event: SDL_Event) -> WindowManagerEvent? {
        lock.lock()
        defer { lock.unlock() }
        guard event.type == SDL_SYSWMEVENT.rawValue,
              let i = windowManagerRecords.firstIndex(where: { $0.ticks == event.common.timestamp }) else { return nil }
        let record = windowManagerRecords[i]
        windowManagerRecords.removeFirst(i + 1)
        let dropped = record.madeEvent ? nil : record.motion
        return record.gesture == nil && dropped == nil ? nil : WindowManagerEvent(gesture: record.gesture, droppedMotion: dropped)
    }

    /// The stamp of `event`, just polled from SDL's queue (nil: no X event made it).
    func stamp(for event: SDL_Event) -> Stamp? {
        lock.lock()
        defer { lock.unlock() }
        guard event.type != SDL_SYSWMEVENT.rawValue else { return nil }
        // Records before the match belong to events SDL took off its queue unpolled; an event with
        // no record (queued before the watch began) leaves the records as they are.
        guard let i = records[head...].firstIndex(where: { $0.type == event.type && $0.ticks == event.common.timestamp }) else {
            return nil
        }
        let found = records[i].stamp
        head = i + 1
        if head > 4096 || head == records.count {
            records.removeFirst(head)
            sinceLastX = max(0, sinceLastX - head)
            head = 0
        }
        return found
    }
}

/// The event watch SDL calls; `userdata` is the `XEventStamps`.
private func xEventStampsWatch(_ userdata: UnsafeMutableRawPointer?, _ event: UnsafeMutablePointer<SDL_Event>?) -> Int32 {
    guard let userdata, let event else { return 0 }
    Unmanaged<XEventStamps>.fromOpaque(userdata).takeUnretainedValue().watched(event)
    return 0
}
