#ifndef PHOTOZOOM_CSDL2_SHIM_H
#define PHOTOZOOM_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xproto.h>
#include <string.h>
#include <unistd.h>
#include <X11/extensions/XInput2.h>
#include <turbojpeg.h>
#include <zlib.h>
#include <libdeflate.h>

/// What PhotoZoom reads from one X event that SDL passes on as an SDL_SYSWMEVENT: the server's
/// time and the modifier state of the event (see Sources/LiveInput/XEventStamps.swift).
typedef struct PZXEventStamp {
    /// The core X event type (KeyPress … MotionNotify), or 1000 + the XInput2 evtype; 0: not an
    /// X event, or one without a time.
    int type;
    /// The server's time of the event, in ms (32 bits on the wire).
    unsigned long time;
    /// The core modifier and button state (ShiftMask, ControlMask, Mod1Mask, Mod4Mask …); for an
    /// XInput2 device event its effective modifiers.
    unsigned int state;
    /// 1 when the event tells the pointer's position in its window (buttons, motion, crossing,
    /// XInput2 device events): `x`, `y`, the window's pixels, as the server reported them. SDL
    /// clamps a position outside the window to its edge unless the mouse is captured, and a press
    /// read late is captured only after the moves pumped with it.
    int hasPosition;
    double x, y;
} PZXEventStamp;

/// The XInput2 event types SDL turns into its own events, offset as in PZXEventStamp.type.
enum { PZ_XI_BASE = 1000 };

/// Reads `event` (an SDL_SYSWMEVENT from the X11 driver). An XInput2 event's data is only there
/// while SDL delivers it, so this must run in an event watch, not after polling. `xiOpcode` is the
/// XInputExtension's major opcode (-1: none).
static inline PZXEventStamp pz_x11_event_stamp(const SDL_Event *event, int xiOpcode) {
    PZXEventStamp s;
    memset(&s, 0, sizeof s);
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) return s;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case KeyPress: case KeyRelease:
        s.type = x->type; s.time = x->xkey.time; s.state = x->xkey.state; break;
    case ButtonPress: case ButtonRelease:
        s.type = x->type; s.time = x->xbutton.time; s.state = x->xbutton.state;
        s.hasPosition = 1; s.x = x->xbutton.x; s.y = x->xbutton.y; break;
    case MotionNotify:
        s.type = x->type; s.time = x->xmotion.time; s.state = x->xmotion.state;
        s.hasPosition = 1; s.x = x->xmotion.x; s.y = x->xmotion.y; break;
    case EnterNotify: case LeaveNotify:
        s.type = x->type; s.time = x->xcrossing.time; s.state = x->xcrossing.state;
        s.hasPosition = 1; s.x = x->xcrossing.x; s.y = x->xcrossing.y; break;
    case GenericEvent:
        if (xiOpcode >= 0 && x->xcookie.extension == xiOpcode && x->xcookie.data != NULL) {
            const XIEvent *e = (const XIEvent *)x->xcookie.data;
            s.type = PZ_XI_BASE + e->evtype;
            s.time = e->time;
            switch (e->evtype) {
            case XI_KeyPress: case XI_KeyRelease: case XI_ButtonPress: case XI_ButtonRelease: case XI_Motion:
            case XI_TouchBegin: case XI_TouchUpdate: case XI_TouchEnd:
                s.state = (unsigned int)((const XIDeviceEvent *)e)->mods.effective;
                // SDL's own position of it: the event's, truncated to whole pixels.
                s.hasPosition = 1; s.x = (int)((const XIDeviceEvent *)e)->event_x; s.y = (int)((const XIDeviceEvent *)e)->event_y; break;
            default: break;
            }
        }
        break;
    default: break;
    }
    return s;
}

