// The latency benchmark's probe (scripts/bench latency): watches a program from outside, with
// the X server's own clock. It selects XI_RawMotion on the root window (the server's time of each
// pointer move) and DAMAGE on the program's window (the server's time of each drawing into it),
// and moves the pointer with XTEST.
//
//   probe latency WINDOW --moves N --dx DX --dy DY [--at FX,FY] [--keys K1,K2] [--warmup N] [--press]
//       Presses (with --press) at the window's point (FX, FY as fractions of its size), makes
//       --warmup moves, then N measured ones of (DX, DY) points, each once the window has drawn
//       nothing for 120-200 ms (drawn from a fixed seed). Latency = the first damage at or after
//       a move's server time - that time. Prints "latency MEDIAN P90 COUNT MISSED" (ms) and each
//       latency on a line "sample MS".
//   probe fps WINDOW --seconds S --rate HZ --amplitude PT [--at FX,FY] [--keys K1,K2] [--press]
//       Presses, then moves the pointer at HZ for S seconds up and down a triangle wave of
//       AMPLITUDE points below the press; counts the distinct server times of the window's damage
//       reports meanwhile. Prints "fps FRAMES_PER_SECOND FRAMES SECONDS".
//
// WINDOW is matched against each top-level window's WM_CLASS (name or class, exactly) or its
// title (a substring); the probe waits up to 30 s for a viewable one. Keys are keysym names
// (e.g. "equal"), pressed and released before the press, each followed by 300 ms.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/XTest.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static Display *dpy;
static int damageEvent, xiOpcode;
static Window target;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int matches(Window w, const char *want) {
    XClassHint hint = {0};
    int found = 0;
    if (XGetClassHint(dpy, w, &hint)) {
        found = (hint.res_name && !strcmp(hint.res_name, want)) || (hint.res_class && !strcmp(hint.res_class, want));
        if (hint.res_name) XFree(hint.res_name);
        if (hint.res_class) XFree(hint.res_class);
    }
    XTextProperty name = {0};  // WM_NAME's bytes, whatever their encoding (SDL's titles are UTF-8)
    if (!found && XGetWMName(dpy, w, &name) && name.value) found = strstr((const char *)name.value, want) != NULL;
    if (name.value) XFree(name.value);
    if (!found) return 0;
    XWindowAttributes a;
    return XGetWindowAttributes(dpy, w, &a) && a.map_state == IsViewable && a.width > 1;
}

static Window findWindow(const char *want) {
    for (double end = now() + 30; now() < end; usleep(50000)) {
        Window root, parent, *children = NULL;
        unsigned n = 0;
        if (!XQueryTree(dpy, DefaultRootWindow(dpy), &root, &parent, &children, &n)) continue;
        Window found = 0;
        for (unsigned i = 0; i < n && !found; i++)
            if (matches(children[i], want)) found = children[i];
        if (children) XFree(children);
        if (found) return found;
    }
    return 0;
}

/// The next event, waiting until `deadline` (monotonic seconds); 0 when none came.
static int nextEvent(XEvent *e, double deadline) {
    for (;;) {
        if (XPending(dpy)) {
            XNextEvent(dpy, e);
            return 1;
        }
        double left = deadline - now();
        if (left <= 0) return 0;
        struct pollfd p = {ConnectionNumber(dpy), POLLIN, 0};
        poll(&p, 1, (int)(left * 1000) + 1);
    }
}

/// The server time of a raw motion event, or 0 for any other event (after freeing its data).
static Time rawMotionTime(XEvent *e) {
    if (e->type != GenericEvent || e->xcookie.extension != xiOpcode) return 0;
    if (!XGetEventData(dpy, &e->xcookie)) return 0;
    Time t = e->xcookie.evtype == XI_RawMotion ? ((XIRawEvent *)e->xcookie.data)->time : 0;
    XFreeEventData(dpy, &e->xcookie);
    return t;
}

/// The server time of a damage report on the window, or 0.
static Time damageTime(XEvent *e) {
    if (e->type != damageEvent + XDamageNotify) return 0;
    XDamageNotifyEvent *d = (XDamageNotifyEvent *)e;
    return d->drawable == target ? d->timestamp : 0;
}

/// Waits until the window has drawn nothing for `quiet` seconds (at most `limit` seconds in all).
static void waitIdle(double quiet, double limit) {
    double end = now() + limit, last = now();
    XEvent e;
    while (now() < end) {
        if (!nextEvent(&e, last + quiet)) return;
        if (damageTime(&e)) last = now();
        else rawMotionTime(&e);
    }
}

