#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int pz_spawn_helper(const char *path, char *const argv[], int in_fd, int out_fd, int shared_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) return rc;
    rc = posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    if (rc == 0) rc = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, shared_fd, 3);
    if (rc == 0) rc = posix_spawn_file_actions_addclosefrom_np(&actions, 4);
    char *const environment[] = { NULL };
    if (rc == 0) rc = posix_spawn(pid, path, &actions, NULL, argv, environment);
    posix_spawn_file_actions_destroy(&actions);
    return rc;
}

int pz_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno;
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

int pz_limit_resources(size_t address_space_bytes, int open_files) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
    if (getppid() == 1) return ESRCH;  /* the parent died before the line above */
    struct rlimit as = { address_space_bytes, address_space_bytes };
    struct rlimit none = { 0, 0 };
    struct rlimit files = { (rlim_t)open_files, (rlim_t)open_files };
    if (setrlimit(RLIMIT_AS, &as) != 0) return errno;
    if (setrlimit(RLIMIT_FSIZE, &none) != 0) return errno;
    if (setrlimit(RLIMIT_CORE, &none) != 0) return errno;
    if (setrlimit(RLIMIT_NOFILE, &files) != 0) return errno;
    return 0;
}

#if defined(__x86_64__)
#define PZ_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define PZ_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#define PZ_DENY(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)
#define PZ_WRITE_FLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)

int pz_enter_sandbox(void) {
#ifndef PZ_AUDIT_ARCH
    return ENOSYS;
#else
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PZ_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        /* openat(dirfd, path, flags): refused when the flags ask to write or create. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PZ_WRITE_FLAGS, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#ifdef __NR_open
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PZ_WRITE_FLAGS, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        PZ_DENY(__NR_creat),
        PZ_DENY(__NR_unlink), PZ_DENY(__NR_rename), PZ_DENY(__NR_mkdir), PZ_DENY(__NR_rmdir),
        PZ_DENY(__NR_link), PZ_DENY(__NR_symlink), PZ_DENY(__NR_chmod), PZ_DENY(__NR_chown),
        PZ_DENY(__NR_lchown), PZ_DENY(__NR_fork), PZ_DENY(__NR_vfork),
#endif
        PZ_DENY(__NR_openat2), PZ_DENY(__NR_socket), PZ_DENY(__NR_socketpair), PZ_DENY(__NR_connect),
        PZ_DENY(__NR_bind), PZ_DENY(__NR_listen), PZ_DENY(__NR_accept), PZ_DENY(__NR_accept4),
        PZ_DENY(__NR_sendto), PZ_DENY(__NR_sendmsg), PZ_DENY(__NR_execve), PZ_DENY(__NR_execveat),
        PZ_DENY(__NR_ptrace), PZ_DENY(__NR_unlinkat), PZ_DENY(__NR_renameat), PZ_DENY(__NR_renameat2),
        PZ_DENY(__NR_mkdirat), PZ_DENY(__NR_linkat), PZ_DENY(__NR_symlinkat), PZ_DENY(__NR_fchmod),
        PZ_DENY(__NR_fchmodat), PZ_DENY(__NR_fchown), PZ_DENY(__NR_fchownat), PZ_DENY(__NR_truncate),
        PZ_DENY(__NR_ftruncate), PZ_DENY(__NR_setrlimit), PZ_DENY(__NR_prlimit64), PZ_DENY(__NR_io_uring_setup),
        PZ_DENY(__NR_process_vm_writev), PZ_DENY(__NR_mount), PZ_DENY(__NR_setuid), PZ_DENY(__NR_setgid),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = { (unsigned short)(sizeof(filter) / sizeof(filter[0])), filter };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) return errno;
    return 0;
#endif
}
