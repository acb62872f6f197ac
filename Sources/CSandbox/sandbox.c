#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/sysinfo.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

int pz_spawn_helper(const char *path, char *const argv[], int in_fd, int out_fd, int shared_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) return rc;
    rc = posix_spawnattr_init(&attributes);
    if (rc != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return rc;
    }
    /* A session of its own: no controlling terminal (TIOCSTI, /dev/tty), no signals from the
       app's terminal, not in the app's process group. Signals the app blocked or ignored are
       the defaults again. */
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    rc = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (rc == 0) rc = posix_spawnattr_setsigmask(&attributes, &none);
    if (rc == 0) rc = posix_spawnattr_setsigdefault(&attributes, &all);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    if (rc == 0) rc = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, shared_fd, 3);
    if (rc == 0) rc = posix_spawn_file_actions_addclosefrom_np(&actions, 4);
    char *const environment[] = { NULL };
    if (rc == 0) rc = posix_spawn(pid, path, &actions, &attributes, argv, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return rc;
}

int pz_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno;
}

int pz_socket_pair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : errno;
}

long pz_send_with_descriptor(int socket, const void *bytes, size_t count, int descriptor) {
    struct iovec part = { (void *)bytes, count };
    union { struct cmsghdr align; char space[CMSG_SPACE(sizeof(int))]; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    if (descriptor >= 0) {
        memset(&control, 0, sizeof(control));
        message.msg_control = control.space;
        message.msg_controllen = sizeof(control.space);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    }
    return (long)sendmsg(socket, &message, MSG_NOSIGNAL);
}

long pz_receive(int socket, void *bytes, size_t count, int *descriptor) {
    struct iovec part = { bytes, count };
    union { struct cmsghdr align; char space[CMSG_SPACE(4 * sizeof(int))]; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof(control.space);
    long n = (long)recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    if (n < 0) return n;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t received = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < received; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(header) + i * sizeof(int), sizeof(int));
            /* One descriptor a message: the first is kept, any other closed. */
            if (*descriptor < 0) *descriptor = fd; else close(fd);
        }
    }
    return n;
}

int pz_shared_memory(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

size_t pz_available_memory(void) {
    struct sysinfo info;
    if (sysinfo(&info) != 0) return 0;
    return (size_t)(info.freeram + info.bufferram) * info.mem_unit;
}

int pz_limit_resources(size_t address_space_bytes, int open_files, int cpu_seconds) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
    if (getppid() == 1) return ESRCH;  /* the parent died before the line above */
    struct rlimit as = { address_space_bytes, address_space_bytes };
    struct rlimit none = { 0, 0 };
    struct rlimit files = { (rlim_t)open_files, (rlim_t)open_files };
    struct rlimit cpu = { (rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1 };
    /* One process: itself. A fork or a thread fails with EAGAIN even where seccomp is missing. */
    struct rlimit one = { 1, 1 };
    if (setrlimit(RLIMIT_AS, &as) != 0) return errno;
    if (setrlimit(RLIMIT_FSIZE, &none) != 0) return errno;
    if (setrlimit(RLIMIT_CORE, &none) != 0) return errno;
    if (setrlimit(RLIMIT_NOFILE, &files) != 0) return errno;
    if (setrlimit(RLIMIT_CPU, &cpu) != 0) return errno;
    if (setrlimit(RLIMIT_NPROC, &one) != 0) return errno;
    return 0;
}

/* MARK: - Namespaces, capabilities, Landlock */

static int pz_write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    ssize_t n = write(fd, text, strlen(text));
    int e = n == (ssize_t)strlen(text) ? 0 : errno;
    close(fd);
    return e;
}

static int pz_drop_capabilities(void) {
    for (int cap = 0; cap <= 63; cap++) {
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL && errno != EPERM) return errno;
    }
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof(data));
    if (syscall(SYS_capset, &header, data) != 0) return errno;
    return 0;
}

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

/* Landlock's interface, spelled here: the system's headers may predate ABI 6. */
struct pz_landlock_ruleset_attr { uint64_t handled_access_fs; uint64_t handled_access_net; uint64_t scoped; };
struct pz_landlock_path_beneath_attr { uint64_t allowed_access; int32_t parent_fd; } __attribute__((packed));
#define PZ_LL_EXECUTE (1ULL << 0)
#define PZ_LL_WRITE_FILE (1ULL << 1)
#define PZ_LL_READ_FILE (1ULL << 2)
#define PZ_LL_READ_DIR (1ULL << 3)
#define PZ_LL_ABI1_ALL ((1ULL << 13) - 1)
#define PZ_LL_REFER (1ULL << 13)
#define PZ_LL_TRUNCATE (1ULL << 14)
#define PZ_LL_IOCTL_DEV (1ULL << 15)
#define PZ_LL_NET_ALL 3ULL
#define PZ_LL_SCOPE_ALL 3ULL

