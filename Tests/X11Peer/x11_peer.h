#ifndef PHOTOZOOM_X11_PEER_H
#define PHOTOZOOM_X11_PEER_H
// The test's own X clients that talk to the live app (issue 32): a drag-and-drop source and a
// clipboard manager, one program with a subcommand each (x11_peer.c).
#include <X11/Xlib.h>
#include <signal.h>

/// Seconds on the monotonic clock.
double peer_now(void);

/// The next event on `d` within `seconds`; 0 when none came or `*stop` (may be NULL) was set.
int peer_next_event(Display *d, XEvent *e, double seconds, volatile sig_atomic_t *stop);

/// Answers selection request `r` with a SelectionNotify naming `property` (None: refused).
void peer_notify(Display *d, const XSelectionRequestEvent *r, Atom property);

/// `x11-peer drop …` (xdnd_drop.c) and `x11-peer save-targets-manager …` (save_targets_manager.c).
int xdnd_drop(int argc, char **argv);
int save_targets_manager(int argc, char **argv);
#endif