/// One XInput 2.4 touchpad gesture event (XIGesturePinchEvent or XIGestureSwipeEvent), as PhotoZoom
/// reads it from an SDL_SYSWMEVENT (see Sources/LiveInput/XEventStamps.swift).
typedef struct PZXGesture {
    /// 0: not a gesture; 1: pinch; 2: swipe.
    int kind;
    /// 0 begin, 1 update, 2 end, 3 end with the server's cancelled flag.
    int phase;
    /// Fingers on the pad (the event's `detail`).
    int fingers;
    /// The server's time of the event, in ms (32 bits on the wire).
    unsigned long time;
    /// The pointer's position in the event window, its pixels.
    double x, y;
    /// The centre's travel since the last event (accelerated, as the pointer's).
    double dx, dy;
    /// A pinch's scale since its begin (1 for a swipe).
    double scale;
    /// A pinch's turn since the last event, degrees (0 for a swipe).
    double angle;
} PZXGesture;

/// Reads the touchpad gesture in `event` (an SDL_SYSWMEVENT from the X11 driver), kind 0 when it
/// holds none. Like `pz_x11_event_stamp`, only in an event watch.
static inline PZXGesture pz_x11_gesture(const SDL_Event *event, int xiOpcode) {
    PZXGesture g;
    memset(&g, 0, sizeof g);
#ifdef XI_GesturePinchBegin
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) return g;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    if (x->type != GenericEvent || xiOpcode < 0 || x->xcookie.extension != xiOpcode || x->xcookie.data == NULL) return g;
    const XIEvent *e = (const XIEvent *)x->xcookie.data;
    switch (e->evtype) {
    case XI_GesturePinchBegin: case XI_GesturePinchUpdate: case XI_GesturePinchEnd: {
        const XIGesturePinchEvent *p = (const XIGesturePinchEvent *)e;
        g.kind = 1;
        g.phase = e->evtype - XI_GesturePinchBegin;
        if (e->evtype == XI_GesturePinchEnd && (p->flags & XIGesturePinchEventCancelled)) g.phase = 3;
        g.fingers = p->detail; g.time = p->time; g.x = p->event_x; g.y = p->event_y;
        g.dx = p->delta_x; g.dy = p->delta_y; g.scale = p->scale; g.angle = p->delta_angle;
        break;
    }
    case XI_GestureSwipeBegin: case XI_GestureSwipeUpdate: case XI_GestureSwipeEnd: {
        const XIGestureSwipeEvent *s = (const XIGestureSwipeEvent *)e;
        g.kind = 2;
        g.phase = e->evtype - XI_GestureSwipeBegin;
        if (e->evtype == XI_GestureSwipeEnd && (s->flags & XIGestureSwipeEventCancelled)) g.phase = 3;
        g.fingers = s->detail; g.time = s->time; g.x = s->event_x; g.y = s->event_y;
        g.dx = s->delta_x; g.dy = s->delta_y; g.scale = 1; g.angle = 0;
        break;
    }
    default: break;
    }
#endif
    return g;
}