static int pz_landlock(const char *const read_roots[], int count) {
    long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, 1U);
    if (abi < 1) return ENOSYS;
    /* Landlock asks for no new privileges (or CAP_SYS_ADMIN, dropped above). */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    struct pz_landlock_ruleset_attr attr = { PZ_LL_ABI1_ALL, 0, 0 };
    if (abi >= 2) attr.handled_access_fs |= PZ_LL_REFER;
    if (abi >= 3) attr.handled_access_fs |= PZ_LL_TRUNCATE;
    if (abi >= 4) attr.handled_access_net = PZ_LL_NET_ALL;
    if (abi >= 5) attr.handled_access_fs |= PZ_LL_IOCTL_DEV;
    if (abi >= 6) attr.scoped = PZ_LL_SCOPE_ALL;
    /* Without read roots, reading stays unrestricted (and everything else denied). */
    if (read_roots == NULL) attr.handled_access_fs &= ~(PZ_LL_READ_FILE | PZ_LL_READ_DIR);
    size_t size = abi >= 6 ? sizeof(attr) : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
    int ruleset = (int)syscall(__NR_landlock_create_ruleset, &attr, size, 0U);
    if (ruleset < 0) return errno;
    for (int i = 0; read_roots != NULL && i < count; i++) {
        int fd = open(read_roots[i], O_PATH | O_CLOEXEC);
        if (fd < 0) continue;  /* gone: nothing beneath it to read */
        struct stat info;
        uint64_t rights = PZ_LL_READ_FILE;
        if (fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) rights |= PZ_LL_READ_DIR;
        struct pz_landlock_path_beneath_attr rule = { rights, fd };
        syscall(__NR_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0U);
        close(fd);
    }
    int rc = syscall(__NR_landlock_restrict_self, ruleset, 0U) == 0 ? 0 : errno;
    close(ruleset);
    return rc;
}

int pz_confine(const char *const read_roots[], int count) {
    int held = 0;
    uid_t uid = getuid();
    gid_t gid = getgid();
    /* User namespace first: the others then need no privilege. Where the kernel refuses an
       unprivileged one, a privileged process (root) still takes the others. */
    int user = unshare(CLONE_NEWUSER) == 0;
    if (user) {
        held |= PZ_HELD_USER;
        char map[64];
        pz_write_file("/proc/self/setgroups", "deny");
        snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)uid, (unsigned)uid);
        pz_write_file("/proc/self/uid_map", map);
        snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)gid, (unsigned)gid);
        pz_write_file("/proc/self/gid_map", map);
    }
    if (unshare(CLONE_NEWNET) == 0) held |= PZ_HELD_NET;
    if (unshare(CLONE_NEWIPC) == 0) held |= PZ_HELD_IPC;
    if (unshare(CLONE_NEWPID) == 0) held |= PZ_HELD_PID;  /* any child (none can start) is in it */
    if (unshare(CLONE_NEWNS) == 0) {
        held |= PZ_HELD_MOUNT;
        /* Changes stay here; /proc hidden under an empty, read-only tmpfs: no other process's
           memory, descriptors or status to open. */
        mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
        if (mount("none", "/proc", "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=000") == 0)
            held |= PZ_HELD_PROC_HIDDEN;
    }
    if (pz_drop_capabilities() == 0) held |= PZ_HELD_CAPS_DROPPED;
    if (pz_landlock(read_roots, count) == 0) held |= PZ_HELD_LANDLOCK;
    return held;
}

/* MARK: - Seccomp: an allow-list */

#if defined(__x86_64__)
#define PZ_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define PZ_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#define PZ_LOAD_NR BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
#define PZ_LOAD_ARG(i) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[i]))
#define PZ_ALLOW(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define PZ_ERRNO(nr, e) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (e))
#define PZ_WRITE_FLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)
#define PZ_RET(v) BPF_STMT(BPF_RET | BPF_K, (v))
/* Five instructions: allowed when argument `i` passes `test` (BPF_JEQ, BPF_JSET) against `k`, else EPERM. */
#define PZ_ALLOW_IF_ARG(i, test, k) \
    PZ_LOAD_ARG(i), BPF_JUMP(BPF_JMP | (test) | BPF_K, (k), 1, 0), PZ_RET(SECCOMP_RET_ERRNO | EPERM), PZ_RET(SECCOMP_RET_ALLOW), PZ_LOAD_NR

