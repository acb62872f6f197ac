// A minimal ICCCM clipboard manager for the end-to-end tests (issue 32): it owns CLIPBOARD_MANAGER
// and, asked to SAVE_TARGETS by the CLIPBOARD's owner (an app about to quit), copies every target
// the owner lists (reading INCR transfers), takes the CLIPBOARD itself and answers the owner; from
// then on it serves the saved content, so it outlives the app.
//
//   x11-peer save-targets-manager SECONDS     runs that long at most; prints each step on standard output
//
// Exit status: 0 after SECONDS (or SIGTERM) once something was saved; 1 when nothing was; 2 no
// X display or CLIPBOARD_MANAGER already owned.
#include "x11_peer.h"

#include <X11/Xatom.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t stopping = 0;
static void stop(int sig) { (void)sig; stopping = 1; }

typedef struct Saved { Atom target, type; int format; unsigned char *bytes; unsigned long count; int incr; } Saved;
static Saved saved[32];
static int savedCount = 0;
static Display *d;
static Window me;
static Atom CLIPBOARD, CLIPBOARD_MANAGER, SAVE_TARGETS, TARGETS, TIMESTAMP, MULTIPLE, INCR, DELETE, PROP;

/// Converts CLIPBOARD to `target` into PROP on our window and reads it, INCR included. Other
/// events that come meanwhile are dropped (the owner is the one busy). 120 s for each answer (a
/// loaded machine may hold the owner's loop for seconds). 1 on success.
static int fetch(Atom target, Time time, Saved *out) {
    XDeleteProperty(d, me, PROP);
    XConvertSelection(d, CLIPBOARD, target, PROP, me, time);
    XEvent e;
    double end = peer_now() + 120;
    for (;;) {
        if (!peer_next_event(d, &e, end - peer_now(), &stopping)) return 0;
        if (e.type == SelectionNotify && e.xselection.target == target) break;
    }
    if (e.xselection.property == None) return 0;
    Atom type; int format; unsigned long count, after; unsigned char *data = NULL;
    if (XGetWindowProperty(d, me, PROP, 0, 0x7fffffff, True, AnyPropertyType, &type, &format, &count, &after, &data) != Success) return 0;
    if (type != INCR) {
        out->target = target; out->type = type; out->format = format; out->count = count;
        size_t unit = format == 32 ? sizeof(long) : (size_t)format / 8;
        out->bytes = malloc(count * unit + 1);
        memcpy(out->bytes, data, count * unit);
        XFree(data);
        return 1;
    }
    XFree(data);
    // INCR: each new value is a chunk, read and deleted; a zero-length one ends it.
    size_t length = 0, capacity = 1 << 20;
    unsigned char *all = malloc(capacity);
    Atom chunkType = None;
    int chunkFormat = 8;
    for (;;) {
        if (!peer_next_event(d, &e, end - peer_now(), &stopping)) { free(all); return 0; }
        if (e.type != PropertyNotify || e.xproperty.atom != PROP || e.xproperty.state != PropertyNewValue) continue;
        if (XGetWindowProperty(d, me, PROP, 0, 0x7fffffff, True, AnyPropertyType, &type, &format, &count, &after, &data) != Success) {
            free(all);
            return 0;
        }
        if (count == 0) { XFree(data); break; }
        chunkType = type; chunkFormat = format;
        if (length + count > capacity) { while (length + count > capacity) capacity *= 2; all = realloc(all, capacity); }
        memcpy(all + length, data, count);
        length += count;
        XFree(data);
        end = peer_now() + 120;
    }
    out->target = target; out->type = chunkType; out->format = chunkFormat; out->count = length; out->bytes = all; out->incr = 1;
    return 1;
}

