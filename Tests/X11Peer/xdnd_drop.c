// A drag-and-drop source for the end-to-end tests (issue 32): drops URIs on a window the way a
// file manager does, through the XDND protocol (https://www.freedesktop.org/wiki/Specifications/XDND/),
// with nothing injected into the app: XdndAware read, XdndEnter with text/uri-list, XdndPosition,
// XdndStatus awaited, XdndDrop, the XdndSelection request answered with the URI list, XdndFinished
// awaited.
//
//   x11-peer drop [--vanish] WINDOW X Y URI...  WINDOW: the target's id (decimal or 0x hex);
//                                     X Y: the drop point in the window's coordinates; --vanish:
//                                     a source that quits mid-drag, as a crashed file manager
//                                     does: XdndEnter, its window destroyed, then XdndPosition
//                                     (the target's XdndStatus goes to a window gone), exit 0
//
// Prints each step on standard output. Exit status: 0 when the target finished the drop and
// accepted it; 1 usage; 2 no X display; 3 the window is not XdndAware; 4 no XdndStatus, or it
// refused; 5 it never asked for the data; 6 no XdndFinished, or it refused.
#include "x11_peer.h"

#include <X11/Xatom.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void send_message(Display *d, Window target, Atom type, long l0, long l1, long l2, long l3, long l4) {
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.display = d;
    e.xclient.window = target;
    e.xclient.message_type = type;
    e.xclient.format = 32;
    e.xclient.data.l[0] = l0; e.xclient.data.l[1] = l1; e.xclient.data.l[2] = l2; e.xclient.data.l[3] = l3; e.xclient.data.l[4] = l4;
    XSendEvent(d, target, False, NoEventMask, &e);
    XFlush(d);
}

