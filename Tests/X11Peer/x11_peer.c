// x11-peer: the end-to-end tests' own X clients (x11_peer.h).
//
//   x11-peer drop [--vanish] WINDOW X Y URI... drop URIs on WINDOW through XDND (xdnd_drop.c)
//   x11-peer save-targets-manager SECONDS      a clipboard manager (save_targets_manager.c)
#include "x11_peer.h"

#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

double peer_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int peer_next_event(Display *d, XEvent *e, double seconds, volatile sig_atomic_t *stop) {
    double end = peer_now() + seconds;
    while (!XPending(d)) {
        double left = end - peer_now();
        if (left <= 0 || (stop && *stop)) return 0;
        struct pollfd fd = { ConnectionNumber(d), POLLIN, 0 };
        poll(&fd, 1, (int)(left * 1000) + 1);
    }
    XNextEvent(d, e);
    return 1;
}

void peer_notify(Display *d, const XSelectionRequestEvent *r, Atom property) {
    XEvent reply;
    memset(&reply, 0, sizeof reply);
    reply.xselection.type = SelectionNotify;
    reply.xselection.requestor = r->requestor;
    reply.xselection.selection = r->selection;
    reply.xselection.target = r->target;
    reply.xselection.time = r->time;
    reply.xselection.property = property;
    XSendEvent(d, r->requestor, False, NoEventMask, &reply);
    XFlush(d);
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "drop") == 0) return xdnd_drop(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "save-targets-manager") == 0) return save_targets_manager(argc - 1, argv + 1);
    fprintf(stderr, "usage: x11-peer drop [--vanish] WINDOW X Y URI... | x11-peer save-targets-manager SECONDS\n");
    return 1;
}