int pz_enter_sandbox(void) {
    return pz_enter_sandbox_opening(1);
}

int pz_enter_sandbox_opening(int may_open) {
#ifndef PZ_AUDIT_ARCH
    (void)may_open;
    return ENOSYS;
#else
    /* Without opening (a helper handed its photo as a descriptor): open and openat fail with
       EACCES, whatever the path and flags. With it, the check below on the flags. */
    struct sock_filter opening = may_open ? (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JA, 0, 0, 0)
                                          : (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES);
    uint32_t self = (uint32_t)getpid();
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PZ_AUDIT_ARCH, 1, 0),
        PZ_RET(SECCOMP_RET_KILL_PROCESS),
        PZ_LOAD_NR,
#if defined(__x86_64__)
        /* x32 system calls (numbers with bit 30 set) reach the same kernel code by other numbers. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        PZ_RET(SECCOMP_RET_KILL_PROCESS),
#endif
        /* openat(dirfd, path, flags) and open(path, flags): reading only, or not at all. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 0, 5),
        opening,
        PZ_LOAD_ARG(2),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PZ_WRITE_FLAGS, 0, 1),
        PZ_RET(SECCOMP_RET_ERRNO | EPERM),
        PZ_RET(SECCOMP_RET_ALLOW),
#ifdef __NR_open
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 0, 5),
        opening,
        PZ_LOAD_ARG(1),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PZ_WRITE_FLAGS, 0, 1),
        PZ_RET(SECCOMP_RET_ERRNO | EPERM),
        PZ_RET(SECCOMP_RET_ALLOW),
#endif
        /* kill, tkill, tgkill: only this process (abort() raises SIGABRT on itself). */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tkill, 0, 5),
        PZ_ALLOW_IF_ARG(0, BPF_JEQ, self),
        /* clone: threads only (CLONE_THREAD in the flags); a fork is refused. clone3's flags are
           out of reach of a filter: ENOSYS sends glibc back to clone. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 5),
        PZ_ALLOW_IF_ARG(0, BPF_JSET, CLONE_THREAD),
#ifdef __NR_clone3
        PZ_ERRNO(__NR_clone3, ENOSYS),
#endif
        /* ioctl: only the terminal query isatty() makes; TIOCSTI and the rest refused. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 0, 5),
        PZ_LOAD_ARG(1),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, TCGETS, 0, 1),
        PZ_RET(SECCOMP_RET_ALLOW),
        PZ_RET(SECCOMP_RET_ERRNO | ENOTTY),
        PZ_LOAD_NR,
        /* prctl: naming threads and memory only (PDEATHSIG, dumpable, seccomp, no-new-privs stay). */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_prctl, 0, 7),
        PZ_LOAD_ARG(0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PR_SET_NAME, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PR_GET_NAME, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x53564d41 /* PR_SET_VMA */, 1, 0),
        PZ_RET(SECCOMP_RET_ERRNO | EPERM),
        PZ_RET(SECCOMP_RET_ALLOW),
        PZ_LOAD_NR,
        /* fcntl: descriptor flags and status only; F_SETOWN, F_SETOWN_EX and F_SETSIG (which would
           have the kernel send SIGIO to another process) and the rest refused. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fcntl, 0, 9),
        PZ_LOAD_ARG(1),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_GETFD, 5, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_SETFD, 4, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_GETFL, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_SETFL, 2, 0),  /* O_ASYNC without an owner signals no one */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_DUPFD_CLOEXEC, 1, 0),
        PZ_RET(SECCOMP_RET_ERRNO | EPERM),
        PZ_RET(SECCOMP_RET_ALLOW),
        PZ_LOAD_NR,
        /* prlimit64: reading a limit only (new limit NULL). */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_prlimit64, 0, 7),
        PZ_LOAD_ARG(2),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2]) + 4),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),
        PZ_RET(SECCOMP_RET_ALLOW),
        PZ_RET(SECCOMP_RET_ERRNO | EPERM),
        PZ_LOAD_NR,
        /* What decoding needs, measured with strace -f on a helper decoding every fixture format
           (read, pread64, newfstatat, clock_gettime, write, openat, close, brk, mmap, munmap,
           sysinfo, exit_group), with a margin for other glibc versions and for threads. */
        /* recvmsg: a request on standard input (a socket) with its photo's descriptor. */
        PZ_ALLOW(__NR_recvmsg),
        PZ_ALLOW(__NR_read), PZ_ALLOW(__NR_pread64), PZ_ALLOW(__NR_readv), PZ_ALLOW(__NR_preadv),
        PZ_ALLOW(__NR_write), PZ_ALLOW(__NR_writev), PZ_ALLOW(__NR_close), PZ_ALLOW(__NR_lseek),
        PZ_ALLOW(__NR_newfstatat), PZ_ALLOW(__NR_fstat), PZ_ALLOW(__NR_statx),
