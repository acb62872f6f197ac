#define _GNU_SOURCE
#include "CSandbox.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t pz_stop = 0;

static void pz_note_stop(int sig) { pz_stop = sig; }

static void pz_unblock(int sig) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

void pz_catch_stop_signals(void) {
    int signals[] = { SIGINT, SIGTERM, SIGHUP };
    for (unsigned i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_handler = pz_note_stop;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(signals[i], &action, NULL);
        pz_unblock(signals[i]);
    }
}

int pz_stop_signal(void) { return pz_stop; }

/* SDL turns SIGINT and SIGTERM into a quit event (its handler re-arms itself and sets a flag the
   next event pump reads); a hang-up becomes the same request by raising SIGTERM. */
static void pz_hang_up(int sig) {
    (void)sig;
    raise(SIGTERM);
}

void pz_hang_up_as_quit(void) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = pz_hang_up;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGHUP, &action, NULL);
    pz_unblock(SIGHUP);
    pz_unblock(SIGTERM);
    pz_unblock(SIGINT);
}
