/* The sandbox probe (issue 33): started as the app starts a decoder helper (`pz_spawn_helper`),
   it sets itself up with the helpers' own code (`pz_helper_setup`) and then attempts one escape,
   named by its first argument. It prints "held BITS" before the attempt and "errno N" or "ok"
   after it on standard output; an attempt the filter kills ends the process with SIGSYS.

   sandbox-probe ESCAPE APP_PID OUTSIDE_FILE INSIDE_FOLDER [filter-only | handed | handed-filter-only]

   "handed" is the app's helpers' set-up (issue 33): no read root at all, and the photo received
   as a descriptor on standard input (a socket, SCM_RIGHTS, one byte with it) before the attempt;
   "read-handed" then reads that photo whole and prints its size. */
#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <termios.h>
#include <unistd.h>

static void say(const char *text) { (void)!write(1, text, strlen(text)); }

static void result(long rc) {
    char line[64];
    if (rc < 0) snprintf(line, sizeof(line), "errno %d\n", errno);
    else snprintf(line, sizeof(line), "ok %ld\n", rc);
    say(line);
}

int main(int argc, char **argv) {
    if (argc < 5) return 64;
    const char *escape = argv[1], *outside = argv[3], *inside = argv[4];
    pid_t app = (pid_t)atoi(argv[2]);
    const char *roots[] = { inside };
    int held = 0;
    /* "filter-only" as a fifth argument: the fallback on a kernel without namespaces or Landlock
       (limits and the seccomp filter alone), to measure what is left there. */
    int rc;
    int handed = -1;
    if (argc > 5 && !strcmp(argv[5], "filter-only")) {
        rc = pz_limit_resources((size_t)1 << 32, 64, 600);
        if (rc == 0) rc = pz_enter_sandbox();
    } else if (argc > 5 && (!strcmp(argv[5], "handed") || !strcmp(argv[5], "handed-filter-only"))) {
        /* "handed-filter-only": the fallback of a kernel without namespaces or Landlock for the
           app's helpers (the limits and the filter that refuses every open). */
        if (!strcmp(argv[5], "handed")) rc = pz_helper_setup((size_t)1 << 32, 600, roots, 0, &held);
        else if ((rc = pz_limit_resources((size_t)1 << 32, 64, 600)) == 0) rc = pz_enter_sandbox_opening(0);
        char byte;
        if (rc == 0 && pz_receive(0, &byte, 1, &handed) != 1) rc = 71;
    } else {
        rc = pz_helper_setup((size_t)1 << 32, 600, roots, 1, &held);
    }
    char line[64];
    snprintf(line, sizeof(line), "held %d setup %d\n", held, rc);
    say(line);
    if (rc != 0) return 70;
    char made[4096];
    snprintf(made, sizeof(made), "%s/made-by-probe", inside);
    long r;
    if (!strcmp(escape, "none")) r = 0;
    else if (!strcmp(escape, "read-inside")) { char p[4096]; snprintf(p, sizeof(p), "%s/photo.jpg", inside); r = open(p, O_RDONLY); }
    else if (!strcmp(escape, "read-handed")) {
        char buffer[4096];
        long n, total = 0;
        while ((n = read(handed, buffer, sizeof(buffer))) > 0) total += n;
        r = n < 0 ? -1 : total;
    }
    else if (!strcmp(escape, "read-sibling")) { char p[4096]; snprintf(p, sizeof(p), "%s/sibling.jpg", inside); r = open(p, O_RDONLY); }
    else if (!strcmp(escape, "openat-folder")) r = openat(AT_FDCWD, inside, O_RDONLY | O_DIRECTORY);
    else if (!strcmp(escape, "open-path")) { char p[4096]; snprintf(p, sizeof(p), "%s/sibling.jpg", inside); r = open(p, O_PATH); }
    else if (!strcmp(escape, "open-library")) r = open("/etc/ld.so.cache", O_RDONLY);
    else if (!strcmp(escape, "open-self")) r = open("/proc/self/exe", O_RDONLY);
    else if (!strcmp(escape, "mknod")) r = mknod(made, S_IFREG | 0644, 0);
    else if (!strcmp(escape, "fchmodat2")) r = syscall(452, AT_FDCWD, outside, 0777, 0);
    else if (!strcmp(escape, "chmod")) r = chmod(outside, 0777);
    else if (!strcmp(escape, "utimes")) r = utimes(outside, NULL);
    else if (!strcmp(escape, "open-outside")) r = open(outside, O_RDONLY);
    else if (!strcmp(escape, "open-write")) r = open(made, O_WRONLY | O_CREAT, 0644);
    else if (!strcmp(escape, "fork")) r = fork();
    else if (!strcmp(escape, "clone-process")) r = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
    else if (!strcmp(escape, "kill-app")) r = kill(app, 0);
    else if (!strcmp(escape, "proc-app-mem")) { char p[64]; snprintf(p, sizeof(p), "/proc/%d/mem", (int)app); r = open(p, O_RDONLY); }
    else if (!strcmp(escape, "process_vm_readv")) {
        char buffer[16];
        struct iovec local = { buffer, sizeof(buffer) }, remote = { (void *)0x400000, sizeof(buffer) };
        r = syscall(SYS_process_vm_readv, app, &local, 1, &remote, 1, 0);
    }
    else if (!strcmp(escape, "pidfd_open")) r = syscall(434, app, 0);
    else if (!strcmp(escape, "pidfd_getfd")) r = syscall(438, 3, 0, 0);
    else if (!strcmp(escape, "pdeathsig-reset")) r = prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0);
    else if (!strcmp(escape, "setsid")) r = setsid();
    else if (!strcmp(escape, "tiocsti")) { char c = 'x'; r = ioctl(0, TIOCSTI, &c); }
    else if (!strcmp(escape, "open-tty")) r = open("/dev/tty", O_RDWR);
    else if (!strcmp(escape, "x32-getpid")) r = syscall(0x40000000 | 39);
    else if (!strcmp(escape, "fcntl-setown")) r = fcntl(1, F_SETOWN, app);
    else if (!strcmp(escape, "openat2")) { struct { unsigned long long flags, mode, resolve; } how = { O_RDONLY, 0, 0 }; r = syscall(437, AT_FDCWD, outside, &how, sizeof(how)); }
    else if (!strcmp(escape, "socket")) r = syscall(SYS_socket, 2, 1, 0);
    else if (!strcmp(escape, "setrlimit")) { struct rlimit l = { 1 << 30, 1 << 30 }; r = setrlimit(RLIMIT_NOFILE, &l); }
    else if (!strcmp(escape, "capget")) {
        struct { unsigned v; int pid; } h = { 0x20080522, 0 };
        unsigned data[6] = { 0 };
        r = syscall(SYS_capget, &h, data);
        if (r == 0) r = (long)(data[0] | data[1] | data[3] | data[4]);  /* effective and permitted */
    }
    else return 65;
    result(r);
    return 0;
}