int xdnd_drop(int argc, char **argv) {
    int vanish = argc >= 2 && strcmp(argv[1], "--vanish") == 0;
    if (vanish) { argc--; argv++; }
    if (argc < 5) {
        fprintf(stderr, "usage: x11-peer drop [--vanish] WINDOW X Y URI...\n");
        return 1;
    }
    Window target = (Window)strtoul(argv[1], NULL, 0);
    int x = atoi(argv[2]), y = atoi(argv[3]);
    Display *d = XOpenDisplay(NULL);
    if (d == NULL) { fprintf(stderr, "x11-peer drop: no X display\n"); return 2; }
    Atom XdndAware = XInternAtom(d, "XdndAware", False), XdndEnter = XInternAtom(d, "XdndEnter", False),
         XdndPosition = XInternAtom(d, "XdndPosition", False), XdndStatus = XInternAtom(d, "XdndStatus", False),
         XdndDrop = XInternAtom(d, "XdndDrop", False), XdndFinished = XInternAtom(d, "XdndFinished", False),
         XdndLeave = XInternAtom(d, "XdndLeave", False), XdndSelection = XInternAtom(d, "XdndSelection", False),
         XdndActionCopy = XInternAtom(d, "XdndActionCopy", False), uriList = XInternAtom(d, "text/uri-list", False),
         stampAtom = XInternAtom(d, "XDND_SOURCE_TIME", False);

    // The target must say it takes drops, and which version.
    Atom type; int format; unsigned long count, after; unsigned char *data = NULL;
    if (XGetWindowProperty(d, target, XdndAware, 0, 1, False, XA_ATOM, &type, &format, &count, &after, &data) != Success ||
        type != XA_ATOM || count < 1) {
        printf("not XdndAware\n");
        return 3;
    }
    long theirs = (long)*(Atom *)data;
    XFree(data);
    long version = theirs < 5 ? theirs : 5;
    printf("XdndAware version %ld, speaking %ld\n", theirs, version);

    // The drop's window and a server time for it (a zero-length append to its own property).
    Window source = XCreateWindow(d, DefaultRootWindow(d), -10, -10, 1, 1, 0, CopyFromParent, InputOnly, CopyFromParent, 0, NULL);
    XSelectInput(d, source, PropertyChangeMask);
    XChangeProperty(d, source, stampAtom, XA_STRING, 8, PropModeAppend, (const unsigned char *)"", 0);
    XEvent e;
    XWindowEvent(d, source, PropertyChangeMask, &e);
    Time stamp = e.xproperty.time;
    XSetSelectionOwner(d, XdndSelection, source, stamp);
    if (XGetSelectionOwner(d, XdndSelection) != source) { printf("cannot own XdndSelection\n"); return 2; }

    // The URI list, CRLF after each.
    size_t length = 0;
    for (int i = 4; i < argc; i++) length += strlen(argv[i]) + 2;
    char *list = malloc(length + 1);
    list[0] = 0;
    for (int i = 4; i < argc; i++) { strcat(list, argv[i]); strcat(list, "\r\n"); }

    int rootX, rootY;
    Window child;
    XTranslateCoordinates(d, target, DefaultRootWindow(d), x, y, &rootX, &rootY, &child);
    send_message(d, target, XdndEnter, (long)source, version << 24, (long)uriList, None, None);
    printf("XdndEnter sent (text/uri-list)\n");
    if (vanish) {
        XDestroyWindow(d, source);
        XSync(d, False);
        printf("the source window destroyed\n");
    }
    send_message(d, target, XdndPosition, (long)source, 0, ((long)rootX << 16) | (rootY & 0xFFFF), (long)stamp, (long)XdndActionCopy);
    printf("XdndPosition sent (%d, %d in the window; %d, %d on the screen)\n", x, y, rootX, rootY);
    if (vanish) {
        XCloseDisplay(d);
        printf("vanished\n");
        return 0;
    }

    int accepted = -1;
    double end = peer_now() + 120;
    while (accepted < 0 && peer_now() < end) {
        if (!peer_next_event(d, &e, end - peer_now(), NULL)) break;
        if (e.type == ClientMessage && e.xclient.message_type == XdndStatus && (Window)e.xclient.data.l[0] == target) {
            accepted = (int)(e.xclient.data.l[1] & 1);
            char *action = e.xclient.data.l[4] ? XGetAtomName(d, (Atom)e.xclient.data.l[4]) : NULL;
            printf("XdndStatus: %s, action %s\n", accepted ? "accepts" : "refuses", action ? action : "None");
            if (action) XFree(action);
        }
    }
    if (accepted != 1) {
        send_message(d, target, XdndLeave, (long)source, 0, 0, 0, 0);
        printf(accepted < 0 ? "no XdndStatus\n" : "refused\n");
        return 4;
    }

    send_message(d, target, XdndDrop, (long)source, 0, (long)stamp, 0, 0);
    printf("XdndDrop sent\n");
    int asked = 0, finished = -1;
    end = peer_now() + 120;
    while (finished < 0 && peer_now() < end) {
        if (!peer_next_event(d, &e, end - peer_now(), NULL)) break;
        if (e.type == SelectionRequest && e.xselectionrequest.selection == XdndSelection) {
            XSelectionRequestEvent *r = &e.xselectionrequest;
            Atom property = None;
            char *name = XGetAtomName(d, r->target);
            if (r->target == uriList) {
                property = r->property != None ? r->property : r->target;
                XChangeProperty(d, r->requestor, property, uriList, 8, PropModeReplace, (unsigned char *)list, (int)strlen(list));
                asked++;
            }
            printf("SelectionRequest for %s: %s\n", name ? name : "?", property != None ? "answered" : "refused");
            if (name) XFree(name);
            peer_notify(d, r, property);
        } else if (e.type == ClientMessage && e.xclient.message_type == XdndFinished) {
            finished = version >= 5 ? (int)(e.xclient.data.l[1] & 1) : 1;
            char *action = e.xclient.data.l[2] ? XGetAtomName(d, (Atom)e.xclient.data.l[2]) : NULL;
            printf("XdndFinished: %s, action %s\n", finished ? "accepted" : "refused", action ? action : "None");
            if (action) XFree(action);
        }
    }
    if (!asked) { printf("the data was never asked for\n"); return 5; }
    if (finished != 1) { printf(finished < 0 ? "no XdndFinished\n" : "refused at the end\n"); return 6; }
    XCloseDisplay(d);
    return 0;
}
