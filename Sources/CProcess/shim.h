#include <sys/types.h>
#include <unistd.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

/// fork(2), which Swift's Darwin overlay marks unavailable: the isolated runs fork a child that
/// runs Swift code of this process alone (no threads, no Foundation), and the parent waits.
///
/// On Linux the child is killed when the parent dies (a parent killed with SIGKILL leaves no
/// worker running on); if the parent died before that was set, the child exits at once.
static inline pid_t treerows_fork(void) {
    pid_t parent = getpid();
    pid_t pid = fork();
#if defined(__linux__)
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(3);
    }
#endif
    return pid;
}

/// Marks every descriptor from `first` up close-on-exec, so that a program a forked child
/// starts (Swift's backtracer, after a crash) inherits none of them: an inherited pipe or
/// socket of whoever started TreeRows would keep that caller waiting for as long as the
/// program runs. The child itself keeps using them. Through `close_range` on Linux 5.11 and
/// later; otherwise each descriptor up to the soft limit (at most 65,536) in turn.
static inline void treerows_mark_close_on_exec_from(int first) {
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */) == 0) return;
#endif
    long limit = sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 65536) limit = 65536;
    for (int fd = first; fd < (int)limit; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

/// The processes that `pid`'s main thread started and that still run, written to
/// `children` (at most `capacity`): their count, or -1 where the system does not say
/// (macOS, or a Linux without /proc/PID/task/PID/children).
static inline int treerows_children_of(pid_t pid, pid_t *children, int capacity) {
#if defined(__linux__)
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)pid, (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[4096];
    ssize_t length = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (length < 0) return -1;
    text[length] = 0;
    int count = 0;
    char *cursor = text;
    while (count < capacity) {
        char *end;
        long value = strtol(cursor, &end, 10);
        if (end == cursor) break;
        children[count++] = (pid_t)value;
        cursor = end;
    }
    return count;
#else
    (void)pid; (void)children; (void)capacity;
    return -1;
#endif
}

/// The processors this process may run on, written to `cpus` (at most `capacity`): their
/// count, or -1 where the system does not say (macOS). Through the system call itself: the
/// C library's wrapper and its CPU_SET macros need _GNU_SOURCE, which would give this module
/// other definitions of the C library's types than the other modules have.
static inline int treerows_allowed_processors(int *cpus, int capacity) {
#if defined(__linux__)
    unsigned long mask[16] = {0};
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof(mask), mask);
    if (bytes < 0) return -1;
    int bits = (int)(8 * sizeof(unsigned long)), count = 0;
    for (int cpu = 0; cpu < (int)bytes * 8 && count < capacity; cpu++) {
        if ((mask[cpu / bits] >> (cpu % bits)) & 1UL) cpus[count++] = cpu;
    }
    return count;
#else
    (void)cpus; (void)capacity;
    return -1;
#endif
}

/// Keeps process `pid` (and the children it forks after) on processor `cpu`: 0, or -1 where
/// the system cannot (macOS) or refuses.
static inline int treerows_run_on_processor(pid_t pid, int cpu) {
#if defined(__linux__)
    unsigned long mask[16] = {0};
    int bits = (int)(8 * sizeof(unsigned long));
    if (cpu < 0 || cpu >= 16 * bits) return -1;
    mask[cpu / bits] = 1UL << (cpu % bits);
    return (int)syscall(SYS_sched_setaffinity, pid, sizeof(mask), mask);
#else
    (void)pid; (void)cpu;
    return -1;
#endif
}
