#ifndef PHOTOZOOM_CSANDBOX_H
#define PHOTOZOOM_CSANDBOX_H
#include <sys/types.h>

/// The decoder helpers' process plumbing, in C where the system interfaces are macros or variadic
/// (seccomp filters, prctl, memfd_create, posix_spawn with closefrom).

/// Starts `argv[0]` with `argv` and an empty environment, in a session of its own (no controlling
/// terminal, not in the app's process group; signals unblocked and at their defaults): `in_fd` as
/// its standard input, `out_fd` as its standard output, /dev/null as its standard error,
/// `shared_fd` as descriptor 3, every other descriptor closed. Returns 0 and the child's id in
/// `pid`, or an errno value.
int pz_spawn_helper(const char *path, char *const argv[], int in_fd, int out_fd, int shared_fd, pid_t *pid);

/// A pipe whose two ends close on exec; 0, or an errno value.
int pz_pipe(int fds[2]);

/// A connected pair of Unix stream sockets, both ends close-on-exec; 0, or an errno value. A
/// helper's requests travel on one, each with the descriptor of the photo it names (issue 33).
int pz_socket_pair(int fds[2]);

/// Sends `count` bytes on `socket` (no SIGPIPE) with `descriptor` attached (SCM_RIGHTS; none when
/// negative). Returns the bytes sent, or -1 with errno set.
long pz_send_with_descriptor(int socket, const void *bytes, size_t count, int descriptor);

/// Receives up to `count` bytes from `socket`; a descriptor that came with them (close-on-exec) is
/// stored in `*descriptor` when that is still negative, any other closed. Returns the bytes
/// received (0 at the end), or -1 with errno set.
long pz_receive(int socket, void *bytes, size_t count, int *descriptor);

/// An anonymous shared-memory file of `size` bytes (sparse until written), close-on-exec; -1 on failure.
int pz_shared_memory(const char *name, size_t size);

/// Memory the system has free now (free and buffer RAM), bytes; 0 when unknown.
size_t pz_available_memory(void);

/// Limits the calling process for decoding untrusted files: at most `address_space_bytes` of
/// address space, no file larger than 0 bytes written, at most `open_files` descriptors,
/// `cpu_seconds` of CPU time (SIGXCPU, then SIGKILL a second later), one process (RLIMIT_NPROC:
/// no fork, no thread), no core dump, killed when its parent dies. Returns 0, or an errno value.
int pz_limit_resources(size_t address_space_bytes, int open_files, int cpu_seconds);

/// What `pz_confine` achieved, a bit each.
enum {
    PZ_HELD_USER = 1, PZ_HELD_NET = 2, PZ_HELD_IPC = 4, PZ_HELD_PID = 8, PZ_HELD_MOUNT = 16,
    PZ_HELD_PROC_HIDDEN = 32, PZ_HELD_CAPS_DROPPED = 64, PZ_HELD_LANDLOCK = 128
};

/// Confines the calling process as far as the kernel allows, each step on its own: new user, net,
/// ipc, pid (for children) and mount namespaces; /proc hidden under an empty read-only tmpfs in
/// the mount namespace; every capability dropped (bounding, ambient, effective, permitted,
/// inheritable); Landlock (nothing written, made, removed or executed anywhere; no network; no
/// signal to or ptrace of a process outside; and, when `read_roots` is not NULL, nothing read
/// except beneath its `count` paths). Returns the `PZ_HELD_*` bits of what held.
int pz_confine(const char *const read_roots[], int count);

/// Installs an allow-list seccomp filter on the calling process (and no new privileges): the
/// system calls decoding needs (reading, memory, time, threads, signals to itself) are allowed;
/// opening for writing, a fork (clone without CLONE_THREAD), prctl beyond naming, setting limits,
/// ioctl beyond TCGETS and signals to other processes fail with an errno; every other call (x32
/// numbers and other architectures included) kills the process with SIGSYS. Returns 0, or an errno
/// value (ENOSYS on an architecture without a filter here).
int pz_enter_sandbox(void);

/// `pz_enter_sandbox`, with `may_open` 0: open and openat then fail with EACCES whatever they
/// ask (a helper handed its photos as descriptors opens nothing). `pz_enter_sandbox()` is
/// `pz_enter_sandbox_opening(1)`.
int pz_enter_sandbox_opening(int may_open);

/// A decoder helper's whole set-up, in order, the one the helpers and the sandbox probe share:
/// `pz_limit_resources` (64 descriptors), `pz_confine` (its bits in `held`), `pz_enter_sandbox`.
/// `read_roots` non-NULL with `count` 0: nothing is read by name at all (Landlock denies every
/// read, the filter every open); the helper reads only descriptors it is handed.
/// Returns 0, or the errno value of the step that failed.
int pz_helper_setup(size_t address_space_bytes, int cpu_seconds, const char *const read_roots[], int count, int *held);

/// Keeps the calling process on one CPU (the `slot`-th it may run on, counted round them: each
/// decoder thread's helper on its own), so that decoders that start a thread per CPU (dav1d,
/// through libheif) start none: the helpers cannot make threads. 0 or an errno.
int pz_single_cpu(int slot);

/// Replay and export stop cleanly on a signal (issue 33): SIGINT, SIGTERM and SIGHUP (unblocked,
/// whatever mask the process inherited) only note the signal, which `pz_stop_signal` reads (0 when none).
void pz_catch_stop_signals(void);
int pz_stop_signal(void);

/// Flushes standard output (C's stdout, where Swift's `print` writes): 0 when everything was
/// written, else the errno value of the failure (-1 when an earlier write failed and none is known).
int pz_finish_standard_output(void);

/// The window's app quits as on SIGTERM when its terminal hangs up (SIGHUP raises SIGTERM, which SDL
/// turns into a quit event), so what it writes on quitting (state.json, the trace) is written.
/// Call after SDL has started. SIGINT, SIGTERM and SIGHUP are unblocked.
void pz_hang_up_as_quit(void);

#endif
