#ifndef PHOTOZOOM_CSDL2_SHIM_H
#define PHOTOZOOM_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <turbojpeg.h>
#include <zlib.h>
#include <libdeflate.h>

/// What PhotoZoom reads from one X event that SDL passes on as an SDL_SYSWMEVENT: the server's
/// time and the modifier state of the event (see Sources/Shell/XEventStamps.swift).
typedef struct PZXEventStamp {
    /// The core X event type (KeyPress … MotionNotify), or 1000 + the XInput2 evtype; 0: not an
    /// X event, or one without a time.
    int type;
    /// The server's time of the event, in ms (32 bits on the wire).
    unsigned long time;
    /// The core modifier and button state (ShiftMask, ControlMask, Mod1Mask, Mod4Mask …); for an
    /// XInput2 device event its effective modifiers.
    unsigned int state;
} PZXEventStamp;

/// The XInput2 event types SDL turns into its own events, offset as in PZXEventStamp.type.
enum { PZ_XI_BASE = 1000 };

/// Reads `event` (an SDL_SYSWMEVENT from the X11 driver). An XInput2 event's data is only there
/// while SDL delivers it, so this must run in an event watch, not after polling. `xiOpcode` is the
/// XInputExtension's major opcode (-1: none).
static inline PZXEventStamp pz_x11_event_stamp(const SDL_Event *event, int xiOpcode) {
    PZXEventStamp s = {0, 0, 0};
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) return s;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case KeyPress: case KeyRelease:
        s.type = x->type; s.time = x->xkey.time; s.state = x->xkey.state; break;
    case ButtonPress: case ButtonRelease:
        s.type = x->type; s.time = x->xbutton.time; s.state = x->xbutton.state; break;
    case MotionNotify:
        s.type = x->type; s.time = x->xmotion.time; s.state = x->xmotion.state; break;
    case EnterNotify: case LeaveNotify:
        s.type = x->type; s.time = x->xcrossing.time; s.state = x->xcrossing.state; break;
    case GenericEvent:
        if (xiOpcode >= 0 && x->xcookie.extension == xiOpcode && x->xcookie.data != NULL) {
            const XIEvent *e = (const XIEvent *)x->xcookie.data;
            s.type = PZ_XI_BASE + e->evtype;
            s.time = e->time;
            switch (e->evtype) {
            case XI_KeyPress: case XI_KeyRelease: case XI_ButtonPress: case XI_ButtonRelease: case XI_Motion:
            case XI_TouchBegin: case XI_TouchUpdate: case XI_TouchEnd:
                s.state = (unsigned int)((const XIDeviceEvent *)e)->mods.effective; break;
            default: break;
            }
        }
        break;
    default: break;
    }
    return s;
}

/// The XInputExtension's major opcode on the display of `window`, or -1 (not X11, no XInput2).
static inline int pz_x11_xinput_opcode(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    int opcode, event, error;
    if (!XQueryExtension(info.info.x11.display, "XInputExtension", &opcode, &event, &error)) return -1;
    return opcode;
}
#endif