/// Serves the saved content as the CLIPBOARD's owner.
static void serve(XSelectionRequestEvent *r) {
    Atom property = r->property != None ? r->property : r->target, answered = None;
    if (r->target == TARGETS) {
        Atom list[33];
        int n = 0;
        list[n++] = TARGETS;
        for (int i = 0; i < savedCount; i++) list[n++] = saved[i].target;
        XChangeProperty(d, r->requestor, property, XA_ATOM, 32, PropModeReplace, (unsigned char *)list, n);
        answered = property;
    } else {
        for (int i = 0; i < savedCount; i++) {
            if (saved[i].target != r->target) continue;
            XChangeProperty(d, r->requestor, property, saved[i].type, saved[i].format, PropModeReplace, saved[i].bytes, (int)saved[i].count);
            answered = property;
        }
    }
    peer_notify(d, r, answered);
}

int save_targets_manager(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 60;
    signal(SIGTERM, stop);
    d = XOpenDisplay(NULL);
    if (d == NULL) { fprintf(stderr, "x11-peer save-targets-manager: no X display\n"); return 2; }
    CLIPBOARD = XInternAtom(d, "CLIPBOARD", False); CLIPBOARD_MANAGER = XInternAtom(d, "CLIPBOARD_MANAGER", False);
    SAVE_TARGETS = XInternAtom(d, "SAVE_TARGETS", False); TARGETS = XInternAtom(d, "TARGETS", False);
    TIMESTAMP = XInternAtom(d, "TIMESTAMP", False); MULTIPLE = XInternAtom(d, "MULTIPLE", False);
    INCR = XInternAtom(d, "INCR", False); DELETE = XInternAtom(d, "DELETE", False); PROP = XInternAtom(d, "SAVE_TARGETS_MANAGER_DATA", False);
    me = XCreateWindow(d, DefaultRootWindow(d), -10, -10, 1, 1, 0, CopyFromParent, InputOnly, CopyFromParent, 0, NULL);
    XSelectInput(d, me, PropertyChangeMask);
    if (XGetSelectionOwner(d, CLIPBOARD_MANAGER) != None) { printf("CLIPBOARD_MANAGER is owned already\n"); return 2; }
    XSetSelectionOwner(d, CLIPBOARD_MANAGER, me, CurrentTime);
    if (XGetSelectionOwner(d, CLIPBOARD_MANAGER) != me) { printf("cannot own CLIPBOARD_MANAGER\n"); return 2; }
    printf("ready\n");
    fflush(stdout);

    double end = peer_now() + seconds;
    XEvent e;
    while (!stopping && peer_now() < end) {
        if (!peer_next_event(d, &e, end - peer_now(), &stopping)) continue;
        if (e.type != SelectionRequest) continue;
        XSelectionRequestEvent r = e.xselectionrequest;
        if (r.selection == CLIPBOARD) { serve(&r); continue; }
        if (r.selection != CLIPBOARD_MANAGER) continue;
        Atom answered = None;
        if (r.target == SAVE_TARGETS) {
            Saved list;
            memset(&list, 0, sizeof list);
            if (fetch(TARGETS, r.time, &list)) {
                Atom *targets = (Atom *)list.bytes;
                for (unsigned long i = 0; i < list.count && savedCount < 32; i++) {
                    Atom t = targets[i];
                    if (t == TARGETS || t == TIMESTAMP || t == MULTIPLE || t == SAVE_TARGETS || t == DELETE || t == INCR) continue;
                    char *name = XGetAtomName(d, t);
                    if (fetch(t, r.time, &saved[savedCount])) {
                        printf("saved %s: %lu bytes%s\n", name, saved[savedCount].count, saved[savedCount].incr ? " through INCR" : "");
                        savedCount++;
                    } else {
                        printf("could not save %s\n", name);
                    }
                    if (name) XFree(name);
                }
                free(list.bytes);
            }
            if (savedCount > 0) {
                XSetSelectionOwner(d, CLIPBOARD, me, CurrentTime);
                answered = r.property != None ? r.property : r.target;
                if (r.property != None) XChangeProperty(d, r.requestor, r.property, XA_ATOM, 32, PropModeReplace, NULL, 0);
            }
            printf("SAVE_TARGETS answered: %s\n", answered != None ? "saved" : "nothing saved");
            fflush(stdout);
        }
        peer_notify(d, &r, answered);
    }
    return savedCount > 0 ? 0 : 1;
}
