#ifndef PHOTOZOOM_CSANDBOX_H
#define PHOTOZOOM_CSANDBOX_H
#include <sys/types.h>

/// The decoder helpers' process plumbing, in C where the system interfaces are macros or variadic
/// (seccomp filters, prctl, memfd_create, posix_spawn with closefrom).

/// Starts `argv[0]` with `argv` and an empty environment: `in_fd` as its standard input, `out_fd`
/// as its standard output, /dev/null as its standard error, `shared_fd` as descriptor 3, every
/// other descriptor closed. Returns 0 and the child's id in `pid`, or an errno value.
int pz_spawn_helper(const char *path, char *const argv[], int in_fd, int out_fd, int shared_fd, pid_t *pid);

/// A pipe whose two ends close on exec; 0, or an errno value.
int pz_pipe(int fds[2]);

/// An anonymous shared-memory file of `size` bytes (sparse until written), close-on-exec; -1 on failure.
int pz_shared_memory(const char *name, size_t size);

/// Limits the calling process for decoding untrusted files: at most `address_space_bytes` of
/// address space, no file larger than 0 bytes written, at most `open_files` descriptors, no core
/// dump, killed when its parent dies. Returns 0, or an errno value.
int pz_limit_resources(size_t address_space_bytes, int open_files);

/// Installs a seccomp filter on the calling process (and no new privileges): the system calls for
/// networking, starting programs, writing, renaming or removing files, changing modes or owners and
/// tracing fail with EPERM; opening a file for writing fails with EPERM. Reading files, memory,
/// pipes and the shared-memory file already open work as before. Returns 0, or an errno value
/// (ENOSYS on an architecture without a filter here).
int pz_enter_sandbox(void);

/// Replay and export stop cleanly on a signal (issue 33): SIGINT, SIGTERM and SIGHUP (unblocked,
/// whatever mask the process inherited) only note the signal, which `pz_stop_signal` reads (0 when none).
void pz_catch_stop_signals(void);
int pz_stop_signal(void);

/// The window's app quits as on SIGTERM when its terminal hangs up (SIGHUP raises SIGTERM, which SDL
/// turns into a quit event), so what it writes on quitting (state.json, the trace) is written.
/// Call after SDL has started. SIGINT, SIGTERM and SIGHUP are unblocked.
void pz_hang_up_as_quit(void);

#endif