/// Adds XInput 2.4's touchpad gestures (pinch and swipe, begin to end) to the XInput2 events
/// selected on `window` by SDL's connection, keeping those already selected (touches, motion).
/// Announces XI 2.4 on that connection first (the server sends gestures only to a client that
/// did; SDL announced 2.2, and a later, higher version is accepted). 0 on success; -1 when SDL's
/// driver is not X11, or the server or libXi has no XI 2.4.
static inline int pz_x11_select_gestures(SDL_Window *window) {
#ifdef XI_GesturePinchBegin
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *d = info.info.x11.display;
    Window w = info.info.x11.window;
    int opcode, event, error, major = 2, minor = 4;
    if (!XQueryExtension(d, "XInputExtension", &opcode, &event, &error) || XIQueryVersion(d, &major, &minor) != Success ||
        major < 2 || (major == 2 && minor < 4)) return -1;
    unsigned char bits[XIMaskLen(XI_LASTEVENT)];
    memset(bits, 0, sizeof bits);
    int count = 0;
    XIEventMask *selected = XIGetSelectedEvents(d, w, &count);
    for (int i = 0; selected != NULL && i < count; i++) {
        if (selected[i].deviceid != XIAllMasterDevices) continue;
        for (int b = 0; b < selected[i].mask_len && b < (int)sizeof bits; b++) bits[b] |= selected[i].mask[b];
    }
    if (selected != NULL) XFree(selected);
    for (int type = XI_GesturePinchBegin; type <= XI_GestureSwipeEnd; type++) XISetMask(bits, type);
    XIEventMask mask = { XIAllMasterDevices, sizeof bits, bits };
    XISelectEvents(d, w, &mask, 1);
    XFlush(d);
    return 0;
#else
    (void)window;
    return -1;
#endif
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

/// A top-level X11 window made by PhotoZoom for SDL to adopt (`SDL_CreateWindowFrom`): SDL
/// recreates a window it made itself to give it OpenGL, and never one it adopted, so this window
/// can show software-drawn frames at once and keep them on screen while the OpenGL renderer is
/// made (docs/pipeline.md "Start-up"). It is made on SDL's own connection `display`: a window
/// manager's protocol messages (close, take focus, ping) go to the connection that made the
/// window, and SDL answers them only on its own. The window carries what SDL's own X11 windows
/// carry: the default visual, title, class, process id, window type and the WM_DELETE_WINDOW,
/// WM_TAKE_FOCUS and _NET_WM_PING protocols. Not mapped: `SDL_ShowWindow` maps it once SDL has
/// adopted it. Returns the window, or 0.
static inline Window pz_x11_make_adoptable_window(Display *d, const char *title, const char *className,
                                                  int x, int y, int width, int height) {
    int screen = DefaultScreen(d);
    Window root = RootWindow(d, screen);
    XSetWindowAttributes attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.background_pixmap = None;
    attributes.border_pixel = 0;
    attributes.backing_store = NotUseful;
    attributes.colormap = XCreateColormap(d, root, DefaultVisual(d, screen), AllocNone);
    Window w = XCreateWindow(d, root, x, y, (unsigned)width, (unsigned)height, 0, DefaultDepth(d, screen), InputOutput,
                             DefaultVisual(d, screen), CWBackPixmap | CWBorderPixel | CWBackingStore | CWColormap, &attributes);
    if (w == 0) return 0;
    XSizeHints *size = XAllocSizeHints();
    XWMHints *hints = XAllocWMHints();
    XClassHint *classHint = XAllocClassHint();
    if (size) { size->flags = USPosition; size->x = x; size->y = y; }
    if (hints) { hints->flags = InputHint; hints->input = True; }
    if (classHint) { classHint->res_name = (char *)className; classHint->res_class = (char *)className; }
    XSetWMProperties(d, w, NULL, NULL, NULL, 0, size, hints, classHint);
    if (size) XFree(size);
    if (hints) XFree(hints);
    if (classHint) XFree(classHint);
    Atom utf8 = XInternAtom(d, "UTF8_STRING", False);
    XChangeProperty(d, w, XInternAtom(d, "_NET_WM_NAME", False), utf8, 8, PropModeReplace,
                    (const unsigned char *)title, (int)strlen(title));
    XStoreName(d, w, title);
    long pid = (long)getpid();
    XChangeProperty(d, w, XInternAtom(d, "_NET_WM_PID", False), XA_CARDINAL, 32, PropModeReplace, (const unsigned char *)&pid, 1);
    Atom normal = XInternAtom(d, "_NET_WM_WINDOW_TYPE_NORMAL", False);
    XChangeProperty(d, w, XInternAtom(d, "_NET_WM_WINDOW_TYPE", False), XA_ATOM, 32, PropModeReplace, (const unsigned char *)&normal, 1);
    Atom protocols[3] = { XInternAtom(d, "WM_DELETE_WINDOW", False), XInternAtom(d, "WM_TAKE_FOCUS", False),
                          XInternAtom(d, "_NET_WM_PING", False) };
    XSetWMProtocols(d, w, protocols, 3);
    XFlush(d);
    return w;
}

/// SDL's X connection, told through one of its windows (SDL tells it no other way); NULL when
/// SDL's driver is not X11.
static inline Display *pz_x11_display_of(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    return SDL_GetWindowWMInfo(window, &info) && info.subsystem == SDL_SYSWM_X11 ? info.info.x11.display : NULL;
}

/// Gives a window SDL made another class (WM_CLASS name and class): a hidden window kept beside
/// the app's own is then not found by a search for the app's class.
static inline void pz_x11_set_class(SDL_Window *window, const char *className) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return;
    XClassHint *hint = XAllocClassHint();
    if (hint == NULL) return;
    hint->res_name = (char *)className;
    hint->res_class = (char *)className;
    XSetClassHint(info.info.x11.display, info.info.x11.window, hint);
    XFree(hint);
}

