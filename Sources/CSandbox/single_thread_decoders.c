#define _GNU_SOURCE
#include <sched.h>
#include <errno.h>
#include "CSandbox.h"

/* The decoder helpers are one process of one thread: a thread fails (EAGAIN under RLIMIT_NPROC 1,
   EINVAL after the PID namespace), by design (sandbox.c). libheif's decoders start threads of
   their own (issue 32, measured with strace: clone(CLONE_THREAD…) = -1 EINVAL in the helper), so
   they are kept to the calling thread here. */

/* libheif 1.15's HEVC plugin calls de265_start_worker_threads(ctx, 1) for every picture and
   ignores its result; libde265 then queues the picture's work for a worker that never started and
   waits forever (the HEIC fixture hung the helper until its time limit). Without that call
   libde265 decodes on the calling thread. The program exports this definition
   (`--export-dynamic-symbol`, Package.swift), so libheif's call binds to it instead of
   libde265's: 0 is DE265_OK, with no worker started. */
int de265_start_worker_threads(void *context, int threads) {
    (void)context;
    (void)threads;
    return 0;
}

int pz_single_cpu(int slot) {
    /* dav1d (AV1) starts one thread per CPU it may run on (sched_getaffinity) unless told a
       number, which libheif 1.15 does not: on one CPU it starts none and decodes in place. The
       CPU is the slot-th of those allowed, counted round them (issue 43: every helper took the
       first, so on a 2-CPU machine both decoders ran on CPU 0). */
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return errno;
    int count = CPU_COUNT(&allowed);
    if (count <= 0) return EINVAL;
    int wanted = (slot < 0 ? 0 : slot) % count, chosen = -1;
    for (int cpu = 0; cpu < CPU_SETSIZE && chosen < 0; cpu++) {
        if (CPU_ISSET(cpu, &allowed) && wanted-- == 0) chosen = cpu;
    }
    if (chosen < 0) return EINVAL;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(chosen, &one);
    return sched_setaffinity(0, sizeof(one), &one) == 0 ? 0 : errno;
}
