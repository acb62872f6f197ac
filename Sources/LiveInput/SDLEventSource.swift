import CSDL2
import Geometry
import Events

/// The live event source: SDL's event queue, translated by `EventTranslator`, each input with the
/// X server's time and modifier state when SDL's X11 driver runs (`XEventStamps`).
package final class SDLEventSource: EventSource {
    private var translator: EventTranslator
    private let stamps: XEventStamps?
    /// The mouse captured while the server holds a button (X11; SDL's own capture elsewhere).
    private let capture: HeldButtonCapture?
    /// True when a window event since the last `takeRedrawRequest()` may have lost the window's
    /// pixels (exposed, resized, restored): the next frame is drawn even if its picture is the one
    /// drawn last.
    private var windowNeedsRedraw = false
    /// True on X11, where a window whose pixels are lost is always sent an exposure: being shown
    /// asks for no redraw of its own (SDL reports the window shown again when its renderer is
    /// replaced, `WindowHost.finishOpening()`, and the picture on screen is the one drawn).
    private let exposuresAreReported: Bool
    /// The window's SDL id: a request to close it (a window manager's close button) quits, however
    /// many windows SDL has (SDL itself posts a quit only when its last window is closed, and a
    /// live window keeps a hidden one of SDL's beside it, `WindowHost`).
    private let windowID: UInt32

    /// A source for `window` (whose size in points maps normalised finger coordinates).
    package init(window: OpaquePointer, windowSize: Size) {
        translator = EventTranslator(windowSize: windowSize,
                                     heldModifiers: EventTranslator.modifiers(UInt32(SDL_GetModState().rawValue)))
        stamps = XEventStamps(window: window)
        capture = HeldButtonCapture()
        exposuresAreReported = SDL_GetCurrentVideoDriver().map { String(cString: $0) == "x11" } ?? false
        windowID = SDL_GetWindowID(window)
    }

    /// Whether a window event `kind` may have lost the window's pixels: not focus, pointer
    /// crossing, a move or a close request, nor being shown where exposures are reported.
    private func losesPixels(_ kind: UInt8) -> Bool {
        let kept: [SDL_WindowEventID] = [SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_ENTER,
                                         SDL_WINDOWEVENT_LEAVE, SDL_WINDOWEVENT_MOVED, SDL_WINDOWEVENT_TAKE_FOCUS,
                                         SDL_WINDOWEVENT_HIT_TEST, SDL_WINDOWEVENT_ICCPROF_CHANGED, SDL_WINDOWEVENT_CLOSE]
        if kept.contains(where: { UInt8($0.rawValue) == kind }) { return false }
        return !(exposuresAreReported && kind == UInt8(SDL_WINDOWEVENT_SHOWN.rawValue))
    }

    /// Drops on the window, collected as SDL sends them (`DropCollector`: none is lost to SDL's queue).
    private let drops = DropCollector()

    package func drain() -> [WindowInput] {
        var inputs: [WindowInput] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue
                || (event.type == SDL_WINDOWEVENT.rawValue && event.window.event == UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
                    && event.window.windowID == windowID) {
                inputs.append(.quit)
                break
            }
            if event.type == SDL_WINDOWEVENT.rawValue, losesPixels(event.window.event) { windowNeedsRedraw = true }
            if DropCollector.isDropMark(event) {
                if event.type == SDL_DROPFILE.rawValue, let file = event.drop.file { SDL_free(file) }  // queued before the filter was
                continue
            }
            if event.type == SDL_SYSWMEVENT.rawValue {
                let held = stamps?.windowManagerEvent(for: event)
                if let g = held?.gesture, let gesture = Self.touchpadGesture(g) {
                    inputs.append(.input(.touchpad(gesture), serverTime: UInt32(truncatingIfNeeded: g.time)))
                }
                if let m = held?.droppedMotion, let position = m.position,
                   let kind = translator.dragOutside(position: position, xState: m.state) {
                    inputs.append(.input(kind, serverTime: m.time))
                }
                continue
            }
            capture?.follow(event)
            let stamp = stamps?.stamp(for: event)
            // A motion no X event made is SDL's own bookkeeping of the pointer's focus (made as a
            // button's press or release is read, at the last position it kept: on the window's
            // edge if the pointer left it); the hand's motions all come from the server.
            if stamps != nil, event.type == SDL_MOUSEMOTION.rawValue, stamp == nil,
               event.motion.which != EventTranslator.touchMouseID { continue }
            if let kind = translator.translate(event, xState: stamp?.state, xPosition: stamp?.position) {
                inputs.append(.input(kind, serverTime: stamp?.time))
            }
        }
        // A drop of several files comes as one SDL_DROPFILE each, between BEGIN and COMPLETE,
        // collected whole by the filter while SDL pumped.
        if inputs.last != .quit { inputs += drops.take().map { .drop($0) } }
        return inputs
    }

    /// The `TouchpadGesture` of an XInput 2.4 gesture event. The event's position is in the
    /// window's pixels, which are SDL 2's window points under X11.
    static func touchpadGesture(_ g: PZXGesture) -> TouchpadGesture? {
        let gesture: TouchpadGesture.Gesture
        switch g.kind {
        case 1: gesture = .pinch
        case 2: gesture = .swipe
        default: return nil
        }
        let phases: [TouchpadGesture.Phase] = [.begin, .update, .end, .cancel]
        guard phases.indices.contains(Int(g.phase)) else { return nil }
        return TouchpadGesture(gesture: gesture, phase: phases[Int(g.phase)], fingers: Int(g.fingers), position: Point(g.x, g.y),
                               delta: Point(g.dx, g.dy), scale: gesture == .pinch ? g.scale : 1,
                               angleDelta: gesture == .pinch ? g.angle : 0)
    }

    /// Whether the window must be drawn again whatever its picture, and clears the request.
    package func takeRedrawRequest() -> Bool {
        defer { windowNeedsRedraw = false }
        return windowNeedsRedraw
    }
}