/// Selects the events SDL selects for the windows it makes (core input,
/// focus, exposure, structure; XInput2 motion and touch where the server has XInput 2.2), so an
/// adopted window's input reaches SDL as its own windows' does. 0 on success.
static inline int pz_x11_select_sdl_input(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *d = info.info.x11.display;
    Window w = info.info.x11.window;
    XSelectInput(d, w, FocusChangeMask | EnterWindowMask | LeaveWindowMask | ExposureMask | ButtonPressMask |
                 ButtonReleaseMask | PointerMotionMask | KeyPressMask | KeyReleaseMask | PropertyChangeMask |
                 StructureNotifyMask | KeymapStateMask);
    int opcode, event, error, major = 2, minor = 2;
    if (XQueryExtension(d, "XInputExtension", &opcode, &event, &error) && XIQueryVersion(d, &major, &minor) == Success &&
        (major > 2 || (major == 2 && minor >= 2))) {
        unsigned char bits[4] = {0, 0, 0, 0};
        XIEventMask mask = { XIAllMasterDevices, sizeof bits, bits };
        XISetMask(bits, XI_TouchBegin);
        XISetMask(bits, XI_TouchUpdate);
        XISetMask(bits, XI_TouchEnd);
        XISetMask(bits, XI_Motion);
        XISelectEvents(d, w, &mask, 1);
    }
    XFlush(d);
    return 0;
}

/// The X error handler before PhotoZoom's (SDL's safety net, which ends the program as Xlib's
/// default does).
static XErrorHandler pz_x11_previous_error_handler = NULL;

/// Another program's window gone before PhotoZoom's reply reached it (`BadWindow` on sending an
/// event to it, or on reading or writing one of its properties) is the way of X, not a fault: a
/// drag source that quit mid-drag (SDL answers XdndPosition and XdndDrop to it), a clipboard
/// requestor that quit before its answer. Xlib's default handler ends the program on any error;
/// these are ignored, every other error goes to the handler before.
static int pz_x11_error_handler(Display *display, XErrorEvent *error) {
    if (error->error_code == BadWindow &&
        (error->request_code == X_SendEvent || error->request_code == X_ChangeProperty ||
         error->request_code == X_GetProperty)) return 0;
    return pz_x11_previous_error_handler ? pz_x11_previous_error_handler(display, error) : 0;
}

/// Installs `pz_x11_error_handler` (process-wide, for every X connection; SDL's own temporary
/// handlers restore it). Call after SDL's video has started, so SDL's safety net comes after it.
static inline void pz_x11_tolerate_vanished_windows(void) {
    XErrorHandler previous = XSetErrorHandler(pz_x11_error_handler);
    if (previous != pz_x11_error_handler) pz_x11_previous_error_handler = previous;
}

/// Destroys a window made by `pz_x11_make_adoptable_window` (SDL leaves adopted windows alone).
static inline void pz_x11_destroy_adopted_window(Display *display, Window window) {
    XDestroyWindow(display, window);
    XFlush(display);
}
#endif