/// Moves the pointer to (x, y) on the root and returns the server time of the raw motion.
static Time moveAndStamp(int x, int y) {
    XTestFakeMotionEvent(dpy, -1, x, y, 0);
    XFlush(dpy);
    XEvent e;
    double deadline = now() + 1;
    while (nextEvent(&e, deadline)) {
        Time t = rawMotionTime(&e);
        if (t) return t;
    }
    return 0;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double *v, int n, double p) {
    if (n == 0) return -1;
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

static void pressKeys(const char *keys) {
    if (!keys) return;
    char *copy = strdup(keys);
    for (char *k = strtok(copy, ","); k; k = strtok(NULL, ",")) {
        KeyCode code = XKeysymToKeycode(dpy, XStringToKeysym(k));
        if (!code) {
            fprintf(stderr, "probe: no key %s\n", k);
            exit(1);
        }
        XTestFakeKeyEvent(dpy, code, True, 0);
        XTestFakeKeyEvent(dpy, code, False, 0);
        XFlush(dpy);
        waitIdle(0.3, 3);
    }
    free(copy);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: probe latency|fps WINDOW [options]\n");
        return 2;
    }
    const char *mode = argv[1], *want = argv[2], *keys = NULL;
    int moves = 30, warmup = 4, press = 0;
    double dx = 0, dy = 3, fx = 0.5, fy = 0.5, seconds = 2, rate = 250, amplitude = 150;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "0";
        if (!strcmp(a, "--press")) { press = 1; continue; }
        if (!strcmp(a, "--moves")) moves = atoi(v);
        else if (!strcmp(a, "--warmup")) warmup = atoi(v);
        else if (!strcmp(a, "--dx")) dx = atof(v);
        else if (!strcmp(a, "--dy")) dy = atof(v);
        else if (!strcmp(a, "--at")) sscanf(v, "%lf,%lf", &fx, &fy);
        else if (!strcmp(a, "--keys")) keys = v;
        else if (!strcmp(a, "--seconds")) seconds = atof(v);
        else if (!strcmp(a, "--rate")) rate = atof(v);
        else if (!strcmp(a, "--amplitude")) amplitude = atof(v);
        else {
            fprintf(stderr, "probe: unknown option %s\n", a);
            return 2;
        }
        i++;
    }
    dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "probe: cannot open the display\n");
        return 1;
    }
    int ev, err, major = 2, minor = 2, op;  // XI 2.1 or later: raw events reach the probe during other clients' grabs
    if (!XQueryExtension(dpy, "XInputExtension", &xiOpcode, &ev, &err) || XIQueryVersion(dpy, &major, &minor) != Success
        || !XDamageQueryExtension(dpy, &damageEvent, &err) || !XTestQueryExtension(dpy, &ev, &err, &major, &op)) {
        fprintf(stderr, "probe: the X server lacks XInput2, DAMAGE or XTEST\n");
        return 1;
    }
    target = findWindow(want);
    if (!target) {
        fprintf(stderr, "probe: no window %s\n", want);
        return 1;
    }
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_RawMotion);
    XIEventMask mask = {XIAllMasterDevices, sizeof bits, bits};
    XISelectEvents(dpy, DefaultRootWindow(dpy), &mask, 1);
    XDamageCreate(dpy, target, XDamageReportRawRectangles);
    XWindowAttributes a;
    XGetWindowAttributes(dpy, target, &a);
    int ox, oy;
    Window child;
    XTranslateCoordinates(dpy, target, DefaultRootWindow(dpy), 0, 0, &ox, &oy, &child);
    double x = ox + fx * a.width, y = oy + fy * a.height;
    XTestFakeMotionEvent(dpy, -1, (int)x, (int)y, 0);
    XFlush(dpy);
    waitIdle(0.3, 5);
    pressKeys(keys);
    if (press) {
        XTestFakeButtonEvent(dpy, 1, True, 0);
        XFlush(dpy);
        waitIdle(0.15, 2);
    }
    if (!strcmp(mode, "fps")) {
        int frames = 0;
        Time lastDamage = 0;
        double start = now(), interval = 1 / rate;
        XEvent e;
        for (int k = 0;; k++) {
            double at = start + k * interval;
            if (at >= start + seconds) break;
            while (nextEvent(&e, at)) {
                Time t = damageTime(&e);
                if (t && t != lastDamage) {
                    frames++;
                    lastDamage = t;
                }
                if (!t) rawMotionTime(&e);
            }
            double cycle = 2 * amplitude / 3;  // moves of 3 points down, then up
            double s = k - cycle * (int)(k / cycle);
            double offset = 3 * (s < cycle / 2 ? s : cycle - s);
            XTestFakeMotionEvent(dpy, -1, (int)x, (int)(y + offset), 0);
            XFlush(dpy);
        }
        double span = now() - start;
        if (press) XTestFakeButtonEvent(dpy, 1, False, 0);
        XFlush(dpy);
        printf("fps %.1f %d %.2f\n", frames / span, frames, span);
        return 0;
    }
    srand48(28);
    double *samples = calloc(moves, sizeof *samples);
    int count = 0, missed = 0;
    for (int k = -warmup; k < moves; k++) {
        x += dx;
        y += dy;
        Time moved = moveAndStamp((int)x, (int)y);
        Time drawn = 0;
        XEvent e;
        double deadline = now() + 1;
        while (!drawn && nextEvent(&e, deadline)) {
            Time t = damageTime(&e);
            if (t && moved && t >= moved) drawn = t;
            if (!t) rawMotionTime(&e);
        }
        if (k >= 0) {
            if (drawn) samples[count++] = (double)(drawn - moved);
            else missed++;
        }
        waitIdle(0.12 + 0.08 * drand48(), 3);
    }
    if (press) XTestFakeButtonEvent(dpy, 1, False, 0);
    XFlush(dpy);
    for (int i = 0; i < count; i++) printf("sample %.0f\n", samples[i]);
    qsort(samples, count, sizeof *samples, compare);
    printf("latency %.1f %.1f %d %d\n", percentile(samples, count, 0.5), percentile(samples, count, 0.9), count, missed);
    return 0;
}
