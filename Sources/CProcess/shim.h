#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_SET */
#endif
#include <sys/types.h>
#include <unistd.h>
#include <signal.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sched.h>
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
/// count, or -1 where the system does not say (macOS).
static inline int treerows_allowed_processors(int *cpus, int capacity) {
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) cpus[count++] = cpu;
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
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(pid, sizeof(set), &set);
#else
    (void)pid; (void)cpu;
    return -1;
#endif
}
