#include <sys/types.h>
#include <unistd.h>
#include <signal.h>
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