#ifdef __NR_stat
        PZ_ALLOW(__NR_stat), PZ_ALLOW(__NR_lstat), PZ_ALLOW(__NR_readlink), PZ_ALLOW(__NR_access),
#endif
        PZ_ALLOW(__NR_readlinkat), PZ_ALLOW(__NR_faccessat), PZ_ALLOW(__NR_getcwd),
        PZ_ALLOW(__NR_getdents64),
        PZ_ALLOW(__NR_mmap), PZ_ALLOW(__NR_munmap), PZ_ALLOW(__NR_mremap), PZ_ALLOW(__NR_mprotect),
        PZ_ALLOW(__NR_brk), PZ_ALLOW(__NR_madvise),
        PZ_ALLOW(__NR_futex), PZ_ALLOW(__NR_set_robust_list), PZ_ALLOW(__NR_get_robust_list),
#ifdef __NR_rseq
        PZ_ALLOW(__NR_rseq),
#endif
        PZ_ALLOW(__NR_sched_yield), PZ_ALLOW(__NR_sched_getaffinity), PZ_ALLOW(__NR_membarrier),
        PZ_ALLOW(__NR_clock_gettime), PZ_ALLOW(__NR_clock_getres), PZ_ALLOW(__NR_gettimeofday),
        PZ_ALLOW(__NR_clock_nanosleep), PZ_ALLOW(__NR_nanosleep),
        PZ_ALLOW(__NR_getpid), PZ_ALLOW(__NR_gettid), PZ_ALLOW(__NR_getuid), PZ_ALLOW(__NR_geteuid),
        PZ_ALLOW(__NR_getgid), PZ_ALLOW(__NR_getegid), PZ_ALLOW(__NR_getppid), PZ_ALLOW(__NR_uname),
        PZ_ALLOW(__NR_sysinfo), PZ_ALLOW(__NR_getrandom), PZ_ALLOW(__NR_getrusage), PZ_ALLOW(__NR_capget),
        PZ_ALLOW(__NR_rt_sigreturn), PZ_ALLOW(__NR_rt_sigprocmask), PZ_ALLOW(__NR_rt_sigaction),
        PZ_ALLOW(__NR_sigaltstack),
#ifdef __NR_poll
        PZ_ALLOW(__NR_poll), PZ_ALLOW(__NR_getrlimit),
#endif
        PZ_ALLOW(__NR_ppoll), PZ_ALLOW(__NR_restart_syscall), PZ_ALLOW(__NR_fadvise64),
        PZ_ALLOW(__NR_exit), PZ_ALLOW(__NR_exit_group),
        /* Everything else: the process is killed (SIGSYS), the app sees a crash and says so. */
        PZ_RET(SECCOMP_RET_KILL_PROCESS),
    };
    struct sock_fprog program = { (unsigned short)(sizeof(filter) / sizeof(filter[0])), filter };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) return errno;
    return 0;
#endif
}

int pz_helper_setup(size_t address_space_bytes, int cpu_seconds, const char *const read_roots[], int count, int *held) {
    int rc = pz_limit_resources(address_space_bytes, 64, cpu_seconds);
    if (rc != 0) return rc;
    /* A crash is the default action's: the Swift runtime's own handler would start a backtracer
       (a socketpair and a new process, which the filter refuses) and report SIGSYS instead. */
    int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT };
    for (unsigned i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++) signal(fatal[i], SIG_DFL);
    *held = pz_confine(read_roots, count);
    /* No read root: the helper is handed its photos as descriptors and opens nothing. */
    return pz_enter_sandbox_opening(read_roots == NULL || count > 0);
}
