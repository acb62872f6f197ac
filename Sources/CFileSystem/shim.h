#ifndef PHOTOZOOM_CFILESYSTEM_SHIM_H
#define PHOTOZOOM_CFILESYSTEM_SHIM_H
// What Swift's Glibc module leaves out of the file system's calls: which file system holds an
// open file (statfs(2), so a decoder is never handed a file of procfs or sysfs) and a rename that
// never replaces (renameat2(2) with RENAME_NOREPLACE, made through syscall(2) so that it does not
// depend on the C library's wrapper or its _GNU_SOURCE declaration).
#include <sys/vfs.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>

/// The file system type (`f_type`, linux/magic.h) of the file open on `fd`; 0 when it cannot be told.
static inline long pz_file_system_type(int fd) {
    struct statfs s;
    return fstatfs(fd, &s) == 0 ? (long)s.f_type : 0;
}

/// Renames `from` to `to` unless `to` exists: 0, or -1 with errno (EEXIST when the name is taken;
/// EINVAL or ENOSYS where the file system or kernel cannot refuse to replace).
static inline int pz_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u /* RENAME_NOREPLACE */);
}
#endif
